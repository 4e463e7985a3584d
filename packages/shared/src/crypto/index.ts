export type { RandomFill } from './password';
export type { SystemParamsLike } from './rules';
export { shouldEncryptUsername } from './rules';

export type CryptoFunctions = typeof import('./functions');

/**
 * The password wrapping, md5 and AES functions (crypto-js, js-md5), loaded on first use: the sign-in
 * pages need them only when a form is sent, so they stay off the first screen's path.
 */
export const loadCrypto = (): Promise<CryptoFunctions> => import('./functions');
