/**
 * Picture sources (spec §3, docs/assistant-actions.md "Picture sources"): an item's `picSource` picks the
 * base a relative image address is resolved against.
 */
import { isFields, num, text } from './values';

/** The image base of each picture source: 0 pDecCloud, 1 v3, 2 v4. */
export const PICTURE_BASES: readonly string[] = [
  '/api/hzinfo-pdec-cloud/file/',
  '/api/hzinfo-v3/file/',
  '/api/hzinfo-v4/file/',
];

/** The base of a `picSource` (a number or its digits); an absent or unknown source is pDecCloud's. */
export function pictureBase(picSource: unknown): string {
  const index = num(picSource);
  return (index !== null && PICTURE_BASES[index]) || (PICTURE_BASES[0] as string);
}

/**
 * The address of a picture: one with a scheme (`https:`, `data:`…) or rooted at `/` (`/x`, `//host/x`)
 * is used as it is (the allowlist judges it); any other is a file name under its source's base.
 */
export function pictureUrl(url: string, picSource: unknown): string {
  const address = url.trim();
  if (address === '' || /^[a-z][a-z\d+.-]*:/i.test(address) || address.startsWith('/')) return address;
  return pictureBase(picSource) + address.replace(/^(\.\/)+/, '');
}

export interface Picture {
  url: string;
  conclusion: string;
}

/** `params.imgText` `[{ url, conclusion }]` with each address resolved; entries without one are left out. */
export function readPictures(imgText: unknown, picSource: unknown): Picture[] {
  if (!Array.isArray(imgText)) return [];
  return imgText.filter(isFields).flatMap((entry) => {
    const url = pictureUrl(text(entry.url), picSource);
    return url ? [{ url, conclusion: text(entry.conclusion).trim() }] : [];
  });
}
