import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import '../i18n/part-texts';
import { useUiText } from '../i18n/use-ui-text';
import { useStylesheets } from '../theme/use-stylesheet';
/** Autoplay interval of the image preview (spec §9). */
import { IMAGE_PREVIEW_INTERVAL } from './constants';
import href from './image-viewer.css';

export { IMAGE_PREVIEW_INTERVAL };

export interface ViewerImage {
  src: string;
  /** Describes the image; also names it for assistive technology. */
  alt: string;
}

export interface ImageViewerProps {
  images: readonly ViewerImage[];
  open: boolean;
  onClose: () => void;
  /** The image shown first. */
  initialIndex?: number;
  onIndexChange?: (index: number) => void;
  /** Advances by itself every `interval` ms. */
  autoplay?: boolean;
  interval?: number;
  /** Accessible name of the overlay (default 'Image preview'). */
  label?: string;
}

/** A full-window image preview: previous and next (arrow keys too), Esc or the close button to close. */
export function ImageViewer({
  images,
  open,
  onClose,
  initialIndex = 0,
  onIndexChange,
  autoplay = false,
  interval = IMAGE_PREVIEW_INTERVAL,
  label,
}: ImageViewerProps) {
  useStylesheets(href);
  const t = useUiText();
  const [index, setIndex] = useState(initialIndex);
  const closeButton = useRef<HTMLButtonElement>(null);
  const count = images.length;
  const current = images[Math.min(index, count - 1)];

  const show = (next: number) => {
    const wrapped = (next + count) % count;
    setIndex(wrapped);
    onIndexChange?.(wrapped);
  };
  const latest = useRef({ show, index, onClose });
  latest.current = { show, index, onClose };

  useEffect(() => {
    if (open) setIndex(initialIndex);
  }, [open, initialIndex]);

  // Focus moves into the viewer and back to where it was on close.
  useEffect(() => {
    if (!open) return;
    const before = document.activeElement as HTMLElement | null;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      const { show: go, index: at, onClose: close } = latest.current;
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
      } else if (event.key === 'ArrowLeft') go(at - 1);
      else if (event.key === 'ArrowRight') go(at + 1);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      before?.focus?.();
    };
  }, [open]);

  // The timer restarts after every change, so a manual step gets a full interval too.
  useEffect(() => {
    if (!open || !autoplay || count < 2) return;
    const timer = setTimeout(() => latest.current.show(latest.current.index + 1), interval);
    return () => clearTimeout(timer);
  }, [open, autoplay, interval, count, index]);

  if (!open || !current) return null;
  return createPortal(
    <div
      className="ops-ui ops-image-viewer"
      role="dialog"
      aria-modal="true"
      aria-label={label ?? t('imageViewer')}
    >
      <div className="ops-image-viewer__mask" />
      <figure className="ops-image-viewer__stage">
        <img className="ops-image-viewer__image" src={current.src} alt={current.alt} />
        <figcaption className="ops-image-viewer__caption">
          <span>{current.alt}</span>
          {count > 1 && (
            <span aria-hidden="true" className="ops-image-viewer__count">
              {index + 1} / {count}
            </span>
          )}
          {count > 1 && (
            <span className="ops-ui-visually-hidden" aria-live="polite">
              {t('imageCount', { n: index + 1, total: count })}
            </span>
          )}
        </figcaption>
      </figure>
      {count > 1 && (
        <>
          <button
            type="button"
            className="ops-image-viewer__button ops-image-viewer__prev"
            aria-label={t('prevImage')}
            onClick={() => show(index - 1)}
          >
            ‹
          </button>
          <button
            type="button"
            className="ops-image-viewer__button ops-image-viewer__next"
            aria-label={t('nextImage')}
            onClick={() => show(index + 1)}
          >
            ›
          </button>
        </>
      )}
      <button
        ref={closeButton}
        type="button"
        className="ops-image-viewer__button ops-image-viewer__close"
        aria-label={t('close')}
        onClick={onClose}
      >
        ×
      </button>
    </div>,
    document.body,
  );
}
