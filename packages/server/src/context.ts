import type { Repos } from './db/repos/index.ts';
import type { DeployService } from './deploy/service.ts';
import type { AssistantSettings } from './routes/assistant-stream.ts';
import type { RateLimiter, TtlStore } from './security/rate-limit.ts';
import type { SpeechEmulatorCredentials } from './security/speech-credentials.ts';
import type { TokenService } from './security/tokens.ts';

/** A captcha as issued: its key and the text the image shows. */
export interface CaptchaEvent {
  key: string;
  text: string;
}

export interface PhoneCodeEvent {
  id: string;
  phone: string;
  code: string;
  tenantId: string | null;
}

export interface ResolvedOptions {
  distDir: string | null;
  importMapDir: string | null;
  /** How long the deploy API waits for an allowlisted URL it checks. */
  deployFetchTimeoutMs: number;
  production: boolean;
  /** The assistant's upstream and pacing (defaults: the built-in responder, 30 ms between chunks). */
  assistant: Partial<AssistantSettings>;
  loginConflict: boolean;
  requireCaptcha: boolean;
  passwordCost: number;
  onPhoneCode: ((event: PhoneCodeEvent) => void) | null;
  onCaptcha: ((event: CaptchaEvent) => void) | null;
  /** Push a demo mix of notifications on a timer. */
  simulate: boolean;
  /**
   * Where the mobile app's packages are published (`<data folder>/downloads`), served at `/downloads/`;
   * null without a data folder (nothing published).
   */
  downloadsDir: string | null;
}

/** Everything a route module needs, handed to each module when it is registered. */
export interface AppContext {
  repos: Repos;
  /** Import-map versions and uploaded bundles (the deploy API, the static host, the sockets). */
  deploy: DeployService;
  tokens: TokenService;
  options: ResolvedOptions;
  now: () => number;
  aesKey: string | null;
  /** The speech provider emulator's credentials (per install; served to the page outside production). */
  speechEmulator: SpeechEmulatorCredentials;
  stores: {
    captchas: TtlStore<string>;
    /** `expiresAt` (ms) keeps a code's life when a wrong guess is counted and the code written back. */
    phoneCodes: TtlStore<{
      phone: string;
      code: string;
      tenantId: string | null;
      attempts: number;
      expiresAt: number;
    }>;
    phoneCooldown: TtlStore<true>;
    conflicts: TtlStore<{ userId: number; tenantId: string }>;
    qrChecks: TtlStore<{ status: 'pending' | 'confirmed'; userId?: number; tenantId?: string }>;
    socialCodes: TtlStore<{ uuid: string; nickname: string; tenantId: string }>;
    tickets: TtlStore<{ userId: number; tenantId: string }>;
  };
  limits: { account: RateLimiter; address: RateLimiter };
}
