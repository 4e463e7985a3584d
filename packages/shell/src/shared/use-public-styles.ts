import { holdStylesheet } from '@ops/shared';
import { useLayoutEffect } from 'react';
import href from './public.css';

/** The public pages' stylesheet, linked while one of them is rendered. */
export const PUBLIC_STYLESHEETS: readonly string[] = [href];

export function usePublicStyles(): void {
  useLayoutEffect(() => holdStylesheet(href), []);
}
