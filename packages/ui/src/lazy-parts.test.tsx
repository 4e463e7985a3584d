import { expect } from '@esm-bundle/chai';
import { waitFor, within } from '@testing-library/dom';
import { cleanup, inAct, render } from '../test-support';
import { ErrorBoundary } from './error-boundary/error-boundary';
import { lazyComponent } from './lazy-parts';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** A load the test settles by hand. */
function deferredLoad() {
  let settle: { resolve: (c: typeof Greeting) => void; reject: (e: Error) => void } | null = null;
  let calls = 0;
  const load = () => {
    calls += 1;
    return new Promise<typeof Greeting>((resolve, reject) => {
      settle = { resolve, reject };
    });
  };
  return {
    load,
    calls: () => calls,
    resolve: () => inAct(() => settle?.resolve(Greeting)),
    reject: (message: string) => inAct(() => settle?.reject(new Error(message))),
  };
}

describe('lazyComponent', () => {
  afterEach(cleanup);

  it('renders nothing until its code has loaded, then the component with its props', async () => {
    const code = deferredLoad();
    const Lazy = lazyComponent(code.load);
    expect(code.calls()).to.equal(0);
    const { container } = await render(<Lazy name="operator" />);
    expect(container.textContent).to.equal('');
    await code.resolve();
    await waitFor(() => expect(within(container).getByText('Hello operator')).to.exist);
    expect(code.calls()).to.equal(1);
  });

  it('renders at once, in the first commit, once preloaded; loads once for many uses', async () => {
    const code = deferredLoad();
    const Lazy = lazyComponent(code.load);
    const preloading = Lazy.preload();
    await code.resolve();
    await preloading;
    const { container } = await render(
      <>
        <Lazy name="a" />
        <Lazy name="b" />
      </>,
    );
    expect(container.textContent).to.equal('Hello aHello b');
    expect(code.calls()).to.equal(1);
  });

  it('shows a failed load to the error boundary, and a later mount loads again', async () => {
    const code = deferredLoad();
    const Lazy = lazyComponent(code.load);
    const first = await render(
      <ErrorBoundary label="probe">
        <Lazy name="a" />
      </ErrorBoundary>,
    );
    await code.reject('Error loading /ui/chunk-x.js');
    await waitFor(() => expect(within(first.container).getByRole('alert').textContent).to.contain('probe'));
    await first.unmount();

    const second = await render(<Lazy name="again" />);
    expect(code.calls()).to.equal(2);
    await code.resolve();
    await waitFor(() => expect(within(second.container).getByText('Hello again')).to.exist);
  });
});
