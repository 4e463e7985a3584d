import { holdStylesheet } from '@ops/shared';
import { isAllowedMediaOrigin } from '@ops/shared/rules';
import { type ReactNode, useLayoutEffect } from 'react';
import { ActionFrame } from './frame';
import href from './media.css';

/** Links the media blocks' stylesheet while one is shown. */
export function useMediaStyles(): void {
  useLayoutEffect(() => holdStylesheet(href), []);
}

/**
 * Whether a block may load this address: same-origin, or an origin of the site's `mediaOrigins` (the
 * markdown media allowlist). Anything else is shown as blocked and never requested.
 */
export const mediaAllowed = (url: string, origins: readonly string[]): boolean =>
  isAllowedMediaOrigin(url, origins, window.location.origin);

/** Refusals a block shows itself (bad query, unknown point or canvas): the client stays quiet about them. */
export const SHOWN_REFUSALS: readonly number[] = [400, 404];

/** A media block in the answer: the action frame (a region named by its title) with the media layout. */
export function MediaBlock({
  title,
  kind,
  children,
}: {
  title: string;
  /** The block's modifier class (`ops-media--video`). */
  kind: string;
  children: ReactNode;
}) {
  useMediaStyles();
  return (
    <ActionFrame title={title} func={kind} className={`ops-media ops-media--${kind}`}>
      {children}
    </ActionFrame>
  );
}
