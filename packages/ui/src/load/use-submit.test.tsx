import { expect } from '@esm-bundle/chai';
import { HttpError, type HttpErrorKind } from '@ops/shared';
import { waitFor } from '@testing-library/dom';
import { cleanup, deferred, inAct, render } from '../../test-support';
import { type Submit, type SubmitOptions, useSubmit } from './use-submit';

const httpError = (kind: HttpErrorKind, msg = '') => new HttpError(kind, 400, 400, msg, undefined);

/** Renders a form-like probe around `useSubmit(action, options)` and reports what the hook gives it. */
async function harness(action: (value: string) => Promise<string>, options: SubmitOptions<string> = {}) {
  const seen: Submit<[string], string>[] = [];
  function Probe() {
    seen.push(useSubmit(action, options));
    return null;
  }
  const rendered = await render(<Probe />);
  return { seen, last: () => seen.at(-1)!, unmount: () => rendered.unmount() };
}

describe('useSubmit', () => {
  afterEach(cleanup);

  it('is busy while the action runs, answers its result and calls onSuccess once', async () => {
    const answer = deferred<string>();
    const successes: string[] = [];
    const h = await harness(() => answer.promise, { onSuccess: (result) => successes.push(result) });
    expect(h.last().busy).to.equal(false);
    let result: Promise<string | undefined> | undefined;
    await inAct(async () => {
      result = h.last().run('x');
    });
    expect(h.last().busy, 'busy while the call is out').to.equal(true);
    await inAct(async () => answer.resolve('saved'));
    expect(await result).to.equal('saved');
    await waitFor(() => expect(h.last().busy).to.equal(false));
    expect(successes).to.deep.equal(['saved']);
    expect(h.last().error).to.equal('');
  });

  it('runs one action at a time: a second click while the first is out sends nothing', async () => {
    const answer = deferred<string>();
    const calls: string[] = [];
    const h = await harness((value) => {
      calls.push(value);
      return answer.promise;
    });
    await inAct(async () => {
      void h.last().run('first');
      void h.last().run('second');
    });
    expect(await h.last().run('third')).to.equal(undefined);
    await inAct(async () => answer.resolve('ok'));
    expect(calls).to.deep.equal(['first']);
    await waitFor(() => expect(h.last().busy).to.equal(false));
    await inAct(async () => {
      await h.last().run('after');
    });
    expect(calls, 'a new click once the first has ended').to.deep.equal(['first', 'after']);
  });

  it('shows a quiet failure once, with the server message or the fallback, and calls onFailure', async () => {
    const failures: unknown[] = [];
    const notified: string[] = [];
    let next: Error = httpError('whitelisted', 'Wrong captcha');
    const h = await harness(() => Promise.reject(next), {
      fallback: 'Saving failed',
      notify: (text) => notified.push(text),
      onFailure: (error) => failures.push(error),
    });
    await inAct(async () => {
      expect(await h.last().run('x')).to.equal(undefined);
    });
    expect(h.last().error).to.equal('Wrong captcha');
    next = httpError('whitelisted');
    await inAct(async () => {
      await h.last().run('x');
    });
    expect(h.last().error, 'no message of its own: the fallback').to.equal('Saving failed');
    expect(notified).to.deep.equal(['Wrong captcha', 'Saving failed']);
    expect(failures).to.have.length(2);
  });

  it("leaves a failure the client has already shown to the client's toast", async () => {
    const failures: unknown[] = [];
    const h = await harness(() => Promise.reject(httpError('response', 'Server says no')), {
      fallback: 'Saving failed',
      onFailure: (error) => failures.push(error),
    });
    await inAct(async () => {
      await h.last().run('x');
    });
    expect(h.last().error).to.equal('');
    expect(h.last().busy).to.equal(false);
    expect(failures, 'the form still hears of it (a new captcha)').to.have.length(1);
  });

  it('changes nothing for a cancelled call', async () => {
    const failures: unknown[] = [];
    const h = await harness(() => Promise.reject(httpError('canceled')), {
      onFailure: (error) => failures.push(error),
    });
    await inAct(async () => {
      await h.last().run('x');
    });
    expect(h.last().error).to.equal('');
    expect(failures).to.have.length(0);
  });

  it('clears the last error on a new run, and lets the form set its own', async () => {
    let fail = true;
    const h = await harness(() => (fail ? Promise.reject(new Error('Broken')) : Promise.resolve('ok')));
    await inAct(async () => {
      await h.last().run('x');
    });
    expect(h.last().error).to.equal('Broken');
    fail = false;
    await inAct(async () => {
      await h.last().run('x');
    });
    expect(h.last().error).to.equal('');
    await inAct(async () => h.last().setError('Fill in the name'));
    expect(h.last().error).to.equal('Fill in the name');
  });

  it('does nothing more once the form has unmounted or its signal ended', async () => {
    const answer = deferred<string>();
    const successes: string[] = [];
    const h = await harness(() => answer.promise, { onSuccess: (result) => successes.push(result) });
    await inAct(async () => {
      void h.last().run('x');
    });
    await h.unmount();
    await inAct(async () => answer.resolve('late'));
    expect(successes).to.deep.equal([]);

    const ended = new AbortController();
    const failing = deferred<string>();
    const failures: unknown[] = [];
    const g = await harness(() => failing.promise, {
      signal: ended.signal,
      onFailure: (error) => failures.push(error),
    });
    await inAct(async () => {
      void g.last().run('x');
    });
    ended.abort();
    await inAct(async () => failing.reject(new Error('late')));
    expect(g.last().error).to.equal('');
    expect(failures).to.deep.equal([]);
    await waitFor(() => expect(g.last().busy, 'the form is usable again').to.equal(false));
  });
});
