import { createPortal } from 'react-dom';
import { useShellText } from '../shared/i18n';
import type { LayoutState } from '../shared/layout-state';
import { THEME_TEXTS } from './texts';
import { showsThemeDrawer } from './theme';
import { ThemeDrawer } from './theme-drawer';
import type { ThemeEditor } from './use-layout-state';

/**
 * The top bar's theme settings (spec §2 theme drawer; DECISIONS 17: admin roles only): the palette button
 * and the drawer it opens, which previews every change on the page and saves it.
 */
export function ThemeSettings({
  editor,
  saved,
  draft,
  roleName,
  tenantId,
}: {
  editor: ThemeEditor;
  saved: LayoutState;
  draft: LayoutState;
  roleName: string | readonly string[] | null | undefined;
  tenantId: string;
}) {
  const { t } = useShellText(THEME_TEXTS);
  if (!showsThemeDrawer(roleName)) return null;
  return (
    <>
      <button
        type="button"
        className="ops-chrome-top__icon-button"
        aria-label={t('title')}
        title={t('title')}
        onClick={editor.start}
      >
        <span className="ops-topbar__palette" aria-hidden="true" />
      </button>
      {/* On the body: inside the top bar's stacking context the sidebar and floating parts would cover it. */}
      {editor.open &&
        createPortal(
          <ThemeDrawer
            open={editor.open}
            saved={saved}
            draft={draft}
            onDraft={editor.setDraft}
            tenantId={tenantId}
            onSave={editor.save}
            onClose={editor.close}
          />,
          document.body,
        )}
    </>
  );
}
