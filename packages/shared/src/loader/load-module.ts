/**
 * The one seam through which the console loads code: the root config, the shell's parcel slots and the
 * sub-app host all call it. A failed load is retried once after removing the failed records from the
 * module registry (SystemJS caches failures), then reported and rethrown as a typed error.
 */

export interface ModuleRegistry {
  import(specifier: string): Promise<unknown>;
  resolve(specifier: string): string;
  delete(url: string): unknown;
}

export class ModuleLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(
    readonly specifier: string,
    readonly reason: 'missing' | 'timeout' | 'evaluation',
    override readonly cause: unknown,
  ) {
    super(`Loading ${specifier} failed (${reason}): ${messageOf(cause)}`);
  }
}

export interface LoadModuleOptions {
  registry: ModuleRegistry;
  /** Called for every failed attempt, the retried one included. */
  onError?: (error: ModuleLoadError, attempt: number) => void;
  /** Chunk timeout (spec §9: 120 s). */
  timeoutMs?: number;
}

export type LoadModule = <T = unknown>(specifier: string) => Promise<T>;

const URL_IN_MESSAGE = /(?:https?:\/\/|(?<![\w:/.])\/)[^\s"'()]*?\.(?:m?js|css)(?![\w.])/g;

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Every module URL named in a SystemJS error message, so failed dependency chunks are evicted too. */
export function failedUrls(error: unknown): string[] {
  return [...new Set(messageOf(error).match(URL_IN_MESSAGE) ?? [])];
}

export function classify(error: unknown): ModuleLoadError['reason'] {
  const text = messageOf(error);
  if (/timed? ?out/i.test(text)) return 'timeout';
  if (/Error loading|Failed to fetch|404|ERR_|Unable to resolve|network/i.test(text)) return 'missing';
  return 'evaluation';
}

function withTimeout<T>(promise: Promise<T>, ms: number, specifier: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Loading ${specifier} timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

export function createModuleLoader({
  registry,
  onError,
  timeoutMs = 120_000,
}: LoadModuleOptions): LoadModule {
  const evict = (specifier: string, error: unknown) => {
    const urls = new Set(failedUrls(error));
    try {
      urls.add(registry.resolve(specifier));
    } catch {
      // An unresolvable specifier has no record to evict.
    }
    for (const url of urls) {
      try {
        registry.delete(new URL(url, location.href).href);
      } catch {
        // Deleting an absent record is harmless.
      }
    }
  };

  return async function loadModule<T>(specifier: string): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return (await withTimeout(registry.import(specifier), timeoutMs, specifier)) as T;
      } catch (cause) {
        const error = new ModuleLoadError(specifier, classify(cause), cause);
        onError?.(error, attempt);
        evict(specifier, cause);
        if (attempt >= 2) throw error;
      }
    }
  };
}
