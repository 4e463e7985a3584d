import { expect } from '@esm-bundle/chai';
import {
  classify,
  createModuleLoader,
  failedUrls,
  type ModuleLoadError,
  type ModuleRegistry,
} from './load-module';

function fakeRegistry(outcomes: Array<unknown | Error>) {
  const deleted: string[] = [];
  let calls = 0;
  const registry: ModuleRegistry = {
    async import() {
      const outcome = outcomes[Math.min(calls, outcomes.length - 1)];
      calls += 1;
      if (outcome instanceof Error) throw outcome;
      return outcome;
    },
    resolve: (specifier) => `http://localhost/${specifier}.js`,
    delete: (url) => deleted.push(url),
  };
  return { registry, deleted, calls: () => calls };
}

describe('loadModule', () => {
  it('returns the module on the first success without retrying', async () => {
    const { registry, calls } = fakeRegistry([{ mount: 1 }]);
    const loadModule = createModuleLoader({ registry });
    expect(await loadModule('@ops/notices')).to.deep.equal({ mount: 1 });
    expect(calls()).to.equal(1);
  });

  it('retries once after evicting the failed entry and the chunks named in the error', async () => {
    const failure = new Error('Error loading http://localhost/deps/chunk-abc.js from http://localhost/x.js');
    const { registry, deleted, calls } = fakeRegistry([failure, { ok: true }]);
    const errors: ModuleLoadError[] = [];
    const loadModule = createModuleLoader({ registry, onError: (e) => errors.push(e) });
    expect(await loadModule('@ops/notices')).to.deep.equal({ ok: true });
    expect(calls()).to.equal(2);
    expect(deleted).to.include('http://localhost/deps/chunk-abc.js');
    expect(deleted).to.include('http://localhost/@ops/notices.js');
    expect(errors).to.have.length(1);
    expect(errors[0]?.name).to.equal('ChunkLoadError');
    expect(errors[0]?.reason).to.equal('missing');
  });

  it('rejects with a typed error after the second failure', async () => {
    const { registry, calls } = fakeRegistry([new Error('Error loading http://localhost/a.js')]);
    const loadModule = createModuleLoader({ registry });
    const error = await loadModule('@ops/a').then(
      () => null,
      (e: ModuleLoadError) => e,
    );
    expect(calls()).to.equal(2);
    expect(error?.name).to.equal('ChunkLoadError');
    expect(error?.specifier).to.equal('@ops/a');
    expect(error?.message).to.contain('@ops/a');
  });

  it('times a hanging load out', async () => {
    const registry: ModuleRegistry = {
      import: () => new Promise(() => {}),
      resolve: (s) => s,
      delete: () => true,
    };
    const loadModule = createModuleLoader({ registry, timeoutMs: 20 });
    const error = await loadModule('@ops/slow').catch((e: ModuleLoadError) => e);
    expect((error as ModuleLoadError).reason).to.equal('timeout');
  });

  it('classifies failures and finds URLs in messages', () => {
    expect(classify(new Error('Error loading http://h/a.js'))).to.equal('missing');
    expect(classify(new Error('Loading x timed out after 5 ms'))).to.equal('timeout');
    expect(classify(new TypeError('x is not a function'))).to.equal('evaluation');
    expect(failedUrls(new Error('Error loading /a/b.c.js from http://h/d.js'))).to.deep.equal([
      '/a/b.c.js',
      'http://h/d.js',
    ]);
  });
});
