/**
 * Globals the console's shared libraries define when they first load (Lit's `litPropertyMetadata` under
 * Shoelace, say). A shared library may first be loaded while a sub-app is mounted (its page is the first
 * to open a dialog); the sub-app sandbox, which takes away the globals defined during a mount, must leave
 * these: the console goes on using the library after the sub-app has left.
 */
const owned = new Set<string>();

/** The names of the globals the console's shared libraries have defined so far. */
export function consoleGlobals(): ReadonlySet<string> {
  return owned;
}

/**
 * Loads a shared library (`() => import('...')`) and counts the globals that appeared meanwhile as the
 * console's. Something else that defines a global during the same load is counted too: it is then kept
 * after its sub-app leaves (a leak), never taken from the console (a crash).
 */
export async function loadShared<T>(load: () => Promise<T>): Promise<T> {
  const before = new Set(Object.getOwnPropertyNames(globalThis));
  try {
    return await load();
  } finally {
    for (const key of Object.getOwnPropertyNames(globalThis)) if (!before.has(key)) owned.add(key);
  }
}
