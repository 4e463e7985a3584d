// The few crypto-js modules the console imports (no @types/crypto-js is installed). Each CommonJS module
// exports one member of the CryptoJS namespace.

declare module 'crypto-js/core' {
  export interface WordArray {
    words: number[];
    sigBytes: number;
    toString(encoder?: Encoder): string;
  }
  export interface Encoder {
    parse(text: string): WordArray;
    stringify(words: WordArray): string;
  }
  export interface CipherParams {
    ciphertext: WordArray;
    toString(): string;
  }
  export interface CipherOptions {
    mode?: unknown;
    padding?: unknown;
  }
  export interface Cipher {
    encrypt(message: string | WordArray, key: WordArray, options?: CipherOptions): CipherParams;
    decrypt(ciphertext: string | CipherParams, key: WordArray, options?: CipherOptions): WordArray;
  }
}

declare module 'crypto-js/aes' {
  const AES: import('crypto-js/core').Cipher;
  export default AES;
}

declare module 'crypto-js/enc-utf8' {
  const Utf8: import('crypto-js/core').Encoder;
  export default Utf8;
}

declare module 'crypto-js/mode-ecb' {
  const ECB: unknown;
  export default ECB;
}

declare module 'crypto-js/pad-pkcs7' {
  const Pkcs7: unknown;
  export default Pkcs7;
}
