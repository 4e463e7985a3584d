import { expect, type Locator, type Page } from '@playwright/test';

/** What has the focus, as the check saw it: a short description, and what is wrong with it ('' if nothing). */
export interface FocusSeen {
  what: string;
  problem: string;
  /** One of the elements the check was given has the focus. */
  onTarget: boolean;
}

/**
 * Runs in the page: the element that has the focus (through Shoelace's shadow roots), and whether a
 * sighted keyboard user can see it: on screen, and drawn with a focus indicator. The indicator is an
 * outline of some width that is not transparent; or a box shadow or a fill that a focus rule gives (a
 * button's lasting shadow is not one), or inside a shadow root any box shadow (Shoelace rings its parts by
 * a class it sets on focus). It may be drawn by a close ancestor (an input's box, a tag around its tab):
 * two levels up at most, not much taller than the element. Also tells whether one of `targets` has it.
 */
function seeFocus(targets: Element[] = []): FocusSeen {
  let element = document.activeElement;
  while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
  if (!element || element === document.body || element === document.documentElement)
    return {
      what: String(element?.localName),
      problem: 'the focus is on the page itself (lost)',
      onTarget: false,
    };
  const onTarget = targets.includes(element);
  const root = element.getRootNode() as Document | ShadowRoot;
  const host = root instanceof ShadowRoot ? root.host : null;
  const describe = (el: Element) => {
    const label = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? '';
    const role = el.getAttribute('role') ?? '';
    return `<${el.localName}${role ? ` role=${role}` : ''}> "${label}"`;
  };
  const what = host ? `${describe(element)} in ${describe(host)}` : describe(element);
  const rect = element.getBoundingClientRect();
  const onScreen =
    rect.width > 0 &&
    rect.height > 0 &&
    rect.right > 0 &&
    rect.bottom > 0 &&
    rect.left < window.innerWidth &&
    rect.top < window.innerHeight &&
    element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  if (!onScreen) return { what, problem: 'the focused element is not visible', onTarget };

  const transparent = (colour: string) => /^(transparent|rgba\(.*,\s*0\))$/.test(colour);
  // The declarations of the focus rules (`:focus`, `:focus-visible`, `:focus-within`, `:has(:focus…)`)
  // that apply to `el`, from its root's style sheets.
  const sheets = [...root.styleSheets, ...root.adoptedStyleSheets];
  const focusRules = (el: Element) => {
    const found: CSSStyleDeclaration[] = [];
    const visit = (rules: CSSRuleList) => {
      for (const rule of rules) {
        if (rule instanceof CSSStyleRule) {
          if (!rule.selectorText.includes(':focus')) continue;
          let applies = false;
          try {
            applies = el.matches(rule.selectorText);
          } catch {}
          if (applies) found.push(rule.style);
        } else if ('cssRules' in rule) visit((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of sheets) visit(sheet.cssRules);
    return found;
  };
  const indicated = (el: Element) => {
    const style = getComputedStyle(el);
    if (
      style.outlineStyle !== 'none' &&
      Number.parseFloat(style.outlineWidth) > 0 &&
      !transparent(style.outlineColor)
    )
      return true;
    const rules = focusRules(el);
    if (style.boxShadow !== 'none' && (host || rules.some((r) => r.boxShadow !== ''))) return true;
    return (
      !transparent(style.backgroundColor) &&
      rules.some((r) => r.backgroundColor !== '' || r.background !== '')
    );
  };
  let el: Element | null = element;
  for (let level = 0; el && level <= 2; level++, el = el.parentElement) {
    if (el.getBoundingClientRect().height > rect.height + 32) break;
    if (indicated(el)) return { what, problem: '', onTarget };
  }
  return { what, problem: 'the focused element shows no focus indicator', onTarget };
}

/**
 * Waits until the focus settles somewhere visible with a focus indicator (a dialog opening or closing
 * moves it after a frame or two), and returns what has it; with `target`, also whether that has it.
 */
export async function expectVisibleFocus(page: Page, target?: Locator): Promise<FocusSeen> {
  let seen: FocusSeen = { what: '', problem: 'not looked at yet', onTarget: false };
  await expect
    .poll(
      async () => {
        // One round trip: the check runs over the target's elements (none without a target).
        seen = target ? await target.evaluateAll(seeFocus) : await page.evaluate(seeFocus, []);
        return seen.problem ? `${seen.problem}: ${seen.what}` : '';
      },
      { intervals: [20, 50, 100], message: 'the focus is visible' },
    )
    .toBe('');
  return seen;
}

/** Presses a key (or a combination), then checks that the focus is visible. */
export async function press(page: Page, key: string): Promise<void> {
  await page.keyboard.press(key);
  await expectVisibleFocus(page);
}

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has the focus, checking at each stop that the focus
 * is visible; fails after `max` presses, naming every stop on the way.
 */
export async function tabTo(page: Page, target: Locator, { back = false, max = 30 } = {}): Promise<void> {
  const stops: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const seen = await expectVisibleFocus(page, target);
    if (seen.onTarget) return;
    stops.push(seen.what);
  }
  throw new Error(
    `${target} was not reached in ${max} presses of Tab; the focus went to:\n${stops.join('\n')}`,
  );
}
