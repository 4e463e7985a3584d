import { choiceQuestion, choicesOf } from './choices';
import { ActionFrame } from './frame';
import { isPickerFunc } from './funcs';
import type { ActionBlockProps } from './types';
import { useActionTexts } from './use-action-texts';

/**
 * A list to choose from (choose_station, stations_num, choose_scada, choose_canvas, choose_video,
 * choose_fault, choose_instruct, choose_menu): numbered, so the operator may also answer with a number.
 */
export function PickerBlock({ item, ctx }: ActionBlockProps) {
  const { t, titleOf } = useActionTexts();
  const title = titleOf(item);
  if (!isPickerFunc(item.func)) return null;
  const choices = choicesOf(item.func, item.data);
  const list = choices.map((c) => c.item);
  return (
    <ActionFrame title={title} func={item.func}>
      {item.func === 'stations_num' && (
        <p className="ops-assistant__action-count">{t('action.stationsCount', { n: choices.length })}</p>
      )}
      {choices.length === 0 ? (
        <p className="ops-assistant__muted">{t('action.empty')}</p>
      ) : (
        <ol className="ops-assistant__choices" aria-label={title}>
          {choices.map((choice, index) => (
            <li key={`${index}-${choice.text}`}>
              <button
                type="button"
                className="ops-assistant__choice"
                onClick={() => ctx.choose({ item: choice.item, list, text: choiceQuestion(choice, choices) })}
              >
                <span className="ops-assistant__choice-n" aria-hidden="true">
                  {index + 1}
                </span>
                <span className="ops-assistant__choice-text">{choice.text}</span>
                {choice.detail && <span className="ops-assistant__choice-detail">{choice.detail}</span>}
              </button>
            </li>
          ))}
        </ol>
      )}
    </ActionFrame>
  );
}
