// Types only: the augmentation below must not make axios load with the code that imports this file.
import type {} from 'axios';

/** The request options the console adds to axios (typed for every caller of the shared instance). */
declare module 'axios' {
  interface AxiosRequestConfig {
    /** A newer call of the same kind cancels this one: true (method + path) or an explicit kind name. */
    cancellable?: boolean | string;
    /** File uploads: 60 s timeout instead of 30 s. */
    upload?: boolean;
    /** Body codes this caller handles itself: rejected without a message. */
    quietCodes?: readonly number[];
    /** Internal: the refresh call, which never waits on the refresh gate and shows nothing. */
    refreshCall?: boolean;
    /** Internal: already retried once after a refresh. */
    opsRetried?: boolean;
    /** Internal: the access token the call was sent with. */
    opsSentToken?: string;
    /** Internal: how many aborts of everything had happened when the call started (kept by its retry). */
    opsEpoch?: number;
  }
}
