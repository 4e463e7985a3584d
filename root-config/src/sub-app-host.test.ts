import { expect } from '@esm-bundle/chai';
import { createBus, type ErrorLogEntry, type Lifecycles, type Runtime } from '@ops/shared';
import { waitFor } from '../../test/support/dom';
import { testRuntime } from '../../test/support/runtime';
import { APPLICATIONS_URL, createSubAppHost, MENU_ROUTES_URL, type Registrar } from './sub-app-host';
import {
  assertSingular,
  entriesToAdd,
  type ServedMap,
  servedMapOf,
  subAppOfPath,
  subAppSourcesOf,
  subAppSpecifierOf,
  subAppsOf,
} from './sub-apps';

describe('sub-apps: the list made of the applications and menus (docs/api.md section 5)', () => {
  it('takes the applications with their names, then app codes only the menu names, skipping bad codes', () => {
    const sources = subAppSourcesOf(
      [
        { code: 'station-monitor', name: '电站监视', path: '/station-monitor' },
        { code: 'bad code', name: 'x' },
        { code: 'station-monitor', name: 'duplicate' },
        { name: 'no code' },
        null,
      ],
      [
        { appCode: 'station-monitor', children: [{ appCode: 'energy', children: [{ appCode: '../x' }] }] },
        { appCode: '' },
        'junk',
      ],
    );
    expect(sources).to.deep.equal([
      { code: 'station-monitor', path: '/station-monitor', name: '电站监视' },
      { code: 'energy', path: '/energy', name: 'energy' },
    ]);
    expect(subAppSourcesOf(null, { not: 'a list' })).to.deep.equal([]);
  });

  it("names each app's bundle and asks the import map whether it is there", () => {
    const apps = subAppsOf(
      [
        { code: 'station-monitor', path: '/station-monitor', name: '电站监视' },
        { code: 'energy', path: '/energy' },
      ],
      (specifier) => specifier === '@ops/app-station-monitor',
    );
    expect(apps).to.deep.equal([
      { code: 'station-monitor', specifier: '@ops/app-station-monitor', label: '电站监视', installed: true },
      { code: 'energy', specifier: '@ops/app-energy', label: 'energy', installed: false },
    ]);
  });

  it("names the sub-app of a path: a fixed route's owner first, else the prefix among the codes", () => {
    const codes = ['station-monitor', 'leave-workflow'];
    expect(subAppOfPath('/station-monitor/overview/index', codes)).to.equal('station-monitor');
    expect(subAppOfPath('/work/process/leave/form/leave_process:1:10001', codes)).to.equal('leave-workflow');
    expect(subAppOfPath('/work/process/leave/detail/9/7', [])).to.equal('leave-workflow');
    expect(subAppOfPath('/work/process/leave/other', codes)).to.equal(null);
    expect(subAppOfPath('/noticeinfo/info', codes)).to.equal(null);
    expect(subAppOfPath('/station-monitorx', codes)).to.equal(null);
    expect(subAppSpecifierOf('leave-workflow')).to.equal('@ops/app-leave-workflow');
  });

  it('holds the singular rule: one mounted sub-app passes, two throw; layout applications do not count', () => {
    expect(() => assertSingular(['@ops/shell', 'sub-app:station-monitor'])).to.not.throw();
    expect(() => assertSingular(['sub-app:station-monitor', 'sub-app:leave-workflow'])).to.throw(/Singular/);
  });

  it("adds to the page's map only the installed sub-apps it resolves otherwise, with their integrity", () => {
    const served: ServedMap = {
      imports: {
        '@ops/app-solar': '/assets/apps/solar/abc/solar.js',
        '@ops/app-leave': '/apps/leave/leave.js',
        '@ops/app-wind': '/assets/apps/wind/def/wind.js',
      },
      integrity: { '/assets/apps/solar/abc/solar.js': 'sha384-solar' },
    };
    const apps = subAppsOf(
      [
        { code: 'solar', path: '/solar' },
        { code: 'leave', path: '/leave' },
        { code: 'wind', path: '/wind' },
        { code: 'gone', path: '/gone' },
      ],
      (specifier) => specifier !== '@ops/app-wind' && specifier !== '@ops/app-gone',
    );
    const page: Record<string, string> = { '@ops/app-leave': 'http://console.test/apps/leave/leave.js' };
    const added = entriesToAdd(served, apps, (specifier) => page[specifier] ?? null, 'http://console.test/x');
    expect(added).to.deep.equal({
      imports: { '@ops/app-solar': '/assets/apps/solar/abc/solar.js' },
      integrity: { '/assets/apps/solar/abc/solar.js': 'sha384-solar' },
    });
    expect(entriesToAdd(served, apps.slice(1, 2), () => null, 'http://console.test/')).to.deep.equal({
      imports: { '@ops/app-leave': '/apps/leave/leave.js' },
      integrity: {},
    });
    expect(entriesToAdd(served, apps.slice(1, 2), (s) => page[s] ?? null, 'http://console.test/')).to.equal(
      null,
    );
  });

  it('reads a served map from JSON, keeping only string entries', () => {
    expect(
      servedMapOf({ imports: { a: '/a.js', b: 1 }, integrity: { '/a.js': 'sha384-a', x: null } }),
    ).to.deep.equal({ imports: { a: '/a.js' }, integrity: { '/a.js': 'sha384-a' } });
    expect(servedMapOf({ imports: { a: '/a.js' } })).to.deep.equal({
      imports: { a: '/a.js' },
      integrity: {},
    });
    for (const junk of [null, 'x', [], { imports: [] }, { scopes: {} }])
      expect(servedMapOf(junk)).to.equal(null);
  });
});

