import { useState } from 'react';
import { Button } from '../button/button';
import { DIALOG_WIDTH, Dialog } from '../dialog/dialog';
import '../i18n/part-texts';
import { useUiText } from '../i18n/use-ui-text';
import { message } from '../message/message';
import { useStylesheets } from '../theme/use-stylesheet';
import { extensionOf, fileKind, fileNameOf } from './file-kind';
import href from './file-preview.css';
import { PdfViewer } from './pdf-viewer';

export interface FilePreviewProps {
  open: boolean;
  /** The document's address. */
  url: string;
  /** Shown in the title and used for the type; by default taken from the URL. */
  fileName?: string;
  onClose: () => void;
  width?: string;
}

/** Fetches the file and saves it under its name; false when the download failed. */
async function download(url: string, fileName: string): Promise<boolean> {
  try {
    const response = await fetch(url, { credentials: 'same-origin' });
    if (!response.ok) return false;
    const blob = await response.blob();
    const objectUrl = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = fileName;
    link.click();
    setTimeout(() => URL.revokeObjectURL(objectUrl), 1000);
    return true;
  } catch {
    return false;
  }
}

function OfficeFallback({ url, fileName }: { url: string; fileName: string }) {
  const t = useUiText();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const start = async () => {
    setState('busy');
    const ok = await download(url, fileName);
    setState(ok ? 'idle' : 'failed');
    if (!ok) message.warning(t('downloadFailed'));
  };
  return (
    <div className="ops-file-preview__office">
      <p className="ops-file-preview__notice">{t('officeHint')}</p>
      <p className="ops-file-preview__file">{fileName}</p>
      <Button variant="primary" loading={state === 'busy'} onClick={start}>
        {t('download')}
      </Button>
      {state === 'failed' && <p className="ops-file-preview__error">{t('downloadFailed')}</p>}
    </div>
  );
}

function ImagePreview({ url, fileName }: { url: string; fileName: string }) {
  const t = useUiText();
  const [failed, setFailed] = useState(false);
  if (failed)
    return <p className="ops-file-preview__notice ops-file-preview__notice--error">{t('imageFailed')}</p>;
  return <img className="ops-file-preview__image" src={url} alt={fileName} onError={() => setFailed(true)} />;
}

/** A dialog previewing a file by URL: PDF pages, images, a download for Office files, else a message. */
export function FilePreview({
  open,
  url,
  fileName,
  onClose,
  width = DIALOG_WIDTH.filePreview,
}: FilePreviewProps) {
  useStylesheets(href);
  const t = useUiText();
  const name = fileName || fileNameOf(url);
  const kind = fileKind(name || url);
  const ext = extensionOf(name || url);
  return (
    <Dialog
      open={open}
      label={name ? `${t('filePreview')}：${name}` : t('filePreview')}
      width={width}
      onClose={onClose}
      className="ops-file-preview"
    >
      {open && kind === 'pdf' && <PdfViewer url={url} name={name} />}
      {open && kind === 'image' && <ImagePreview key={url} url={url} fileName={name} />}
      {open && kind === 'office' && <OfficeFallback key={url} url={url} fileName={name} />}
      {open && kind === 'unsupported' && (
        <p className="ops-file-preview__notice ops-file-preview__notice--warning" role="status">
          {t('unsupportedType', { ext: ext ? `.${ext}` : t('noExtension') })}
        </p>
      )}
    </Dialog>
  );
}
