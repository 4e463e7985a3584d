/**
 * open_canvas (docs/assistant-actions.md): a SCADA canvas of getCanvasById as SVG primitives. Elements are
 * drawn in order; each kind has its own class (colours come from the parcel's CSS, never from data);
 * unknown kinds and elements with bad coordinates are skipped.
 */
import { isFields, num, text } from './values';

export const CANVAS_URL = '/api/hzinfo-data-scada/scada/canvas/getCanvasById';
/** A shown canvas reads its values again this often. */
export const CANVAS_REFRESH_MS = 10_000;
/** Margin around the drawing when the canvas does not give its size. */
const PAD = 10;

export interface Canvas {
  id: string;
  name: string;
  stationName: string;
  width: number | null;
  height: number | null;
  elements: unknown[];
  /** The latest value of each bound realId; null for a point without data. */
  values: Record<string, number | null>;
}

/** The call's `data`, or null when it is not a canvas. */
export function parseCanvas(data: unknown): Canvas | null {
  if (!isFields(data) || !Array.isArray(data.elements)) return null;
  const values: Record<string, number | null> = {};
  if (isFields(data.values)) for (const [id, value] of Object.entries(data.values)) values[id] = num(value);
  return {
    id: text(data.id),
    name: text(data.name),
    stationName: text(data.station_name),
    width: positive(data.width),
    height: positive(data.height),
    elements: data.elements,
    values,
  };
}

const positive = (value: unknown): number | null => {
  const n = num(value);
  return n !== null && n > 0 ? n : null;
};

export type Primitive =
  | { shape: 'line'; className: string; x1: number; y1: number; x2: number; y2: number }
  | { shape: 'rect'; className: string; x: number; y: number; width: number; height: number }
  | { shape: 'text'; className: string; x: number; y: number; text: string };

const LINE_KINDS = new Set(['bus', 'line']);
const BOX_KINDS = new Set(['unit', 'breaker', 'transformer', 'box']);

const classOf = (kind: string) => `ops-canvas__${kind}`;

/** A value as shown on the canvas: at most two decimals, its unit after it; no data is '--'. */
export function formatValue(value: number | null | undefined, unit = ''): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '--';
  const rounded = String(Math.round(value * 100) / 100);
  return unit ? `${rounded} ${unit}` : rounded;
}

/** Numbers of the element's fields, or null when one of them is not a number. */
function numbers<K extends string>(element: Record<string, unknown>, keys: readonly K[]) {
  const out = {} as Record<K, number>;
  for (const key of keys) {
    const n = num(element[key]);
    if (n === null) return null;
    out[key] = n;
  }
  return out;
}

/** The canvas's elements as primitives, in drawing order, with each bound point's value written in. */
export function canvasPrimitives(canvas: Canvas): Primitive[] {
  const out: Primitive[] = [];
  for (const element of canvas.elements) {
    if (!isFields(element)) continue;
    const kind = text(element.kind);
    if (LINE_KINDS.has(kind)) {
      const at = numbers(element, ['x1', 'y1', 'x2', 'y2'] as const);
      if (at) out.push({ shape: 'line', className: classOf(kind), ...at });
    } else if (BOX_KINDS.has(kind)) {
      const at = numbers(element, ['x', 'y', 'w', 'h'] as const);
      if (!at || at.w <= 0 || at.h <= 0) continue;
      out.push({ shape: 'rect', className: classOf(kind), x: at.x, y: at.y, width: at.w, height: at.h });
      const label = text(element.label).trim();
      if (label)
        out.push({
          shape: 'text',
          className: 'ops-canvas__label',
          x: at.x + at.w / 2,
          y: at.y + at.h / 2,
          text: label,
        });
    } else if (kind === 'text' || kind === 'value') {
      const at = numbers(element, ['x', 'y'] as const);
      if (!at) continue;
      if (kind === 'text') {
        const content = text(element.text).trim();
        if (content) out.push({ shape: 'text', className: classOf(kind), ...at, text: content });
        continue;
      }
      const value = canvas.values[text(element.realId)];
      const shown = formatValue(value, text(element.unit).trim());
      const label = text(element.label).trim();
      out.push({
        shape: 'text',
        className:
          value === null || value === undefined
            ? `${classOf(kind)} ${classOf('value--none')}`
            : classOf(kind),
        ...at,
        text: label ? `${label} ${shown}` : shown,
      });
    }
  }
  return out;
}

export interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The drawing's view box: the canvas's own size, else the primitives' extent with a margin. */
export function canvasBounds(canvas: Canvas, primitives: readonly Primitive[]): Bounds {
  if (canvas.width && canvas.height) return { x: 0, y: 0, width: canvas.width, height: canvas.height };
  if (primitives.length === 0) return { x: 0, y: 0, width: 100, height: 100 };
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  const take = (x: number, y: number) => {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  };
  for (const p of primitives) {
    if (p.shape === 'line') {
      take(p.x1, p.y1);
      take(p.x2, p.y2);
    } else if (p.shape === 'rect') {
      take(p.x, p.y);
      take(p.x + p.width, p.y + p.height);
    } else take(p.x, p.y);
  }
  return {
    x: minX - PAD,
    y: minY - PAD,
    width: Math.max(1, maxX - minX) + 2 * PAD,
    height: Math.max(1, maxY - minY) + 2 * PAD,
  };
}
