export type { SystemParamsLike } from './aes';
export { AES_KEY_BYTES, decryptAes, encryptAes, shouldEncryptUsername } from './aes';
export type { RandomFill } from './password';
export { loginPassword, md5Hex, randomAlphanumeric, wrapPassword } from './password';
