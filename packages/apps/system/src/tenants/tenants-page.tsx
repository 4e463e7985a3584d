import type { SubAppProps } from '@ops/shared';
import { Button, type Column, DataTable, DEFAULT_PAGE_SIZE, message, useTexts } from '@ops/ui';
import { shown, useLoad } from '@ops/ui/load';
import { useState } from 'react';
import { tooLongSearch } from '../field-rules';
import { ErrorState, PageFrame, SearchForm, useRemove } from '../parts';
import { BUTTONS, type ButtonCode, permitted } from '../permissions';
import { NS } from '../texts';
import { applySetting, fetchTenants, removeTenants, submitTenant, type Tenant } from './tenant-api';
import { SettingDialog, TenantDialog } from './tenant-dialogs';
import { TENANT_SEARCH_MAX, type TenantSearch } from './tenant-rules';
import './texts';

const EMPTY_SEARCH: TenantSearch = { tenantId: '', tenantName: '' };

type Open = { kind: 'add' } | { kind: 'edit'; tenant: Tenant } | { kind: 'setting' } | null;

/** Tenants (platform administrators): the list with its search, adding, editing, removing, licences. */
export function TenantsPage({
  http,
  signal,
  can,
}: Pick<SubAppProps, 'http' | 'signal'> & { can: (code: ButtonCode) => boolean }) {
  const { t } = useTexts(NS);
  const [draft, setDraft] = useState(EMPTY_SEARCH);
  const [applied, setApplied] = useState(EMPTY_SEARCH);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string[]>([]);
  const [open, setOpen] = useState<Open>(null);
  const query = { current: page, size: DEFAULT_PAGE_SIZE, ...applied };
  const { load, retry } = useLoad((s) => fetchTenants(http, query, s), JSON.stringify(query), signal);
  const reload = () => {
    setSelected([]);
    retry();
  };
  const remove = useRemove((ids) => removeTenants(http, ids), reload);

  const search = () => {
    const long = tooLongSearch(draft, TENANT_SEARCH_MAX);
    if (long) {
      message.warning(t('rules.tooLong', { field: t(`tenants.field.${long.field}`), max: long.max }));
      return;
    }
    setApplied({ tenantId: draft.tenantId.trim(), tenantName: draft.tenantName.trim() });
    setPage(1);
    setSelected([]);
  };
  const reset = () => {
    setDraft(EMPTY_SEARCH);
    setApplied(EMPTY_SEARCH);
    setPage(1);
    setSelected([]);
  };
  const saved = () => {
    setOpen(null);
    reload();
  };

  const flag = (on: boolean) => t(on ? 'tenants.on' : 'tenants.off');
  const columns: Column<Tenant>[] = [
    { key: 'tenantId', title: t('tenants.field.tenantId'), width: 90 },
    { key: 'tenantName', title: t('tenants.field.tenantName') },
    { key: 'kind', title: t('tenants.field.kind'), render: (row) => t(`tenants.kind.${row.kind}`) },
    { key: 'domain', title: t('tenants.field.domain') },
    { key: 'linkman', title: t('tenants.field.linkman') },
    { key: 'contactNumber', title: t('tenants.field.contactNumber') },
    {
      key: 'accountNumber',
      title: t('tenants.field.accountNumber'),
      align: 'right',
      render: (row) => (row.accountNumber === -1 ? t('tenants.unlimited') : String(row.accountNumber)),
    },
    {
      key: 'expireTime',
      title: t('tenants.field.expireTime'),
      render: (row) => <span className="ops-sys-nowrap">{row.expireTime || t('tenants.never')}</span>,
    },
    { key: 'stationFlag', title: t('tenants.field.stationFlag'), render: (row) => flag(row.stationFlag) },
    { key: 'visualFlag', title: t('tenants.field.visualFlag'), render: (row) => flag(row.visualFlag) },
  ];

  const answer = shown(load);

  return (
    <PageFrame
      id="ops-sys-tenants"
      heading={t('tenants.heading')}
      toolbar={
        <>
          {can(BUTTONS.tenantAdd) && (
            <Button variant="primary" onClick={() => setOpen({ kind: 'add' })}>
              {t('add')}
            </Button>
          )}
          {can(BUTTONS.tenantSetting) && (
            <Button disabled={selected.length === 0} onClick={() => setOpen({ kind: 'setting' })}>
              {t('tenants.setting')}
            </Button>
          )}
        </>
      }
    >
      <SearchForm
        label={t('tenants.searchLabel')}
        draft={draft}
        labelOf={(field) => t(`tenants.field.${field}`)}
        onDraft={setDraft}
        onSearch={search}
        onReset={reset}
        labelWidth={96}
      />
      {load.state === 'failed' ? (
        <ErrorState reason={load.reason} onRetry={retry} />
      ) : (
        <DataTable<Tenant>
          caption={t('tenants.caption')}
          columns={columns}
          rows={answer?.records ?? []}
          rowKey={(row) => row.id}
          rowLabel={(row) => row.tenantName}
          selection={can(BUTTONS.tenantSetting) ? { selected, onChange: setSelected } : undefined}
          actions={permitted(can, [
            {
              code: BUTTONS.tenantEdit,
              key: 'edit',
              label: t('edit'),
              onClick: (tenant: Tenant) => setOpen({ kind: 'edit', tenant }),
            },
            {
              code: BUTTONS.tenantDelete,
              key: 'remove',
              label: t('remove'),
              danger: true,
              onClick: (row: Tenant) => void remove.ask([row.id], row.tenantName),
            },
          ])}
          loading={load.state === 'loading'}
          emptyText={t('tenants.empty')}
          total={answer?.total ?? 0}
          page={page}
          onPageChange={(next) => {
            setPage(next);
          }}
        />
      )}
      {open?.kind === 'add' && (
        <TenantDialog
          onClose={() => setOpen(null)}
          onSaved={saved}
          save={(body) => submitTenant(http, body)}
        />
      )}
      {open?.kind === 'edit' && (
        <TenantDialog
          tenant={open.tenant}
          onClose={() => setOpen(null)}
          onSaved={saved}
          save={(body) => submitTenant(http, body)}
        />
      )}
      {open?.kind === 'setting' && (
        <SettingDialog
          count={selected.length}
          onClose={() => setOpen(null)}
          onSaved={saved}
          save={(form) => applySetting(http, selected, form)}
        />
      )}
    </PageFrame>
  );
}
