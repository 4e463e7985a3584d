import { holdStylesheet } from '@ops/shared';
import { Button, type Column, DataTable, TextField } from '@ops/ui';
import { useLayoutEffect, useMemo, useState } from 'react';
import { useShellText } from '../shared/i18n';
import type { ShellServices } from '../shared/services';
import { useSessionState } from '../shared/use-session';
import href from './environment.css';
import {
  environmentReport,
  factsOf,
  filterRows,
  type ImportMapProblem,
  type ImportMapRow,
  type ImportMapSource,
  importMapSummary,
  readImportMaps,
} from './rules';
import { ENVIRONMENT_TEXTS } from './texts';

/** The page's `<script type="systemjs-importmap">` elements, in document order. */
function importMapSources(): ImportMapSource[] {
  return [...document.querySelectorAll<HTMLScriptElement>('script[type="systemjs-importmap"]')].map(
    (element) => ({ text: element.textContent ?? '', src: element.getAttribute('src') }),
  );
}

const PROBLEM_KEYS: Record<ImportMapProblem['kind'], string> = {
  external: 'problemExternal',
  'invalid-json': 'problemInvalidJson',
  'not-object': 'problemNotObject',
  'bad-entry': 'problemBadEntry',
};

const PAGE_SIZE = 10;

/**
 * `/test/index`: what this tenant's console runs — the import map the page loaded (each specifier, its
 * address, whether it has an integrity entry, whether a later map overrides it), the signed-in tenant and
 * account, the language and the browser. Filterable; the shown rows copy as JSON.
 */
export function EnvironmentPage({ services }: { services: Pick<ShellServices, 'session' | 'notify'> }) {
  useLayoutEffect(() => holdStylesheet(href), []);
  const { t, lang } = useShellText(ENVIRONMENT_TEXTS);
  const session = useSessionState(services);
  // The maps are read once: the page does not change them after it has loaded.
  const reading = useMemo(() => readImportMaps(importMapSources(), document.baseURI), []);
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const rows = useMemo(() => filterRows(reading.rows, filter), [reading, filter]);
  const facts = factsOf(session, {
    language: lang,
    userAgent: navigator.userAgent,
    origin: location.origin,
  });
  const summary = importMapSummary(reading.rows);

  const copy = async () => {
    const text = environmentReport({ facts, rows, problems: reading.problems, filter, time: new Date() });
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      services.notify.success(t('copied'));
    } catch {
      services.notify.error(t('copyFailed'));
    }
  };

  const columns: Column<ImportMapRow>[] = [
    { key: 'specifier', title: t('specifier'), render: (row) => <code>{row.specifier}</code> },
    {
      key: 'url',
      title: t('url'),
      render: (row) => (
        <code className="ops-env__url" title={row.resolved}>
          {row.url}
        </code>
      ),
    },
    { key: 'scope', title: t('scope'), width: 120, render: (row) => row.scope ?? t('global') },
    {
      key: 'integrity',
      title: t('integrity'),
      width: 100,
      render: (row) => (
        <span className={row.integrity ? 'ops-env__yes' : 'ops-env__no'} title={row.integrity ?? undefined}>
          {row.integrity ? t('yes') : t('no')}
        </span>
      ),
    },
  ];
  // Which entry is in use matters only where a later map overrides an earlier one.
  if (summary.overridden > 0) {
    columns.push({
      key: 'state',
      title: t('state'),
      width: 90,
      render: (row) => (row.overridden ? t('overridden') : t('inUse')),
    });
  }

  const fact = (label: string, value: string, wide = false) => (
    <div className={wide ? 'ops-env__fact ops-env__fact--wide' : 'ops-env__fact'} key={label}>
      <dt>{label}</dt>
      <dd>{value || t('none')}</dd>
    </div>
  );
  const joined = (...parts: string[]) => parts.filter(Boolean).join(' · ');

  return (
    <section className="ops-shell-page ops-env" aria-labelledby="ops-env-title">
      <h1 id="ops-env-title">{t('title')}</h1>
      <p className="ops-env__intro">{t('intro')}</p>

      <section className="ops-env__section" aria-labelledby="ops-env-session-title">
        <h2 id="ops-env-session-title">{t('sessionTitle')}</h2>
        <dl className="ops-env__facts">
          {fact(t('tenant'), joined(facts.tenantId, facts.tenantName))}
          {fact(t('account'), joined(facts.account, facts.userName))}
          {fact(t('role'), facts.roleName)}
          {fact(t('dept'), facts.deptName)}
          {fact(t('station'), facts.station)}
          {fact(t('language'), lang === 'zh' ? t('langZh') : t('langEn'))}
          {fact(t('origin'), facts.origin)}
          {fact(t('userAgent'), facts.userAgent, true)}
        </dl>
      </section>

      <section className="ops-env__section" aria-labelledby="ops-env-map-title">
        <h2 id="ops-env-map-title">{t('mapTitle')}</h2>
        <p className="ops-env__note">{t('mapNote')}</p>
        <div className="ops-env__toolbar">
          <TextField
            className="ops-env__filter"
            label={t('filter')}
            placeholder={t('filterPlaceholder')}
            value={filter}
            onChange={(value) => {
              setFilter(value);
              setPage(1);
            }}
          />
          <p className="ops-env__summary">
            {t('summary', summary)}
            {summary.overridden > 0 && t('summaryOverridden', summary)}
          </p>
          <Button onClick={() => void copy()}>{t('copy')}</Button>
        </div>
        {reading.problems.length > 0 && (
          <div className="ops-env__problems" role="alert">
            <h3>{t('problemsTitle')}</h3>
            <ul>
              {reading.problems.map((problem) => (
                <li key={`${problem.map}-${problem.kind}-${'specifier' in problem ? problem.specifier : ''}`}>
                  {t(PROBLEM_KEYS[problem.kind], { ...problem })}
                </li>
              ))}
            </ul>
          </div>
        )}
        <DataTable<ImportMapRow>
          caption={t('caption')}
          columns={columns}
          rows={rows}
          rowKey={(row) => `${row.map}\u0000${row.scope ?? ''}\u0000${row.specifier}`}
          rowLabel={(row) => row.specifier}
          emptyText={reading.rows.length === 0 ? t('emptyMaps') : t('emptyFiltered')}
          pageSize={PAGE_SIZE}
          page={page}
          onPageChange={setPage}
        />
      </section>
    </section>
  );
}
