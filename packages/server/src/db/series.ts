/**
 * Deterministic measurement series of the seeded device points: a value is computed from the point's
 * realId, its curve parameters and the time, so the history of any range costs no table rows and two calls
 * for the same range answer the same numbers. Measured values (up to "now") carry noise from a PRNG seeded
 * with the realId and the time step; the forecast (after "now") is the smooth curve without noise.
 */

/** How a point's value moves: its curve over the day or over days. */
export type SeriesProfile =
  /** Two daily peaks (10:00 and 19:30 Beijing time), low at night: output, current, opening. */
  | 'load'
  /** The load curve an hour late: temperatures that follow the output. */
  | 'lagged'
  /** A slow swing over five days: water levels. */
  | 'level'
  /** Nearly flat: voltages, frequency. */
  | 'steady'
  /** Charged at night, discharged by day: a battery's state of charge. */
  | 'cycle'
  /** Charging (below the middle of the range) at night, discharging at the peaks: a battery's power. */
  | 'storage'
  /** No data recorded (communication lost): every range is empty. */
  | 'offline';

export const SERIES_PROFILES: readonly SeriesProfile[] = [
  'load',
  'lagged',
  'level',
  'steady',
  'cycle',
  'storage',
  'offline',
];

export interface SeriesCurve {
  realId: string;
  profile: SeriesProfile;
  /** The value at the bottom and at the top of the curve. */
  min: number;
  max: number;
  /** Noise of a measurement, as a share of max - min (0.03 = 3 %). */
  noise: number;
  decimals: number;
}

export interface SeriesPoint {
  /** Epoch milliseconds. */
  ts: number;
  val: number;
  isPredict: boolean;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Beijing time, the time zone of the seeded stations and of every time text of the API. */
const ZONE_OFFSET = 8 * HOUR;

/** FNV-1a of a text: the seed of a point's noise and of its phase. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: one number in [0, 1) per seed. */
function random(seed: number): number {
  let t = (seed + 0x6d2b79f5) >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

const bump = (hour: number, centre: number, width: number) => Math.exp(-((hour - centre) ** 2) / width);

/** The daily load shape in 0..1 at an hour of the (Beijing) day. */
function loadShape(hour: number): number {
  const h = ((hour % 24) + 24) % 24;
  const shape = 0.35 + 0.5 * bump(h, 10, 8) + 0.55 * bump(h, 19.5, 5) - 0.25 * bump(h, 3.5, 8);
  return Math.min(1, Math.max(0, shape));
}

/** The smooth curve of a profile in 0..1 at a time. */
function shapeAt(profile: SeriesProfile, ts: number, phase: number): number {
  const hour = (ts + ZONE_OFFSET) / HOUR + phase;
  switch (profile) {
    case 'load':
      return loadShape(hour);
    case 'lagged':
      return loadShape(hour - 1);
    case 'level':
      return 0.5 + 0.4 * Math.sin((2 * Math.PI * (ts / DAY + phase)) / 5);
    case 'steady':
      return 0.5 + 0.05 * Math.sin((2 * Math.PI * hour) / 24);
    case 'cycle':
      // Full (0.9) in the morning after the night's charge, low (0.15) late in the evening.
      return 0.525 + 0.375 * Math.cos((2 * Math.PI * (hour - 7)) / 24);
    case 'storage':
      return 0.5 + 0.5 * (loadShape(hour) - 0.45) * 1.6;
    case 'offline':
      return 0;
  }
}

/** The value of a point at a time: measured (with its noise) or predicted (the smooth curve). */
export function valueAt(curve: SeriesCurve, ts: number, predicted: boolean): number {
  const seed = hashText(curve.realId);
  const phase = (seed % 1000) / 4000; // up to a quarter of an hour (a fifth of a day for levels)
  const span = curve.max - curve.min;
  let value = curve.min + span * Math.min(1, Math.max(0, shapeAt(curve.profile, ts, phase)));
  if (!predicted) {
    const noise = random(seed ^ Math.floor(ts / 60_000)) - 0.5;
    value += noise * 2 * curve.noise * span;
  }
  const factor = 10 ** curve.decimals;
  return Math.round(value * factor) / factor;
}

/** Step between two points of a range: 5 min up to 36 h, 15 min up to 4 days, else 30 min. */
export function stepFor(spanMs: number): number {
  if (spanMs <= 36 * HOUR) return 5 * 60_000;
  if (spanMs <= 4 * DAY) return 15 * 60_000;
  return 30 * 60_000;
}

/**
 * The points of a range [from, to] on the step's grid (aligned to the epoch, so every call for the same
 * times answers the same points): measured up to `now`, predicted after it up to `now + horizon`.
 * An offline point has no data.
 */
export function seriesOf(
  curve: SeriesCurve,
  range: { from: number; to: number; now: number; horizonMs: number },
): { step: number; points: SeriesPoint[] } {
  const step = stepFor(range.to - range.from);
  const points: SeriesPoint[] = [];
  if (curve.profile === 'offline') return { step, points };
  const last = Math.min(range.to, range.now + range.horizonMs);
  for (let ts = Math.ceil(range.from / step) * step; ts <= last; ts += step) {
    const isPredict = ts > range.now;
    points.push({ ts, val: valueAt(curve, ts, isPredict), isPredict });
  }
  return { step, points };
}

/** The latest measurement of a point at `now` (on the 5-minute grid), or null when it has no data. */
export function latestOf(curve: SeriesCurve, now: number): { ts: number; val: number } | null {
  if (curve.profile === 'offline') return null;
  const ts = Math.floor(now / (5 * 60_000)) * 5 * 60_000;
  return { ts, val: valueAt(curve, ts, false) };
}
