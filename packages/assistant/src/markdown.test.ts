import { expect } from '@esm-bundle/chai';
import { XSS_CORPUS as CORPUS } from '../../../test/support/xss-corpus';
import { renderMarkdown } from './markdown';

const ALLOWED = 'https://media.example.com';

// Media off the allowlist (S4): the HTML reaching the page carries no source from them.
const MEDIA = [
  '![a](https://evil.example/a.png)',
  '![a](//evil.example/a.png)',
  '![v](https://evil.example/v.mp4)',
  '![a](data:image/png;base64,iVBORw0KGgo=)',
  '<img src="https://evil.example/b.png">',
  '<video src="https://evil.example/v.webm"></video>',
  '<img src="https://media.example.com.evil.example/b.png">',
];

declare global {
  interface Window {
    __xss?: number;
  }
}

function mounted(html: string) {
  const host = document.createElement('div');
  host.innerHTML = html;
  document.body.append(host);
  return host;
}

describe('assistant markdown is inert (S3) and loads media only from the allowlist (S4)', () => {
  afterEach(() => {
    delete window.__xss;
  });

  it(`runs no script of ${CORPUS.length} payloads and leaves no script, handler or javascript: URL`, async () => {
    expect(CORPUS.length).to.be.at.least(150);
    const hosts = CORPUS.map((payload) => mounted(renderMarkdown(payload, [ALLOWED])));
    // Whatever handler survived would run on these events (clicks are left out: a link would navigate).
    for (const el of hosts.flatMap((h) => [...h.querySelectorAll('*')]))
      for (const type of ['mouseover', 'focus', 'load', 'error', 'toggle']) el.dispatchEvent(new Event(type));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(window.__xss, 'no payload ran').to.equal(undefined);
    for (const [index, host] of hosts.entries()) {
      const payload = CORPUS[index];
      expect(
        host.querySelector('script, iframe, object, embed, form, input, style, link, meta, base, svg, math'),
        payload,
      ).to.equal(null);
      for (const el of host.querySelectorAll('*')) {
        for (const attr of el.attributes) {
          expect(attr.name.startsWith('on'), `${payload}: ${attr.name}`).to.equal(false);
          expect(
            /^\s*(javascript|vbscript|data):/i.test(attr.value),
            `${payload}: ${attr.name}=${attr.value}`,
          ).to.equal(false);
        }
      }
      host.remove();
    }
  });

  it('drops media sources off the allowlist and keeps allowed ones, images and videos by extension', () => {
    for (const md of MEDIA) {
      const host = mounted(renderMarkdown(md, [ALLOWED]));
      for (const el of host.querySelectorAll('img, video')) expect(el.getAttribute('src'), md).to.equal(null);
      host.remove();
    }
    const image = mounted(renderMarkdown(`![图](${ALLOWED}/a.PNG?x=1)`, [ALLOWED]));
    expect(image.querySelector('img')?.getAttribute('src')).to.equal(`${ALLOWED}/a.PNG?x=1`);
    const video = mounted(renderMarkdown(`![视频](${ALLOWED}/v.mp4)`, [ALLOWED]));
    expect(video.querySelector('video')?.getAttribute('src')).to.equal(`${ALLOWED}/v.mp4`);
    expect(video.querySelector('video')?.hasAttribute('controls')).to.equal(true);
    const own = mounted(renderMarkdown('![图](/img/a.png)', []));
    expect(own.querySelector('img')?.getAttribute('src'), 'the page’s own origin').to.equal('/img/a.png');
    for (const host of [image, video, own]) host.remove();
  });

  it('opens links in a new tab with noopener and renders tables and code', () => {
    const host = mounted(
      renderMarkdown('[站点](https://ops.example/a)\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n\n`x<y`', []),
    );
    const link = host.querySelector('a');
    expect([
      link?.getAttribute('href'),
      link?.getAttribute('target'),
      link?.getAttribute('rel'),
    ]).to.deep.equal(['https://ops.example/a', '_blank', 'noopener noreferrer']);
    expect(host.querySelectorAll('td').length).to.equal(2);
    expect(host.querySelector('code')?.textContent).to.equal('x<y');
    host.remove();
  });
});
