import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';

/**
 * Package CSS takes its colours from the `--ops-*` tokens, so a theme class on the page re-skins
 * everything. The one place a literal colour may appear is the value of an `--ops-*` token in the theme
 * file (the frame stylesheet, which defines the token set). Everywhere else, including the frame
 * stylesheet's own rules, a hex colour, a colour function (rgb(), hsl()…) or a named colour is refused;
 * `transparent`, `currentColor` and `inherit` are not colours of a theme and stay allowed.
 */
const THEME_FILES = new Set(['root-config/src/frame.css']);
const ROOTS = ['packages', 'root-config/src'];

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
springgreen steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen
accentcolor accentcolortext activetext buttonborder buttonface buttontext canvas canvastext field fieldtext
graytext highlight highlighttext linktext mark marktext selecteditem selecteditemtext visitedtext`
  .split(/\s+/)
  .filter(Boolean);

const LITERAL = new RegExp(
  [
    '#[0-9a-f]{3,8}(?![-\\w])',
    '(?<![-\\w])(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color|device-cmyk)\\(',
    `(?<![-\\w])(?:${NAMED_COLOURS.join('|')})(?![-\\w(])`,
  ].join('|'),
  'gi',
);

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
});
