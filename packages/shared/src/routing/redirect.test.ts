import { expect } from '@esm-bundle/chai';
import { afterLoginPath, returnPathOf, safeRedirect, withRedirect } from './redirect';

describe('safe redirect (DECISIONS 2)', () => {
  const cases: Array<[string | null | undefined, string | null]> = [
    ['/station-monitor/overview/index', '/station-monitor/overview/index'],
    [
      '/noticeinfo/info?type=notice&name=%E9%80%9A%E7%9F%A5',
      '/noticeinfo/info?type=notice&name=%E9%80%9A%E7%9F%A5',
    ],
    ['/', '/'],
    ['/a#part', '/a#part'],
    ['//evil.example/x', null],
    ['/\\evil.example', null],
    ['/\t/evil.example', null],
    ['https://evil.example/', null],
    ['javascript:alert(1)', null],
    ['evil.example', null],
    ['', null],
    [null, null],
    [undefined, null],
  ];
  for (const [input, expected] of cases) {
    it(`${JSON.stringify(input)} -> ${JSON.stringify(expected)}`, () => {
      expect(safeRedirect(input)).to.equal(expected);
    });
  }

  it('falls back when the redirect is unsafe', () => {
    expect(afterLoginPath('//evil.example', '/')).to.equal('/');
    expect(afterLoginPath('/info/index', '/')).to.equal('/info/index');
  });

  it('keeps a safe redirect on a sign-in link and drops an unsafe one', () => {
    expect(withRedirect('/login', '/site/switch')).to.equal('/login?redirect=%2Fsite%2Fswitch');
    expect(withRedirect('/login', '//evil.example', { tenantId: '100001' })).to.equal(
      '/login?tenantId=100001',
    );
  });
});

describe('the page to come back to after a forced logout', () => {
  const cases: Array<[string | undefined, string | null]> = [
    ['/station-monitor?x=1', '/station-monitor?x=1'],
    ['/authorization?redirect=%2Fstation-monitor%3Fx%3D1', '/station-monitor?x=1'],
    ['/login?redirect=%2Findex&tenantId=100001', '/index'],
    ['/authorization', null],
    ['/authorization?redirect=%2F%2Fevil.example', null],
    ['//evil.example', null],
    [undefined, null],
  ];
  for (const [current, expected] of cases) {
    it(`${String(current)} -> ${String(expected)}`, () => {
      expect(returnPathOf(current)).to.equal(expected);
    });
  }
});
