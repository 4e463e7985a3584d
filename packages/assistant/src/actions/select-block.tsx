import type { Selection } from '../messages';
import { ActionFrame } from './frame';
import type { ActionBlockProps } from './types';
import { useActionTexts } from './use-action-texts';

/** select_number: which item of the previous list it chose (then asked about), or why it could not. */
export function SelectBlock({ item, selection }: ActionBlockProps & { selection: Selection | null }) {
  const { t, titleOf } = useActionTexts();
  if (!selection) return null;
  return (
    <ActionFrame title={titleOf(item)} func={item.func}>
      {selection.ok ? (
        <p>{t('action.selected', { n: selection.n, text: selection.text })}</p>
      ) : (
        <p className="ops-assistant__error" role="alert">
          {t(selection.error)}
        </p>
      )}
    </ActionFrame>
  );
}
