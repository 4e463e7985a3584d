import { expect } from '@esm-bundle/chai';
import { type SanitizerVariant, sanitizeInput, sanitizerVariantFor, stripSet } from './sanitize';

const ALL = '`~^*|{}[]<>¥￥“”‘’';

describe('input sanitiser (DECISIONS 12)', () => {
  const table: Array<[SanitizerVariant, string, string]> = [
    ['default', `a${ALL}b`, 'ab'],
    ['default', '1号机组<script>', '1号机组script'],
    ['default', 'a*b', 'ab'],
    ['default', 'O\'Brien "ok" !@#$%&()-_=+;:,./?', 'O\'Brien "ok" !@#$%&()-_=+;:,./?'],
    ['default', '中文，标点。', '中文，标点。'],
    ['allow-star', `a${ALL}b`, 'a*b'],
    ['allow-reg', `a${ALL}b`, 'a^*|{}[]b'],
    ['allow-reg', '^\\d{3}[a-z]*$', '^\\d{3}[a-z]*$'],
    ['allow-input', `a${ALL}b`, 'a`~^*|{}[]¥￥“”‘’b'],
    ['allow-auth', `a${ALL}b`, 'a~^*|{}[]¥￥“”‘’b'],
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
    ["<'", ''],
    ['"*', ''],
  ];
  for (const variant of ['default', 'allow-star', 'allow-reg', 'allow-input', 'allow-auth'] as const) {
    for (const [input, output] of lone) {
      it(`lone quote rule, ${variant}: ${JSON.stringify(input)} -> ${JSON.stringify(output)}`, () => {
        // Only the default set strips the star, so elsewhere `"*` is not a lone quote.
        const expected = input === '"*' && variant !== 'default' ? '"*' : output;
        expect(sanitizeInput(input, variant)).to.equal(expected);
      });
    }
  }

  it('keeps every character outside its variant strip set', () => {
    for (const variant of ['default', 'allow-star', 'allow-reg', 'allow-input', 'allow-auth'] as const) {
      const kept = [...ALL].filter((c) => !stripSet(variant).includes(c)).join('');
      expect(sanitizeInput(ALL, variant), variant).to.equal(kept);
    }
  });

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
