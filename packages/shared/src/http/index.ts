export type { Outcome } from './catalogue';
export {
  AUTHORIZATION_PATH,
  bodyCode,
  decide,
  isUnauthorized,
  LOGIN_PATH,
  normalizePath,
  serverMessage,
} from './catalogue';
export type { HttpClient, HttpClientDeps, HttpSession, LogoutReason, NotifyKind } from './client';
export { createHttpClient, DEFAULT_TIMEOUT_MS, UPLOAD_TIMEOUT_MS } from './client';
export type { HttpErrorKind } from './errors';
export { HttpError, isHttpError, LOGIN_CONFLICT_CODE, TOKEN_INVALID_CODE } from './errors';
export type { HeaderContext } from './headers';
export { buildHeaders, HEADER } from './headers';
export { REFRESH_URL } from './refresh';
export type { StreamEvent, StreamRequest, StreamResult } from './stream';
export { STREAM_DONE, STREAM_IDLE_TIMEOUT_MS } from './stream';
export type { TabMutex } from './tab-mutex';
export { broadcastMutex, defaultTabMutex, localMutex, webLocksMutex } from './tab-mutex';
export type { HttpTextKey } from './texts';
export { HTTP_TEXTS, httpText } from './texts';
