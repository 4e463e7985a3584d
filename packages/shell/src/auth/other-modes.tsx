import type { Clock, SocialProvider } from '@ops/shared';
import { PATHS, systemClock } from '@ops/shared';
import { Button, TextField } from '@ops/ui';
import { useEffect, useState } from 'react';
import { TenantField } from '../shared/forms/fields';
import { CardButton } from '../shared/public-frame';
import type { ShellServices } from '../shared/services';
import { checkQrCode, generateQrCode, type QrCode, qrLogin } from './auth-api';
import type { ModeProps } from './login-run';
import { authorizeAddress, randomState, rememberPending } from './social';

/** The reference server's simulated provider (development only) also takes the provider identity to play. */
const SIMULATED_SOURCE = 'demo';

/**
 * Social sign-in (docs/api.md): one button per configured provider. The browser goes to the provider
 * with a state remembered in this tab and comes back to `/login`, where the login page checks the state.
 */
export function SocialPanel({
  services,
  tenantId,
  onTenantId,
  tenantLock,
  t,
  busy,
  redirect,
}: Omit<ModeProps, 'run'> & {
  services: Pick<ShellServices, 'config' | 'leave'>;
  redirect: string | null;
}) {
  const [user, setUser] = useState('demo-operator');
  const providers = services.config.socialProviders;
  const simulated = providers.some((provider) => provider.source === SIMULATED_SOURCE);
  const start = (provider: SocialProvider) => {
    const pending = { state: randomState(), source: provider.source, tenantId: tenantId.trim() };
    rememberPending(services.config.storagePrefix, pending);
    const back = redirect ? `${PATHS.login}?${new URLSearchParams({ redirect })}` : PATHS.login;
    services.leave(
      authorizeAddress(provider, pending, {
        redirectUri: back,
        origin: location.origin,
        user: provider.source === SIMULATED_SOURCE ? user.trim() : undefined,
      }),
    );
  };
  return (
    <div className="ops-login__form ops-login__social">
      <p className="ops-login__hint">{t('socialHint')}</p>
      <TenantField t={t} card optional value={tenantId} onChange={onTenantId} {...tenantLock} />
      {simulated && (
        <TextField label={t('socialUser')} placeholder={t('socialUser')} value={user} onChange={setUser} />
      )}
      {providers.map((provider) => (
        <CardButton
          key={provider.source}
          loading={busy}
          disabled={busy || !tenantId.trim()}
          onClick={() => start(provider)}
        >
          {t('socialWith', { name: provider.name })}
        </CardButton>
      ))}
    </div>
  );
}

export const QR_POLL_MS = 2000;
/** A typed tenant id settles this long before a new code is generated for it (not one per keystroke). */
export const QR_TENANT_SETTLE_MS = 400;

/**
 * QR sign-in: the tenant, the code generated for it, polling `check/callback`, and the sign-in once the
 * phone confirmed it. The token endpoint needs the tenant, so no code is shown until one is given.
 */
export function QrPanel({
  services,
  tenantId,
  onTenantId,
  tenantLock,
  t,
  run,
  clock = systemClock,
}: ModeProps & { services: Pick<ShellServices, 'http'>; clock?: Clock }) {
  const [qr, setQr] = useState<QrCode | null>(null);
  const [status, setStatus] = useState<'loading' | 'pending' | 'confirmed' | 'expired'>('loading');
  const [round, setRound] = useState(0);
  const { http } = services;
  const typed = tenantId.trim();
  // The tenant the code is for: the one shown on opening, then each typed one once it settles.
  const [tenant, setTenant] = useState(typed);
  useEffect(() => {
    if (typed === tenant) return;
    return clock.setTimeout(() => setTenant(typed), QR_TENANT_SETTLE_MS);
  }, [typed, tenant, clock]);

  useEffect(() => {
    let active = true;
    let stopPoll: () => void = () => undefined;
    setStatus('loading');
    setQr(null);
    if (!tenant) return;
    // `round` restarts the code when the user asks for a new one.
    void round;
    generateQrCode(http, tenant).then(
      (code) => {
        if (!active) return;
        setQr(code);
        setStatus('pending');
        let checking = false;
        stopPoll = clock.setInterval(async () => {
          if (checking) return;
          checking = true;
          try {
            const next = await checkQrCode(http, code.checkId);
            if (!active) return;
            if (next === 'pending') return;
            stopPoll();
            setStatus(next);
            if (next === 'confirmed') {
              const outcome = await run(() => qrLogin(http, tenant, code.checkId), { tenantId: tenant });
              if (active && outcome !== 'signed-in') setStatus('expired');
            }
          } catch {
            stopPoll();
            if (active) setStatus('expired');
          } finally {
            checking = false;
          }
        }, QR_POLL_MS);
      },
      () => active && setStatus('expired'),
    );
    return () => {
      active = false;
      stopPoll();
    };
  }, [http, tenant, clock, run, round]);

  return (
    <div className="ops-login__form ops-login__qr">
      <TenantField t={t} card optional value={tenantId} onChange={onTenantId} {...tenantLock} />
      <p className="ops-login__hint">{tenant ? t('qrHint') : t('qrNeedTenant')}</p>
      {tenant && (
        <div className="ops-login__qr-box" data-status={status}>
          {qr && <img src={qr.qrCode} alt={t('qrImage')} width={180} height={180} />}
          {status === 'loading' && <span className="ops-spinner" aria-hidden="true" />}
          {status === 'expired' && (
            <div className="ops-login__qr-mask">
              <p>{t('qrExpired')}</p>
              <Button size="small" onClick={() => setRound((n) => n + 1)}>
                {t('qrRefresh')}
              </Button>
            </div>
          )}
          {status === 'confirmed' && (
            <div className="ops-login__qr-mask" role="status">
              {t('qrConfirmed')}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
