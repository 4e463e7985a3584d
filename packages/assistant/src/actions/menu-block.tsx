import { ActionFrame } from './frame';
import { consolePath } from './links';
import type { ActionBlockProps } from './types';
import { useActionTexts } from './use-action-texts';
import { firstText, objectOf } from './values';

/**
 * open_menu: a button that opens the menu item in the main view. The console never navigates by itself:
 * an answer may arrive while the operator reads another page.
 */
export function MenuBlock({ item, ctx }: ActionBlockProps) {
  const { t, titleOf } = useActionTexts();
  const data = objectOf(item.data, item.params) ?? {};
  const name = firstText(data, 'name') || firstText(item, 'name');
  const path = consolePath(data.path);
  return (
    <ActionFrame title={titleOf(item)} func={item.func}>
      {path ? (
        <button type="button" className="ops-assistant__primary" onClick={() => ctx.host.navigate(path)}>
          {t('action.openMenu', { name: name || path })}
        </button>
      ) : (
        <p className="ops-assistant__error" role="alert">
          {t('action.badPath')}
        </p>
      )}
    </ActionFrame>
  );
}
