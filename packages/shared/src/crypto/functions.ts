/** The password and AES functions: a chunk of its own, loaded on first use (see `loadCrypto`). */
export { AES_KEY_BYTES, decryptAes, encryptAes } from './aes';
export { loginPassword, md5Hex, randomAlphanumeric, wrapPassword } from './password';
