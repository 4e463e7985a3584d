// A console bundle's imports from 'rxjs' that name only what `@ops/rxjs-core` re-exports are pointed at
// it, so the login page loads that small entry and not the whole of RxJS (QUALITY P1). Both entries come
// from one build and share their classes: an Observable made with one works with the other's operators.
import MagicString from 'magic-string';
import { RXJS_CORE } from './build-config.mjs';

const CORE = new Set(RXJS_CORE);

/** True when every binding of an `import ... from 'rxjs'` declaration is a named core export. */
export function importsOnlyCore(declaration) {
  return (
    declaration.specifiers.length > 0 &&
    declaration.specifiers.every(
      (s) => s.type === 'ImportSpecifier' && CORE.has(s.imported.name ?? s.imported.value),
    )
  );
}

export function rxjsCore() {
  return {
    name: 'ops-rxjs-core',
    transform(code, id) {
      if (id.includes('/node_modules/') || !code.includes('rxjs')) return null;
      const ast = this.parse(code);
      const text = new MagicString(code);
      let changed = false;
      for (const node of ast.body) {
        const named = node.type === 'ImportDeclaration' || node.type === 'ExportNamedDeclaration';
        if (!named || node.source?.value !== 'rxjs') continue;
        const onlyCore =
          node.type === 'ImportDeclaration'
            ? importsOnlyCore(node)
            : node.specifiers.length > 0 &&
              node.specifiers.every((s) => CORE.has(s.local.name ?? s.local.value));
        if (!onlyCore) continue;
        text.overwrite(node.source.start, node.source.end, JSON.stringify('@ops/rxjs-core'));
        changed = true;
      }
      return changed ? { code: text.toString(), map: text.generateMap({ hires: true }) } : null;
    },
  };
}
