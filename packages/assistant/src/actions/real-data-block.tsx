import { choiceQuestion, choicesOf } from './choices';
import { ActionFrame } from './frame';
import { realDataRows } from './real-data';
import type { ActionBlockProps } from './types';
import { useActionTexts } from './use-action-texts';

/** Real data as a table (show_data, show_param; choose_yc with a choose button per row). */
export function RealDataBlock({ item, ctx }: ActionBlockProps) {
  const { t, titleOf } = useActionTexts();
  const title = titleOf(item);
  const rows = realDataRows(item.data);
  // A choose_yc row is its own choice: the same items, in the same order, as the table's rows.
  const choices =
    item.func === 'choose_yc'
      ? choicesOf(
          'choose_yc',
          rows.map((r) => r.item),
        )
      : [];
  return (
    <ActionFrame title={title} func={item.func}>
      {rows.length === 0 ? (
        <p className="ops-assistant__muted">{t('action.empty')}</p>
      ) : (
        <RealDataTable
          title={title}
          rows={rows}
          onChoose={
            choices.length === rows.length && choices.length > 0
              ? (index) => {
                  const choice = choices[index];
                  if (choice)
                    ctx.choose({
                      item: choice.item,
                      list: choices.map((c) => c.item),
                      text: choiceQuestion(choice, choices),
                    });
                }
              : undefined
          }
        />
      )}
    </ActionFrame>
  );
}

/** The table of real data (also an answer's own realData). */
export function RealDataTable({
  title,
  rows,
  onChoose,
}: {
  title: string;
  rows: ReturnType<typeof realDataRows>;
  onChoose?: (index: number) => void;
}) {
  const { t } = useActionTexts();
  return (
    <div className="ops-assistant__table-wrap">
      <table className="ops-assistant__table" aria-label={title}>
        <thead>
          <tr>
            {onChoose && <th scope="col">#</th>}
            <th scope="col">{t('action.station')}</th>
            <th scope="col">{t('action.device')}</th>
            <th scope="col">{t('action.param')}</th>
            <th scope="col">{t('action.time')}</th>
            <th scope="col">{t('action.value')}</th>
            {onChoose && <th scope="col">{t('action.choose')}</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={row.key}>
              {onChoose && <td>{index + 1}</td>}
              <td>{row.station}</td>
              <td>{row.device}</td>
              <td>{row.param}</td>
              <td>{row.time}</td>
              <td className="ops-assistant__num">{row.value}</td>
              {onChoose && (
                <td>
                  <button
                    type="button"
                    className="ops-assistant__link"
                    aria-label={t('action.chooseItem', {
                      name: [row.device, row.param].filter(Boolean).join(' '),
                    })}
                    onClick={() => onChoose(index)}
                  >
                    {t('action.choose')}
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
