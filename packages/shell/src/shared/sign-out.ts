import type { ShellServices } from './services';

/**
 * The user's sign-out (user menu, lock page): asks first when `confirm` is given, then the runtime's one
 * sign-out (server revoke, session, lock, flags, sub-app sessions) and the login page it answers.
 * Answers false when the user declined.
 */
export async function signOutAndLeave(
  services: Pick<ShellServices, 'signOut' | 'navigate'>,
  confirm?: () => Promise<boolean>,
): Promise<boolean> {
  if (confirm && !(await confirm())) return false;
  services.navigate(await services.signOut(), { replace: true });
  return true;
}
