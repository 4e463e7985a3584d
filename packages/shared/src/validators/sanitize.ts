/**
 * The text-input sanitiser (spec §5, DECISIONS 12). Text inputs lose the characters of their variant's
 * strip set; a value that is nothing but one quote becomes empty. Passwords are never sanitised
 * (DECISIONS 6): `sanitizerVariantFor` answers null for them.
 */

export type SanitizerVariant = 'default' | 'allow-star' | 'allow-reg' | 'allow-input' | 'allow-auth';

/**
 * Exactly the characters DECISIONS 12 lists: backtick, tilde, caret, asterisk, pipe, braces, brackets,
 * angle brackets, yen (¥ U+00A5) and curly quotes (U+201C, U+201D, U+2018, U+2019). Full-width
 * look-alikes (～ ＾ ＊ ｜ ｛ ｝ ［ ］ ＜ ＞ and the full-width yen ￥ U+FFE5) are not listed and are kept:
 * they are ordinary text in Chinese input (￥100 is a price).
 */
const DEFAULT_SET = ['`', '~', '^', '*', '|', '{', '}', '[', ']', '<', '>', '¥', '“', '”', '‘', '’'];

const STRIP_SETS: Record<SanitizerVariant, readonly string[]> = {
  default: DEFAULT_SET,
  'allow-star': DEFAULT_SET.filter((c) => c !== '*'),
  'allow-reg': DEFAULT_SET.filter((c) => !'^*|{}[]'.includes(c)),
  'allow-input': ['<', '>'],
  'allow-auth': ['<', '>', '`'],
};

const escapeInClass = (c: string) => c.replace(/[\\\]^-]/g, (m) => `\\${m}`);

const PATTERNS = Object.fromEntries(
  Object.entries(STRIP_SETS).map(([variant, set]) => [
    variant,
    new RegExp(`[${set.map(escapeInClass).join('')}]`, 'gu'),
  ]),
) as Record<SanitizerVariant, RegExp>;

/** The characters a variant removes, for documentation and tests. */
export const stripSet = (variant: SanitizerVariant = 'default'): readonly string[] => STRIP_SETS[variant];

/** Strips the variant's characters; a value left as nothing but one `'` or `"` becomes empty. */
export function sanitizeInput(value: string, variant: SanitizerVariant = 'default'): string {
  const stripped = value.replace(PATTERNS[variant], '');
  return stripped === "'" || stripped === '"' ? '' : stripped;
}

/** The looser variants, loosest first: when an element carries several, the loosest one wins. */
const VARIANT_ATTRIBUTES: readonly SanitizerVariant[] = [
  'allow-input',
  'allow-auth',
  'allow-reg',
  'allow-star',
];

export interface SanitizableElement {
  hasAttribute(name: string): boolean;
  getAttribute(name: string): string | null;
}

/**
 * Which variant applies to an input element, from its `allow-*` attributes; null for password inputs
 * (or an explicit `autocomplete` of a password), which are never sanitised.
 */
export function sanitizerVariantFor(element: SanitizableElement): SanitizerVariant | null {
  const type = (element.getAttribute('type') ?? '').toLowerCase();
  const autocomplete = (element.getAttribute('autocomplete') ?? '').toLowerCase();
  if (type === 'password' || autocomplete.endsWith('-password')) return null;
  return VARIANT_ATTRIBUTES.find((name) => element.hasAttribute(name)) ?? 'default';
}
