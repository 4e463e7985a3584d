import { expect } from '@esm-bundle/chai';
import { useState } from 'react';
import { cleanup, click, getByRole, press, queryByRole, render, sleep, waitFor } from '../test-support';
import { ImageViewer, type ViewerImage } from './image-viewer';

const pixel = (color: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="40" height="30" fill="${color}"/></svg>`)}`;
const images: ViewerImage[] = [
  { src: pixel('red'), alt: '一号机组' },
  { src: pixel('green'), alt: '二号机组' },
  { src: pixel('blue'), alt: '三号机组' },
];

function Harness({ autoplay = false, interval }: { autoplay?: boolean; interval?: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        查看图片
      </button>
      <ImageViewer
        images={images}
        open={open}
        onClose={() => setOpen(false)}
        autoplay={autoplay}
        interval={interval}
      />
    </>
  );
}

const viewer = () => queryByRole(document.body, 'dialog', '图片预览');
const shown = () => (getByRole(viewer()!, 'img') as HTMLImageElement).alt;

describe('ImageViewer', () => {
  afterEach(cleanup);

  it('opens as a named modal overlay, steps with prev and next (wrapping), and closes on Esc', async () => {
    const { container } = await render(<Harness />);
    const opener = getByRole(container, 'button', '查看图片');
    opener.focus();
    await click(opener);
    const dialog = viewer()!;
    expect(dialog.getAttribute('aria-modal')).to.equal('true');
    expect(shown()).to.equal('一号机组');
    expect(dialog.textContent).to.contain('1 / 3');
    expect(document.activeElement).to.equal(getByRole(dialog, 'button', '关闭'));

    await click(getByRole(dialog, 'button', '下一张'));
    expect(shown()).to.equal('二号机组');
    await click(getByRole(dialog, 'button', '上一张'));
    await click(getByRole(dialog, 'button', '上一张'));
    expect(shown()).to.equal('三号机组');
    await press('ArrowRight');
    expect(shown()).to.equal('一号机组');

    await press('Escape');
    expect(viewer()).to.equal(null);
    expect(document.activeElement).to.equal(opener);
  });

  it('closes with the close button', async () => {
    const { container } = await render(<Harness />);
    await click(getByRole(container, 'button', '查看图片'));
    await click(getByRole(viewer()!, 'button', '关闭'));
    expect(viewer()).to.equal(null);
  });

  it('advances by itself at the autoplay interval', async () => {
    const { container } = await render(<Harness autoplay interval={300} />);
    await click(getByRole(container, 'button', '查看图片'));
    expect(shown()).to.equal('一号机组');
    await sleep(150);
    expect(shown()).to.equal('一号机组');
    await waitFor(() => shown() === '二号机组', 1000);
    await waitFor(() => shown() === '三号机组', 1000);
  });
});