/** single-spa as the host sees it: what is registered, in order; unregistering takes a task. */
function fakeRegistrar() {
  const apps = new Map<string, Parameters<Registrar['registerApplication']>[0]>();
  const log: string[] = [];
  const registrar: Registrar = {
    registerApplication(config) {
      if (apps.has(config.name)) throw new Error(`already registered: ${config.name}`);
      apps.set(config.name, config);
      log.push(`+${config.name}`);
    },
    async unregisterApplication(name) {
      await new Promise((resolve) => setTimeout(resolve));
      apps.delete(name);
      log.push(`-${name}`);
    },
    reroute() {
      log.push('reroute');
    },
  };
  const active = (pathname: string) =>
    [...apps.values()].filter((app) => app.activeWhen({ pathname } as Location)).map((app) => app.name);
  return { registrar, apps, log, active };
}

type Answers = Record<string, unknown>;

function hostWith(
  answers: () => Answers | Error,
  installed = (specifier: string) => specifier !== '@ops/app-energy',
  /** The map the server serves per tenant now; null: it cannot be read (the page's map decides). */
  servedFor: (tenantId: string) => ServedMap | null = () => null,
) {
  const calls: string[] = [];
  const bus = createBus();
  const errors: ErrorLogEntry[] = [];
  bus.on('error-log:entry').subscribe((entry) => errors.push(entry));
  const rt: Runtime = testRuntime({
    bus,
    adapter: async (config) => {
      calls.push(String(config.url));
      const given = answers();
      if (given instanceof Error)
        throw Object.assign(given, { config, isAxiosError: true, code: 'ERR_NETWORK' });
      const data = given[String(config.url)];
      return {
        data: { code: 200, success: true, data, msg: '' },
        status: 200,
        statusText: 'OK',
        headers: {},
        config,
      };
    },
  });
  const fake = fakeRegistrar();
  const slots: string[] = [];
  const mapsRead: string[] = [];
  const adopted: { served: ServedMap; apps: string[] }[] = [];
  const host = createSubAppHost({
    http: rt.api.http,
    session: rt.session,
    sessionSignal: () => rt.sessionContext.signal(),
    isInstalled: installed,
    readImportMap: async (tenantId) => {
      mapsRead.push(tenantId);
      const served = servedFor(tenantId);
      if (!served) throw new Error('importmap.json could not be read');
      return served;
    },
    adoptEntries: (served, apps) => adopted.push({ served, apps: apps.map((app) => app.code) }),
    registrar: fake.registrar,
    slotFor: (app) => {
      slots.push(app.code);
      return {} as Lifecycles<never>;
    },
    mainView: () => document.body,
    bus,
  });
  return { rt, host, fake, calls, errors, slots, mapsRead, adopted };
}

const signIn = (rt: Runtime, tenantId = '100001', userId = '1') =>
  rt.session.update({
    token: `token-${tenantId}-${userId}`,
    tenantId,
    userInfo: { user_id: userId, account: `user${userId}` } as never,
  });

const ANSWERS: Answers = {
  [APPLICATIONS_URL]: [
    { code: 'station-monitor', name: '电站监视', path: '/station-monitor' },
    { code: 'leave-workflow', name: '请假流程', path: '/leave-workflow' },
  ],
  [MENU_ROUTES_URL]: [{ appCode: 'energy', name: '储能', children: [] }],
};

