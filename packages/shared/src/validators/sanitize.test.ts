import { expect } from '@esm-bundle/chai';
import { type SanitizerVariant, sanitizeInput, sanitizerVariantFor, stripSet } from './sanitize';

const MODES: readonly SanitizerVariant[] = [
  'default',
  'allow-star',
  'allow-reg',
  'allow-input',
  'allow-auth',
];

/**
 * DECISIONS 12, written out by hand (not derived from the implementation): every listed character and
 * the modes that strip it. Backtick, tilde, caret, asterisk, pipe, braces, brackets, angle brackets, yen
 * (U+00A5) and curly quotes.
 */
const LISTED: ReadonlyArray<[string, string, readonly SanitizerVariant[]]> = [
  ['backtick', '`', ['default', 'allow-star', 'allow-reg', 'allow-auth']],
  ['tilde', '~', ['default', 'allow-star', 'allow-reg']],
  ['caret', '^', ['default', 'allow-star']],
  ['asterisk', '*', ['default']],
  ['pipe', '|', ['default', 'allow-star']],
  ['left brace', '{', ['default', 'allow-star']],
  ['right brace', '}', ['default', 'allow-star']],
  ['left bracket', '[', ['default', 'allow-star']],
  ['right bracket', ']', ['default', 'allow-star']],
  ['less-than', '<', MODES],
  ['greater-than', '>', MODES],
  ['yen U+00A5', '¥', ['default', 'allow-star', 'allow-reg']],
  ['left double curly quote', '\u201C', ['default', 'allow-star', 'allow-reg']],
  ['right double curly quote', '\u201D', ['default', 'allow-star', 'allow-reg']],
  ['left single curly quote', '\u2018', ['default', 'allow-star', 'allow-reg']],
  ['right single curly quote', '\u2019', ['default', 'allow-star', 'allow-reg']],
];

/**
 * Look-alikes and neighbours DECISIONS 12 does not list: kept in every mode. The full-width yen ￥
 * (U+FFE5) is among them: DECISIONS 12 lists the yen sign ¥ (U+00A5) only.
 */
const KEPT: ReadonlyArray<[string, string]> = [
  ['full-width yen U+FFE5', '￥'],
  ['full-width tilde', '～'],
  ['wave dash', '〜'],
  ['full-width caret', '＾'],
  ['full-width asterisk', '＊'],
  ['asterisk operator', '∗'],
  ['full-width pipe', '｜'],
  ['broken bar', '¦'],
  ['full-width left brace', '｛'],
  ['full-width right brace', '｝'],
  ['full-width left bracket', '［'],
  ['full-width right bracket', '］'],
  ['full-width less-than', '＜'],
  ['full-width greater-than', '＞'],
  ['full-width dollar', '＄'],
  ['full-width grave', '｀'],
  ['modifier tilde', '˜'],
  ['modifier circumflex', 'ˆ'],
  ['CJK angle brackets', '〈〉《》'],
  ['CJK corner and lenticular brackets', '「」【】'],
  ['guillemets', '‹›«»'],
  ['low and reversed quotes', '‚„‛‟'],
  ['primes', '′″'],
  ['full-width quotes', '＂＇'],
  ['pound and dollar', '£$'],
  ['ASCII quotes inside text', `'"`],
  ['ASCII punctuation', '!@#%&()-_=+;:,./?\\'],
  ['Chinese punctuation', '，。、；：？！（）'],
  ['spaces', ' \u3000'],
];

