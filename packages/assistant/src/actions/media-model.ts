/**
 * Reading the media action items (docs/assistant-actions.md): an item comes from the server or the model
 * as JSON, so every field is checked before it is used; text fields become text, never HTML.
 */
import type { ExtraItem } from '../chunks';
import { isFields, paramsOf, text } from './values';

/** The block's title: the item's `label` when it has one, otherwise `fallback`. */
export const blockTitle = (item: ExtraItem, fallback: string): string => text(item.label).trim() || fallback;

/** A field of the item, or of its `params` when the item itself lacks it. */
export function field(item: ExtraItem, key: string): string {
  return text(item[key]) || text(paramsOf(item)[key]);
}

export interface Source {
  name: string;
  url: string;
}

/** knowledge `data`: the sources that have an address (a source without a name is named by its file). */
export function readSources(data: unknown): Source[] {
  if (!Array.isArray(data)) return [];
  return data.filter(isFields).flatMap((entry) => {
    const url = text(entry.url).trim();
    if (!url) return [];
    const name = text(entry.name).trim() || decodeName(url);
    return [{ name, url }];
  });
}

/** The last path segment of an address, decoded where it can be. */
function decodeName(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  const segment = path.slice(path.lastIndexOf('/') + 1) || url;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export interface Video {
  name: string;
  url: string;
  poster: string;
}

/** open_video `data`: `{ name, url, poster? }`, or null when it carries no address. */
export function readVideo(data: unknown): Video | null {
  if (!isFields(data)) return null;
  const url = text(data.url).trim();
  if (!url) return null;
  return { name: text(data.name).trim(), url, poster: text(data.poster).trim() };
}
