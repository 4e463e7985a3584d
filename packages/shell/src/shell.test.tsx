import { expect } from '@esm-bundle/chai';
import { createBus, hostLifecycles, type LoadModule, type Runtime } from '@ops/shared';
import { mountRootParcel } from 'single-spa';
import { byRole, waitFor } from '../../../test/support/dom';
import { testHostServices, testRuntime } from '../../../test/support/runtime';
import * as shell from './index';
import { parcelsFor } from './slots/parcels';

/** A stand-in parcel: a labelled region, removed on unmount. */
function regionParcel(label: string) {
  return {
    bootstrap: async () => undefined,
    mount: async ({ domElement }: { domElement: HTMLElement }) => {
      const region = document.createElement('section');
      region.setAttribute('aria-label', label);
      region.textContent = label;
      domElement.append(region);
    },
    unmount: async ({ domElement }: { domElement: HTMLElement }) => domElement.replaceChildren(),
  };
}

const throwingParcel = {
  bootstrap: async () => undefined,
  mount: async () => {
    throw new Error('remote control failed to start');
  },
  unmount: async () => undefined,
};

function signedIn(runtime: Runtime, gglmOpenRelation: string, tenantId = '100001', layoutState = '') {
  runtime.session.update({
    token: 'token',
    tenantId,
    userInfo: {
      user_id: '1',
      account: 'operator',
      user_name: 'operator',
      tenant_id: tenantId,
      layoutState,
    } as never,
    systemParams: { isSystemAuthentication: '0', gglmOpenRelation },
  });
  return runtime;
}

describe('parcel slots by session (spec §6)', () => {
  it('mounts the assistant only when gglmOpenRelation is 1 and the system is manage', () => {
    const session = (relation: string, tenantId = '100001', showVisual = false) =>
      signedIn(testRuntime(), relation, tenantId, JSON.stringify({ showVisual })).session.get();
    const all = ['notices', 'remoteControl', 'assistant'];
    expect(parcelsFor(session('1'), 'manage')).to.deep.equal(all);
    expect(parcelsFor(session('0'), 'manage')).to.deep.equal(['notices', 'remoteControl']);
    expect(parcelsFor(session('1', '100002', true), 'visual'), 'visual system').to.deep.equal([
      'notices',
      'remoteControl',
    ]);
  });

  it('follows the tab’s system, not the saved layout’s (spec §6, DECISIONS 4)', () => {
    const session = (showVisual: boolean) =>
      signedIn(testRuntime(), '1', '100002', JSON.stringify({ showVisual })).session.get();
    // Switched to the visual system by hand: no robot; a visual layout switched back to manage: the robot.
    expect(parcelsFor(session(false), 'visual')).to.deep.equal(['notices', 'remoteControl']);
    expect(parcelsFor(session(true), 'manage')).to.deep.equal(['notices', 'remoteControl', 'assistant']);
  });
});

describe('shell chrome', () => {
  let container: HTMLElement;
  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
  });
  afterEach(() => container.remove());

  it('stays usable when a parcel fails to load or throws in mount, and Retry recovers', async () => {
    let noticesAvailable = false;
    const loaded: string[] = [];
    const loadModule: LoadModule = async <T,>(specifier: string) => {
      loaded.push(specifier);
      if (specifier === '@ops/notices') {
        if (!noticesAvailable) throw new Error('Error loading /notices/notices.abc.js');
        return regionParcel('通知') as T;
      }
      if (specifier === '@ops/remote-control') return throwingParcel as T;
      return regionParcel('AI 助手') as T;
    };
    const bus = createBus();
    const runtime = signedIn(testRuntime({ bus }), '1');
    const services = testHostServices(runtime);
    const parcel = mountRootParcel(
      hostLifecycles(shell, services) as never,
      { domElement: container, loadModule, runtime, services } as never,
    );
    await parcel.mountPromise;

    const noticesError = await waitFor(() => byRole(container, 'alert', /通知.*加载失败/));
    // The remote-control parcel's code loads only with the first remote-control:open (P2).
    expect(loaded).to.not.include('@ops/remote-control');
    bus.publish('remote-control:open', {
      projectId: 'HS0001',
      projectName: '飞来峡水电站',
      deviceCode: 'HS0001-G1',
      deviceName: '1号机组',
      name: '信号复归',
      signage: 'G1_RESET',
      modelClassifyId: 4,
    });
    await waitFor(() => byRole(container, 'alert', /远程控制.*运行出错/));
    // The assistant's code loads only on the robot's first click (P2).
    const robot = await waitFor(() => byRole(container, 'button', 'AI 助手'));
    expect(loaded).to.not.include('@ops/assistant');
    (robot as HTMLElement).click();
    await waitFor(() => byRole(container, 'region', 'AI 助手'));
    expect(loaded.filter((s) => s === '@ops/assistant')).to.deep.equal(['@ops/assistant']);
    // The rest of the chrome is there: the main menu and the top bar with the user menu.
    expect(byRole(container, 'navigation', '主菜单')).to.not.equal(null);
    expect(byRole(container, 'button', '全屏')).to.not.equal(null);

    noticesAvailable = true;
    const retry = noticesError.querySelector('button');
    expect(retry?.textContent).to.equal('重试');
    retry?.click();
    await waitFor(() => byRole(container, 'region', '通知'));
    expect(byRole(container, 'alert', /通知.*加载失败/)).to.equal(null);

    await parcel.unmount();
    expect(container.childNodes.length).to.equal(0);
    expect(bus.subscriberCount()).to.equal(0);
  });
});
