export type { Outcome } from './catalogue';
export { bodyCode, decide, isUnauthorized, serverMessage } from './catalogue';
export type { HttpClient, HttpClientDeps, HttpSession, LogoutReason, NotifyKind } from './client';
export { createHttpClient, DEFAULT_TIMEOUT_MS, UPLOAD_TIMEOUT_MS } from './client';
export { envelopeData } from './envelope';
export type { HttpErrorKind } from './errors';
export {
  failureMessage,
  HttpError,
  isHttpError,
  LOGIN_CONFLICT_CODE,
  shownByClient,
  TOKEN_INVALID_CODE,
} from './errors';
export type { HeaderContext } from './headers';
export { buildHeaders, HEADER } from './headers';
export type { Http } from './lazy-http';
export { REFRESH_URL } from './refresh';
export type { StreamEvent, StreamRequest, StreamResult } from './stream';
export { STREAM_DONE, STREAM_IDLE_TIMEOUT_MS } from './stream';
export type { TabMutex } from './tab-mutex';
export type { HttpTextKey } from './texts';
export { HTTP_TEXTS, httpText } from './texts';
