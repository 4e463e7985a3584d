import { expect } from '@esm-bundle/chai';
import type { AxiosInstance } from 'axios';
import { lazyHttp } from './lazy-http';

const CALLS = ['request', 'get', 'delete', 'head', 'options', 'post', 'put', 'patch'] as const;
const FORM_CALLS = ['postForm', 'putForm', 'patchForm'] as const;

/** An instance whose calls answer their own name and arguments. */
const fakeInstance = () =>
  Object.fromEntries(
    [...CALLS, ...FORM_CALLS].map((call) => [call, (...args: unknown[]) => Promise.resolve({ call, args })]),
  ) as unknown as AxiosInstance;

describe('lazyHttp', () => {
  it('loads nothing until the first call, then once for concurrent calls', async () => {
    let loads = 0;
    const http = lazyHttp(async () => {
      loads += 1;
      return fakeInstance();
    });
    expect(loads).to.equal(0);
    const answers = await Promise.all([
      http.get('/a', { params: { x: 1 } }),
      http.post('/b', { y: 2 }),
      http.delete('/c'),
    ]);
    expect(loads).to.equal(1);
    expect(answers).to.deep.equal([
      { call: 'get', args: ['/a', { params: { x: 1 } }] },
      { call: 'post', args: ['/b', { y: 2 }] },
      { call: 'delete', args: ['/c'] },
    ]);
    await http.put('/d');
    expect(loads).to.equal(1);
  });

  it('fails the call when the load fails, and the next call loads again', async () => {
    let loads = 0;
    const http = lazyHttp(async () => {
      loads += 1;
      if (loads === 1) throw new Error('Error loading /deps/axios.js');
      return fakeInstance();
    });
    let failure: unknown;
    await http.get('/a').catch((error: unknown) => {
      failure = error;
    });
    expect((failure as Error).message).to.equal('Error loading /deps/axios.js');
    expect(await http.get('/a')).to.deep.equal({ call: 'get', args: ['/a'] });
    expect(loads).to.equal(2);
  });

  it('offers every call of an axios instance that sends a request', () => {
    const http = lazyHttp(async () => fakeInstance());
    expect(Object.keys(http).sort()).to.deep.equal([...CALLS, ...FORM_CALLS].sort());
  });
});
