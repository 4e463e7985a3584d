import { expect } from '@esm-bundle/chai';
import {
  afterToken,
  DEFAULT_PASSWORD,
  editPasswordPath,
  landingPath,
  loginRedirect,
  type TokenAnswer,
} from './login-flow';

const ok: TokenAnswer = {
  access_token: 'a',
  refresh_token: 'r',
  tenant_id: '100001',
  user_id: '2',
  is_init: 0,
};
const ctx = { tenantId: '100001' };

describe('login flow after a token answer (spec §4 Login success)', () => {
  const table: Array<
    [string, TokenAnswer | null, Parameters<typeof afterToken>[1], ReturnType<typeof afterToken>]
  > = [
    [
      'error_description is shown, no sign-in',
      { error_description: '用户名或密码错误', code: 400 },
      ctx,
      { kind: 'error', message: '用户名或密码错误' },
    ],
    [
      'error_description wins over tokens',
      { ...ok, error_description: 'bad' },
      ctx,
      { kind: 'error', message: 'bad' },
    ],
    ['no tokens and no description', { code: 400 }, ctx, { kind: 'invalid' }],
    ['nothing', null, ctx, { kind: 'invalid' }],
    [
      'is_init 1 -> editPassword',
      { ...ok, is_init: 1 },
      ctx,
      { kind: 'init', path: '/editPassword?tenantId=100001' },
    ],
    [
      "isInit '1' -> editPassword",
      { ...ok, is_init: undefined, isInit: '1' },
      ctx,
      { kind: 'init', path: '/editPassword?tenantId=100001' },
    ],
    [
      'isInit wins over redirect',
      { ...ok, is_init: 1 },
      { ...ctx, redirect: '/info/index' },
      { kind: 'init', path: '/editPassword?tenantId=100001' },
    ],
    ['welcome page', ok, ctx, { kind: 'signed-in', path: '/', welcome: true, remindDefaultPassword: false }],
    [
      'safe redirect',
      ok,
      { ...ctx, redirect: '/site/switch' },
      { kind: 'signed-in', path: '/site/switch', welcome: false, remindDefaultPassword: false },
    ],
    [
      'unsafe redirect -> welcome',
      ok,
      { ...ctx, redirect: '//evil.example' },
      { kind: 'signed-in', path: '/', welcome: true, remindDefaultPassword: false },
    ],
    [
      'default password reminder',
      ok,
      { ...ctx, password: DEFAULT_PASSWORD },
      { kind: 'signed-in', path: '/', welcome: true, remindDefaultPassword: true },
    ],
    [
      'another password, no reminder',
      ok,
      { ...ctx, password: 'Hydro@2026' },
      { kind: 'signed-in', path: '/', welcome: true, remindDefaultPassword: false },
    ],
    [
      'unbound social identity -> register',
      { ...ok, user_id: '', role_name: 'guest', oauth_id: 'demo-alice' },
      ctx,
      { kind: 'register', tenantId: '100001', oauthId: 'demo-alice' },
    ],
  ];
  for (const [name, answer, context, expected] of table) {
    it(name, () => {
      expect(afterToken(answer, context)).to.deep.equal(expected);
    });
  }

  it('takes the tenant of the answer over the typed one', () => {
    expect(afterToken({ ...ok, tenant_id: '100002', is_init: '1' }, ctx)).to.deep.equal({
      kind: 'init',
      path: '/editPassword?tenantId=100002',
    });
    expect(editPasswordPath('a&b')).to.equal('/editPassword?tenantId=a%26b');
  });
});

describe('login redirect (spec §2: isBigModel)', () => {
  it('takes the redirect, else the AI page for isBigModel=true, else nothing', () => {
    const table: [string, string | null][] = [
      ['', null],
      ['?isBigModel=true', '/intelligentSpeech/transmit'],
      ['?isBigModel=false', null],
      ['?isBigModel=TRUE', null],
      ['?redirect=%2Finfo%2Findex&isBigModel=true', '/info/index'],
    ];
    for (const [search, target] of table)
      expect(loginRedirect(new URLSearchParams(search)), search).to.equal(target);
  });
});

describe("the login answer's landing directive (spec §3, docs/decisions.md issue 28)", () => {
  const landing = { ...ok, appCode: 'station-monitor', menuPath: '/realtime/index' };
  const table: Array<[string, TokenAnswer, boolean, string | null]> = [
    ['none named', ok, false, null],
    ['empty fields', { ...ok, appCode: '', menuPath: '' }, false, null],
    ['appCode + menuPath: the page under its app', landing, false, '/station-monitor/realtime/index'],
    [
      'a menuPath already under its app',
      { ...landing, menuPath: '/station-monitor/realtime/index' },
      false,
      '/station-monitor/realtime/index',
    ],
    [
      'a menuPath without its leading slash',
      { ...landing, menuPath: 'realtime/index' },
      false,
      '/station-monitor/realtime/index',
    ],
    ['menuPath alone: a console path', { ...ok, menuPath: '/info/index' }, false, '/info/index'],
    ['appCode alone names no page', { ...ok, appCode: 'station-monitor' }, false, null],
    [
      'show* is ignored in the manage system',
      { ...ok, showAppCode: 'station-monitor', showMenuPath: '/visual/index' },
      false,
      null,
    ],
    [
      'show* wins in the visual system',
      { ...landing, showAppCode: 'station-monitor', showMenuPath: '/visual/index' },
      true,
      '/station-monitor/visual/index',
    ],
    [
      'the visual system without show* keeps appCode + menuPath',
      landing,
      true,
      '/station-monitor/realtime/index',
    ],
    ['redirect wins over both', { ...landing, redirect: '/site/switch' }, false, '/site/switch'],
    [
      'an unsafe redirect is ignored',
      { ...landing, redirect: '//evil.example' },
      false,
      '/station-monitor/realtime/index',
    ],
    ['an unsafe menuPath is ignored', { ...ok, menuPath: '//evil.example/x' }, false, null],
    ['a javascript: redirect is ignored', { ...ok, redirect: 'javascript:alert(1)' }, false, null],
  ];
  for (const [name, answer, visual, expected] of table) {
    it(name, () => expect(landingPath(answer, visual)).to.equal(expected));
  }

  it('signed in: the landing page opens instead of the welcome page', () => {
    expect(afterToken(landing, ctx)).to.deep.equal({
      kind: 'signed-in',
      path: '/station-monitor/realtime/index',
      welcome: false,
      remindDefaultPassword: false,
    });
  });

  it("the login page's own redirect wins over the landing", () => {
    const outcome = afterToken(landing, { ...ctx, redirect: '/info/index' });
    expect(outcome).to.include({ kind: 'signed-in', path: '/info/index' });
  });

  it('a first login still goes to the forced password change', () => {
    expect(afterToken({ ...landing, is_init: 1 }, ctx)).to.deep.equal({
      kind: 'init',
      path: '/editPassword?tenantId=100001',
    });
  });
});
