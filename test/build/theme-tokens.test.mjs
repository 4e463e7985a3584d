import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { transformSync } from 'esbuild';
import { parseAst } from 'rollup/parseAst';

/**
 * Package CSS takes its colours from the `--ops-*` tokens, so a theme class on the page re-skins
 * everything. The one place a literal colour may appear is the value of an `--ops-*` token in the theme
 * file (the frame stylesheet, which defines the token set). Everywhere else, including the frame
 * stylesheet's own rules, a hex colour, a colour function (rgb(), hsl()…) or a named colour is refused;
 * `transparent`, `currentColor` and `inherit` are not colours of a theme and stay allowed.
 *
 * The browser's scripts are held to the same: a colour in a string literal, a template literal or a JSX
 * attribute value of production .ts/.tsx (tests and test support aside) is refused too; SVG art takes
 * `fill="var(--ops-…)"`, and what needs a concrete colour (a chart library) reads the token's computed value.
 */
const THEME_FILES = new Set(['root-config/src/frame.css']);
const ROOTS = ['packages', 'root-config/src'];

const SYSTEM_COLOURS =
  `accentcolor accentcolortext activetext buttonborder buttonface buttontext canvas canvastext
field fieldtext graytext highlight highlighttext linktext mark marktext selecteditem selecteditemtext visitedtext`
    .split(/\s+/)
    .filter(Boolean);

const NAMED_COLOURS = `aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue
blueviolet brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue
darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid
darkred darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink
deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold
goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki lavender lavenderblush
lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey
lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime
limegreen linen magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen
mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin
navajowhite navy oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise
palevioletred papayawhip peachpuff peru pink plum powderblue purple rebeccapurple red rosybrown royalblue
saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue slategray slategrey snow
springgreen steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen`
  .split(/\s+/)
  .filter(Boolean)
  .concat(SYSTEM_COLOURS);

const HEX_OR_FUNCTION = [
  '#[0-9a-f]{3,8}(?![-\\w])',
  '(?<![-\\w])(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color|device-cmyk)\\(',
];

const LITERAL = new RegExp(
  [...HEX_OR_FUNCTION, `(?<![-\\w])(?:${NAMED_COLOURS.join('|')})(?![-\\w(])`].join('|'),
  'gi',
);

/**
 * In a script's strings, hex colours and colour functions count wherever they stand. A colour name counts
 * only as the whole string and in lower case, as CSS values are written (`fill="white"`, `color: 'red'`):
 * words of prose ("Mark all read", a theme named "Blue") and names of elements (`'canvas'`, `'mark'`) are
 * none. The system colours' names are all such words, and are left out.
 */
const SCRIPT_LITERAL = new RegExp(HEX_OR_FUNCTION.join('|'), 'gi');
const SCRIPT_NAMED = new Set(NAMED_COLOURS.filter((name) => !SYSTEM_COLOURS.includes(name)));

/** Replaces comments, strings and url() contents with spaces, keeping every newline (and so line numbers). */
function blankNonCode(css) {
  const blank = (text) => text.replace(/[^\n]/g, ' ');
  return css
    .replace(/\/\*[\s\S]*?\*\//g, blank)
    .replace(/"(?:\\[\s\S]|[^"\\\n])*"|'(?:\\[\s\S]|[^'\\\n])*'/g, blank)
    .replace(/url\(([^)]*)\)/gi, (_match, inner) => `url(${blank(inner)})`);
}

/**
 * Literal colours in a stylesheet's declaration values, as `{ line, literal, property }`. Selectors and
 * at-rule preludes are skipped (an id selector is not a colour). With `allowTokens`, the values of `--ops-*`
 * custom properties are exempt: that is where the theme file defines the token set.
 */
export function findLiteralColours(css, { allowTokens = false } = {}) {
  const code = blankNonCode(css);
  const found = [];
  let start = 0;
  for (let i = 0; i <= code.length; i++) {
    const char = code[i];
    if (i < code.length && char !== '{' && char !== '}' && char !== ';') continue;
    // Text followed by `{` is a selector or an at-rule prelude; otherwise it is a declaration.
    if (char !== '{') {
      const text = code.slice(start, i);
      const colon = text.indexOf(':');
      if (colon !== -1) {
        const property = text.slice(0, colon).trim();
        if (!(allowTokens && property.startsWith('--ops-'))) {
          const valueStart = start + colon + 1;
          for (const match of code.slice(valueStart, i).matchAll(LITERAL)) {
            const offset = valueStart + match.index;
            const line = code.slice(0, offset).split('\n').length;
            found.push({ line, literal: match[0].replace(/\($/, '()'), property });
          }
        }
      }
    }
    start = i + 1;
  }
  return found;
}

function cssFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name === 'dist') return [];
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return cssFiles(full);
    return name.endsWith('.css') ? [full] : [];
  });
}

