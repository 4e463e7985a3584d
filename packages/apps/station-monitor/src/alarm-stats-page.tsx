import type { HostProps, Http } from '@ops/shared';
import { type DictEntry, fetchDictionary } from '@ops/shared/rules';
import { Button, type Column, DataTable, Form, lazyComponent, useTexts } from '@ops/ui';
import { shown, useLoad } from '@ops/ui/load';
import { type ReactNode, useId, useMemo, useState } from 'react';
import {
  type AlarmStats,
  type ClassifyRow,
  classifyKeys,
  classifyRows,
  type DayRange,
  type DayRow,
  DEFAULT_DAYS,
  dayRows,
  daySeries,
  daysIn,
  lastDays,
  MAX_DAYS,
  parseStats,
  QUICK_DAYS,
  quickOf,
  rangeProblem,
} from './alarm-stats';
import { getData, URLS } from './api';
import { ErrorState, Loading, PageFrame } from './parts';
import { NS } from './texts';

type Host = Pick<HostProps, 'http' | 'signal'>;

// The charts and ApexCharts load with the first answer that has something to draw.
const charts = () => import('./alarm-charts');
const ClassifyDonut = lazyComponent(() => charts().then((m) => m.ClassifyDonut));
const DayBars = lazyComponent(() => charts().then((m) => m.DayBars));

/** The caller's alarm messages counted over the range's days (docs/api.md section 7). */
async function fetchAlarmStats(http: Http, range: DayRange, signal: AbortSignal): Promise<AlarmStats> {
  return parseStats(
    await getData(http, URLS.alarmStats, { startTime: range.from, endTime: range.to }, signal),
  );
}

/** The message classifications' dictionary (docs/api.md section 6): the names the page shows. */
const CLASSIFY_DICT = 'businessClassify';

/**
 * 告警统计: the caller's alarm messages over a range of days (the last 7 by default), counted by
 * classification and by day, each as a chart with a table of its numbers beneath.
 */
export function AlarmStatsPage({ http, signal }: Host) {
  const { t } = useTexts(NS);
  const [range, setRange] = useState<DayRange>(() => lastDays(DEFAULT_DAYS, Date.now()));
  const problem = rangeProblem(range);
  const dict = useLoad((s) => fetchDictionary(http, CLASSIFY_DICT, s), CLASSIFY_DICT, signal);
  const errorId = useId();
  const quick = quickOf(range, Date.now());
  return (
    <PageFrame id="ops-sm-alarm-stats" heading={t('stats.heading')}>
      <Form
        label={t('stats.range')}
        onSubmit={() => undefined}
        labelWidth={64}
        className="ops-sm-toolbar ops-sm-stats__form"
      >
        <DateInput
          label={t('stats.from')}
          value={range.from}
          max={range.to}
          errorId={problem ? errorId : undefined}
          onChange={(from) => setRange({ ...range, from })}
        />
        <DateInput
          label={t('stats.to')}
          value={range.to}
          min={range.from}
          errorId={problem ? errorId : undefined}
          onChange={(to) => setRange({ ...range, to })}
        />
        <fieldset className="ops-sm-stats__quick">
          <legend className="ops-ui-visually-hidden">{t('stats.quick')}</legend>
          {QUICK_DAYS.map((days) => (
            <Button
              key={days}
              variant={quick === days ? 'primary' : 'default'}
              onClick={() => setRange(lastDays(days, Date.now()))}
            >
              {t('stats.last', { days })}
            </Button>
          ))}
        </fieldset>
        {problem && (
          <p id={errorId} role="alert" className="ops-sm-stats__problem">
            {problem === 'order'
              ? t('stats.order')
              : problem === 'tooLong'
                ? t('stats.tooLong', { days: MAX_DAYS })
                : t('stats.missing')}
          </p>
        )}
      </Form>
      {problem ? null : dict.load.state === 'failed' ? (
        <ErrorState reason={dict.load.reason} onRetry={dict.retry} />
      ) : (
        <Statistics http={http} signal={signal} range={range} dict={shown(dict.load)} />
      )}
    </PageFrame>
  );
}

/** The counts of a valid range: loading, failed, empty, or the total, the two charts and their tables. */
function Statistics({ http, signal, range, dict }: Host & { range: DayRange; dict?: DictEntry[] }) {
  const { t } = useTexts(NS);
  const { load, retry } = useLoad(
    (s) => fetchAlarmStats(http, range, s),
    `${range.from}|${range.to}`,
    signal,
  );
  const stats = shown(load);
  if (load.state === 'failed') return <ErrorState reason={load.reason} onRetry={retry} />;
  if (!stats || !dict) return <Loading />;
  if (stats.total === 0)
    return <p className="ops-sm-state">{t('stats.empty', { from: range.from, to: range.to })}</p>;
  return <Counts stats={stats} dict={dict} range={range} busy={load.state === 'loading'} />;
}

