import type { SubAppProps } from '@ops/shared';
import {
  Button,
  type Column,
  confirm,
  DataTable,
  DEFAULT_PAGE_SIZE,
  message,
  useSubmit,
  useTexts,
} from '@ops/ui';
import { shown, useLoad } from '@ops/ui/load';
import { useState } from 'react';
import { tooLongSearch } from '../field-rules';
import { ErrorState, PageFrame, SearchForm, useRemove } from '../parts';
import { BUTTONS, type ButtonCode, permitted } from '../permissions';
import { NS } from '../texts';
import { DeptTree } from './dept-tree';
import {
  type Dept,
  fetchDepts,
  fetchUsers,
  grantRoles,
  removeUsers,
  resetPasswords,
  type User,
} from './user-api';
import { RolesDialog, UserDialog } from './user-dialogs';
import './texts';

/** The search as the server takes it (docs/api.md section 4): account ≤32, real name ≤20. */
const SEARCH_MAX = { account: 32, realName: 20 } as const;
const EMPTY_SEARCH = { account: '', realName: '' };

type Open = { kind: 'add' } | { kind: 'edit'; user: User } | { kind: 'roles'; users: User[] } | null;

/** Resetting passwords: asks first (saying what the password becomes), then user/reset-password. */
function useReset(http: SubAppProps['http'], done: () => void) {
  const { t } = useTexts(NS);
  const { run, busy } = useSubmit((ids: string[]) => resetPasswords(http, ids), {
    fallback: t('users.resetFailed'),
    notify: (text) => message.error(text),
    onSuccess: () => {
      message.success(t('users.resetDone'));
      done();
    },
  });
  return async (users: readonly User[]) => {
    if (users.length === 0 || busy) return;
    const yes = await confirm({
      title: t('users.resetTitle'),
      message:
        users.length === 1
          ? t('users.resetOne', { name: users[0].account })
          : t('users.resetMany', { count: users.length }),
      confirmText: t('users.reset'),
      cancelText: t('cancel'),
    });
    if (yes) await run(users.map((u) => u.id));
  };
}