/** Every package stylesheet: packages/<name>/src, packages/apps/<name>/src and root-config/src. */
export function packageStylesheets() {
  return ROOTS.flatMap(cssFiles)
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file.startsWith('root-config/src/') || /^packages\/(?:apps\/)?[^/]+\/src\//.test(file))
    .sort();
}

/**
 * Literal colours in a script's strings (string literals, template literals, JSX attribute values), as
 * `{ line, literal, where }`. The script is parsed, so comments, types and regular expressions are no
 * strings: esbuild strips the types (keeping the JSX), rollup's parser gives the tree. The line is where
 * the literal first stands in the source from the previous finding on.
 */
export function findScriptColours(source, { tsx = false } = {}) {
  const { code } = transformSync(source, { loader: tsx ? 'tsx' : 'ts', jsx: 'preserve' });
  const found = [];
  let cursor = 0;
  // Where the literal stands from `from` on, passing over comment lines (a doc comment may quote it).
  const find = (literal, from) => {
    for (let at = source.indexOf(literal, from); at !== -1; at = source.indexOf(literal, at + 1)) {
      const lineStart = source.lastIndexOf('\n', at) + 1;
      if (!/^\s*(?:\/\/|\/\*|\*)/.test(source.slice(lineStart, at))) return at;
    }
    return -1;
  };
  const report = (literal, where) => {
    let at = find(literal, cursor);
    if (at === -1) at = find(literal, 0);
    if (at !== -1) cursor = at + literal.length;
    const line = at === -1 ? 0 : source.slice(0, at).split('\n').length;
    found.push({ line, literal: literal.replace(/\($/, '()'), where });
  };
  const check = (text, where) => {
    for (const match of text.matchAll(SCRIPT_LITERAL)) report(match[0], where);
    if (SCRIPT_NAMED.has(text.trim())) report(text.trim(), where);
  };
  const visit = (node, parent) => {
    if (node.type === 'Literal' && typeof node.value === 'string') {
      check(node.value, parent?.type === 'JSXAttribute' ? `${parent.name.name}=` : 'string');
    } else if (node.type === 'TemplateElement') {
      check(node.value.cooked ?? node.value.raw, 'template');
    }
    for (const value of Object.values(node)) {
      for (const child of Array.isArray(value) ? value : [value]) {
        if (child && typeof child.type === 'string') visit(child, node);
      }
    }
  };
  visit(parseAst(code, { jsx: true }));
  return found;
}

function scriptFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name === 'dist' || name === 'test-support') return [];
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return scriptFiles(full);
    return /\.tsx?$/.test(name) && !/\.(?:test|d)\.tsx?$/.test(name) ? [full] : [];
  });
}

/**
 * The production scripts the browser runs: .ts/.tsx under packages/<name>/src, packages/apps/<name>/src
 * and root-config/src, without tests and test support. The server's code is no page of a theme (its
 * strings are data, like a user's chosen colour) and is not read.
 */
export function packageScripts() {
  return ROOTS.flatMap(scriptFiles)
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file.startsWith('root-config/src/') || /^packages\/(?:apps\/)?[^/]+\/src\//.test(file))
    .filter((file) => !file.startsWith('packages/server/'))
    .sort();
}

/**
 * A colour a script must hold as data, not style: the layout state's default primary colour (spec §9
 * `#409EFF`), the value a user's layout state carries when they never chose one (it is saved, sent and
 * compared, so it is a value, not a var()). It may stand there only while it equals its token's value in
 * the theme file, so the two cannot drift apart.
 */
const MIRRORS = { 'packages/shell/src/shared/layout-state.ts': { '#409EFF': '--ops-primary' } };

/** A token's value where the theme file first defines it (the default theme, `:root`). */
function tokenValue(token) {
  const match = new RegExp(`${token}:\\s*([^;]+);`).exec(readFileSync('root-config/src/frame.css', 'utf8'));
  return match ? match[1].trim() : null;
}

