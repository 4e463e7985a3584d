import { IMAGE_PREVIEW_INTERVAL, ImageViewer, PdfViewer, useTexts } from '@ops/ui';
import { useState } from 'react';
import { NS } from '../texts';
import { blockTitle, readSources, type Source } from './media-model';
import { MediaBlock, mediaAllowed } from './media-parts';
import { type Picture, readPictures } from './pictures';
import type { ActionBlockProps } from './types';
import { paramsOf } from './values';

/** An opened source: the PDF viewer (one page at a time, with its pager), or why it was not loaded. */
function SourceDocument({
  source,
  origins,
  onClose,
}: {
  source: Source;
  origins: readonly string[];
  onClose: () => void;
}) {
  const { t } = useTexts(NS);
  return (
    <fieldset className="ops-media__document">
      <legend className="ops-media__document-name">{source.name}</legend>
      <button type="button" className="ops-media__close" onClick={onClose}>
        {t('closeDocument')}
      </button>
      {mediaAllowed(source.url, origins) ? (
        <PdfViewer key={source.url} url={source.url} name={source.name} />
      ) : (
        <p className="ops-media__error" role="alert">
          {t('documentBlocked')}
        </p>
      )}
    </fieldset>
  );
}

/** imgText: the pictures with their conclusions; a click previews them one after another every 3 s. */
function Pictures({ pictures, origins }: { pictures: readonly Picture[]; origins: readonly string[] }) {
  const { t } = useTexts(NS);
  const [viewing, setViewing] = useState<number | null>(null);
  const shown = pictures.map((picture, i) => ({
    ...picture,
    name: picture.conclusion || t('picture', { n: i + 1 }),
    allowed: mediaAllowed(picture.url, origins),
  }));
  const viewable = shown.filter((picture) => picture.allowed);
  return (
    <>
      <ul className="ops-media__pictures" aria-label={t('pictures')}>
        {shown.map((picture, i) => (
          // Pictures never reorder within an answer: their place is their identity.
          <li key={i}>
            <figure className="ops-media__picture">
              {picture.allowed ? (
                <button
                  type="button"
                  className="ops-media__thumb"
                  aria-label={t('previewPicture', { name: picture.name })}
                  onClick={() => setViewing(viewable.indexOf(picture))}
                >
                  <img src={picture.url} alt="" loading="lazy" />
                </button>
              ) : (
                <p className="ops-media__error" role="alert">
                  {t('pictureBlocked')}
                </p>
              )}
              {picture.conclusion && <figcaption>{picture.conclusion}</figcaption>}
            </figure>
          </li>
        ))}
      </ul>
      {viewing !== null && (
        <ImageViewer
          images={viewable.map((picture) => ({ src: picture.url, alt: picture.name }))}
          open
          initialIndex={viewing}
          onClose={() => setViewing(null)}
          autoplay
          interval={IMAGE_PREVIEW_INTERVAL}
          label={t('picturePreview')}
        />
      )}
    </>
  );
}

/** knowledge: the answer's sources as buttons opening the PDF viewer in place, and its pictures. */
export function KnowledgeBlock({ item, ctx }: ActionBlockProps) {
  const { t } = useTexts(NS);
  const [open, setOpen] = useState<Source | null>(null);
  const sources = readSources(item.data);
  const pictures = readPictures(paramsOf(item).imgText, item.picSource ?? paramsOf(item).picSource);
  const origins = ctx.host.config.mediaOrigins;
  return (
    <MediaBlock title={blockTitle(item, t('knowledgeTitle'))} kind="knowledge">
      {sources.length > 0 && (
        <ul className="ops-media__sources" aria-label={t('knowledgeSources')}>
          {sources.map((source, i) => (
            <li key={i}>
              <button type="button" aria-pressed={open?.url === source.url} onClick={() => setOpen(source)}>
                {source.name}
              </button>
            </li>
          ))}
        </ul>
      )}
      {open && <SourceDocument source={open} origins={origins} onClose={() => setOpen(null)} />}
      {pictures.length > 0 && <Pictures pictures={pictures} origins={origins} />}
    </MediaBlock>
  );
}
