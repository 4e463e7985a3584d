import { ActionFrame } from './frame';
import { diagnosisPath } from './links';
import type { ActionBlockProps } from './types';
import { useActionTexts } from './use-action-texts';
import { firstText, isFields } from './values';

/** result_diagnose: the fault in a few words and the way to its diagnosis process (spec §2's page). */
export function DiagnoseBlock({ item, ctx }: ActionBlockProps) {
  const { t, titleOf } = useActionTexts();
  const params = isFields(item.params) ? item.params : {};
  const path = diagnosisPath(item.func, item.params, item);
  const facts: [string, string][] = [
    [t('action.fault'), firstText(item, 'record_name') || firstText(params, 'recordname')],
    [t('action.station'), firstText(item, 'station_name')],
    [t('action.device'), firstText(item, 'device_name') || firstText(params, 'device')],
    [t('action.time'), firstText(item, 'beginTime', 'time')],
    [t('action.error'), firstText(item, 'errorInfo')],
  ];
  return (
    <ActionFrame title={titleOf(item)} func={item.func}>
      <dl className="ops-assistant__facts">
        {facts
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {path ? (
        <button type="button" className="ops-assistant__primary" onClick={() => ctx.host.navigate(path)}>
          {t('action.openDiagnosis')}
        </button>
      ) : (
        <p className="ops-assistant__muted">{t('action.noFault')}</p>
      )}
    </ActionFrame>
  );
}
