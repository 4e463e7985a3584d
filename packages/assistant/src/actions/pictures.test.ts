import { expect } from '@esm-bundle/chai';
import { PICTURE_BASES, pictureBase, pictureUrl, readPictures } from './pictures';

describe('picture sources', () => {
  it('maps pDecCloud, v3 and v4 (0, 1, 2, numbers or digits) to their bases; anything else is pDecCloud', () => {
    expect(pictureBase(0)).to.equal('/api/hzinfo-pdec-cloud/file/');
    expect(pictureBase(1)).to.equal('/api/hzinfo-v3/file/');
    expect(pictureBase('2')).to.equal('/api/hzinfo-v4/file/');
    for (const other of [undefined, null, 3, -1, 1.5, 'v3', ''])
      expect(pictureBase(other), String(other)).to.equal(PICTURE_BASES[0]);
  });

  it('resolves a file name against its source and keeps an absolute or rooted address', () => {
    expect(pictureUrl('unit-1.png', 1)).to.equal('/api/hzinfo-v3/file/unit-1.png');
    expect(pictureUrl('./a/b.jpg', 2)).to.equal('/api/hzinfo-v4/file/a/b.jpg');
    expect(pictureUrl(' x.png ', undefined)).to.equal('/api/hzinfo-pdec-cloud/file/x.png');
    expect(pictureUrl('https://cdn.example.com/p.png', 1)).to.equal('https://cdn.example.com/p.png');
    expect(pictureUrl('/files/p.png', 1)).to.equal('/files/p.png');
    expect(pictureUrl('//cdn.example.com/p.png', 1)).to.equal('//cdn.example.com/p.png');
    // Kept as it is, so the allowlist refuses it.
    expect(pictureUrl('javascript:alert(1)', 0)).to.equal('javascript:alert(1)');
    expect(pictureUrl('', 0)).to.equal('');
  });

  it('reads imgText: resolved addresses with their conclusions, entries without an address left out', () => {
    expect(
      readPictures(
        [
          { url: 'a.png', conclusion: '一号机组振动正常' },
          { url: '', conclusion: '无图' },
          { conclusion: '无地址' },
          'not an entry',
          { url: 'https://cdn.example.com/b.png', conclusion: 7 },
        ],
        '1',
      ),
    ).to.deep.equal([
      { url: '/api/hzinfo-v3/file/a.png', conclusion: '一号机组振动正常' },
      { url: 'https://cdn.example.com/b.png', conclusion: '7' },
    ]);
    expect(readPictures(undefined, 0)).to.deep.equal([]);
    expect(readPictures({ url: 'a.png' }, 0)).to.deep.equal([]);
  });
});
