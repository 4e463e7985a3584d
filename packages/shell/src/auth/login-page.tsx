import { type Clock, loadCrypto, PATHS, recalledLoginUser } from '@ops/shared';
import { lazyComponent, useSubmit } from '@ops/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { afterPaint } from '../shared/after-paint';
import { FormAlert } from '../shared/forms/fields';
import { useShellText } from '../shared/i18n';
import { PublicFrame } from '../shared/public-frame';
import type { ShellServices } from '../shared/services';
import { usePublicStyles } from '../shared/use-public-styles';
import { AccountForm } from './account-form';
import { type DomainTenant, fetchDomainTenant, LoginConflict, loginFree, socialLogin } from './auth-api';
import { loginRedirect, type TokenAnswer } from './login-flow';
import type { LoginRun, RunContext, RunOutcome } from './login-run';
import { socialReturn, takePending, withoutProviderAnswer } from './social';
import { AUTH_TEXTS, productTitle } from './texts';

// The password form is the page's first paint; the other modes and the dialogs load when first shown.
const PhoneForm = lazyComponent(() => import('./phone-form').then((m) => m.PhoneForm));
const SocialPanel = lazyComponent(() => import('./other-modes').then((m) => m.SocialPanel));
const QrPanel = lazyComponent(() => import('./other-modes').then((m) => m.QrPanel));
const ConflictDialog = lazyComponent(() => import('./conflict-dialog').then((m) => m.ConflictDialog));
const RetrieveForm = lazyComponent(() => import('./retrieve-form').then((m) => m.RetrieveForm));
const RegisterDialog = lazyComponent(() => import('./register-dialog').then((m) => m.RegisterDialog));

export type LoginMode = 'account' | 'phone' | 'social' | 'qr';
const MODES: Array<{ mode: LoginMode; text: 'tabAccount' | 'tabPhone' | 'tabSocial' | 'tabQr' }> = [
  { mode: 'account', text: 'tabAccount' },
  { mode: 'phone', text: 'tabPhone' },
  { mode: 'social', text: 'tabSocial' },
  { mode: 'qr', text: 'tabQr' },
];

/** The login modes offered: the social tab only when there is a provider to offer. */
export const modesFor = (config: { socialProviders: readonly unknown[] }) =>
  MODES.filter((item) => item.mode !== 'social' || config.socialProviders.length > 0);

export interface LoginPageProps {
  services: ShellServices;
  /** The page's query string (`?tenantId=&redirect=&loginFree=&callback=`). */
  search: string;
  clock?: Clock;
}

/**
 * The tenant of the site's domain (`tenant/info?domain=`), asked once when the URL names no tenant: it
 * presets the tenant field, which then stays read-only (docs/decisions.md issue 28). A tenant link wins.
 */
function useDomainTenant(
  services: Pick<ShellServices, 'http'>,
  ask: boolean,
  onFound: (tenantId: string) => void,
): DomainTenant | null {
  const [found, setFound] = useState<DomainTenant | null>(null);
  useEffect(() => {
    if (!ask) return;
    let active = true;
    void fetchDomainTenant(services.http, window.location.hostname).then((tenant) => {
      if (!active || !tenant) return;
      setFound(tenant);
      onFound(tenant.tenantId);
    });
    return () => {
      active = false;
    };
    // Once, on arrival.
  }, []);
  return found;
}

interface Conflict {
  uuid: string;
  question: string;
  retry: (uuid: string) => Promise<TokenAnswer>;
  ctx: RunContext;
}

