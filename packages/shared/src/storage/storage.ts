import type { StorageArea, StorageKey } from './keys';
import { decodeRecord, encodeRecord, type StoredRecord } from './record';

export interface SiteStorageOptions {
  /** The site prefix from the site config; BladeX's default is `saber-`. */
  prefix?: string;
  local?: Storage;
  session?: Storage;
  now?: () => number;
}

export interface SiteStorage {
  readonly prefix: string;
  /** The full key as written to the browser storage. */
  fullName(key: StorageKey): string;
  get<T>(key: StorageKey): T | undefined;
  /** The whole record, with the time it was written. */
  record<T>(key: StorageKey): StoredRecord<T> | undefined;
  /** Writes a value; false when the browser refused it (quota, private mode). */
  set<T>(key: StorageKey, content: T): boolean;
  remove(key: StorageKey): void;
  /** Which of the given keys a `storage` event (from another tab) touched. */
  matches(event: { key: string | null; storageArea: Storage | null }, key: StorageKey): boolean;
}

export const DEFAULT_PREFIX = 'saber-';

function safeArea(pick: () => Storage): Storage | undefined {
  try {
    return pick();
  } catch {
    return undefined;
  }
}

export function createSiteStorage(options: SiteStorageOptions = {}): SiteStorage {
  const prefix = options.prefix ?? DEFAULT_PREFIX;
  const now = options.now ?? Date.now;
  const areas: Record<StorageArea, Storage | undefined> = {
    local: options.local ?? safeArea(() => window.localStorage),
    session: options.session ?? safeArea(() => window.sessionStorage),
  };
  const fullName = (key: StorageKey) => (key.unprefixed ? key.name : prefix + key.name);

  const record = <T>(key: StorageKey): StoredRecord<T> | undefined => {
    try {
      return decodeRecord(areas[key.area]?.getItem(fullName(key)) ?? null) as StoredRecord<T> | undefined;
    } catch {
      return undefined;
    }
  };

  return {
    prefix,
    fullName,
    record,
    get: <T>(key: StorageKey) => record<T>(key)?.content,
    set(key, content) {
      const area = areas[key.area];
      if (!area) return false;
      try {
        area.setItem(fullName(key), encodeRecord(content, now()));
        return true;
      } catch {
        return false;
      }
    },
    remove(key) {
      try {
        areas[key.area]?.removeItem(fullName(key));
      } catch {
        // A storage that cannot be written holds nothing to remove.
      }
    },
    matches(event, key) {
      if (event.key === null) return event.storageArea === areas[key.area];
      return event.key === fullName(key) && (!event.storageArea || event.storageArea === areas[key.area]);
    },
  };
}
