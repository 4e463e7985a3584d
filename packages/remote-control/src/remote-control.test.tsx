// The remote-control parcel as the host runs it (its lifecycles over the real runtime), its calls answered
// by a fake of the server's sendRemoteControl (docs/api.md section 20). Elements are found by role and name.
import { expect } from '@esm-bundle/chai';
import { createBus, hostLifecycles, type RemoteControlRequest } from '@ops/shared';
import { fireEvent, within } from '@testing-library/dom';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { UNIT_1 } from '../../../test/support/devices';
import { byRole, waitFor } from '../../../test/support/dom';
import { testHostServices, testRuntime } from '../../../test/support/runtime';
import * as parcel from './index';

interface Sent {
  body: { params: Record<string, number | string>; signage: string; delay: boolean; machineCode: string };
  key: string;
}

type Answer = { status: number; data: unknown } | 'hang';

const BREAKER: RemoteControlRequest = {
  ...UNIT_1,
  name: '出口断路器',
  signage: 'G1_QF',
  modelClassifyId: 2,
};

let mounted: { done: () => Promise<void> } | null = null;

async function setup(answer: (sent: Sent) => Answer, extra: Record<string, unknown> = {}) {
  const sent: Sent[] = [];
  const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
    if (config.method === 'get') {
      const data = { code: 200, success: true, msg: '', data: extra.devices ?? [] };
      return Promise.resolve({ data, status: 200, statusText: '', headers: {}, config });
    }
    const body = JSON.parse(String(config.data));
    const entry = { body, key: String(config.headers.get('Idempotency-Key')) };
    sent.push(entry);
    const reply = answer(entry);
    if (reply === 'hang') {
      return new Promise((_, reject) =>
        config.signal?.addEventListener?.('abort', () =>
          reject(Object.assign(new Error('canceled'), { code: 'ERR_CANCELED', __CANCEL__: true, config })),
        ),
      );
    }
    return Promise.resolve({ data: reply.data, status: reply.status, statusText: '', headers: {}, config });
  };
  const bus = createBus();
  const runtime = testRuntime({ bus, adapter });
  runtime.session.update({ token: 't', tenantId: '100001' });
  const hosted = hostLifecycles<{ name: string; domElement: HTMLElement }>(parcel, testHostServices(runtime));
  const container = document.createElement('div');
  document.body.append(container);
  const props = { name: '@ops/remote-control', domElement: container, ...extra };
  await hosted.bootstrap(props);
  await hosted.mount(props);
  // Event topics do not replay: requests are published once the parcel listens.
  await waitFor(() => bus.subscriberCount() > 0);
  const rc = {
    sent,
    bus,
    open: (item: RemoteControlRequest) => bus.publish('remote-control:open', item),
    async done() {
      mounted = null;
      await hosted.unmount(props);
      container.remove();
    },
  };
  mounted = rc;
  return rc;
}

const ok = (msg: string) => ({ status: 200, data: { code: 200, success: true, msg, data: null } });
const dialog = () => waitFor(() => document.querySelector<HTMLElement>('sl-dialog.ops-rc-dialog[open]'));
const button = (root: HTMLElement, name: string) => byRole(root, 'button', name) as HTMLButtonElement;
/** Clicks a button once it is enabled (React renders the previous click's change first). */
const click = async (root: HTMLElement, name: string) => {
  fireEvent.click(await waitFor(() => (button(root, name)?.disabled === false ? button(root, name) : null)));
};

