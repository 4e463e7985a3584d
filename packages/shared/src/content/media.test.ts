import { expect } from '@esm-bundle/chai';
import { isAllowedMediaOrigin, mediaKind } from './media';

describe('markdown media rule', () => {
  const table: Array<[string, string]> = [
    ['/media/intro.mp4', 'video'],
    ['/media/intro.webm', 'video'],
    ['/media/intro.ogg', 'video'],
    ['/media/intro.mov', 'video'],
    ['https://cdn.example.com/a/b/clip.MP4', 'video'],
    ['clip.Mov', 'video'],
    ['/v/clip.mp4?token=abc&x=1', 'video'],
    ['/v/clip.mp4#t=10', 'video'],
    ['/v/clip.mp4?name=photo.png', 'video'],
    ['/img/a.png', 'image'],
    ['/img/a.jpg', 'image'],
    ['/img/a.JPEG', 'image'],
    ['/img/a.gif', 'image'],
    ['/img/a.svg', 'image'],
    ['/img/a.bmp', 'image'],
    ['/img/a.webp?v=2#top', 'image'],
    ['/img/a.png?file=movie.mp4', 'image'],
    ['/img/archive.tar.gz', 'unknown'],
    ['/img/mp4', 'unknown'],
    ['/img.mp4/view', 'unknown'],
    ['/api/file?id=3', 'unknown'],
    ['/doc/a.mp4x', 'unknown'],
    ['/doc/a.pdf', 'unknown'],
    ['', 'unknown'],
  ];
  for (const [url, kind] of table)
    it(`${JSON.stringify(url)} -> ${kind}`, () => expect(mediaKind(url)).to.equal(kind));
});

describe('isAllowedMediaOrigin', () => {
  const page = 'https://console.example.com';
  const allow = [
    'https://media.example.com',
    'https://cdn.example.net:8443/some/path/',
    'not a url',
    'ftp://files.example.com',
  ];
  const table: Array<[string, boolean]> = [
    ['/media/a.mp4', true],
    ['media/a.png', true],
    ['https://console.example.com/a.png', true],
    ['https://media.example.com/v/a.mp4', true],
    ['https://MEDIA.example.com/v/a.mp4', true],
    ['https://cdn.example.net:8443/x.png', true],
    ['https://cdn.example.net/x.png', false],
    ['http://media.example.com/v/a.mp4', false],
    ['https://media.example.com.evil.com/a.mp4', false],
    ['https://evil.com/a.png', false],
    ['//evil.com/a.png', false],
    ['//media.example.com/a.png', true],
    ['javascript:alert(1)', false],
    ['data:image/png;base64,iVBORw0KGgo=', false],
    ['blob:https://console.example.com/uuid', false],
    ['ftp://files.example.com/a.png', false],
    ['http://[::1', false],
  ];
  for (const [url, ok] of table) {
    it(`${JSON.stringify(url)} -> ${ok}`, () => expect(isAllowedMediaOrigin(url, allow, page)).to.equal(ok));
  }

  it('allows only the page origin with an empty allowlist', () => {
    expect(isAllowedMediaOrigin('/a.png', [], page)).to.equal(true);
    expect(isAllowedMediaOrigin('https://media.example.com/a.png', [], page)).to.equal(false);
  });
});
