import { type Clock, systemClock } from '@ops/shared';
import { LoadFailed, useTexts } from '@ops/ui';
import { useLoad } from '@ops/ui/load';
import { useEffect, useRef } from 'react';
import { NS } from '../texts';
import {
  CANVAS_REFRESH_MS,
  CANVAS_URL,
  type Canvas,
  canvasBounds,
  canvasPrimitives,
  parseCanvas,
} from './canvas-model';
import { blockTitle } from './media-model';
import { MediaBlock, SHOWN_REFUSALS, useMediaStyles } from './media-parts';
import type { ActionBlockProps, ActionHost } from './types';
import { paramsOf, text } from './values';

/** A canvas drawn as SVG, an image named by the canvas's name (or `name` when given). */
export function CanvasView({ canvas, name }: { canvas: Canvas; name?: string }) {
  useMediaStyles();
  const primitives = canvasPrimitives(canvas);
  const box = canvasBounds(canvas, primitives);
  return (
    <svg
      className="ops-canvas"
      role="img"
      aria-label={name || canvas.name}
      viewBox={`${box.x} ${box.y} ${box.width} ${box.height}`}
      preserveAspectRatio="xMidYMid meet"
    >
      {primitives.map((p, i) => {
        // The elements never move within a canvas: their place in the list is their identity.
        const key = `${i}-${p.shape}`;
        if (p.shape === 'line')
          return <line key={key} className={p.className} x1={p.x1} y1={p.y1} x2={p.x2} y2={p.y2} />;
        if (p.shape === 'rect')
          return <rect key={key} className={p.className} x={p.x} y={p.y} width={p.width} height={p.height} />;
        return (
          <text key={key} className={p.className} x={p.x} y={p.y}>
            {p.text}
          </text>
        );
      })}
    </svg>
  );
}

export interface LiveCanvasProps {
  canvasId: string;
  host: Pick<ActionHost, 'http' | 'signal'>;
  /** Names the drawing until the canvas has answered with its own name. */
  name?: string;
  /** Drives the refresh (tests pass a manual clock). */
  clock?: Clock;
}

/**
 * The canvas of getCanvasById, read again every 10 s while shown (until unmount or the host's signal).
 * A failed refresh keeps the last drawing and says so above it, with a retry.
 */
export function LiveCanvas({ canvasId, host, name, clock = systemClock }: LiveCanvasProps) {
  const { t } = useTexts(NS);
  const { http, signal } = host;
  const { load, retry } = useLoad(
    async (run) => {
      const answer = await http.get<{ data?: unknown }>(CANVAS_URL, {
        params: { id: canvasId },
        signal: run,
        quietCodes: SHOWN_REFUSALS,
      });
      const canvas = parseCanvas(answer.data?.data);
      if (!canvas) throw new TypeError('not a canvas');
      return canvas;
    },
    canvasId,
    signal,
  );
  useEffect(() => {
    if (signal.aborted) return;
    const stop = clock.setInterval(retry, CANVAS_REFRESH_MS);
    signal.addEventListener('abort', stop, { once: true });
    return () => {
      stop();
      signal.removeEventListener('abort', stop);
    };
  }, [clock, signal, retry]);
  const last = useRef<Canvas | null>(null);
  if (load.state === 'done') last.current = load.data;
  const canvas = last.current;
  return (
    <>
      {load.state === 'failed' && (
        <LoadFailed
          message={load.reason ? `${t('canvasFailed')}: ${load.reason}` : t('canvasFailed')}
          retryLabel={t('mediaRetry')}
          onRetry={retry}
        />
      )}
      {canvas ? (
        <CanvasView canvas={canvas} name={canvas.name || name} />
      ) : (
        load.state === 'loading' && (
          <p className="ops-media__empty" role="status">
            {t('mediaLoading')}
          </p>
        )
      )}
    </>
  );
}

/** open_canvas: the station's SCADA canvas (`params.canvasId`) with live values. */
export function CanvasBlock({ item, ctx, clock }: ActionBlockProps & { clock?: Clock }) {
  const { t } = useTexts(NS);
  const canvasId = text(paramsOf(item).canvasId).trim();
  const name = text(item.name).trim();
  return (
    <MediaBlock title={blockTitle(item, name || t('canvasTitle'))} kind="canvas">
      {canvasId ? (
        <LiveCanvas canvasId={canvasId} host={ctx.host} name={name} clock={clock} />
      ) : (
        <p className="ops-media__error" role="alert">
          {t('canvasMissing')}
        </p>
      )}
    </MediaBlock>
  );
}
