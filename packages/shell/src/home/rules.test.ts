import { expect } from '@esm-bundle/chai';
import {
  DEFAULT_HOME_VIEW,
  HOME_BUTTON,
  type HomeConfig,
  type HomeFrame,
  type HomeToggle,
  type HomeView,
  homeButtonCodes,
  homeFrame,
  homePathFor,
  homeView,
  workbenchHomeOf,
} from './rules';

const noHome: HomeConfig = { defaultHomeAppCode: '', defaultHomePage: '' };
const configured: HomeConfig = { defaultHomeAppCode: 'station-monitor', defaultHomePage: '/overview/index' };

describe('home: the home path (spec §2 Routes)', () => {
  const table: [string, string | null | undefined, HomeConfig, string][] = [
    ['/index by default', 'operator', noHome, '/index'],
    ['the configured default home app and page', 'operator', configured, '/station-monitor/overview/index'],
    [
      'a configured app without a page opens its /index',
      'operator',
      { defaultHomeAppCode: 'station-monitor', defaultHomePage: '' },
      '/station-monitor/index',
    ],
    [
      'a configured page without a leading slash',
      'operator',
      { defaultHomeAppCode: 'station-monitor', defaultHomePage: 'overview/index' },
      '/station-monitor/overview/index',
    ],
    [
      'a page without an app code is ignored',
      'operator',
      { defaultHomeAppCode: ' ', defaultHomePage: '/x' },
      '/index',
    ],
    ['workbench znywpt', 'znywpt', noHome, '/site/index'],
    ['workbench sdywptjk', 'sdywptjk', noHome, '/monitor/area'],
    ['workbench sdywptsc', 'sdywptsc', noHome, '/monitor/areaDuty'],
    ['a workbench account wins over the configured home', 'znywpt', configured, '/site/index'],
    ['account names are exact (case)', 'ZNYWPT', noHome, '/index'],
    ['no account', undefined, configured, '/station-monitor/overview/index'],
    ['a null account', null, noHome, '/index'],
    ['an account named like an object property', 'constructor', noHome, '/index'],
    ['an account named __proto__', '__proto__', noHome, '/index'],
    ['an account named toString', 'toString', configured, '/station-monitor/overview/index'],
  ];
  for (const [name, account, config, expected] of table) {
    it(name, () => {
      expect(homePathFor(account, config)).to.equal(expected);
    });
  }

  it('workbenchHomeOf names only the three workbench accounts', () => {
    expect(workbenchHomeOf('znywpt')).to.equal('/site/index');
    expect(workbenchHomeOf('admin')).to.equal(null);
    expect(workbenchHomeOf('hasOwnProperty')).to.equal(null);
    expect(workbenchHomeOf(undefined)).to.equal(null);
  });
});

describe('home: full-screen buttons (spec §2, §3 Home-page setting)', () => {
  it('the codes are 1 web full screen, 2 hide chrome, 3 user-info toolbar', () => {
    expect(HOME_BUTTON).to.deep.equal({ webFullScreen: 1, hideChrome: 2, userToolbar: 3 });
  });

  const codes: [string, unknown, number[]][] = [
    ['a list of numbers', [1, 2, 3], [1, 2, 3]],
    ['a list of texts', ['3', '1'], [1, 3]],
    ['comma-separated text', '2, 1', [1, 2]],
    ['a single number', 2, [2]],
    ['a single text', '3', [3]],
    ['duplicates count once', [1, '1', 1], [1]],
    ['unknown codes are ignored', [0, 4, 1.5, -1, '12', 'x', null, {}, 2], [2]],
    ['empty text', '', []],
    ['nothing', undefined, []],
    ['an object', { 1: true }, []],
  ];
  for (const [name, buttons, expected] of codes) {
    it(`reads buttons as codes: ${name}`, () => {
      expect(homeButtonCodes(buttons)).to.deep.equal(expected);
    });
  }

  const views: [string, unknown, HomeView][] = [
    ['no setting', undefined, DEFAULT_HOME_VIEW],
    ['null', null, DEFAULT_HOME_VIEW],
    ['text that is not JSON', '{buttons', DEFAULT_HOME_VIEW],
    ['a list', [1, 2], DEFAULT_HOME_VIEW],
    ['a number', 1, DEFAULT_HOME_VIEW],
    ['no buttons', { value: '' }, { toggles: [], page: null }],
    ['button 1', { buttons: '1' }, { toggles: ['web-full-screen'], page: null }],
    ['button 2', { buttons: [2] }, { toggles: ['hide-chrome'], page: null }],
    ['button 3', { buttons: [3] }, { toggles: ['user-toolbar'], page: null }],
    [
      'all three, in code order',
      { buttons: '3,1,2' },
      { toggles: ['web-full-screen', 'hide-chrome', 'user-toolbar'], page: null },
    ],
    [
      'JSON text with a page',
      '{"buttons":"2","value":"/station-monitor/overview/index"}',
      { toggles: ['hide-chrome'], page: '/station-monitor/overview/index' },
    ],
    ['a page with spaces around it', { value: ' /index ' }, { toggles: [], page: '/index' }],
    ['a javascript: value is no page', { value: 'javascript:alert(1)' }, { toggles: [], page: null }],
    ['a protocol-relative value is no page', { value: '//evil.example/a' }, { toggles: [], page: null }],
    ['another origin is no page', { value: 'https://evil.example/a' }, { toggles: [], page: null }],
    ['a numeric value is no page', { value: 2 }, { toggles: [], page: null }],
  ];
  for (const [name, setting, expected] of views) {
    it(`what the home view shows: ${name}`, () => {
      expect(homeView(setting)).to.deep.equal(expected);
    });
  }

  it('never throws, even on an object whose fields throw', () => {
    const hostile = {
      get buttons(): unknown {
        throw new Error('boom');
      },
    };
    expect(homeView(hostile)).to.deep.equal(DEFAULT_HOME_VIEW);
  });

  const all = homeView({ buttons: [1, 2, 3] });
  const frames: [string, HomeView, HomeToggle | null, HomeFrame][] = [
    ['all off', all, null, { fillWindow: false, hideChrome: false, userToolbar: false }],
    [
      '1: the home view fills the window',
      all,
      'web-full-screen',
      { fillWindow: true, hideChrome: false, userToolbar: false },
    ],
    [
      '2: the chrome is hidden',
      all,
      'hide-chrome',
      { fillWindow: false, hideChrome: true, userToolbar: false },
    ],
    [
      '3: the chrome is hidden and the user-info toolbar shows',
      all,
      'user-toolbar',
      { fillWindow: false, hideChrome: true, userToolbar: true },
    ],
    [
      'a toggle the setting does not offer stays off',
      homeView({ buttons: [1] }),
      'hide-chrome',
      { fillWindow: false, hideChrome: false, userToolbar: false },
    ],
    [
      'no buttons: nothing can be switched on',
      DEFAULT_HOME_VIEW,
      'web-full-screen',
      { fillWindow: false, hideChrome: false, userToolbar: false },
    ],
  ];
  for (const [name, view, on, expected] of frames) {
    it(`the frame: ${name}`, () => {
      expect(homeFrame(view, on)).to.deep.equal(expected);
    });
  }
});
