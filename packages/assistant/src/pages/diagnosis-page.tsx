import { envelopeData, type HostProps } from '@ops/shared';
import { LoadFailed, useLocation, useTexts } from '@ops/ui';
import { useLoad } from '@ops/ui/load';
import { useEffect } from 'react';
import { NS } from '../texts';
import { DIAGNOSIS_API, type DiagnosisQuery, diagnosisOf } from './diagnosis';
import './texts';

/** The diagnosis page: the fault its query names, its diagnosis steps in order with their outcome, the conclusion. */
export function DiagnosisPage({
  host,
  query,
}: {
  host: Pick<HostProps, 'http' | 'signal' | 'bus'>;
  query: DiagnosisQuery;
}) {
  const { t } = useTexts(NS);
  const { pathname, search } = useLocation();
  const { load, retry } = useLoad(
    async (signal) =>
      diagnosisOf(
        envelopeData(
          await host.http.get(DIAGNOSIS_API, {
            params: { fdpId: query.fdpId, stationId: query.stationId },
            signal,
          }),
        ),
        query,
      ),
    `${query.fdpId}|${query.stationId}`,
    host.signal,
  );
  const title = t('page.diagnosis');
  const diagnosis = load.state === 'done' ? load.data : null;
  // The page's tag shows the fault's name (or the page's), not its path.
  const tagTitle = diagnosis?.recordName || query.recordname || title;
  useEffect(() => {
    host.bus.publish('page:title', { path: `${pathname}${search}`, title: tagTitle });
  }, [host.bus, pathname, search, tagTitle]);
  if (!query.fdpId)
    return (
      <section className="ops-diagnosis" aria-label={title}>
        <h2 className="ops-diagnosis__title">{title}</h2>
        <p className="ops-assistant__error" role="alert">
          {t('page.noFault')}
        </p>
      </section>
    );
  return (
    <section className="ops-diagnosis" aria-label={title} aria-busy={load.state === 'loading'}>
      <h2 className="ops-diagnosis__title">{tagTitle}</h2>
      {load.state === 'loading' && <p className="ops-assistant__muted">{t('page.loading')}</p>}
      {load.state === 'failed' && (
        <LoadFailed
          message={t('page.failed', { reason: load.reason ? `：${load.reason}` : '' })}
          retryLabel={t('page.retry')}
          onRetry={retry}
        />
      )}
      {diagnosis && (
        <>
          <dl className="ops-assistant__facts">
            {(
              [
                ['page.station', diagnosis.stationName],
                ['page.device', diagnosis.deviceName],
                ['page.time', diagnosis.time],
                ['page.error', diagnosis.errorInfo],
              ] as const
            )
              .filter(([, value]) => value)
              .map(([key, value]) => (
                <div key={key}>
                  <dt>{t(key)}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
          </dl>
          <h3 className="ops-diagnosis__subtitle">{t('page.steps')}</h3>
          <ol className="ops-diagnosis__steps" aria-label={t('page.steps')}>
            {diagnosis.steps.map((step) => (
              <li
                key={step.ord}
                className={`ops-diagnosis__step ops-diagnosis__step--${step.outcome}`}
                aria-current={step.ord === query.ord ? 'step' : undefined}
              >
                <span className="ops-diagnosis__ord">{step.ord}</span>
                <span className="ops-diagnosis__name">{step.name}</span>
                <span className={`ops-diagnosis__outcome ops-diagnosis__outcome--${step.outcome}`}>
                  {t(`page.${step.outcome}`)}
                </span>
                {step.detail && <span className="ops-diagnosis__detail">{step.detail}</span>}
              </li>
            ))}
          </ol>
          {diagnosis.conclusion && (
            <section className="ops-diagnosis__conclusion" aria-label={t('page.conclusion')}>
              <h3 className="ops-diagnosis__subtitle">{t('page.conclusion')}</h3>
              <p>{diagnosis.conclusion}</p>
            </section>
          )}
        </>
      )}
    </section>
  );
}