/** `/login` (spec §2): every sign-in mode, the conflict question, the register dialog and login-free. */
export function LoginPage({ services, search, clock }: LoginPageProps) {
  usePublicStyles();
  const { t, lang } = useShellText(AUTH_TEXTS);
  const query = new URLSearchParams(search);
  const redirect = loginRedirect(query);
  // Spec §9 loginUser: the last sign-in's tenant and account fill the form, unless the link names a tenant.
  const [recalled] = useState(() =>
    query.get('tenantId') === null ? recalledLoginUser(services.storage) : null,
  );
  const [tenantId, setTenantId] = useState(query.get('tenantId') ?? recalled?.tenantId ?? '');
  const domainTenant = useDomainTenant(services, query.get('tenantId') === null, setTenantId);
  const [mode, setMode] = useState<LoginMode>('account');
  // The forgot-password form takes the card's place until the password is reset or the user goes back.
  const [forgot, setForgot] = useState(false);
  // The page's own notices (a refused social answer, a failed login-free); a sign-in's failure is `login.error`.
  const [notice, setNotice] = useState('');
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [register, setRegister] = useState<{ tenantId: string; oauthId: string } | null>(null);
  const source = query.get('tenantId');
  const latest = useRef({ services, redirect, source, t });
  latest.current = { services, redirect, source, t };

  const login = useSubmit(
    async (request: () => Promise<TokenAnswer>, ctx: RunContext): Promise<RunOutcome> => {
      const { services: svc, redirect: target, source: sourceTenantId, t: text } = latest.current;
      setNotice('');
      // What follows the token (user info, flags, where to go) loads while the token request is out.
      const signIn = import('./sign-in');
      let answer: TokenAnswer;
      try {
        answer = await request();
      } catch (cause) {
        if (!(cause instanceof LoginConflict && ctx.retry)) throw cause;
        setConflict({ uuid: cause.uuid, question: cause.question, retry: ctx.retry, ctx });
        return 'conflict';
      }
      const { completeSignIn } = await signIn;
      const outcome = await completeSignIn(svc, answer, { ...ctx, redirect: target, sourceTenantId });
      switch (outcome.kind) {
        // A refused sign-in fails the run with the sentence the form shows.
        case 'error':
          throw new Error(outcome.message);
        case 'invalid':
          throw new Error(text('loginFailed'));
        case 'register':
          setRegister({ tenantId: outcome.tenantId, oauthId: outcome.oauthId });
          return 'register';
        case 'init':
          svc.notify.warning(text('firstLogin'));
          return 'signed-in';
        default:
          return 'signed-in';
      }
    },
    { fallback: t('loginFailed') },
  );
  const run: LoginRun = useCallback(
    async (request, ctx) => (await login.run(request, ctx)) ?? 'failed',
    [login.run],
  );
  const error = login.error || notice;
  const clearError = () => {
    login.setError('');
    setNotice('');
  };

  const freeTicket = query.get('loginFree') === 'true' ? (query.get('callback') ?? '') : '';
  const [freeRunning, setFreeRunning] = useState(freeTicket !== '');
  useEffect(() => {
    if (!freeTicket) return;
    const tenant = query.get('tenantId') ?? '';
    let active = true;
    run(() => loginFree(services.http, tenant, freeTicket), { tenantId: tenant, loginFree: true }).then(
      (outcome) => {
        if (!active || outcome === 'signed-in') return;
        setFreeRunning(false);
        setNotice(latest.current.t('loginFreeFailed'));
      },
    );
    return () => {
      active = false;
    };
    // Once per ticket.
  }, [freeTicket]);

  // The password functions load once the form is painted (not in the frame that paints it), so sending
  // it waits for nothing.
  useEffect(() => afterPaint(() => void loadCrypto()), []);

  // Back from a social provider: sign in only with the state this tab sent, once.
  useEffect(() => {
    const answer = socialReturn(query, takePending(services.config.storagePrefix));
    if (answer.kind === 'none') return;
    services.navigate(`${PATHS.login}${withoutProviderAnswer(search)}`, { replace: true });
    setMode('social');
    if (answer.kind === 'refused') {
      setNotice(latest.current.t('socialRefused'));
      return;
    }
    setTenantId(answer.code.tenantId);
    void run(() => socialLogin(services.http, answer.code), { tenantId: answer.code.tenantId });
    // Once, on arrival.
  }, []);

  const abandon = () => {
    setConflict(null);
    services.notify.info(t('conflictAbandoned'));
  };
  const force = (uuid: string) => {
    const current = conflict;
    setConflict(null);
    if (current) void run(() => current.retry(uuid), { ...current.ctx, retry: undefined });
  };

  const tenantLock = domainTenant
    ? ({ readOnly: true, hint: t('domainTenant', { name: domainTenant.tenantName }) } as const)
    : undefined;
  const formProps = { tenantId, onTenantId: setTenantId, tenantLock, t, busy: login.busy, run };
  return (
    <PublicFrame language={services.language} lang={lang} languageLabel={t('language')}>
      <section className="ops-login__card" aria-labelledby="ops-login-title">
        <header className="ops-login__brand">
          <h1 id="ops-login-title">{productTitle(lang, services.config.title, t)}</h1>
          <p>{t('subtitle')}</p>
        </header>
        {freeRunning ? (
          <p className="ops-login__free" role="status">
            {t('loginFreeRunning')}
          </p>
        ) : forgot ? (
          <RetrieveForm
            services={services}
            tenantId={tenantId}
            onTenantId={setTenantId}
            tenantLock={tenantLock}
            t={t}
            clock={clock}
            onBack={() => setForgot(false)}
            onDone={() => {
              services.notify.success(t('retrieveSuccess'));
              setMode('account');
              setForgot(false);
            }}
          />
        ) : (
          <>
            <div className="ops-login__tabs" role="tablist" aria-label={t('loginModes')}>
              {modesFor(services.config).map((item) => (
                <button
                  key={item.mode}
                  type="button"
                  role="tab"
                  id={`ops-login-tab-${item.mode}`}
                  aria-selected={mode === item.mode}
                  aria-controls="ops-login-panel"
                  className="ops-tab ops-login__tab"
                  onClick={() => {
                    setMode(item.mode);
                    clearError();
                  }}
                >
                  {t(item.text)}
                </button>
              ))}
            </div>
            <div id="ops-login-panel" role="tabpanel" aria-labelledby={`ops-login-tab-${mode}`}>
              {mode === 'account' && (
                <AccountForm services={services} {...formProps} account={recalled?.account ?? ''} />
              )}
              {mode === 'phone' && <PhoneForm services={services} clock={clock} {...formProps} />}
              {mode === 'social' && <SocialPanel services={services} redirect={redirect} {...formProps} />}
              {mode === 'qr' && <QrPanel services={services} clock={clock} {...formProps} />}
            </div>
            <a
              className="ops-public-card__link ops-login__forgot"
              href={`${PATHS.login}${search}`}
              onClick={(event) => {
                event.preventDefault();
                clearError();
                setForgot(true);
              }}
            >
              {t('forgotPassword')}
            </a>
          </>
        )}
        <FormAlert text={error} className="ops-auth-error" />
      </section>
      {conflict && (
        <ConflictDialog
          uuid={conflict.uuid}
          question={conflict.question}
          t={t}
          clock={clock}
          onConfirm={force}
          onAbandon={abandon}
        />
      )}
      {register && (
        <RegisterDialog
          services={services}
          tenantId={register.tenantId}
          oauthId={register.oauthId}
          lang={lang}
          t={t}
          onDone={() => setRegister(null)}
        />
      )}
    </PublicFrame>
  );
}
