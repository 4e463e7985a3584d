import { type HostProps, validationMessage } from '@ops/shared';
import { type Column, DataTable, DEFAULT_PAGE_SIZE, Form, message, TextField, useTexts } from '@ops/ui';
import { SearchButtons, useLoad } from '@ops/ui/load';
import { useState } from 'react';
import { fetchStations, type Station } from './api';
import { realtimePath } from './pages';
import { ErrorState, PageFrame } from './parts';
import {
  EMPTY_SEARCH,
  type StationSearch,
  type StationSearchField,
  stationQuery,
  validateStationSearch,
} from './station-search';
import { NS } from './texts';

const FIELDS: StationSearchField[] = ['stationId', 'stationName', 'linkman'];

/** The stations table: server paging (10 a page) and the site search of spec §5. */
export function OverviewPage({ http, signal, navigate }: Pick<HostProps, 'http' | 'signal' | 'navigate'>) {
  const { t } = useTexts(NS);
  const [draft, setDraft] = useState<StationSearch>(EMPTY_SEARCH);
  const [applied, setApplied] = useState<StationSearch>(EMPTY_SEARCH);
  const [page, setPage] = useState(1);
  const query = stationQuery(applied, page, DEFAULT_PAGE_SIZE);
  const { load, retry } = useLoad((s) => fetchStations(http, query, s), JSON.stringify(query), signal);

  const search = () => {
    const check = validateStationSearch(draft);
    if (!check.ok) {
      // Spec §5: the warning names the field and the search is cancelled (the table keeps its rows).
      message.warning(validationMessage(check));
      return;
    }
    setApplied(draft);
    setPage(1);
  };
  const reset = () => {
    setDraft(EMPTY_SEARCH);
    setApplied(EMPTY_SEARCH);
    setPage(1);
  };

  const columns: Column<Station>[] = [
    { key: 'stationId', title: t('field.stationId'), width: 120 },
    { key: 'deptName', title: t('field.stationName') },
    { key: 'linkman', title: t('field.linkman'), width: 110 },
    { key: 'contactNumber', title: t('overview.contactNumber'), width: 140 },
    { key: 'remark', title: t('overview.remark') },
  ];
  const shown = load.state === 'done' ? load.data : load.state === 'loading' ? load.previous : undefined;

  return (
    <PageFrame id="ops-sm-overview" heading={t('overview.heading')}>
      <Form label={t('overview.searchLabel')} onSubmit={search} className="ops-sm-search" labelWidth={64}>
        {FIELDS.map((field) => (
          <TextField
            key={field}
            label={t(`field.${field}`)}
            name={field}
            value={draft[field]}
            onChange={(value) => setDraft((d) => ({ ...d, [field]: value }))}
          />
        ))}
        <SearchButtons
          search={t('overview.search')}
          reset={t('overview.reset')}
          onReset={reset}
          className="ops-sm-search__buttons"
        />
      </Form>
      {load.state === 'failed' ? (
        <ErrorState reason={load.reason} onRetry={retry} />
      ) : (
        <DataTable<Station>
          caption={t('overview.caption')}
          columns={columns}
          rows={shown?.records ?? []}
          rowKey={(row) => row.id}
          rowLabel={(row) => row.deptName}
          actions={[
            {
              key: 'open',
              label: t('overview.open'),
              onClick: (row) => navigate(realtimePath(row.stationId)),
            },
          ]}
          actionsWidth={110}
          loading={load.state === 'loading'}
          emptyText={t('overview.empty')}
          total={shown?.total ?? 0}
          page={page}
          onPageChange={setPage}
        />
      )}
    </PageFrame>
  );
}
