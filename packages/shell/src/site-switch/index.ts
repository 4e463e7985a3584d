import { lazyComponent } from '@ops/ui';
import { createElement, useState } from 'react';
import type { SiteSwitchDialogProps } from './site-switch-dialog';

/** The `/site/switch` page, loaded with its first render in a chunk of its own. */
export const SiteSwitchPage = lazyComponent(() => import('./site-switch-page').then((m) => m.SiteSwitchPage));

const LazyDialog = lazyComponent(() => import('./site-switch-dialog').then((m) => m.SiteSwitchDialog));

/** The user menu's site-switch dialog: nothing is loaded until it first opens. */
export function SiteSwitchDialog(props: SiteSwitchDialogProps) {
  const [used, setUsed] = useState(false);
  if (props.open && !used) setUsed(true);
  return used || props.open ? createElement(LazyDialog, props) : null;
}

export { StationBadge } from './station-badge';
