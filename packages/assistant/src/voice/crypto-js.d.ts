// The crypto-js modules the speech signature needs, typed like packages/shared/src/crypto/crypto-js.d.ts
// (no @types/crypto-js is installed).

declare module 'crypto-js/hmac-sha256' {
  const HmacSHA256: (
    message: string | import('crypto-js/core').WordArray,
    key: string | import('crypto-js/core').WordArray,
  ) => import('crypto-js/core').WordArray;
  export default HmacSHA256;
}

declare module 'crypto-js/enc-base64' {
  const Base64: import('crypto-js/core').Encoder;
  export default Base64;
}
