import { holdStylesheet, holdStylesheetReady } from '@ops/shared';
import { useLayoutEffect, useState } from 'react';
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

export type StylesheetsState = 'loading' | 'ready' | 'failed';

/**
 * Links the stylesheets while the calling component is rendered, and says when they have loaded: a
 * library that measures its own elements as it draws (a chart) must draw only once its sheet applies.
 */
export function useStylesheetsReady(...hrefs: string[]): StylesheetsState {
  const key = hrefs.join('\n');
  const [state, setState] = useState<{ key: string; value: StylesheetsState }>({ key, value: 'loading' });
  useLayoutEffect(() => {
    const holds = key.split('\n').filter(Boolean).map(holdStylesheetReady);
    let live = true;
    Promise.all(holds.map((hold) => hold.ready)).then(
      () => live && setState({ key, value: 'ready' }),
      () => live && setState({ key, value: 'failed' }),
    );
    return () => {
      live = false;
      for (const hold of holds) hold.release();
    };
  }, [key]);
  return state.key === key ? state.value : 'loading';
}
