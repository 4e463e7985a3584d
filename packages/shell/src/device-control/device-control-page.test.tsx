// The device-control page against a fake of the server's devices call (docs/api.md section 20); a function's
// 遥控 publishes the whole item on the bus. Elements are found by role and name.
import { expect } from '@esm-bundle/chai';
import { createBus, type RemoteControlRequest } from '@ops/shared';
import { fireEvent, within } from '@testing-library/dom';
import { UNIT_1 } from '../../../../test/support/devices';
import { byRole, waitFor } from '../../../../test/support/dom';
import { mount } from '../../test-support/dom';
import { failure, ok, shellTestServices } from '../../test-support/services';
import { DeviceControlPage } from './device-control-page';
import { AUDIT_API, DEVICES_API } from './rules';

const DEVICES = [
  {
    ...UNIT_1,
    functions: [
      {
        name: '出口断路器',
        signage: 'G1_QF',
        modelClassifyId: 2,
        lastValue: '{"value":0}',
        lastTime: '2026-06-01 12:00:00',
      },
      { name: '信号复归', signage: 'G1_RESET', modelClassifyId: 4 },
    ],
  },
  {
    deviceCode: 'HS0002-G1',
    deviceName: '1号机组',
    projectId: 'HS0002',
    projectName: '白石窑水电站',
    functions: [{ name: '信号复归', signage: 'G1_RESET', modelClassifyId: 4 }],
  },
];

describe('device-control page', () => {
  it('lists the devices by site and opens a function through the bus', async () => {
    const fake = shellTestServices({ [`GET ${DEVICES_API}`]: () => ok(DEVICES) });
    const bus = createBus();
    const opened: RemoteControlRequest[] = [];
    const sub = bus.on('remote-control:open').subscribe((r) => opened.push(r));
    const view = mount(<DeviceControlPage services={fake.services} bus={bus} />);
    const unit = await waitFor(() => byRole(view.container, 'region', '飞来峡水电站 1号机组'));
    expect(byRole(view.container, 'heading', '设备控制')).to.not.equal(null);
    expect(byRole(view.container, 'region', '白石窑水电站 1号机组')).to.not.equal(null);
    const breaker = within(unit).getByRole('row', { name: /出口断路器/ });
    expect(breaker.textContent).to.contain('断路器控制');
    expect(breaker.textContent).to.contain('预分闸');
    fireEvent.click(within(breaker).getByRole('button', { name: '遥控' }));
    expect(opened).to.deep.equal([
      {
        projectId: 'HS0001',
        projectName: '飞来峡水电站',
        deviceCode: 'HS0001-G1',
        deviceName: '1号机组',
        name: '出口断路器',
        signage: 'G1_QF',
        modelClassifyId: 2,
        options: [],
        params: [],
        minValue: null,
        maxValue: null,
      },
    ]);
    sub.unsubscribe();
    view.unmount();
  });

  it('shows administrators the audit, by device and page', async () => {
    const queries: Record<string, string>[] = [];
    const row = (n: number) => ({
      id: String(n),
      time: `2026-06-01 12:00:${String(n).padStart(2, '0')}`,
      account: 'admin',
      deviceCode: 'HS0001-G1',
      deviceName: '1号机组',
      functionName: '信号复归',
      signage: 'G1_RESET',
      value: '{"value":1}',
      result: n === 1 ? 'refused' : 'success',
      msg: '遥控命令已执行',
      latencyMs: 3,
      idempotencyKey: `key-${n}`,
    });
    const fake = shellTestServices({
      [`GET ${DEVICES_API}`]: () => ok(DEVICES),
      [`GET ${AUDIT_API}`]: (call) => {
        queries.push(call.params);
        const page = Number(call.params.current);
        return ok({ records: page === 1 ? [row(1), row(2)] : [row(11)], total: 11, size: 10, current: page });
      },
    });
    fake.services.session.update({
      userInfo: { ...fake.services.session.get().userInfo!, role_name: 'admin' },
    });
    const view = mount(<DeviceControlPage services={fake.services} bus={createBus()} />);
    const audit = await waitFor(() => byRole(view.container, 'region', '遥控记录'));
    await waitFor(() => within(audit).queryByText('key-2'));
    expect(within(audit).getByText('拒绝')).to.exist;
    fireEvent.change(within(audit).getByRole('combobox', { name: '设备' }), {
      target: { value: 'HS0001-G1' },
    });
    await waitFor(() => queries.some((q) => q.deviceCode === 'HS0001-G1'));
    // The pager shows again once the device's first page has answered.
    fireEvent.click(await waitFor(() => within(audit).queryByRole('button', { name: /2/ })));
    await waitFor(() => within(audit).queryByText('key-11'));
    expect(queries.at(-1)).to.deep.equal({ current: '2', size: '10', deviceCode: 'HS0001-G1' });
    view.unmount();
  });

  it('shows no audit to other users', async () => {
    const fake = shellTestServices({ [`GET ${DEVICES_API}`]: () => ok(DEVICES) });
    const view = mount(<DeviceControlPage services={fake.services} bus={createBus()} />);
    await waitFor(() => byRole(view.container, 'region', '飞来峡水电站 1号机组'));
    expect(byRole(view.container, 'region', '遥控记录')).to.equal(null);
    expect(fake.calls.some((c) => c.url === AUDIT_API)).to.equal(false);
    view.unmount();
  });

  it('shows the server’s refusal with a retry', async () => {
    let fail = true;
    const fake = shellTestServices({
      [`GET ${DEVICES_API}`]: () => {
        if (fail) throw failure({ code: 500, msg: '服务暂不可用' }, 500);
        return ok(DEVICES);
      },
    });
    const view = mount(<DeviceControlPage services={fake.services} bus={createBus()} />);
    await waitFor(() => byRole(view.container, 'alert', /服务暂不可用/));
    fail = false;
    fireEvent.click(within(view.container).getByRole('button', { name: '重试' }));
    await waitFor(() => byRole(view.container, 'region', '飞来峡水电站 1号机组'));
    view.unmount();
  });
});
