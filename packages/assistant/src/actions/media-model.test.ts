import { expect } from '@esm-bundle/chai';
import { blockTitle, readSources, readVideo } from './media-model';

describe('media items', () => {
  it('titles a block by its label, else the fallback', () => {
    expect(blockTitle({ func: 'open_video', label: ' 监控 ' }, '视频')).to.equal('监控');
    expect(blockTitle({ func: 'open_video', label: '' }, '视频')).to.equal('视频');
    expect(blockTitle({ func: 'open_video', label: 3 as never }, '视频')).to.equal('3');
    expect(blockTitle({ func: 'open_video' }, '视频')).to.equal('视频');
  });

  it('reads knowledge sources with an address; a nameless one is named by its file', () => {
    expect(
      readSources([
        { name: '运行规程', url: '/files/a.pdf' },
        { url: '/files/%E6%A3%80%E4%BF%AE.pdf?x=1' },
        { name: '无地址' },
        null,
      ]),
    ).to.deep.equal([
      { name: '运行规程', url: '/files/a.pdf' },
      { name: '检修.pdf', url: '/files/%E6%A3%80%E4%BF%AE.pdf?x=1' },
    ]);
    expect(readSources('x')).to.deep.equal([]);
  });

  it('reads a video with an address, or none', () => {
    expect(readVideo({ name: '1号机组', url: '/v.mp4' })).to.deep.equal({
      name: '1号机组',
      url: '/v.mp4',
      poster: '',
    });
    expect(readVideo({ name: '无地址' })).to.equal(null);
    expect(readVideo([{ url: '/v.mp4' }])).to.equal(null);
  });
});
