import { expect } from '@esm-bundle/chai';
import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import { cleanup, findByShadowRole, inAct, render, shadowHost } from '../../test-support';
import { message } from '../message/message';
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
/** The preview dialog (`<sl-dialog>`) named `name`. */
const previewDialog = async (name: string) =>
  shadowHost(await findByShadowRole(document.body, 'dialog', { name }));

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
    const dialog = await previewDialog('文件预览：运行规程.pdf');
    // A page counts as shown once pdf.js has drawn it.
    const shows = (page: number) =>
      waitFor(
        () => {
          const canvas = within(dialog).getByRole('img', { name: `运行规程.pdf, 第 ${page} 页` });
          expect(canvas.dataset.renderedPage).to.equal(String(page));
          return canvas as HTMLCanvasElement;
        },
        { timeout: page === 1 ? 15000 : 5000 },
      );
    expect((await shows(1)).width).to.be.greaterThan(0);
    const pager = within(dialog).getByRole('navigation', { name: '分页' });
    expect(within(pager).getByText('共 3 页')).to.exist;
    expect(within(pager).getAllByRole('button', { name: /^第 \d 页$/ })).to.have.length(3);

    fireEvent.click(within(pager).getByRole('button', { name: '下一页' }));
    await shows(2);
    fireEvent.click(within(pager).getByRole('button', { name: '上一页' }));
    await shows(1);
    fireEvent.click(within(pager).getByRole('button', { name: '第 3 页' }));
    await shows(3);
    expect((within(pager).getByRole('button', { name: '下一页' }) as HTMLButtonElement).disabled).to.equal(
      true,
    );

    const jumper = within(pager).getByRole('spinbutton', { name: '前往页' });
    expect(jumper.closest('label')?.textContent).to.equal('前往页');
    fireEvent.input(jumper, { target: { value: '2' } });
    fireEvent.keyDown(jumper, { key: 'Enter' });
    await shows(2);
    expect(within(pager).getByRole('button', { current: 'page' }).getAttribute('aria-label')).to.equal(
      '第 2 页',
    );
    URL.revokeObjectURL(url);
  });

  it('says so when a PDF cannot be loaded', async function () {
    this.timeout(20000);
    const url = blobUrl('not a pdf', 'application/pdf');
    await render(<FilePreview open url={url} fileName="坏文件.pdf" onClose={() => {}} />);
    const dialog = await previewDialog('文件预览：坏文件.pdf');
    const alert = await within(dialog).findByRole('alert', {}, { timeout: 15000 });
    expect(alert.textContent).to.equal('文档加载失败');
  });

  it('shows an image with its name as alt text', async () => {
    const url = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')}`;
    await render(<FilePreview open url={url} fileName="现场照片.png" onClose={() => {}} />);
    const dialog = await previewDialog('文件预览：现场照片.png');
    const img = within(dialog).getByRole('img', { name: '现场照片.png' }) as HTMLImageElement;
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
      const dialog = await previewDialog('文件预览：值班记录.docx');
      expect(within(dialog).getByText('该文件无法在浏览器中预览，请下载后查看。')).to.exist;
      fireEvent.click(within(dialog).getByRole('button', { name: '下载文件' }));
      await waitFor(() => expect(saved).to.have.length(1));
      expect(saved).to.deep.equal(['值班记录.docx']);
    } finally {
      HTMLAnchorElement.prototype.click = original;
    }
  });

  it('warns when the Office download fails', async () => {
    await render(<FilePreview open url="/no/such/file/值班记录.xlsx" onClose={() => {}} />);
    const dialog = await previewDialog('文件预览：值班记录.xlsx');
    fireEvent.click(within(dialog).getByRole('button', { name: '下载文件' }));
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).to.contain('文件下载失败');
    expect(toast.className).to.contain('ops-message--warning');
    expect(within(dialog).getByText('文件下载失败')).to.exist;
  });

  it('names the extension of an unsupported type', async () => {
    await render(<FilePreview open url="/files/readme.txt" onClose={() => {}} />);
    const dialog = await previewDialog('文件预览：readme.txt');
    expect(within(dialog).getByRole('status').textContent).to.equal('不支持预览该类型的文件（.txt）');
  });
});
