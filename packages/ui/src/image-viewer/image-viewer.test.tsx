import { expect } from '@esm-bundle/chai';
import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import { useState } from 'react';
import { cleanup, press, render, sleep } from '../../test-support';
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

const viewer = () => screen.queryByRole('dialog', { name: '图片预览' });
/** The name of the image the viewer shows. */
const shown = () =>
  within(screen.getByRole('dialog', { name: '图片预览' }))
    .getByRole('img')
    .getAttribute('alt');

describe('ImageViewer', () => {
  afterEach(cleanup);

  it('opens as a named modal overlay, steps with prev and next (wrapping), and closes on Esc', async () => {
    const { container } = await render(<Harness />);
    const opener = within(container).getByRole('button', { name: '查看图片' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: '图片预览' });
    expect(dialog.getAttribute('aria-modal')).to.equal('true');
    expect(shown()).to.equal('一号机组');
    expect(dialog.textContent).to.contain('1 / 3');
    expect(within(dialog).getByText('第 1 张，共 3 张')).to.exist;
    expect(document.activeElement).to.equal(within(dialog).getByRole('button', { name: '关闭' }));

    fireEvent.click(within(dialog).getByRole('button', { name: '下一张' }));
    expect(shown()).to.equal('二号机组');
    fireEvent.click(within(dialog).getByRole('button', { name: '上一张' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '上一张' }));
    expect(shown()).to.equal('三号机组');
    await press('ArrowRight');
    expect(shown()).to.equal('一号机组');

    await press('Escape');
    expect(viewer()).to.equal(null);
    expect(document.activeElement).to.equal(opener);
  });

  it('closes with the close button', async () => {
    const { container } = await render(<Harness />);
    fireEvent.click(within(container).getByRole('button', { name: '查看图片' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: '图片预览' })).getByRole('button', { name: '关闭' }),
    );
    expect(viewer()).to.equal(null);
  });

  it('advances by itself at the autoplay interval', async () => {
    const { container } = await render(<Harness autoplay interval={300} />);
    fireEvent.click(within(container).getByRole('button', { name: '查看图片' }));
    expect(shown()).to.equal('一号机组');
    await sleep(150);
    expect(shown()).to.equal('一号机组');
    await waitFor(() => expect(shown()).to.equal('二号机组'), { timeout: 1000 });
    await waitFor(() => expect(shown()).to.equal('三号机组'), { timeout: 1000 });
  });
});
