import { expect } from '@esm-bundle/chai';
import { within } from '@testing-library/dom';
import type { ErrorInfo, ReactNode } from 'react';
import { cleanup, render } from '../../test-support';
import { ErrorBoundary } from './error-boundary';

function Broken({ fail }: { fail: boolean }): ReactNode {
  if (fail) throw new Error('station list exploded');
  return <p>站点列表</p>;
}

describe('ErrorBoundary', () => {
  afterEach(cleanup);

  it('renders the crash panel and reports the error once with the component stack', async () => {
    const reported: Array<[Error, ErrorInfo]> = [];
    const { container } = await render(
      <ErrorBoundary label="电站监视" onError={(error, info) => reported.push([error, info])}>
        <Broken fail />
      </ErrorBoundary>,
    );
    const panel = within(container).getByRole('alert');
    expect(panel.textContent).to.contain('电站监视 运行出错');
    expect(panel.textContent).to.contain('station list exploded');
    expect(reported).to.have.length(1);
    expect(reported[0][0].message).to.equal('station list exploded');
    expect(reported[0][1].componentStack).to.contain('Broken');
  });

  it('renders its children when nothing throws, and again after a reset key changes', async () => {
    const { container, rerender } = await render(
      <ErrorBoundary label="电站监视" resetKeys={['/a']}>
        <Broken fail />
      </ErrorBoundary>,
    );
    expect(within(container).getByRole('alert').textContent).to.contain('电站监视 运行出错');
    await rerender(
      <ErrorBoundary label="电站监视" resetKeys={['/b']}>
        <Broken fail={false} />
      </ErrorBoundary>,
    );
    expect(within(container).queryByRole('alert')).to.equal(null);
    expect(container.textContent).to.equal('站点列表');
  });
});
