import { holdStylesheet } from '@ops/shared';
import { useLayoutEffect } from 'react';
import themeHref from './theme.css';

/** Links the building blocks' theme and the given stylesheets while the calling component is rendered. */
export function useStylesheets(...hrefs: string[]): void {
  const key = hrefs.join('\n');
  useLayoutEffect(() => {
    const release = [themeHref, ...key.split('\n').filter(Boolean)].map(holdStylesheet);
    return () => {
      for (const done of release) done();
    };
  }, [key]);
}
