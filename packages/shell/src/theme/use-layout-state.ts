import type { UserInfo } from '@ops/shared';
import { useMemo, useState } from 'react';
import { useShellText } from '../shared/i18n';
import { type LayoutState, parseLayout } from '../shared/layout-state';
import type { ShellServices } from '../shared/services';
import { THEME_TEXTS } from './texts';
import { layoutStateText } from './theme';
import { saveLayoutState } from './theme-apply';

/** The theme drawer's state: open or not, and what it edits. */
export interface ThemeEditor {
  open: boolean;
  /** Opens the drawer on the saved state. */
  start(): void;
  setDraft(next: LayoutState): void;
  /** Saves a state (`null`: back to the defaults); answers whether the server took it. */
  save(state: LayoutState | null): Promise<boolean>;
  /** Closes the drawer; the page shows what is saved again. */
  close(): void;
}

export interface LayoutStateView {
  /** The state as saved in the user's info. */
  saved: LayoutState;
  /** What the page shows: the theme drawer's draft while it is open, else the saved state. */
  layout: LayoutState;
  editor: ThemeEditor;
}

/**
 * The signed-in user's layout state (spec §3, §4 Layout editing): read from user info, previewed live
 * while the theme drawer edits a draft, saved to the server and into the session.
 */
export function useLayoutState(services: ShellServices, info: UserInfo | null): LayoutStateView {
  const { t } = useShellText(THEME_TEXTS);
  const saved = useMemo(() => parseLayout(info?.layoutState), [info?.layoutState]);
  const [draft, setDraft] = useState<LayoutState | null>(null);
  const [open, setOpen] = useState(false);
  const editor: ThemeEditor = {
    open,
    start() {
      setDraft(saved);
      setOpen(true);
    },
    setDraft,
    async save(state) {
      const text = state === null ? null : layoutStateText(state);
      const ok = await saveLayoutState(services, info?.user_id ?? '', text);
      if (!ok || !info) return false;
      services.notify.success(t('saved'));
      services.session.update({ userInfo: { ...info, layoutState: text } });
      setDraft(state ?? parseLayout(null));
      return true;
    },
    close() {
      setOpen(false);
      setDraft(null);
    },
  };
  return { saved, layout: draft ?? saved, editor };
}
