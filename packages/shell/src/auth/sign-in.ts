import { buttonPermissions, clearFlags, FLAG, type SystemTypeInput, setFlag, systemType } from '@ops/shared';
import type { ShellServices } from '../shared/services';
import { fetchButtons, fetchUserInfo } from './auth-api';
import { type AfterToken, afterToken, type FlowContext, type TokenAnswer } from './login-flow';

export type SignInServices = Pick<ShellServices, 'http' | 'session' | 'lock' | 'config' | 'navigate'>;

const rolesOf = (roleName: unknown): string[] =>
  String(roleName ?? '')
    .split(',')
    .map((role) => role.trim())
    .filter(Boolean);

/**
 * Completes a token answer (spec §4 Login success). An error answer signs nobody in. Otherwise the tokens
 * are stored, the lock of any earlier session is cleared, the user info and the button permission map are
 * fetched into the session, the flags are set and the page navigates: the forced password change on a
 * first login, else the redirect or the welcome page. A guest answer (unbound social identity) keeps only
 * its guest token, for the register dialog. The caller shows the texts (warning, error).
 */
export async function completeSignIn(
  services: SignInServices,
  answer: TokenAnswer | null | undefined,
  ctx: FlowContext & { loginFree?: boolean },
): Promise<AfterToken> {
  const first = afterToken(answer, ctx);
  if (first.kind === 'error' || first.kind === 'invalid' || !answer?.access_token) return first;
  const { session, lock, config, http } = services;
  const tenantId = answer.tenant_id || ctx.tenantId;
  lock.clear();
  clearFlags(config);
  session.setTokens({
    access_token: answer.access_token,
    refresh_token: answer.refresh_token,
    hz_access_token: answer.hz_access_token,
    tenant_id: tenantId,
  });
  if (first.kind === 'register') return first;

  const info = await fetchUserInfo(http);
  const userInfo = { ...info, isInit: info.isInit ?? answer.is_init ?? 0 };
  const patch: Record<string, unknown> = {
    tenantId,
    sourceTenantId: ctx.sourceTenantId?.trim() ?? '',
    userInfo,
    roles: rolesOf(info.role_name ?? answer.role_name),
  };
  if (info.systemParams && typeof info.systemParams === 'object') patch.systemParams = info.systemParams;
  session.update(patch);
  session.update({ permission: buttonPermissions(await fetchButtons(http)) });

  // The answer's landing depends on the user's system, known from the user info (showVisual).
  const visual = systemType({
    tenantId,
    account: String(info.account ?? ''),
    layoutState: info.layoutState as SystemTypeInput['layoutState'],
  });
  const outcome =
    first.kind === 'signed-in' && visual === 'visual' ? afterToken(answer, { ...ctx, visual: true }) : first;

  if (ctx.loginFree) setFlag(config, FLAG.loginFree);
  if (outcome.kind === 'signed-in') {
    setFlag(config, FLAG.onceLogin);
    if (outcome.remindDefaultPassword) setFlag(config, FLAG.defaultPasswordReminder);
  }
  if (outcome.kind === 'signed-in' || outcome.kind === 'init')
    services.navigate(outcome.path, { replace: true });
  return outcome;
}
