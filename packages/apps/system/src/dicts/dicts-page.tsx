import {
  Button,
  type Column,
  DataTable,
  DEFAULT_PAGE_SIZE,
  type RowAction,
  SelectField,
  useTexts,
} from '@ops/ui';
import { shown, useLoad } from '@ops/ui/load';
import { useState } from 'react';
import { getData, idsParam, parseList, parsePage, postParams } from '../api';
import type { PageProps } from '../page-props';
import { ErrorState, PageFrame, SearchForm, useRemove } from '../parts';
import { BUTTONS } from '../permissions';
import { NS } from '../texts';
import { DictDialog } from './dict-dialog';
import { DICT_LIMITS, DICT_URLS, type DictEntry, dictOptions, isReadOnly, readDictEntry } from './dict-rules';
import './texts';

const EMPTY = { code: '', dictValue: '' };

/** What the dialog edits: a dictionary or an entry of `parent`, new (`entry` null) or existing. */
type Editing = { entry: DictEntry | null; parent: DictEntry | null } | null;

/**
 * The dictionaries (paged, searched by code and name) and the entries of the one chosen. Rows of the
 * shared tenant 000000 are read-only for the other tenants: no edit or remove on them.
 */
export function DictsPage({ http, signal, session, can }: PageProps) {
  const { t } = useTexts(NS);
  const tenantId = session.get().tenantId;
  const [draft, setDraft] = useState(EMPTY);
  const [applied, setApplied] = useState(EMPTY);
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<DictEntry | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [version, setVersion] = useState(0);
  const query = { ...applied, current: page, size: DEFAULT_PAGE_SIZE };
  const parents = useLoad(
    async (s) => parsePage(await getData(http, DICT_URLS.parents, query, s), readDictEntry),
    JSON.stringify([query, version]),
    signal,
  );
  const reload = () => setVersion((n) => n + 1);
  const remove = useRemove(async (ids) => {
    await postParams(http, DICT_URLS.remove, { ids: idsParam(ids) });
    // A removed dictionary's entries are gone with it.
    setChosen((now) => (now && ids.includes(now.id) ? null : now));
  }, reload);
  const list = shown(parents.load);

  const actions = (parentOf: (row: DictEntry) => DictEntry | null): RowAction<DictEntry>[] => [
    ...(can(BUTTONS.dictEdit)
      ? [
          {
            key: 'edit',
            label: t('edit'),
            hidden: (row: DictEntry) => isReadOnly(row, tenantId),
            onClick: (row: DictEntry) => setEditing({ entry: row, parent: parentOf(row) }),
          },
        ]
      : []),
    ...(can(BUTTONS.dictDelete)
      ? [
          {
            key: 'remove',
            label: t('remove'),
            danger: true,
            hidden: (row: DictEntry) => isReadOnly(row, tenantId),
            disabled: () => remove.busy,
            onClick: (row: DictEntry) => void remove.ask([row.id], row.dictValue),
          },
        ]
      : []),
  ];
  const owner: Column<DictEntry> = {
    key: 'owner',
    title: t('dicts.owner'),
    width: 130,
    render: (row) => (isReadOnly(row, tenantId) ? t('dicts.shared') : t('dicts.own')),
  };
  const columns: Column<DictEntry>[] = [
    { key: 'code', title: t('dicts.code'), width: 200 },
    { key: 'dictValue', title: t('dicts.name') },
    { key: 'sort', title: t('dicts.sort'), width: 60, align: 'right' },
    owner,
  ];

  return (
    <PageFrame
      id="ops-sys-dicts"
      heading={t('dicts.heading')}
      toolbar={
        can(BUTTONS.dictAdd) && (
          <Button variant="primary" onClick={() => setEditing({ entry: null, parent: null })}>
            {t('dicts.add')}
          </Button>
        )
      }
    >
      <SearchForm
        label={t('dicts.search')}
        draft={draft}
        labelOf={(field) => t(field === 'code' ? 'dicts.code' : 'dicts.name')}
        maxLengthOf={(field) => DICT_LIMITS[field]}
        onDraft={setDraft}
        onSearch={() => {
          setApplied(draft);
          setPage(1);
        }}
        onReset={() => {
          setDraft(EMPTY);
          setApplied(EMPTY);
          setPage(1);
        }}
        labelWidth={72}
      />
      {parents.load.state === 'failed' ? (
        <ErrorState reason={parents.load.reason} onRetry={parents.retry} />
      ) : (
        <DataTable<DictEntry>
          caption={t('dicts.caption')}
          columns={columns}
          rows={list?.records ?? []}
          rowKey={(row) => row.id}
          rowLabel={(row) => row.dictValue}
          actions={[
            { key: 'entries', label: t('dicts.entries'), onClick: (row) => setChosen(row) },
            ...actions(() => null),
          ]}
          actionsWidth={170}
          loading={parents.load.state === 'loading'}
          emptyText={t('dicts.empty')}
          total={list?.total ?? 0}
          page={page}
          onPageChange={setPage}
        />
      )}
      {chosen ? (
        <Entries
          key={`${chosen.id}-${version}`}
          {...{ http, signal, can, chosen }}
          columns={[
            { key: 'dictKey', title: t('dicts.dictKey'), width: 160 },
            { key: 'dictValue', title: t('dicts.dictValue') },
            { key: 'sort', title: t('dicts.sort'), width: 60, align: 'right' },
            { key: 'remark', title: t('dicts.remark') },
            owner,
          ]}
          actions={actions(() => chosen)}
          onAdd={() => setEditing({ entry: null, parent: chosen })}
        />
      ) : (
        <p className="ops-sys-state ops-sys-dicts__hint">{t('dicts.chooseHint')}</p>
      )}
      {editing && (
        <DictDialog
          http={http}
          entry={editing.entry}
          parent={editing.parent}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
    </PageFrame>
  );
}

/** The chosen dictionary's entries, and a select of them as every form of the console offers it. */
function Entries({
  http,
  signal,
  can,
  chosen,
  columns,
  actions,
  onAdd,
}: Pick<PageProps, 'http' | 'signal' | 'can'> & {
  chosen: DictEntry;
  columns: Column<DictEntry>[];
  actions: RowAction<DictEntry>[];
  onAdd: () => void;
}) {
  const { t } = useTexts(NS);
  const [picked, setPicked] = useState('');
  const { load, retry } = useLoad(
    async (s) =>
      parseList(await getData(http, DICT_URLS.children, { parentId: chosen.id }, s), readDictEntry),
    chosen.id,
    signal,
  );
  const entries = shown(load) ?? [];
  const headingId = `ops-sys-dict-entries-${chosen.id}`;
  return (
    <section className="ops-sys-dicts__entries" aria-labelledby={headingId}>
      <header className="ops-sys-page__header">
        <h3 id={headingId} className="ops-sys-dicts__heading">
          {t('dicts.entriesHeading', { name: chosen.dictValue })}
        </h3>
        {can(BUTTONS.dictAdd) && <Button onClick={onAdd}>{t('dicts.addEntry')}</Button>}
      </header>
      {load.state === 'failed' ? (
        <ErrorState reason={load.reason} onRetry={retry} />
      ) : (
        <>
          <DataTable<DictEntry>
            caption={t('dicts.entriesCaption', { name: chosen.dictValue })}
            columns={columns}
            rows={entries}
            rowKey={(row) => row.id}
            rowLabel={(row) => row.dictValue}
            actions={actions}
            actionsWidth={120}
            loading={load.state === 'loading'}
            emptyText={t('dicts.entriesEmpty')}
          />
          <div className="ops-sys-dicts__preview">
            <SelectField
              label={t('dicts.preview')}
              name="preview"
              value={picked}
              onChange={setPicked}
              options={dictOptions(entries)}
              hint={t('dicts.previewHint', { value: picked || t('dicts.previewNone') })}
            />
          </div>
        </>
      )}
    </section>
  );
}
