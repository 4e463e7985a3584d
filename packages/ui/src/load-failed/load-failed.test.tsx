import { expect } from '@esm-bundle/chai';
import { fireEvent, within } from '@testing-library/dom';
import { cleanup, render } from '../../test-support';
import { LoadFailed } from './load-failed';

describe('LoadFailed', () => {
  afterEach(cleanup);

  it('announces what failed as an alert (its text alone), and Retry beside it loads again', async () => {
    let retries = 0;
    const { container } = await render(
      <LoadFailed message="加载失败：服务器内部错误" retryLabel="重试" onRetry={() => (retries += 1)} />,
    );
    expect(within(container).getByRole('alert').textContent).to.equal('加载失败：服务器内部错误');
    fireEvent.click(within(container).getByRole('button', { name: '重试' }));
    expect(retries).to.equal(1);
  });

  it('keeps the shared look and adds the place’s own layout class', async () => {
    const { container } = await render(
      <LoadFailed className="ops-x" message="Load failed" retryLabel="Retry" onRetry={() => {}} />,
    );
    expect(within(container).getByRole('alert').parentElement!.className).to.equal('ops-load-failed ops-x');
    expect(within(container).getByRole('button', { name: 'Retry' })).to.not.equal(null);
  });
});