function Counts({
  stats,
  dict,
  range,
  busy,
}: {
  stats: AlarmStats;
  dict: DictEntry[];
  range: DayRange;
  busy: boolean;
}) {
  const { t, lang } = useTexts(NS);
  const keys = useMemo(() => classifyKeys(stats, dict), [stats, dict]);
  const classes = useMemo(() => classifyRows(stats, keys, dict, lang), [stats, keys, dict, lang]);
  const days = useMemo(() => dayRows(stats, keys), [stats, keys]);
  const series = useMemo(() => daySeries(days, classes), [days, classes]);
  const dayList = useMemo(() => days.map((d) => d.day), [days]);
  const n = (value: number) => value.toLocaleString(lang === 'en' ? 'en' : 'zh-CN');
  const failedText = t('stats.chartFailed');

  const classColumns: Column<ClassifyRow>[] = [
    { key: 'label', title: t('stats.classify') },
    { key: 'count', title: t('stats.count'), align: 'right', render: (r) => n(r.count) },
    { key: 'unread', title: t('stats.unread'), align: 'right', render: (r) => n(r.unread) },
    { key: 'share', title: t('stats.share'), align: 'right', render: (r) => `${r.share.toFixed(1)} %` },
  ];
  const dayColumns: Column<DayRow>[] = [
    { key: 'day', title: t('stats.day'), render: (r) => <span className="ops-sm-nowrap">{r.day}</span> },
    { key: 'count', title: t('stats.dayTotal'), align: 'right', render: (r) => n(r.count) },
    ...classes.map(
      (c, i): Column<DayRow> => ({
        key: `c-${c.key}`,
        title: c.label,
        align: 'right',
        render: (r) => n(r.counts[i] ?? 0),
      }),
    ),
  ];
  return (
    <div className="ops-sm-stats" aria-busy={busy || undefined}>
      <p className="ops-sm-stats__total">
        <span className="ops-sm-stats__total-label">{t('stats.total')}</span>
        <span className="ops-sm-stats__total-value">{n(stats.total)}</span>
        <span className="ops-sm-stats__total-unit">{t('stats.unit', { count: stats.total })}</span>
        <span className="ops-sm-stats__total-range">
          {t('stats.summary', { from: range.from, to: range.to, days: daysIn(range) })}
        </span>
      </p>
      <div className="ops-sm-stats__body">
        <Panel id="ops-sm-stats-classify" heading={t('stats.byClassify')}>
          <ClassifyDonut
            label={t('stats.byClassify')}
            rows={classes}
            total={stats.total}
            totalLabel={t('stats.dayTotal')}
            failedText={failedText}
          />
          <DataTable<ClassifyRow>
            caption={t('stats.classifyCaption')}
            columns={classColumns}
            rows={classes}
            rowKey={(r) => r.key}
            rowLabel={(r) => r.label}
            pagination={false}
          />
        </Panel>
        <Panel id="ops-sm-stats-day" heading={t('stats.byDay')}>
          <DayBars label={t('stats.byDay')} days={dayList} series={series} failedText={failedText} />
          <DataTable<DayRow>
            caption={t('stats.dayCaption')}
            columns={dayColumns}
            rows={days}
            rowKey={(r) => r.day}
            rowLabel={(r) => r.day}
            pagination={false}
          />
        </Panel>
      </div>
    </div>
  );
}

/** A day of the range: a native date input in the form's field look; `errorId` names the range's problem. */
function DateInput({
  label,
  value,
  min,
  max,
  errorId,
  onChange,
}: {
  label: string;
  value: string;
  min?: string;
  max?: string;
  errorId?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className={`ops-ui ops-field${errorId ? ' ops-field--invalid' : ''}`}>
      <label className="ops-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="ops-input">
        <input
          id={id}
          type="date"
          className="ops-input__inner"
          required
          value={value}
          min={min || undefined}
          max={max || undefined}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
    </div>
  );
}

/** A region of the page named by its heading. */
function Panel({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section className="ops-sm-stats__panel" aria-labelledby={id}>
      <h3 id={id} className="ops-sm-stats__heading">
        {heading}
      </h3>
      {children}
    </section>
  );
}