describe('input sanitiser (DECISIONS 12)', () => {
  for (const mode of MODES) {
    describe(mode, () => {
      for (const [name, char, strippedIn] of LISTED) {
        const strips = strippedIn.includes(mode);
        it(`${strips ? 'strips' : 'keeps'} the ${name} ${JSON.stringify(char)}`, () => {
          expect(sanitizeInput(`a${char}b`, mode)).to.equal(strips ? 'ab' : `a${char}b`);
          expect(sanitizeInput(char, mode)).to.equal(strips ? '' : char);
          expect(sanitizeInput(char.repeat(3), mode)).to.equal(strips ? '' : char.repeat(3));
        });
      }
      for (const [name, chars] of KEPT) {
        it(`keeps the ${name} ${JSON.stringify(chars)}`, () => {
          expect(sanitizeInput(`a${chars}b`, mode)).to.equal(`a${chars}b`);
        });
      }
      it('strip set is exactly the listed characters this mode strips', () => {
        const expected = LISTED.filter(([, , modes]) => modes.includes(mode)).map(([, c]) => c);
        expect([...stripSet(mode)].sort()).to.deep.equal([...expected].sort());
      });
    });
  }

  const table: Array<[SanitizerVariant, string, string]> = [
    ['default', '1号机组<script>', '1号机组script'],
    ['default', 'a*b', 'ab'],
    ['default', 'O\'Brien "ok" !@#$%&()-_=+;:,./?', 'O\'Brien "ok" !@#$%&()-_=+;:,./?'],
    ['default', '中文，标点。', '中文，标点。'],
    ['default', '价格￥100，约¥100', '价格￥100，约100'],
    ['allow-reg', '^\\d{3}[a-z]*$', '^\\d{3}[a-z]*$'],
    ['allow-input', '<b>`~^*|{}[]¥</b>', 'b`~^*|{}[]¥/b'],
    ['allow-auth', '<b>`x`</b>', 'bx/b'],
  ];
  for (const [variant, input, output] of table) {
    it(`${variant}: ${JSON.stringify(input)} -> ${JSON.stringify(output)}`, () => {
      expect(sanitizeInput(input, variant)).to.equal(output);
    });
  }

  it('uses the default set when no variant is given', () => {
    expect(sanitizeInput('<b>|x|</b>')).to.equal('bx/b');
  });

  const lone: Array<[string, string]> = [
    ["'", ''],
    ['"', ''],
    ["''", "''"],
    ["a'", "a'"],
    [" '", " '"],
    ['＇', '＇'],
    ['＂', '＂'],
    ["<'", ''],
    ['"*', ''],
  ];
  for (const variant of MODES) {
    for (const [input, output] of lone) {
      it(`lone quote rule, ${variant}: ${JSON.stringify(input)} -> ${JSON.stringify(output)}`, () => {
        // Only the default set strips the star, so elsewhere `"*` is not a lone quote.
        const expected = input === '"*' && variant !== 'default' ? '"*' : output;
        expect(sanitizeInput(input, variant)).to.equal(expected);
      });
    }
  }

  it('leaves an empty value empty', () => expect(sanitizeInput('')).to.equal(''));
});

describe('sanitiser variant of an element', () => {
  function input(attrs: Record<string, string>) {
    const el = document.createElement('input');
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    return el;
  }

  it('never sanitises passwords (DECISIONS 6)', () => {
    expect(sanitizerVariantFor(input({ type: 'password' }))).to.equal(null);
    expect(sanitizerVariantFor(input({ type: 'PASSWORD', 'allow-input': '' }))).to.equal(null);
    expect(sanitizerVariantFor(input({ type: 'text', autocomplete: 'current-password' }))).to.equal(null);
    expect(sanitizerVariantFor(input({ autocomplete: 'new-password' }))).to.equal(null);
  });

  it('reads the allow-* attribute, the loosest winning', () => {
    expect(sanitizerVariantFor(input({}))).to.equal('default');
    expect(sanitizerVariantFor(input({ 'allow-star': '' }))).to.equal('allow-star');
    expect(sanitizerVariantFor(input({ 'allow-reg': '' }))).to.equal('allow-reg');
    expect(sanitizerVariantFor(input({ 'allow-auth': '' }))).to.equal('allow-auth');
    expect(sanitizerVariantFor(input({ 'allow-input': '' }))).to.equal('allow-input');
    expect(sanitizerVariantFor(input({ 'allow-star': '', 'allow-input': '' }))).to.equal('allow-input');
    expect(sanitizerVariantFor(document.createElement('textarea'))).to.equal('default');
  });
});
