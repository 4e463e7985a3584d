import { expect } from '@esm-bundle/chai';
import { message } from '../message/message';
import { allByRole, cleanup, click, getByRole, inAct, render, type, waitFor } from '../test-support';
import { extensionOf, fileKind, fileNameOf } from './file-kind';
import { FilePreview } from './file-preview';

/** A valid PDF with `pages` pages, each showing its number (byte offsets computed for the xref). */
function makePdf(pages: number): string {
  const objects: string[] = [];
  const kids = Array.from({ length: pages }, (_, i) => `${4 + i * 2} 0 R`).join(' ');
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  objects.push(`<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`);
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  for (let i = 0; i < pages; i += 1) {
    const content = `BT /F1 48 Tf 60 120 Td (Page ${i + 1}) Tj ET`;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + i * 2} 0 R >>`,
    );
    objects.push(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  }
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return out;
}

const blobUrl = (body: string, mime: string) => URL.createObjectURL(new Blob([body], { type: mime }));
const dialogEl = () => getByRole(document.body, 'dialog', /^文件预览/);

describe('file kinds', () => {
  it('maps extensions to the way a file is shown', () => {
    expect(fileKind('/files/report.PDF?token=1')).to.equal('pdf');
    expect(fileKind('photo.jpeg')).to.equal('image');
    for (const ext of ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx'])
      expect(fileKind(`a.${ext}`)).to.equal('office');
    expect(fileKind('notes.txt')).to.equal('unsupported');
    expect(extensionOf('/a.b/README')).to.equal('');
    expect(extensionOf('.env')).to.equal('');
    expect(fileNameOf('/files/%E6%8A%A5%E5%91%8A.pdf#page=2')).to.equal('报告.pdf');
  });
});

describe('FilePreview', () => {
  afterEach(async () => {
    await inAct(() => message.closeAll());
    await cleanup();
  });

  it('shows a PDF one page at a time with total, prev, pager, next and jumper', async function () {
    this.timeout(20000);
    const url = blobUrl(makePdf(3), 'application/pdf');
    await render(<FilePreview open url={url} fileName="运行规程.pdf" onClose={() => {}} />);
    const dialog = dialogEl();
    expect(dialog.getAttribute('label')).to.equal('文件预览：运行规程.pdf');
    const canvas = await waitFor(() => dialog.querySelector('canvas[data-rendered-page="1"]'), 15000);
    expect(canvas.getAttribute('aria-label')).to.equal('运行规程.pdf, 第 1 页');
    expect((canvas as HTMLCanvasElement).width).to.be.greaterThan(0);
    const pager = getByRole(dialog, 'navigation', '分页');
    expect(pager.textContent).to.contain('共 3 页');
    expect(allByRole(pager, 'button', /^第 \d 页$/)).to.have.length(3);

    await click(getByRole(pager, 'button', '下一页'));
    await waitFor(() => dialog.querySelector('canvas[data-rendered-page="2"]'), 5000);
    await click(getByRole(pager, 'button', '上一页'));
    await waitFor(() => dialog.querySelector('canvas[data-rendered-page="1"]'), 5000);
    await click(getByRole(pager, 'button', '第 3 页'));
    await waitFor(() => dialog.querySelector('canvas[data-rendered-page="3"]'), 5000);
    expect(getByRole(pager, 'button', '下一页').hasAttribute('disabled')).to.equal(true);

    const jumper = getByRole(pager, 'spinbutton', '前往页') as HTMLInputElement;
    await type(jumper, '2');
    await inAct(() => jumper.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })));
    await waitFor(() => dialog.querySelector('canvas[data-rendered-page="2"]'), 5000);
    expect(getByRole(pager, 'button', '第 2 页').getAttribute('aria-current')).to.equal('page');
    URL.revokeObjectURL(url);
  });

  it('says so when a PDF cannot be loaded', async function () {
    this.timeout(20000);
    const url = blobUrl('not a pdf', 'application/pdf');
    await render(<FilePreview open url={url} fileName="坏文件.pdf" onClose={() => {}} />);
    const alert = await waitFor(() => getByRole(dialogEl(), 'alert'), 15000);
    expect(alert.textContent).to.equal('文档加载失败');
  });

  it('shows an image with its name as alt text', async () => {
    const url = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')}`;
    await render(<FilePreview open url={url} fileName="现场照片.png" onClose={() => {}} />);
    const img = getByRole(dialogEl(), 'img', '现场照片.png') as HTMLImageElement;
    expect(img.src).to.equal(url);
  });

  it('offers an Office file as a download and saves it under its name', async () => {
    const url = blobUrl('PK fake docx', 'application/octet-stream');
    const saved: string[] = [];
    const original = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved.push(this.download);
    };
    try {
      await render(<FilePreview open url={url} fileName="值班记录.docx" onClose={() => {}} />);
      const dialog = dialogEl();
      expect(dialog.textContent).to.contain('该文件无法在浏览器中预览');
      await click(getByRole(dialog, 'button', '下载文件'));
      await waitFor(() => saved.length === 1);
      expect(saved).to.deep.equal(['值班记录.docx']);
    } finally {
      HTMLAnchorElement.prototype.click = original;
    }
  });

  it('warns when the Office download fails', async () => {
    await render(<FilePreview open url="/no/such/file/值班记录.xlsx" onClose={() => {}} />);
    const dialog = dialogEl();
    expect(dialog.getAttribute('label')).to.equal('文件预览：值班记录.xlsx');
    await click(getByRole(dialog, 'button', '下载文件'));
    const toast = await waitFor(() => getByRole(document.body, 'alert', /文件下载失败/));
    expect(toast.className).to.contain('ops-message--warning');
    expect(dialog.textContent).to.contain('文件下载失败');
  });

  it('names the extension of an unsupported type', async () => {
    await render(<FilePreview open url="/files/readme.txt" onClose={() => {}} />);
    expect(getByRole(dialogEl(), 'status').textContent).to.equal('不支持预览该类型的文件（.txt）');
  });
});
