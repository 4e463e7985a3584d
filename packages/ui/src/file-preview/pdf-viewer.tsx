import { loadShared } from '@ops/shared';
import { useEffect, useRef, useState } from 'react';
import '../i18n/part-texts';
import { useUiText } from '../i18n/use-ui-text';
import { Pagination } from '../table/pagination';
import { useStylesheets } from '../theme/use-stylesheet';
import href from './file-preview.css';

type PdfJs = typeof import('pdfjs-dist');
type PdfDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;

let pdfjsLoad: Promise<PdfJs> | null = null;

/** pdf.js is its own import-map entry, fetched the first time a PDF is shown (never on the chrome path). */
function loadPdfJs(): Promise<PdfJs> {
  pdfjsLoad ??= (async () => {
    const pdfjs = await loadShared(() => import('pdfjs-dist'));
    pdfjs.GlobalWorkerOptions.workerSrc = __PDFJS_WORKER_URL__;
    return pdfjs;
  })().catch((error) => {
    pdfjsLoad = null;
    throw error;
  });
  return pdfjsLoad;
}

export interface PdfViewerProps {
  url: string;
  /** Names the page canvas ("{name}, page 2"). */
  name: string;
}

/**
 * One page at a time, with total, previous, pager, next and a page jumper. It links its own stylesheet, so
 * it can be shown outside the file preview dialog (the assistant's knowledge sources).
 */
export function PdfViewer({ url, name }: PdfViewerProps) {
  useStylesheets(href);
  const t = useUiText();
  const [doc, setDoc] = useState<PdfDocument | null>(null);
  const [failed, setFailed] = useState(false);
  const [page, setPage] = useState(1);
  const [rendered, setRendered] = useState(0);
  const canvas = useRef<HTMLCanvasElement>(null);
  const frame = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let alive = true;
    let destroy: (() => void) | null = null;
    setDoc(null);
    setFailed(false);
    setPage(1);
    loadPdfJs()
      .then((pdfjs) => {
        if (!alive) return null;
        const task = pdfjs.getDocument({ url });
        destroy = () => void task.destroy();
        return task.promise;
      })
      .then((loaded) => {
        if (alive && loaded) setDoc(loaded);
      })
      .catch(() => {
        if (alive) setFailed(true);
      });
    return () => {
      alive = false;
      destroy?.();
    };
  }, [url]);

  useEffect(() => {
    if (!doc || !canvas.current) return;
    let cancelled = false;
    let cancelRender: (() => void) | null = null;
    (async () => {
      const pdfPage = await doc.getPage(page);
      if (cancelled || !canvas.current) return;
      const width = frame.current?.clientWidth || 800;
      const base = pdfPage.getViewport({ scale: 1 });
      const scale = Math.min(2, width / base.width);
      const ratio = window.devicePixelRatio || 1;
      const viewport = pdfPage.getViewport({ scale: scale * ratio });
      const el = canvas.current;
      el.width = Math.floor(viewport.width);
      el.height = Math.floor(viewport.height);
      el.style.width = `${Math.floor(viewport.width / ratio)}px`;
      el.style.height = `${Math.floor(viewport.height / ratio)}px`;
      const task = pdfPage.render({ canvas: el, viewport });
      cancelRender = () => task.cancel();
      await task.promise;
      if (!cancelled) setRendered(page);
    })().catch((error: { name?: string }) => {
      if (!cancelled && error?.name !== 'RenderingCancelledException') setFailed(true);
    });
    return () => {
      cancelled = true;
      cancelRender?.();
    };
  }, [doc, page]);

  if (failed) {
    return (
      <p className="ops-file-preview__notice ops-file-preview__notice--error" role="alert">
        {t('pdfFailed')}
      </p>
    );
  }
  return (
    <div className="ops-pdf" aria-busy={!doc || rendered !== page}>
      {!doc && (
        <p className="ops-file-preview__notice" role="status">
          {t('pdfLoading')}
        </p>
      )}
      <div className="ops-pdf__frame" ref={frame} hidden={!doc}>
        <canvas
          ref={canvas}
          className="ops-pdf__canvas"
          role="img"
          aria-label={`${name}, ${t('pdfPage', { n: page })}`}
          data-rendered-page={rendered || undefined}
        />
      </div>
      {doc && (
        <Pagination
          total={doc.numPages}
          page={page}
          pageSize={1}
          onChange={setPage}
          label={t('pagination')}
          totalText={(n) => t('pdfPages', { n })}
          jumper
        />
      )}
    </div>
  );
}