describe('remote-control parcel', () => {
  afterEach(async () => {
    await mounted?.done();
  });

  it('runs the breaker sequence with withdraw, one request per click, each with its own key', async () => {
    const rc = await setup(() => ok('遥控命令已执行'));
    rc.open(BREAKER);
    const d = await dialog();
    expect(within(d).getByText('飞来峡水电站')).to.exist;
    expect(within(d).getByText('1号机组')).to.exist;
    expect(within(d).getByText('出口断路器')).to.exist;
    expect(button(d, '预分闸').disabled).to.equal(false);
    expect(button(d, '分闸').disabled).to.equal(true);
    expect(button(d, '预合闸').disabled).to.equal(false);
    expect(button(d, '合闸').disabled).to.equal(true);
    expect(button(d, '发送遥控').disabled).to.equal(true);
    expect(button(d, '撤销遥控').disabled).to.equal(true);

    await click(d, '预分闸');
    await waitFor(() => !button(d, '发送遥控').disabled);
    // A double click: the second comes before the dialog has rendered the first.
    fireEvent.click(button(d, '发送遥控'));
    fireEvent.click(button(d, '发送遥控'));
    await waitFor(() => byRole(d, 'status', '遥控命令已执行'));
    expect(rc.sent.map((s) => s.body.params)).to.deep.equal([{ value: 0 }]);
    // The sent step stays shown as chosen; send waits for the confirm (spec §4).
    expect(button(d, '预分闸').getAttribute('aria-pressed')).to.equal('true');
    expect(button(d, '发送遥控').disabled).to.equal(true);
    expect(button(d, '分闸').disabled).to.equal(false);
    expect(button(d, '预合闸').disabled).to.equal(true);
    expect(button(d, '撤销遥控').disabled).to.equal(false);

    await click(d, '撤销遥控');
    await waitFor(() => rc.sent.length === 2 && !button(d, '预合闸').disabled);
    expect(rc.sent[1]!.body.params).to.deep.equal({ value: 4 });

    await click(d, '预合闸');
    await click(d, '发送遥控');
    await click(d, '合闸');
    await click(d, '发送遥控');
    await waitFor(() => !document.querySelector('sl-dialog.ops-rc-dialog[open]'));
    expect(rc.sent.map((s) => s.body.params.value)).to.deep.equal([0, 4, 2, 3]);
    expect(new Set(rc.sent.map((s) => s.key)).size).to.equal(4);
    expect(
      rc.sent.every((s) => s.body.delay === false && /^[0-9a-f]{16}$/.test(s.body.machineCode)),
    ).to.equal(true);
  });

  it('asks to withdraw an armed pre-step before closing, and withdraws it', async () => {
    const rc = await setup(() => ok('遥控命令已执行'));
    rc.open(BREAKER);
    const d = await dialog();
    await click(d, '预合闸');
    await click(d, '发送遥控');
    await waitFor(() => !button(d, '合闸').disabled);
    // The dialog's own close button (in Shoelace's shadow root).
    (d.shadowRoot as ShadowRoot).querySelector<HTMLElement>('sl-icon-button')?.click();
    const ask = await waitFor(() =>
      [...document.querySelectorAll<HTMLElement>('sl-dialog[open]')].find((el) =>
        el.textContent?.includes('预合闸已下发，关闭前是否撤销？'),
      ),
    );
    await click(ask, '撤销并关闭');
    await waitFor(() => !document.querySelector('sl-dialog.ops-rc-dialog[open]'));
    expect(rc.sent.map((s) => s.body.params.value)).to.deep.equal([2, 4]);
  });

  it('disables every button while a command is in flight', async () => {
    const rc = await setup(() => 'hang');
    rc.open(BREAKER);
    const d = await dialog();
    await click(d, '预分闸');
    await click(d, '发送遥控');
    await waitFor(() => rc.sent.length === 1 && button(d, '发送遥控').disabled);
    for (const name of ['预分闸', '分闸', '预合闸', '合闸', '撤销遥控', '发送遥控']) {
      expect(button(d, name).disabled, name).to.equal(true);
    }
  });

  it('shows a refusal as the tip without its leading Error:, and keeps the breaker unarmed', async () => {
    const rc = await setup(() => ({
      status: 502,
      data: { code: 502, success: false, msg: 'Error: 设备通信中断，命令未执行', data: null },
    }));
    rc.open({ ...BREAKER, deviceCode: 'HS0001-DC', signage: 'DC_QF' });
    const d = await dialog();
    await click(d, '预分闸');
    await click(d, '发送遥控');
    const tip = await waitFor(() => byRole(d, 'alert', '设备通信中断，命令未执行'));
    expect(tip.textContent).to.not.contain('Error');
    expect(button(d, '分闸').disabled).to.equal(true);
    expect(button(d, '撤销遥控').disabled).to.equal(true);
  });

  it('sends a type 4 item’s value 1 at once, without a dialog', async () => {
    const rc = await setup(() => ok('遥控命令已执行'));
    rc.open({ ...BREAKER, name: '信号复归', signage: 'G1_RESET', modelClassifyId: 4 });
    await waitFor(() => rc.sent.length === 1);
    expect(rc.sent[0]!.body.params).to.deep.equal({ value: 1 });
    expect(document.querySelector('sl-dialog.ops-rc-dialog')).to.equal(null);
  });

  it('opens the request the host hands over at mount, once', async () => {
    let handed: RemoteControlRequest | null = {
      ...BREAKER,
      name: '信号复归',
      signage: 'G1_RESET',
      modelClassifyId: 4,
    };
    const rc = await setup(() => ok('遥控命令已执行'), {
      takeRequest: () => {
        const request = handed;
        handed = null;
        return request;
      },
    });
    await waitFor(() => rc.sent.length === 1);
    expect(rc.sent[0]!.body.signage).to.equal('G1_RESET');
    expect(handed).to.equal(null);
  });

  it('looks up an item that comes without its options (the assistant’s request)', async () => {
    const devices = [
      {
        ...UNIT_1,
        functions: [
          {
            name: '运行状态设定',
            signage: 'G1_STATE',
            modelClassifyId: 0,
            // Type 0: each option's value is its dictionary key (DECISIONS 15).
            options: [
              { value: '0', label: '停止' },
              { value: '2', label: '检修' },
            ],
          },
        ],
      },
    ];
    const rc = await setup(() => ok('遥控命令已执行'), { devices });
    rc.open({ ...BREAKER, name: '运行状态设定', signage: 'G1_STATE', modelClassifyId: 0 });
    const d = await dialog();
    fireEvent.click(within(d).getByRole('radio', { name: '检修' }));
    await click(d, '发送遥控');
    await waitFor(() => rc.sent.length === 1);
    // The key as given: text, not a number (spec §7).
    expect(rc.sent[0]!.body.params).to.deep.equal({ value: '2' });
  });

  it('sends the chosen option’s value (type 0 and type 1) and closes', async () => {
    const rc = await setup(() => ok('遥控命令已执行'));
    rc.open({
      ...BREAKER,
      name: '启停控制',
      signage: 'G1_START',
      modelClassifyId: 1,
      options: [
        { value: 0, label: '启动' },
        { value: 1, label: '停止' },
      ],
    });
    const d = await dialog();
    expect(button(d, '发送遥控').disabled).to.equal(true);
    fireEvent.click(within(d).getByRole('radio', { name: '停止' }));
    await click(d, '发送遥控');
    await waitFor(() => !document.querySelector('sl-dialog.ops-rc-dialog[open]'));
    expect(rc.sent[0]!.body).to.include({ signage: 'G1_START' });
    expect(rc.sent[0]!.body.params).to.deep.equal({ value: 1 });
  });

  it('checks numbers on blur and sends them divided by their coefficient (type 3)', async () => {
    const rc = await setup(() => ok('遥控命令已执行'));
    rc.open({
      ...BREAKER,
      name: '功率调节',
      signage: 'G1_SET',
      modelClassifyId: 3,
      minValue: 0,
      maxValue: 100,
      params: [
        { paramsCode: 'P', paramsName: '有功功率设定值', useCoefficient: 1 },
        { paramsCode: 'Q', paramsName: '无功功率', useCoefficient: 10 },
      ],
    });
    const d = await dialog();
    const p = within(d).getByRole('textbox', { name: '有功功率设定值' }) as HTMLInputElement;
    expect(within(d).getByText('有功功率设定…').getAttribute('title')).to.equal('有功功率设定值');
    fireEvent.change(p, { target: { value: '120' } });
    fireEvent.focusOut(p);
    await waitFor(() => within(d).queryByText('数值不能大于 100'));
    await click(d, '发送遥控');
    await waitFor(() => byRole(d, 'alert', '请检查标红的参数'));
    expect(rc.sent).to.deep.equal([]);
    fireEvent.change(p, { target: { value: '' } });
    const q = within(d).getByRole('textbox', { name: '无功功率' });
    fireEvent.change(q, { target: { value: '50' } });
    await click(d, '发送遥控');
    await waitFor(() => rc.sent.length === 1);
    expect(rc.sent[0]!.body.params).to.deep.equal({ Q: 5 });
  });
});
