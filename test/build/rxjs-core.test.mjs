import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { parseAst } from 'rollup/parseAst';
import { rxjsCore } from '../../scripts/rxjs-core.mjs';

/**
 * The login page loads `@ops/rxjs-core`, not the whole of RxJS (QUALITY P1): a console bundle's imports
 * from 'rxjs' are pointed at it when they name only its exports, and both entries share one copy of the
 * classes.
 */
const transform = (code) => {
  const plugin = rxjsCore();
  const result = plugin.transform.call(
    { parse: (source) => parseAst(source) },
    code,
    '/repo/packages/x/src/a.ts',
  );
  return result ? result.code : code;
};

describe('@ops/rxjs-core', () => {
  it('points imports of core names at @ops/rxjs-core', () => {
    assert.equal(
      transform("import { BehaviorSubject, map } from 'rxjs';\nexport const a = [BehaviorSubject, map];\n"),
      'import { BehaviorSubject, map } from "@ops/rxjs-core";\nexport const a = [BehaviorSubject, map];\n',
    );
  });

  it('keeps the whole of rxjs for any other name, a namespace or a bare import', () => {
    for (const code of [
      "import { Subject, debounceTime } from 'rxjs';\n",
      "import * as rx from 'rxjs';\nexport { rx };\n",
      "import 'rxjs';\n",
      "export { switchMap } from 'rxjs';\n",
    ]) {
      assert.equal(transform(code), code);
    }
  });

  it('leaves modules from node_modules alone', () => {
    const plugin = rxjsCore();
    const code = "import { map } from 'rxjs';\n";
    assert.equal(plugin.transform.call({ parse: parseAst }, code, '/repo/node_modules/lib/index.js'), null);
  });

  it('in the build: the login path imports no whole rxjs, and both entries share their classes', (t) => {
    if (!existsSync('dist/importmap.json')) return t.skip('no build: run npm run build first');
    const { imports } = JSON.parse(readFileSync('dist/importmap.json', 'utf8'));
    for (const name of ['@ops/root-config', '@ops/shared', '@ops/ui', '@ops/shell']) {
      const code = readFileSync(path.join('dist', imports[name]), 'utf8');
      assert.doesNotMatch(code, /["']rxjs["']/, `${name} imports the whole of rxjs`);
    }
    const depsOf = (name) =>
      JSON.parse(
        readFileSync(path.join('dist', imports[name]), 'utf8').match(/^System\.register\((\[[^\]]*\])/)[1],
      );
    const core = depsOf('@ops/rxjs-core');
    assert.ok(core.length > 0);
    for (const chunk of core) assert.ok(depsOf('rxjs').includes(chunk), `rxjs lacks ${chunk}`);
  });
});
