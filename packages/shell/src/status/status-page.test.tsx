import { expect } from '@esm-bundle/chai';
import { waitFor } from '@testing-library/dom';
import { byRole } from '../../../../test/support/dom';
import { mount } from '../../test-support/dom';
import { shellTestServices } from '../../test-support/services';
import { PublicPage } from '../public-page';

describe('status pages and the public page switch', () => {
  let cleanup: () => void = () => undefined;
  afterEach(() => cleanup());

  const cases: Array<[string, 'zh' | 'en', string, string]> = [
    ['/404', 'zh', '页面不存在', '返回首页'],
    ['/403', 'zh', '无权访问', '返回首页'],
    ['/500', 'zh', '服务器错误', '返回首页'],
    ['/404', 'en', 'Page not found', 'Back to home'],
    ['/403', 'en', 'No access', 'Back to home'],
    ['/500', 'en', 'Server error', 'Back to home'],
  ];
  for (const [path, lang, title, button] of cases) {
    it(`${path} in ${lang}: title and a button home`, async () => {
      const fake = shellTestServices({}, lang);
      const view = mount(<PublicPage path={path} search="" services={fake.services} />);
      cleanup = view.unmount;
      // The status pages load with their first use.
      await waitFor(() => expect(byRole(view.container, 'heading', title)).to.not.equal(null));
      byRole(view.container, 'button', button)!.click();
      expect(fake.navigations).to.deep.equal(['/']);
    });
  }

  it('the authorization page leads to login keeping a safe redirect', async () => {
    const fake = shellTestServices({});
    const view = mount(
      <PublicPage path="/authorization" search="?redirect=%2Fsite%2Fswitch" services={fake.services} />,
    );
    cleanup = view.unmount;
    const go = await waitFor(() => {
      const button = byRole(view.container, 'button', '前往登录');
      expect(button).to.not.equal(null);
      return button!;
    });
    go.click();
    expect(fake.navigations).to.deep.equal(['/login?redirect=%2Fsite%2Fswitch']);
  });
});
