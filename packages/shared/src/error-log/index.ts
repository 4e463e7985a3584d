export type { StoredEntry } from './entry';
export { failureEntry, formatTime, LIMITS, redactUrl } from './entry';
export type { ErrorLog, ErrorLogOptions } from './error-log';
export {
  createErrorLog,
  DEFAULT_CAPACITY,
  ERROR_LOG_UPLOAD_URL,
  UPLOAD_BATCH,
  UPLOAD_MAX_BYTES,
} from './error-log';
