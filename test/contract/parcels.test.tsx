// The parcel contract, run for every parcel and the demo sub-app exactly as the host runs them: mount
// then unmount leaves no DOM nodes, no <style>/<link>, no bus subscribers and no new window globals;
// unmounting twice is harmless; a parcel can be mounted again after unmounting.
import { expect } from '@esm-bundle/chai';
import * as leaveWorkflow from '@ops/app-leave-workflow';
import * as stationMonitor from '@ops/app-station-monitor';
import * as versions from '@ops/app-versions';
import * as assistant from '@ops/assistant';
import * as notices from '@ops/notices';
import * as remoteControl from '@ops/remote-control';
import { createBus, type HostProps, hostLifecycles } from '@ops/shared';
import { waitFor } from '../support/dom';
import { testHostServices, testRuntime } from '../support/runtime';

// Each with a text it shows once mounted (parcels show their name; the sub-app its title).
const MODULES: Array<[string, unknown, string]> = [
  ['@ops/notices', notices, '通知'],
  ['@ops/remote-control', remoteControl, '远程控制'],
  ['@ops/assistant', assistant, 'AI 助手'],
  ['@ops/app-station-monitor', stationMonitor, '电站监视'],
  ['@ops/app-leave-workflow', leaveWorkflow, '请假申请'],
  ['@ops/app-versions', versions, '版本管理'],
];

const headNodes = () => [...document.head.querySelectorAll('style, link')];

for (const [name, module, shows] of MODULES) {
  describe(`parcel contract: ${name}`, () => {
    it('mounts visibly, then unmount leaves no DOM, styles, subscribers or globals behind', async () => {
      const bus = createBus();
      const container = document.createElement('div');
      document.body.append(container);
      const headBefore = headNodes();
      const globalsBefore = new Set(Object.keys(window));
      const hosted = hostLifecycles<{ name: string; domElement: HTMLElement }>(
        module,
        testHostServices(testRuntime({ bus })),
      );
      const props = { name, domElement: container };

      await hosted.bootstrap(props);
      await hosted.mount(props);
      await waitFor(() => container.childElementCount > 0);
      expect(container.textContent).to.contain(shows);
      expect(headNodes().length).to.be.greaterThan(
        headBefore.length,
        'its stylesheet is linked while mounted',
      );

      await hosted.unmount(props);
      expect(container.childNodes.length).to.equal(0);
      expect(headNodes()).to.deep.equal(headBefore);
      expect(bus.subscriberCount()).to.equal(0);
      expect([...Object.keys(window)].filter((key) => !globalsBefore.has(key))).to.deep.equal([]);
      container.remove();
    });

    it('treats a second unmount as harmless and mounts again afterwards', async () => {
      const bus = createBus();
      const container = document.createElement('div');
      document.body.append(container);
      const hosted = hostLifecycles<{ name: string; domElement: HTMLElement }>(
        module,
        testHostServices(testRuntime({ bus })),
      );
      const props = { name: `${name}#again`, domElement: container };
      await hosted.bootstrap(props);
      await hosted.mount(props);
      await hosted.unmount(props);
      await hosted.unmount(props);
      expect(container.childNodes.length).to.equal(0);
      await hosted.mount(props);
      await waitFor(() => container.childElementCount > 0);
      await hosted.unmount(props);
      expect(container.childNodes.length).to.equal(0);
      expect(bus.subscriberCount()).to.equal(0);
      container.remove();
    });
  });
}

describe('host context', () => {
  it('hands every module one typed context whose signal ends with the mount and with the session', async () => {
    const bus = createBus();
    const runtime = testRuntime({ bus });
    runtime.session.update({ token: 't', tenantId: '100001' });
    const seen: HostProps[] = [];
    const probe = {
      mount: async (props: HostProps) => {
        seen.push(props);
      },
      unmount: async () => undefined,
    };
    const hosted = hostLifecycles<{ name: string }>(probe, testHostServices(runtime));
    await hosted.mount({ name: 'probe' });
    const [context] = seen as [HostProps];
    expect(typeof context.http.get).to.equal('function');
    expect(typeof context.stream).to.equal('function');
    expect(context.session.get().tenantId).to.equal('100001');
    expect(context.config.storagePrefix).to.equal('test-');
    expect(typeof context.storage.get).to.equal('function');
    expect(
      context,
      'texts come through registerTexts and useTexts, not an i18next handle',
    ).to.not.have.property('i18n');
    expect(['zh', 'en']).to.include(context.language.current());
    expect(context.signal.aborted).to.equal(false);
    await hosted.unmount({ name: 'probe' });
    expect(context.signal.aborted, 'unmount ends the signal').to.equal(true);
    expect(context.bus.disposed).to.equal(true);

    await hosted.mount({ name: 'probe' });
    const second = seen[1] as HostProps;
    expect(second.signal.aborted).to.equal(false);
    runtime.session.update({ subStation: { id: 's1', name: 'A', tenantId: '100001', deptId: 'd1' } });
    expect(second.signal.aborted, 'a station switch ends the session context').to.equal(true);
    await hosted.unmount({ name: 'probe' });
  });

  it('signs out through the runtime and goes to the login page', async () => {
    const runtime = testRuntime();
    runtime.session.update({ token: 't', tenantId: '100001', sourceTenantId: '000000' });
    const services = testHostServices(runtime);
    await services.signOut();
    expect(runtime.session.get().token).to.equal('');
    expect(services.navigations).to.deep.equal(['/login?tenantId=000000']);
  });
});
