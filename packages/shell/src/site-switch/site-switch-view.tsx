import { holdStylesheet, isHttpError } from '@ops/shared';
import {
  Button,
  type Column,
  confirm,
  DataTable,
  Form,
  LoadFailed,
  type RowAction,
  TextField,
} from '@ops/ui';
import { SearchButtons } from '@ops/ui/load';
import { useEffect, useLayoutEffect, useState } from 'react';
import { useShellText } from '../shared/i18n';
import type { ShellServices } from '../shared/services';
import { useSessionState } from '../shared/use-session';
import { fetchSites, removeSite } from './api';
import {
  applySearch,
  canRemove,
  clampPage,
  EMPTY_SEARCH,
  goToPage,
  INITIAL_TABLE,
  isCurrentSite,
  joinChange,
  renamedStation,
  SITE_FIELD_MAX,
  SITE_PAGE_SIZE,
  type Site,
  type SiteSearchField,
  type SiteSearchForm,
  siteActions,
  siteQuery,
} from './rules';
import type { SiteFormMode } from './site-form';
import { SiteFormDialog } from './site-form-dialog';
import href from './site-switch.css';
import { SITE_TEXTS } from './texts';

type Load =
  | { state: 'loading'; previous?: { records: Site[]; total: number } }
  | { state: 'done'; data: { records: Site[]; total: number } }
  | { state: 'failed'; reason: string };

const FIELDS: SiteSearchField[] = ['stationId', 'deptName', 'linkman'];

/**
 * The site table (spec §2/§5): search by station id, name and contact (each at most 20 characters, else a
 * warning naming the field and no search), 10 a page, and 进入 on a row when `switch_view` allows it.
 * Joining sets the session's sub-station, says so, and calls `onJoined` (the caller goes home). With the
 * buttons `switch_add`, `switch_edit`, `switch_delete`: 新增 over the table, 编辑 and 删除 (after a
 * confirmation; not on the site the console is on) on a row; the table reloads after each change.
 */
