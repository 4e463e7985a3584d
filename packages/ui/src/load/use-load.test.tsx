import { expect } from '@esm-bundle/chai';
import { HttpError } from '@ops/shared';
import { waitFor } from '@testing-library/dom';
import { cleanup, deferred, inAct, render } from '../../test-support';
import { type Load, shown, useLoad } from './use-load';

interface Seen {
  load: Load<string>;
  retry: () => void;
  set: (data: string) => void;
}

/** Renders a component that loads with `load` under `key` and reports what the hook gives it. */
async function harness(load: (key: string, signal: AbortSignal) => Promise<string>, key: string) {
  const seen: Seen[] = [];
  const host = new AbortController();
  function Probe({ k }: { k: string }) {
    seen.push(useLoad((signal) => load(k, signal), k, host.signal));
    return null;
  }
  const rendered = await render(<Probe k={key} />);
  return {
    seen,
    host,
    last: () => seen.at(-1)!,
    rerender: (k: string) => rendered.rerender(<Probe k={k} />),
  };
}

describe('useLoad', () => {
  afterEach(cleanup);

  it('loads, keeps the last answer while a new key loads, and drops the answer of a key left behind', async () => {
    const calls: { key: string; signal: AbortSignal; answer: ReturnType<typeof deferred<string>> }[] = [];
    const h = await harness((key, signal) => {
      const answer = deferred<string>();
      calls.push({ key, signal, answer });
      return answer.promise;
    }, 'a');
    expect(h.last().load).to.deep.equal({ state: 'loading', previous: undefined });
    await inAct(async () => calls[0]!.answer.resolve('A'));
    await waitFor(() => expect(h.last().load).to.deep.equal({ state: 'done', data: 'A' }));

    await h.rerender('b');
    expect(shown(h.last().load), 'the last answer stays shown').to.equal('A');
    await h.rerender('c');
    expect(calls[1]!.signal.aborted, 'the load of b ended').to.equal(true);
    await inAct(async () => calls[1]!.answer.resolve('B'));
    await inAct(async () => calls[2]!.answer.resolve('C'));
    await waitFor(() => expect(h.last().load).to.deep.equal({ state: 'done', data: 'C' }));
    expect(h.seen.some((s) => s.load.state === 'done' && s.load.data === 'B')).to.equal(false);
  });

  it('fails with the server’s message, loads again on retry, and takes an answer set from elsewhere', async () => {
    let attempt = 0;
    const h = await harness(async () => {
      attempt += 1;
      if (attempt === 1) throw new HttpError('response', 500, 500, '服务器内部错误', undefined);
      return 'ok';
    }, 'a');
    await waitFor(() => expect(h.last().load).to.deep.equal({ state: 'failed', reason: '服务器内部错误' }));
    await inAct(async () => h.last().retry());
    await waitFor(() => expect(h.last().load).to.deep.equal({ state: 'done', data: 'ok' }));
    await inAct(async () => h.last().set('changed'));
    expect(h.last().load).to.deep.equal({ state: 'done', data: 'changed' });
  });

  it('a cancelled call or the host’s end leaves the state as it was', async () => {
    const answer = deferred<string>();
    const h = await harness(() => answer.promise, 'a');
    await inAct(async () => answer.reject(new HttpError('canceled', 0, undefined, '', undefined)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(h.last().load.state).to.equal('loading');

    const later = deferred<string>();
    const g = await harness(() => later.promise, 'b');
    g.host.abort();
    await inAct(async () => later.resolve('too late'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(g.last().load.state).to.equal('loading');
  });
});