describe('sub-app host: registration follows the signed-in user', () => {
  it('registers nothing signed out, then one application per app code of the user once read', async () => {
    const { rt, host, fake, calls } = hostWith(() => ANSWERS);
    expect(host.state().status).to.equal('none');
    expect([...fake.apps.keys()]).to.deep.equal(['sub-app:(missing)']);
    signIn(rt);
    expect(host.state().status, 'the guard waits while the list is read').to.equal('pending');
    await host.settled();
    expect(calls.sort()).to.deep.equal([MENU_ROUTES_URL, APPLICATIONS_URL].sort());
    expect(host.state().apps.map((app) => [app.code, app.installed])).to.deep.equal([
      ['station-monitor', true],
      ['leave-workflow', true],
      ['energy', false],
    ]);
    expect(fake.active('/station-monitor/overview/index')).to.deep.equal(['sub-app:station-monitor']);
    expect(fake.active('/work/process/leave/form/leave_process:1:10001')).to.deep.equal([
      'sub-app:leave-workflow',
    ]);
    expect(fake.active('/station-monitorx/overview')).to.deep.equal([]);
    expect(fake.active('/noticeinfo/info')).to.deep.equal([]);
    expect(
      rt.session.get().menuApps.map((app) => app.code),
      'kept with the session',
    ).to.deep.equal(['station-monitor', 'leave-workflow', 'energy']);
    host.dispose();
  });

  it('reads the lists once per sign-in: the token alone waits for the user it belongs to', async () => {
    const { rt, host, calls } = hostWith(() => ANSWERS);
    // The login flow stores the token, then reads the user's info.
    rt.session.update({ token: 'token-100001-1', tenantId: '100001' });
    expect(host.state().status, 'the guard waits meanwhile').to.equal('pending');
    await Promise.resolve();
    expect(calls, 'nothing read for a user not known yet').to.deep.equal([]);
    rt.session.update({ userInfo: { user_id: '1', account: 'user1' } as never });
    await host.settled();
    expect(calls.sort()).to.deep.equal([MENU_ROUTES_URL, APPLICATIONS_URL].sort());
    expect(host.state().apps.map((app) => app.code)).to.deep.equal([
      'station-monitor',
      'leave-workflow',
      'energy',
    ]);
    host.dispose();
  });

  it('never imports an app the import map lacks: its pages get the "not installed" panel', async () => {
    const { rt, host, fake, slots } = hostWith(() => ANSWERS);
    signIn(rt);
    await host.settled();
    const energy = fake.apps.get('sub-app:energy');
    const lifecycles = (await energy?.app()) as unknown as Lifecycles<{
      domElementGetter: () => HTMLElement;
    }>;
    const view = document.createElement('main');
    document.body.append(view);
    await lifecycles.mount({ domElementGetter: () => view } as never);
    expect(view.querySelector('h1')?.textContent).to.equal('energy');
    expect(view.textContent).to.match(/未安装|not installed/);
    await lifecycles.unmount({} as never);
    expect(view.childElementCount).to.equal(0);
    view.remove();
    await fake.apps.get('sub-app:station-monitor')?.app();
    expect(slots, 'only installed apps get a slot').to.deep.equal(['station-monitor']);
    host.dispose();
  });

  it('unregisters every sub-app on sign-out, and another tenant gets its own set', async () => {
    let answers = ANSWERS;
    const { rt, host, fake } = hostWith(() => answers);
    signIn(rt);
    await host.settled();
    rt.session.clear();
    expect(host.state()).to.deep.equal({ status: 'none', apps: [] });
    answers = {
      [APPLICATIONS_URL]: [{ code: 'station-monitor', name: '电站监视' }],
      [MENU_ROUTES_URL]: [],
    };
    signIn(rt, '100002', '7');
    await host.settled();
    await waitFor(() => fake.apps.has('sub-app:station-monitor') && !fake.apps.has('sub-app:leave-workflow'));
    expect([...fake.apps.keys()].sort()).to.deep.equal(['sub-app:(missing)', 'sub-app:station-monitor']);
    expect(fake.log.filter((entry) => entry.includes('station-monitor'))).to.deep.equal([
      '+sub-app:station-monitor',
      '-sub-app:station-monitor',
      '+sub-app:station-monitor',
    ]);
    host.dispose();
  });

  it('registers at once from the list kept with the session (a reload) and reads it again behind', async () => {
    const { rt, host, fake, calls } = hostWith(() => ANSWERS);
    rt.session.update({
      menuApps: [{ code: 'station-monitor', path: '/station-monitor', name: '电站监视' }],
    });
    signIn(rt);
    expect(host.state().status).to.equal('ready');
    expect(fake.apps.has('sub-app:station-monitor')).to.equal(true);
    await waitFor(() => host.state().apps.length === 3);
    expect(calls).to.have.length(2);
    host.dispose();
  });

  it('stops waiting when the list cannot be read, with one error-log entry', async () => {
    const { rt, host, errors, fake } = hostWith(() => new Error('Network Error'));
    signIn(rt);
    await host.settled();
    expect(host.state()).to.deep.equal({ status: 'ready', apps: [] });
    expect(errors.filter((entry) => entry.info.startsWith('sub-apps'))).to.have.length(1);
    expect(fake.log).to.include('reroute');
    host.dispose();
  });

  it('shows "not installed" on a fixed route whose app the user does not have, once the list is known', async () => {
    const { rt, host, fake } = hostWith(() => ({
      [APPLICATIONS_URL]: [{ code: 'station-monitor', name: '电站监视' }],
      [MENU_ROUTES_URL]: [],
    }));
    signIn(rt);
    expect(fake.active('/work/process/leave/detail/1/2'), 'not while the list is read').to.deep.equal([]);
    await host.settled();
    expect(fake.active('/work/process/leave/detail/1/2')).to.deep.equal(['sub-app:(missing)']);
    host.dispose();
  });

  it("installs what the tenant's map serves at sign-in, not what the page's map had when it loaded", async () => {
    // The page loaded before energy was published for 100001 (and with leave-workflow, since rolled back).
    const served: Record<string, ServedMap> = {
      '100001': {
        imports: {
          '@ops/app-station-monitor': '/apps/station-monitor/sm.js',
          '@ops/app-energy': '/assets/apps/energy/abc/energy.js',
        },
      },
      '100002': { imports: { '@ops/app-station-monitor': '/apps/station-monitor/sm.js' } },
    };
    const { rt, host, fake, slots, mapsRead, adopted } = hostWith(
      () => ANSWERS,
      (specifier) => specifier !== '@ops/app-energy',
      (tenantId) => served[tenantId] ?? null,
    );
    signIn(rt);
    await host.settled();
    expect(mapsRead).to.deep.equal(['100001']);
    expect(host.state().apps.map((app) => [app.code, app.installed])).to.deep.equal([
      ['station-monitor', true],
      ['leave-workflow', false],
      ['energy', true],
    ]);
    expect(adopted).to.deep.equal([
      { served: served['100001'], apps: ['station-monitor', 'leave-workflow', 'energy'] },
    ]);
    await fake.apps.get('sub-app:energy')?.app();
    const leave = (await fake.apps.get('sub-app:leave-workflow')?.app()) as unknown as Lifecycles<{
      domElementGetter: () => HTMLElement;
    }>;
    expect(slots, 'the rolled-back app gets no slot').to.deep.equal(['energy']);
    const view = document.createElement('main');
    document.body.append(view);
    await leave.mount({ domElementGetter: () => view } as never);
    expect(view.textContent).to.match(/未安装|not installed/);
    await leave.unmount({} as never);
    view.remove();

    // Another tenant signs in on the same page: its own map, without energy.
    rt.session.clear();
    signIn(rt, '100002', '7');
    await host.settled();
    expect(mapsRead).to.deep.equal(['100001', '100002']);
    expect(host.state().apps.find((app) => app.code === 'energy')?.installed).to.equal(false);
    host.dispose();
  });

  it('registers a kept app again when the tenant map read behind says its bundle came or went', async () => {
    const { rt, host, fake } = hostWith(
      () => ANSWERS,
      () => true,
      () => ({ imports: { '@ops/app-leave-workflow': '/apps/leave/l.js' } }),
    );
    rt.session.update({
      menuApps: [{ code: 'station-monitor', path: '/station-monitor', name: '电站监视' }],
    });
    signIn(rt);
    expect(host.state().apps[0]?.installed, "from the page's map at once").to.equal(true);
    await waitFor(
      () => fake.log.includes('-sub-app:station-monitor') && fake.apps.has('sub-app:station-monitor'),
    );
    expect(fake.log.filter((entry) => entry.includes('station-monitor'))).to.deep.equal([
      '+sub-app:station-monitor',
      '-sub-app:station-monitor',
      '+sub-app:station-monitor',
    ]);
    expect(host.state().apps.map((app) => [app.code, app.installed])).to.deep.equal([
      ['station-monitor', false],
      ['leave-workflow', true],
      ['energy', false],
    ]);
    host.dispose();
  });
});
