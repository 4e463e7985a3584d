import { expect } from '@esm-bundle/chai';
import { setLanguage } from '@ops/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import { cleanup, inAct, render } from '../../../ui/test-support';
import { actionHost, MEDIA_ORIGIN } from '../../test-support/action-host';
import { KnowledgeBlock } from './knowledge';
import '../texts';

// The knowledge block: its sources open the PDF viewer in the answer; its pictures, with their
// conclusions, open the image preview. The PDF is the console's own help file (same origin).
const HELP_PDF = '/public/help/console-help.pdf';
const item = (extra: Record<string, unknown> = {}) => ({
  func: 'knowledge',
  data: [
    { name: '控制台帮助', url: HELP_PDF },
    { name: '缺失的规程', url: '/public/help/missing.pdf' },
    { name: '外部文档', url: 'https://evil.example.net/x.pdf' },
  ],
  ...extra,
});

async function mount(extra: Record<string, unknown> = {}) {
  const fake = actionHost(() => ({ data: null }));
  const { container } = await render(<KnowledgeBlock {...fake.props(item(extra))} />);
  const block = within(container).getByRole('region', { name: '知识来源' });
  return { block: within(block), container };
}

const open = (block: ReturnType<typeof within>, name: string) => {
  const list = block.getByRole('list', { name: '参考文档' });
  fireEvent.click(within(list).getByRole('button', { name }));
  return within(block.getByRole('group', { name }));
};

describe('knowledge block', () => {
  afterEach(cleanup);

  it('lists the sources as buttons; a click shows the PDF one page at a time with its pager', async function () {
    this.timeout(30000);
    const { block } = await mount();
    const list = block.getByRole('list', { name: '参考文档' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).to.deep.equal(['控制台帮助', '缺失的规程', '外部文档']);
    const viewer = open(block, '控制台帮助');
    const shows = (page: number) =>
      waitFor(
        () => {
          const canvas = viewer.getByRole('img', { name: `控制台帮助, 第 ${page} 页` });
          expect(canvas.dataset.renderedPage).to.equal(String(page));
        },
        { timeout: page === 1 ? 15000 : 5000 },
      );
    await shows(1);
    const pager = within(viewer.getByRole('navigation', { name: '分页' }));
    pager.getByText('共 2 页');
    pager.getByRole('spinbutton', { name: '前往页' });
    fireEvent.click(pager.getByRole('button', { name: '下一页' }));
    await shows(2);
    fireEvent.click(pager.getByRole('button', { name: '上一页' }));
    await shows(1);
    expect(within(list).getByRole('button', { name: '控制台帮助' }).getAttribute('aria-pressed')).to.equal(
      'true',
    );

    fireEvent.click(viewer.getByRole('button', { name: '关闭文档' }));
    expect(block.queryAllByRole('group', { name: '控制台帮助' })).to.have.length(0);
  });

  it('shows an error in the viewer for a missing PDF, not a blank', async function () {
    this.timeout(30000);
    const { block } = await mount();
    const viewer = open(block, '缺失的规程');
    const alert = await waitFor(() => viewer.getByRole('alert'), { timeout: 15000 });
    expect(alert.textContent).to.equal('文档加载失败');
  });

  it('blocks a source off the allowlist and loads nothing', async () => {
    const { block } = await mount();
    const viewer = open(block, '外部文档');
    expect(viewer.getByRole('alert').textContent).to.equal('文档来源不在白名单内，已拦截');
    expect(viewer.queryAllByRole('img')).to.have.length(0);
    expect(performance.getEntriesByName('https://evil.example.net/x.pdf')).to.have.length(0);
  });

  it('shows imgText pictures with their conclusions from their picture source; a click previews them', async () => {
    const { block, container } = await mount({
      picSource: 1,
      params: {
        imgText: [
          { url: 'unit-1.png', conclusion: '1号机组振动正常' },
          { url: `${MEDIA_ORIGIN}/gate.png`, conclusion: '闸门开度 30%' },
          { url: 'https://evil.example.net/p.png', conclusion: '外部图片' },
        ],
      },
    });
    const pictures = within(block.getByRole('list', { name: '相关图片' }));
    const items = pictures.getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('figcaption')?.textContent)).to.deep.equal([
      '1号机组振动正常',
      '闸门开度 30%',
      '外部图片',
    ]);
    expect(Array.from(container.querySelectorAll('img'), (img) => img.getAttribute('src'))).to.deep.equal([
      '/api/hzinfo-v3/file/unit-1.png',
      `${MEDIA_ORIGIN}/gate.png`,
    ]);
    expect(within(items[2] as HTMLElement).getByRole('alert').textContent).to.equal(
      '图片来源不在白名单内，已拦截',
    );

    fireEvent.click(pictures.getByRole('button', { name: '预览图片：闸门开度 30%' }));
    const preview = await waitFor(() => screen.getByRole('dialog', { name: '图片预览' }));
    expect(within(preview).getByRole('img').getAttribute('alt')).to.equal('闸门开度 30%');
    // Open once focus has moved into it.
    const close = within(preview).getByRole('button', { name: '关闭' });
    await waitFor(() => expect(document.activeElement === close).to.equal(true));
    // The blocked picture is not among the previewed ones: two, stepping round.
    fireEvent.click(within(preview).getByRole('button', { name: '下一张' }));
    expect(within(preview).getByRole('img').getAttribute('alt')).to.equal('1号机组振动正常');
    fireEvent.click(close);
    expect(screen.queryAllByRole('dialog', { name: '图片预览' })).to.have.length(0);
  });

  it('shows no list for an item without sources, and a label titles the block', async () => {
    const fake = actionHost(() => ({ data: null }));
    const { container } = await render(
      <KnowledgeBlock {...fake.props({ func: 'knowledge', label: '相关规程', data: 'none' })} />,
    );
    const block = within(within(container).getByRole('region', { name: '相关规程' }));
    expect(block.queryAllByRole('list')).to.have.length(0);
  });

  it('names its parts in English too', async () => {
    await inAct(() => setLanguage('en'));
    try {
      const fake = actionHost(() => ({ data: null }));
      const { container } = await render(
        <KnowledgeBlock
          {...fake.props({
            func: 'knowledge',
            data: [{ name: 'Manual', url: 'https://evil.example.net/m.pdf' }],
            params: { imgText: [{ url: 'a.png', conclusion: '' }] },
          })}
        />,
      );
      const block = within(within(container).getByRole('region', { name: 'Knowledge sources' }));
      const list = within(block.getByRole('list', { name: 'Source documents' }));
      within(block.getByRole('list', { name: 'Pictures' })).getByRole('button', {
        name: 'Preview picture: Picture 1',
      });
      fireEvent.click(list.getByRole('button', { name: 'Manual' }));
      const viewer = within(block.getByRole('group', { name: 'Manual' }));
      viewer.getByRole('button', { name: 'Close the document' });
      expect(viewer.getByRole('alert').textContent).to.equal(
        'The document comes from an origin off the allowlist and was blocked',
      );
    } finally {
      await inAct(() => setLanguage('zh'));
    }
  });
});
