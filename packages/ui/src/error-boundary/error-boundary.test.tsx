import { expect } from '@esm-bundle/chai';
import { createBus, type ErrorLogEntry, hostLifecycles } from '@ops/shared';
import type { ErrorInfo, ReactNode } from 'react';
import { reactLifecycles } from '../lifecycles/react-lifecycles';
import { cleanup, getByRole, render, waitFor } from '../test-support';
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
    const panel = getByRole(container, 'alert');
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
    expect(getByRole(container, 'alert')).to.exist;
    await rerender(
      <ErrorBoundary label="电站监视" resetKeys={['/b']}>
        <Broken fail={false} />
      </ErrorBoundary>,
    );
    expect(container.textContent).to.equal('站点列表');
  });
});

describe('reactLifecycles', () => {
  it('keeps a crash inside the package and publishes an error-log entry on the bus', async () => {
    const bus = createBus();
    const entries: ErrorLogEntry[] = [];
    const sub = bus.on('error-log:entry').subscribe((entry) => entries.push(entry));
    const container = document.createElement('div');
    document.body.append(container);
    const hosted = hostLifecycles<{ name: string; domElement: HTMLElement }>(
      reactLifecycles({ rootComponent: () => <Broken fail />, label: '通知' }),
      bus,
    );
    const props = { name: 'crashing', domElement: container };
    await hosted.bootstrap(props);
    await hosted.mount(props);
    const panel = await waitFor(() => container.querySelector('[role=alert]'));
    expect(panel.textContent).to.contain('通知 运行出错');
    expect(entries).to.have.length(1);
    expect(entries[0]).to.include({ type: 'boundary', message: 'station list exploded', url: location.href });
    expect(entries[0].stack).to.contain('station list exploded');
    expect(entries[0].info).to.contain('Broken');
    await hosted.unmount(props);
    sub.unsubscribe();
    container.remove();
  });
});
