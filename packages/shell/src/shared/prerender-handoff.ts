import { currentLanguage, PATHS, recalledLoginUser, type SiteStorage } from '@ops/shared';

/**
 * What the page's inline script (packages/server/src/static/prerender.ts) hands the shell when the login
 * page's markup came in the HTML (issue 31): the captcha answer it asked for at once, and a submit made
 * before the shell hydrated, held until the form can send it.
 */
interface Handoff {
  pending: HTMLFormElement | null;
  hydrated: boolean;
  captcha?: Promise<unknown>;
}

const handoff = (): Handoff | undefined => (window as { opsPrerender?: Handoff }).opsPrerender;

/**
 * Whether the server's markup is what the shell's first render makes here: the login page in the
 * language the page picked, with no recalled account to fill in (the server cannot know it). Otherwise the
 * shell renders afresh over it.
 */
export function hydratesLogin(lang: string, path: string, storage: Pick<SiteStorage, 'get'>): boolean {
  return path === PATHS.login && lang === currentLanguage() && recalledLoginUser(storage) === null;
}

/**
 * React (19.3) hydrates a field the user typed into before the scripts came without telling its state:
 * the text stays on screen, the state keeps the server's value, and the next render wipes it. So each
 * such field tells React now, as typing would: the value tracker React keeps on the element is set to the
 * rendered value (through the element's own `value`), the typed text is put back past it, and an input
 * event makes React read it.
 */
function replayTyped(root: ParentNode): void {
  const nativeValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
  for (const input of root.querySelectorAll<HTMLInputElement>('input')) {
    const typed = input.value;
    if (typed === input.defaultValue) continue;
    input.value = input.defaultValue;
    nativeValue?.set?.call(input, typed);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/**
 * Called once the hydrated form has committed: what was typed before reaches React's state, and from now
 * on submits go to React (the inline script holds no more).
 */
export function markHydrated(root: ParentNode): void {
  const state = handoff();
  if (!state || state.hydrated) return;
  state.hydrated = true;
  replayTyped(root);
}

/** The captcha answer (the server's envelope) the page asked for before the scripts ran, once. */
export function takeEarlyCaptcha(): Promise<unknown> | null {
  const state = handoff();
  const early = state?.captcha ?? null;
  if (state) state.captcha = undefined;
  return early;
}

/** The form submitted before the shell hydrated, once. */
export function takePendingSubmit(): HTMLFormElement | null {
  const state = handoff();
  const form = state?.pending ?? null;
  if (state) state.pending = null;
  return form?.isConnected ? form : null;
}
