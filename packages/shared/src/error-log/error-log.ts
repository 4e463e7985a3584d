import { BehaviorSubject, type Observable } from 'rxjs';
import type { Bus } from '../bus/bus';
import type { ErrorLogEntry } from '../bus/topics';
import { type Clock, systemClock } from '../session/clock';
import { KEYS, type SiteStorage } from '../storage';
import { describe, formatTime, forUpload, httpEntryFields, makeEntry, type StoredEntry } from './entry';
import { append, markUploaded, nextBatch, pending, sanitizeEntries } from './ring';

/** The upload route of the reference server: an array of 1 to 50 entries per call. */
export const ERROR_LOG_UPLOAD_URL = '/api/blade-log/error/upload';
export const UPLOAD_BATCH = 50;
/** Below the route's 512 KiB body limit, with room for the request's own overhead. */
export const UPLOAD_MAX_BYTES = 400_000;
export const DEFAULT_CAPACITY = 200;

export interface ErrorLogOptions {
  storage: SiteStorage;
  /** Chunk-load errors arrive on `error-log:entry`. */
  bus?: Pick<Bus, 'on'>;
  clock?: Clock;
  capacity?: number;
  /** Where window errors and unhandled rejections come from (default: window). */
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** The page address recorded with each entry (default: location.href). */
  pageUrl?: () => string;
  /** The same error repeated within this time is kept once (a render loop must not flood the log). */
  repeatMs?: number;
}

export interface ErrorLog {
  readonly entries$: Observable<readonly StoredEntry[]>;
  entries(): readonly StoredEntry[];
  add(fields: Partial<ErrorLogEntry>): void;
  /** For the React error boundary: the error and React's info (component stack). */
  reportBoundaryError(error: unknown, info?: { componentStack?: string | null } | string | null): void;
  /** For the HTTP client's `onError`: a failed call (cancellations are not errors). */
  reportHttpError(error: {
    kind: string;
    status: number;
    code: number | undefined;
    msg: string;
    config?: { method?: string; url?: string };
  }): void;
  /** Listens to window errors, unhandled rejections and the bus; returns the function that stops it. */
  install(): () => void;
  /** Sends every entry not sent yet, in batches; each entry is sent once. Resolves with the count sent. */
  upload(send: (entries: ErrorLogEntry[]) => Promise<unknown>): Promise<number>;
  clear(): void;
}

export function createErrorLog(options: ErrorLogOptions): ErrorLog {
  const { storage } = options;
  const clock = options.clock ?? systemClock;
  const capacity = options.capacity ?? DEFAULT_CAPACITY;
  const repeatMs = options.repeatMs ?? 1000;
  const pageUrl = options.pageUrl ?? (() => location.href);
  const read = () => sanitizeEntries(storage.get(KEYS.errorLog), capacity);
  const subject = new BehaviorSubject<readonly StoredEntry[]>(read());
  let seq = 0;
  let last = { key: '', at: Number.NEGATIVE_INFINITY };
  let uploading: Promise<number> | null = null;

  /** Other tabs write the same key: start from what is stored, then write the whole list. */
  const change = (edit: (entries: readonly StoredEntry[]) => StoredEntry[]) => {
    let next = edit(read());
    if (!storage.set(KEYS.errorLog, next) && next.length > 1) {
      next = next.slice(Math.floor(next.length / 2));
      storage.set(KEYS.errorLog, next);
    }
    subject.next(next);
  };

  const add = (fields: Partial<ErrorLogEntry>) => {
    try {
      const now = clock.now();
      const key = `${fields.type}|${fields.message}|${fields.stack ?? ''}`;
      if (key === last.key && now - last.at < repeatMs) return;
      last = { key, at: now };
      seq += 1;
      const id = `${now.toString(36)}-${seq}-${Math.random().toString(36).slice(2, 8)}`;
      const entry = makeEntry({ url: pageUrl(), ...fields }, id, formatTime(now));
      change((entries) => append(entries, entry, capacity));
    } catch {
      // Logging an error must never raise another one.
    }
  };

  return {
    entries$: subject.asObservable(),
    entries: () => subject.value,
    add,
    reportBoundaryError(error, info) {
      const componentStack = typeof info === 'string' ? info : (info?.componentStack ?? '');
      add({ type: 'boundary', ...describe(error), info: componentStack.trim() });
    },
    reportHttpError(error) {
      if (error.kind === 'canceled') return;
      add(httpEntryFields(error));
    },
    install() {
      const target = options.target ?? window;
      const onError = (event: ErrorEvent) => {
        const described = describe(event.error ?? event.message);
        const where = event.filename ? `${event.filename}:${event.lineno}:${event.colno}` : '';
        add({ type: 'error', ...described, message: event.message || described.message, info: where });
      };
      const onRejection = (event: PromiseRejectionEvent) => {
        add({ type: 'unhandledrejection', ...describe(event.reason) });
      };
      target.addEventListener('error', onError as EventListener);
      target.addEventListener('unhandledrejection', onRejection as EventListener);
      const fromBus = options.bus?.on('error-log:entry').subscribe((entry) => add(entry));
      return () => {
        target.removeEventListener('error', onError as EventListener);
        target.removeEventListener('unhandledrejection', onRejection as EventListener);
        fromBus?.unsubscribe();
      };
    },
    upload(send) {
      if (uploading) return uploading;
      const run = async () => {
        // Also remembered here, so a storage that refuses the mark cannot make a batch go out twice.
        const sent = new Set<string>();
        for (;;) {
          const batch = nextBatch(
            pending(read()).filter((entry) => !sent.has(entry.id)),
            UPLOAD_BATCH,
            UPLOAD_MAX_BYTES,
          );
          if (batch.length === 0) return sent.size;
          await send(forUpload(batch));
          const ids = new Set(batch.map((entry) => entry.id));
          for (const id of ids) sent.add(id);
          change((entries) => markUploaded(entries, ids));
        }
      };
      uploading = run().finally(() => {
        uploading = null;
      });
      return uploading;
    },
    clear() {
      storage.remove(KEYS.errorLog);
      subject.next([]);
    },
  };
}