describe('theme tokens', () => {
  it('finds a literal colour and names its line', () => {
    const css = '.a {\n  color: var(--ops-text);\n  background: #fff;\n}\n';
    assert.deepEqual(findLiteralColours(css), [{ line: 3, literal: '#fff', property: 'background' }]);
  });

  it('finds colour functions, named colours and literals in continued values and custom properties', () => {
    const css = [
      '.a {',
      '  box-shadow:',
      '    0 1px 2px rgba(0, 0, 0, 0.1),',
      '    0 0 0 1px hsl(0 0% 50%);',
      '  --x: White;',
      '  border: 1px solid black',
      '}',
      '@media (min-width: 600px) { .b { outline-color: oklch(0.7 0.1 200); } }',
    ].join('\n');
    assert.deepEqual(
      findLiteralColours(css).map(({ line, literal }) => `${line} ${literal}`),
      ['3 rgba()', '4 hsl()', '5 White', '6 black', '8 oklch()'],
    );
  });

  it('passes tokens, mixes of tokens and the keywords that are no colour of a theme', () => {
    const css = [
      '#add, .b:not(#fed) {',
      '  color: var(--ops-primary);',
      '  background: color-mix(in srgb, var(--ops-primary) 10%, transparent);',
      '  border-color: currentColor;',
      '  outline-color: inherit;',
      '  --ops-ui-accent: var(--ops-x);',
      '  --sl-color-primary-600: var(--ops-primary);',
      '  content: "#fff white";',
      '  background-image: url(#red);',
      '  animation: ops-fade-in 0.2s ease-in; /* was #409eff */',
      '  transform: rotate(tan(45deg));',
      '}',
    ].join('\n');
    assert.deepEqual(findLiteralColours(css), []);
  });

  it('lets only the theme file give --ops-* tokens literal values', () => {
    const css =
      ':root {\n  --ops-primary: #409eff;\n  --sl-color-primary-600: #409eff;\n}\n.a { color: #fff; }\n';
    assert.deepEqual(
      findLiteralColours(css, { allowTokens: true }).map(({ line, property }) => `${line} ${property}`),
      ['3 --sl-color-primary-600', '5 color'],
    );
    assert.equal(findLiteralColours(css).length, 3);
  });

  it('finds no literal colour in package CSS outside the token definitions', () => {
    const files = packageStylesheets();
    assert.ok(files.length > 0, 'no package stylesheet found');
    for (const theme of THEME_FILES) assert.ok(files.includes(theme), `theme file ${theme} is missing`);
    const problems = files.flatMap((file) =>
      findLiteralColours(readFileSync(file, 'utf8'), { allowTokens: THEME_FILES.has(file) }).map(
        ({ line, literal, property }) => `${file}:${line} ${property}: ${literal}`,
      ),
    );
    assert.deepEqual(problems, [], `literal colours; use a var(--ops-…) token:\n${problems.join('\n')}`);
  });

  it('finds literal colours in a script: strings, templates and JSX attribute values, with their lines', () => {
    const tsx = [
      "const accent: string = code === 404 ? '#409eff' : 'rgba(0, 0, 0, 0.5)';",
      '// a comment with #fff, white and red is no string',
      'type Tone = "white";',
      `const shadow = \`0 1px \${size}px hsl(0 0% 0% / 0.2)\`;`,
      'export const Art = () => (',
      '  <svg aria-hidden="true">',
      '    <rect fill="white" stroke="#C8D3E1" />',
      "    <text style={{ color: 'red' }}>{accent}</text>",
      '  </svg>',
      ');',
    ].join('\n');
    assert.deepEqual(
      findScriptColours(tsx, { tsx: true }).map(({ line, literal, where }) => `${line} ${literal} ${where}`),
      [
        '1 #409eff string',
        '1 rgba() string',
        '4 hsl() template',
        '7 white fill=',
        '7 #C8D3E1 stroke=',
        '8 red string',
      ],
    );
  });

  it('passes tokens, prose and names that are words, not colours, in a script', () => {
    const tsx = [
      "const texts = { markAll: 'Mark all read', hint: 'Check the fields marked in red', blue: 'Blue' };",
      "const canvas = document.createElement('canvas');",
      'const pattern = /#[0-9a-f]{6}/;',
      "const route = '#/home';",
      'export const Art = () => <rect fill="var(--ops-art-sky-top)" className="ops-red" data-tone="Black" />;',
    ].join('\n');
    assert.deepEqual(findScriptColours(tsx, { tsx: true }), []);
  });

  it("lets a script hold a token's default as data only while the two are equal", () => {
    const [[file, values]] = Object.entries(MIRRORS);
    const found = findScriptColours(readFileSync(file, 'utf8'), { tsx: false }).map((f) => f.literal);
    for (const [literal, token] of Object.entries(values)) {
      assert.ok(found.includes(literal), `${file} no longer holds ${literal}: take it out of MIRRORS`);
      assert.equal(tokenValue(token)?.toLowerCase(), literal.toLowerCase());
    }
  });

  it('finds no literal colour in the production scripts', () => {
    const files = packageScripts();
    assert.ok(
      files.some((file) => file.endsWith('.tsx')),
      'no production .tsx found',
    );
    assert.ok(!files.some((file) => /\.test\.tsx?$|test-support/.test(file)), 'a test file was read');
    for (const file of Object.keys(MIRRORS)) assert.ok(files.includes(file), `${file} is missing`);
    const problems = [];
    for (const file of files) {
      const found = findScriptColours(readFileSync(file, 'utf8'), { tsx: file.endsWith('.tsx') });
      for (const { line, literal, where } of found) {
        const token = MIRRORS[file]?.[literal];
        const mirrored = token && tokenValue(token)?.toLowerCase() === literal.toLowerCase();
        if (!mirrored) problems.push(`${file}:${line} ${where} ${literal}`);
      }
    }
    assert.deepEqual(problems, [], `literal colours; use a var(--ops-…) token:\n${problems.join('\n')}`);
  });
});
