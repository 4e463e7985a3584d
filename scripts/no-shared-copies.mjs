// The build check that keeps one copy of each shared package: a bundle that carries its own React (or
// another import-map dependency) would break hooks and double-register custom elements at run time.
import { sharedCopies } from './build-config.mjs';

/** Fails the build when a bundle carries its own copy of React or another shared package. */
export function noSharedCopies(bundleName) {
  return {
    name: 'ops-no-shared-copies',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const copies = sharedCopies(Object.keys(chunk.modules));
        if (copies.length > 0) {
          this.error(
            `${bundleName} bundles its own copy of a shared dependency (${copies[0]}). ` +
              'Import it by name so it stays external and comes from the import map.',
          );
        }
      }
    },
  };
}
