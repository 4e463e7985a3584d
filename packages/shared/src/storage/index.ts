export type { KeyId, StorageArea, StorageKey } from './keys';
export { KEYS } from './keys';
export type { StoredRecord } from './record';
export { decodeRecord, encodeRecord } from './record';
export type { SiteStorage, SiteStorageOptions } from './storage';
export { createSiteStorage, DEFAULT_PREFIX } from './storage';