/** Users of the tenant (administrators): the department tree, the list, and the user writes. */
export function UsersPage({
  http,
  signal,
  can,
}: Pick<SubAppProps, 'http' | 'signal'> & { can: (code: ButtonCode) => boolean }) {
  const { t } = useTexts(NS);
  const [draft, setDraft] = useState(EMPTY_SEARCH);
  const [applied, setApplied] = useState(EMPTY_SEARCH);
  const [deptId, setDeptId] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string[]>([]);
  const [open, setOpen] = useState<Open>(null);
  const query = { current: page, size: DEFAULT_PAGE_SIZE, ...applied, deptId };
  const { load, retry } = useLoad((s) => fetchUsers(http, query, s), JSON.stringify(query), signal);
  const tree = useLoad((s) => fetchDepts(http, s), 'depts', signal);
  const depts: Dept[] = tree.load.state === 'done' ? tree.load.data : [];
  const reload = () => {
    setSelected([]);
    retry();
  };
  const remove = useRemove((ids) => removeUsers(http, ids), reload);
  const reset = useReset(http, () => setSelected([]));
  const rows = shown(load) ?? { records: [], total: 0 };
  const picked = rows.records.filter((u) => selected.includes(u.id));
  const refilter = (change: () => void) => {
    change();
    setPage(1);
    setSelected([]);
  };
  const search = () => {
    const long = tooLongSearch(draft, SEARCH_MAX);
    if (long) {
      message.warning(t('rules.tooLong', { field: t(`users.field.${long.field}`), max: long.max }));
      return;
    }
    refilter(() => setApplied({ account: draft.account.trim(), realName: draft.realName.trim() }));
  };
  const saved = () => {
    setOpen(null);
    reload();
  };

  const columns: Column<User>[] = [
    { key: 'account', title: t('users.field.account') },
    { key: 'realName', title: t('users.field.realName') },
    { key: 'name', title: t('users.field.name') },
    { key: 'roleName', title: t('users.field.role') },
    { key: 'deptName', title: t('users.field.dept') },
    { key: 'phone', title: t('users.field.phone') },
    { key: 'email', title: t('users.field.email') },
    {
      key: 'status',
      title: t('users.field.status'),
      render: (row) => t(row.status === 1 ? 'users.active' : 'users.disabled'),
    },
    {
      key: 'createTime',
      title: t('users.field.createTime'),
      render: (row) => <span className="ops-sys-nowrap">{row.createTime}</span>,
    },
  ];
  const multi = can(BUTTONS.userDelete) || can(BUTTONS.userReset) || can(BUTTONS.userRole);
  const none = picked.length === 0;

  return (
    <PageFrame
      id="ops-sys-users"
      heading={t('users.heading')}
      toolbar={
        <>
          {can(BUTTONS.userAdd) && (
            <Button variant="primary" onClick={() => setOpen({ kind: 'add' })}>
              {t('add')}
            </Button>
          )}
          {can(BUTTONS.userRole) && (
            <Button disabled={none} onClick={() => setOpen({ kind: 'roles', users: picked })}>
              {t('users.selectedRoles')}
            </Button>
          )}
          {can(BUTTONS.userReset) && (
            <Button disabled={none} onClick={() => void reset(picked)}>
              {t('users.selectedReset')}
            </Button>
          )}
          {can(BUTTONS.userDelete) && (
            <Button
              variant="danger"
              disabled={none}
              onClick={() =>
                void remove.ask(
                  picked.map((u) => u.id),
                  picked[0]?.account ?? '',
                )
              }
            >
              {t('users.selectedRemove')}
            </Button>
          )}
        </>
      }
    >
      <div className="ops-sys-split">
        <aside className="ops-sys-split__side">
          {tree.load.state === 'failed' ? (
            <ErrorState reason={tree.load.reason || t('users.treeFailed')} onRetry={tree.retry} />
          ) : (
            <DeptTree depts={depts} chosen={deptId} onChoose={(id) => refilter(() => setDeptId(id))} />
          )}
        </aside>
        <div className="ops-sys-split__main">
          <SearchForm
            label={t('users.searchLabel')}
            draft={draft}
            labelOf={(field) => t(`users.field.${field}`)}
            onDraft={setDraft}
            onSearch={search}
            onReset={() =>
              refilter(() => {
                setDraft(EMPTY_SEARCH);
                setApplied(EMPTY_SEARCH);
              })
            }
            labelWidth={80}
          />
          {load.state === 'failed' ? (
            <ErrorState reason={load.reason} onRetry={retry} />
          ) : (
            <DataTable<User>
              caption={t('users.caption')}
              columns={columns}
              rows={rows.records}
              rowKey={(row) => row.id}
              rowLabel={(row) => row.account}
              selection={multi ? { selected, onChange: setSelected } : undefined}
              actions={permitted(can, [
                {
                  code: BUTTONS.userEdit,
                  key: 'edit',
                  label: t('edit'),
                  onClick: (user: User) => setOpen({ kind: 'edit', user }),
                },
                {
                  code: BUTTONS.userRole,
                  key: 'roles',
                  label: t('users.roles'),
                  onClick: (user: User) => setOpen({ kind: 'roles', users: [user] }),
                },
                {
                  code: BUTTONS.userReset,
                  key: 'reset',
                  label: t('users.reset'),
                  onClick: (user: User) => void reset([user]),
                },
                {
                  code: BUTTONS.userDelete,
                  key: 'remove',
                  label: t('remove'),
                  danger: true,
                  onClick: (user: User) => void remove.ask([user.id], user.account),
                },
              ])}
              loading={load.state === 'loading'}
              emptyText={t('users.empty')}
              total={rows.total}
              page={page}
              onPageChange={setPage}
            />
          )}
        </div>
      </div>
      {(open?.kind === 'add' || open?.kind === 'edit') && (
        <UserDialog
          user={open.kind === 'edit' ? open.user : undefined}
          depts={depts}
          http={http}
          signal={signal}
          onClose={() => setOpen(null)}
          onSaved={saved}
        />
      )}
      {open?.kind === 'roles' && (
        <RolesDialog
          users={open.users}
          http={http}
          signal={signal}
          onClose={() => setOpen(null)}
          onSaved={saved}
          save={(roleIds) =>
            grantRoles(
              http,
              open.users.map((u) => u.id),
              roleIds,
            )
          }
        />
      )}
    </PageFrame>
  );
}
