import { expect } from '@esm-bundle/chai';
import { setLanguage } from '@ops/shared';
import { fireEvent, within } from '@testing-library/dom';
import { cleanup, inAct, render } from '../../../ui/test-support';
import { actionHost, MEDIA_ORIGIN } from '../../test-support/action-host';
import { VideoBlock, VideoView } from './video';
import '../texts';

// The open_video block: a player for an allowed address, a message (and no request) for any other.
const item = (data: unknown, extra: Record<string, unknown> = {}) => ({
  func: 'open_video',
  station_name: '飞来峡水电站',
  data,
  ...extra,
});

async function mount(data: unknown, extra: Record<string, unknown> = {}) {
  const fake = actionHost(() => ({ data: null }));
  const { container } = await render(<VideoBlock {...fake.props(item(data, extra))} />);
  return { container, view: within(container) };
}

describe('open_video block', () => {
  afterEach(cleanup);

  it('plays a same-origin video in a player named by the video', async () => {
    const { container, view } = await mount({ name: '1号机组监控', url: '/media/unit-1.mp4' });
    view.getByRole('region', { name: '1号机组监控' });
    const video = container.querySelector('video');
    expect(video?.getAttribute('aria-label')).to.equal('1号机组监控');
    expect(video?.controls).to.equal(true);
    expect(video?.getAttribute('src')).to.equal('/media/unit-1.mp4');
    expect(view.queryAllByRole('alert')).to.have.length(0);
  });

  it('plays a video of an allowlisted origin, with its poster; the label titles the block', async () => {
    const { container, view } = await mount(
      { name: '闸门', url: `${MEDIA_ORIGIN}/gate.mp4`, poster: `${MEDIA_ORIGIN}/gate.jpg` },
      { label: '闸门监控' },
    );
    view.getByRole('region', { name: '闸门监控' });
    const video = container.querySelector('video');
    expect(video?.getAttribute('src')).to.equal(`${MEDIA_ORIGIN}/gate.mp4`);
    expect(video?.getAttribute('poster')).to.equal(`${MEDIA_ORIGIN}/gate.jpg`);
  });

  it('blocks an address off the allowlist, or not http(s), and never requests it', async () => {
    for (const url of [
      'https://evil.example.net/x.mp4',
      'javascript:alert(1)',
      'data:video/mp4;base64,AAAA',
    ]) {
      const { container, view } = await mount({ name: '外部视频', url });
      const block = view.getByRole('region', { name: '外部视频' });
      expect(within(block).getByRole('alert').textContent).to.equal('视频来源不在白名单内，已拦截');
      expect(container.querySelectorAll('video')).to.have.length(0);
      await cleanup();
    }
  });

  it('drops a poster off the allowlist but plays the allowed video', async () => {
    const { container } = await mount({ name: 'v', url: '/v.mp4', poster: 'https://evil.example.net/p.jpg' });
    expect(container.querySelector('video')?.hasAttribute('poster')).to.equal(false);
  });

  it('says so when the video cannot be played or the item carries none', async () => {
    const { container, view } = await mount({ name: '坏视频', url: '/missing.mp4' });
    const video = container.querySelector('video') as HTMLVideoElement;
    fireEvent.error(video);
    expect(view.getByRole('alert').textContent).to.equal('视频无法播放');
    await cleanup();
    const empty = await mount({ name: '无地址' });
    expect(empty.view.getByRole('region', { name: '视频' }).textContent).to.contain('视频无法播放');
  });

  it('names the player in English too', async () => {
    await inAct(() => setLanguage('en'));
    try {
      const { container, view } = await mount({ name: '', url: 'https://evil.example.net/x.mp4' });
      view.getByRole('region', { name: 'Video' });
      expect(view.getByRole('alert').textContent).to.equal(
        'The video comes from an origin off the allowlist and was blocked',
      );
      expect(container.querySelectorAll('video')).to.have.length(0);
    } finally {
      await inAct(() => setLanguage('zh'));
    }
  });

  it('VideoView stands alone (the AI page) with the allowlist it is given', async () => {
    const { container } = await render(
      <VideoView name="库区" url="https://cam.example.org/a.mp4" origins={['https://cam.example.org']} />,
    );
    expect(container.querySelector('video')?.getAttribute('aria-label')).to.equal('库区');
    const blocked = await render(<VideoView name="库区" url="https://cam.example.org/a.mp4" origins={[]} />);
    expect(within(blocked.container).getByRole('alert').textContent).to.equal('视频来源不在白名单内，已拦截');
  });
});