export function SiteSwitchView({
  services,
  onJoined,
  idPrefix = 'ops-site-switch',
}: {
  services: ShellServices;
  onJoined: (site: Site) => void;
  idPrefix?: string;
}) {
  const { t } = useShellText(SITE_TEXTS);
  useLayoutEffect(() => holdStylesheet(href), []);
  const session = useSessionState(services);
  const [draft, setDraft] = useState<SiteSearchForm>(EMPTY_SEARCH);
  const [table, setTable] = useState(INITIAL_TABLE);
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [editing, setEditing] = useState<SiteFormMode | null>(null);
  const queryKey = JSON.stringify(siteQuery(table));
  // `queryKey` names the query; `attempt` retries; a station switch reads the list again.
  useEffect(() => {
    const controller = new AbortController();
    setLoad((last) => ({ state: 'loading', previous: last.state === 'done' ? last.data : undefined }));
    fetchSites(services.http, JSON.parse(queryKey), controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setLoad({ state: 'done', data });
      },
      (error: unknown) => {
        if (controller.signal.aborted || (isHttpError(error) && error.canceled)) return;
        setLoad({ state: 'failed', reason: isHttpError(error) ? error.msg : '' });
      },
    );
    return () => controller.abort();
  }, [queryKey, attempt, services.http, session.subStation?.deptId]);

  // A delete can empty the last page: show the new last one.
  useEffect(() => {
    if (load.state === 'done') setTable((s) => clampPage(s, load.data.total));
  }, [load]);

  const search = () => {
    const next = applySearch(table, draft);
    if (!next.check.ok) {
      services.notify.warning(t('tooLong', { field: t(next.check.field), max: SITE_FIELD_MAX }));
      return;
    }
    setTable(next.state);
    setAttempt((n) => n + 1);
  };
  const reset = () => {
    setDraft(EMPTY_SEARCH);
    setTable(INITIAL_TABLE);
  };
  const join = (site: Site) => {
    // The message first: the station switch remounts what the session context started, and a message
    // raised while the chrome's message host is away would get a second host of its own.
    services.notify.success(t('joined', { name: site.deptName }));
    services.session.update(joinChange(site));
    onJoined(site);
  };

  const remove = async (site: Site) => {
    const confirmed = await confirm({
      title: t('removeTitle'),
      message: t('removeConfirm', { name: site.deptName, stationId: site.stationId }),
      confirmText: t('remove'),
      cancelText: t('cancel'),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await removeSite(services.http, site.id);
    } catch {
      // The console's error message has shown the server's reason (spec §8); the table reloads anyway.
      setAttempt((n) => n + 1);
      return;
    }
    services.notify.success(t('removed', { name: site.deptName }));
    setAttempt((n) => n + 1);
  };

  const shown = load.state === 'done' ? load.data : load.state === 'loading' ? load.previous : undefined;
  const allowed = siteActions(session.permission);
  const columns: Column<Site>[] = [
    { key: 'stationId', title: t('stationId'), width: 140 },
    {
      key: 'deptName',
      title: t('deptName'),
      render: (site) => (
        <span className="ops-site-switch__name">
          {site.deptName}
          {isCurrentSite(site) && <span className="ops-site-switch__current">{t('current')}</span>}
        </span>
      ),
    },
    { key: 'linkman', title: t('linkman'), width: 140 },
    { key: 'contactNumber', title: t('contactNumber'), width: 160 },
  ];
  const actions: RowAction<Site>[] = [];
  if (allowed.join) {
    actions.push({ key: 'join', label: t('join'), onClick: join, disabled: (site) => isCurrentSite(site) });
  }
  if (allowed.edit)
    actions.push({ key: 'edit', label: t('edit'), onClick: (site) => setEditing({ kind: 'edit', site }) });
  if (allowed.remove) {
    actions.push({
      key: 'remove',
      label: t('remove'),
      danger: true,
      onClick: (site) => void remove(site),
      disabled: (site) => !canRemove(site),
    });
  }
  const actionsWidth = actions.length * 64 + 32;
  return (
    <div className="ops-site-switch">
      <Form label={t('searchLabel')} onSubmit={search} className="ops-site-switch__search">
        {FIELDS.map((field) => (
          <TextField
            key={field}
            label={t(field)}
            name={`${idPrefix}-${field}`}
            value={draft[field]}
            onChange={(value) => setDraft((d) => ({ ...d, [field]: value }))}
          />
        ))}
        <SearchButtons
          search={t('search')}
          reset={t('reset')}
          onReset={reset}
          className="ops-site-switch__buttons"
        />
      </Form>
      {(allowed.add || !allowed.join) && (
        <div className="ops-site-switch__toolbar">
          {allowed.add && (
            <Button variant="primary" onClick={() => setEditing({ kind: 'add' })}>
              {t('add')}
            </Button>
          )}
          {!allowed.join && <p className="ops-site-switch__note">{t('noJoin')}</p>}
        </div>
      )}
      {editing && (
        <SiteFormDialog
          services={services}
          mode={editing}
          onDone={(saved) => {
            setEditing(null);
            if (!saved) return;
            const renamed = renamedStation(services.session.get().subStation, saved);
            if (renamed) services.session.update(renamed);
            setAttempt((n) => n + 1);
          }}
        />
      )}
      {load.state === 'failed' ? (
        <LoadFailed
          message={load.reason ? t('loadFailed', { reason: load.reason }) : t('loadFailedPlain')}
          retryLabel={t('retry')}
          onRetry={() => setAttempt((n) => n + 1)}
        />
      ) : (
        <DataTable<Site>
          caption={t('caption')}
          columns={columns}
          rows={shown?.records ?? []}
          rowKey={(site) => site.id}
          rowLabel={(site) => site.deptName}
          loading={load.state === 'loading'}
          emptyText={t('empty')}
          pageSize={SITE_PAGE_SIZE}
          total={shown?.total ?? 0}
          page={table.page}
          onPageChange={(page) => setTable((s) => goToPage(s, page, shown?.total ?? 0))}
          actions={actions}
          actionsWidth={actionsWidth}
        />
      )}
    </div>
  );
}
