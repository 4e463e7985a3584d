import { expect } from '@esm-bundle/chai';
import { downloadMobileApp } from './mobile-app';

describe('the mobile app download (spec §7 newest APK)', () => {
  it('clicks a download link to the package: in place for this server, a new tab for another host', () => {
    const clicked: HTMLAnchorElement[] = [];
    const doc = {
      createElement: (tag: string) => {
        const link = document.createElement(tag) as HTMLAnchorElement;
        link.click = () => clicked.push(link);
        return link;
      },
    } as unknown as Document;
    downloadMobileApp('/downloads/ops-console-1.2.3.apk', doc);
    const [link] = clicked;
    expect(link!.getAttribute('href')).to.equal('/downloads/ops-console-1.2.3.apk');
    expect(link!.hasAttribute('download')).to.equal(true);
    // The browser honours `download` for this origin only; another host's address opens beside the console.
    expect(link!.target).to.equal('_blank');
    expect(link!.rel).to.equal('noopener');
  });
});
