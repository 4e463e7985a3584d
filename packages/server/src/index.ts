export type { AppOptions, LimitOptions } from './app.ts';
export { createApp } from './app.ts';
export type { ServerConfig } from './config.ts';
export { loadConfig } from './config.ts';
export type { CaptchaEvent, PhoneCodeEvent } from './context.ts';
export { DEMO_ACCOUNTS } from './db/seed.ts';
export type { Envelope } from './http/envelope.ts';
export { aesEncrypt } from './security/aes.ts';
export { md5hex } from './security/passwords.ts';
