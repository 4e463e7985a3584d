import { SelectField, TextField, useTexts } from '@ops/ui';
import { useLoad } from '@ops/ui/load';
import { useState } from 'react';
import { ErrorState, FormDialog, Loading } from '../parts';
import { NS } from '../texts';
import { type Dept, fetchRoles, flatten, type Role, submitUser, type User, updateUser } from './user-api';
import {
  checkRoles,
  checkUserField,
  EMPTY_USER,
  type UserForm,
  type UserTextField,
  userBody,
} from './user-rules';
import './texts';
import type { Http } from '@ops/shared';

/** The tenant's roles as checkboxes (role/list), or why they could not be read. */
function RoleChecks({
  http,
  signal,
  chosen,
  onChange,
}: {
  http: Http;
  signal: AbortSignal;
  chosen: readonly string[];
  onChange: (ids: string[]) => void;
}) {
  const { t } = useTexts(NS);
  const { load, retry } = useLoad((s) => fetchRoles(http, s), 'roles', signal);
  if (load.state === 'failed')
    return <ErrorState reason={load.reason || t('users.rolesFailed')} onRetry={retry} />;
  if (load.state === 'loading') return <Loading />;
  return (
    <fieldset className="ops-sys-checks">
      <legend>{t('users.field.role')}</legend>
      {load.data.map((role: Role) => (
        <label key={role.id}>
          <input
            type="checkbox"
            checked={chosen.includes(role.id)}
            onChange={(event) =>
              onChange(event.target.checked ? [...chosen, role.id] : chosen.filter((id) => id !== role.id))
            }
          />
          {role.roleName}
        </label>
      ))}
    </fieldset>
  );
}

const TEXT_FIELDS: { field: UserTextField; max: number; required?: boolean }[] = [
  { field: 'account', max: 10, required: true },
  { field: 'realName', max: 5, required: true },
  { field: 'name', max: 20 },
  { field: 'phone', max: 11 },
  { field: 'email', max: 40 },
];

const formOf = (user?: User): UserForm =>
  user
    ? {
        account: user.account,
        realName: user.realName,
        name: user.name,
        phone: user.phone,
        email: user.email,
        roleIds: user.roleIds,
        deptId: user.deptId,
      }
    : EMPTY_USER;

/** Adding (no `user`: user/submit) or editing a user (user/update; the account stays). */
export function UserDialog({
  user,
  depts,
  http,
  signal,
  onClose,
  onSaved,
}: {
  user?: User;
  depts: readonly Dept[];
  http: Http;
  signal: AbortSignal;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTexts(NS);
  const [form, setForm] = useState(() => formOf(user));
  const set = <K extends keyof UserForm>(key: K, value: UserForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const save = async () => {
    const roles = checkRoles(form.roleIds);
    // A new user needs a role; the check boxes are not a field of the form, so the save says it.
    if (!user && !roles.ok) throw new Error(t(roles.error));
    return user ? updateUser(http, userBody(form, user.id)) : submitUser(http, userBody(form));
  };
  return (
    <FormDialog
      open
      label={t(user ? 'users.edit' : 'users.add')}
      onClose={onClose}
      onSaved={onSaved}
      save={save}
    >
      {TEXT_FIELDS.filter(({ field }) => !(user && field === 'account')).map(({ field, max, required }) => (
        <TextField
          key={field}
          label={t(`users.field.${field}`)}
          name={field}
          required={required}
          maxLength={max}
          value={form[field]}
          onChange={(value) => set(field, value)}
          validate={(value) => checkUserField(field, value)}
        />
      ))}
      <SelectField
        label={t('users.field.dept')}
        name="deptId"
        value={form.deptId}
        onChange={(value) => set('deptId', value)}
        options={[
          { value: '', label: t('users.noDept') },
          ...flatten(depts).map(({ dept, depth }) => ({
            value: dept.id,
            label: `${'\u3000'.repeat(depth)}${dept.name}`,
          })),
        ]}
      />
      <RoleChecks http={http} signal={signal} chosen={form.roleIds} onChange={(ids) => set('roleIds', ids)} />
    </FormDialog>
  );
}

/** The roles of one or more users (user/grant): the chosen roles replace theirs. */
export function RolesDialog({
  users,
  http,
  signal,
  onClose,
  onSaved,
  save,
}: {
  users: readonly User[];
  http: Http;
  signal: AbortSignal;
  onClose: () => void;
  onSaved: () => void;
  save: (roleIds: string[]) => Promise<unknown>;
}) {
  const { t } = useTexts(NS);
  // One user: their roles to start with; several: none, since the choice replaces each one's roles.
  const [roleIds, setRoleIds] = useState<string[]>(users.length === 1 ? users[0].roleIds : []);
  return (
    <FormDialog
      open
      label={t('users.roles')}
      width="480px"
      onClose={onClose}
      onSaved={onSaved}
      save={async () => {
        const roles = checkRoles(roleIds);
        if (!roles.ok) throw new Error(t(roles.error));
        return save(roleIds);
      }}
    >
      <p className="ops-sys-note">
        {users.length === 1
          ? `${users[0].account} ${users[0].realName}`
          : t('users.rolesFor', { count: users.length })}
      </p>
      <RoleChecks http={http} signal={signal} chosen={roleIds} onChange={setRoleIds} />
    </FormDialog>
  );
}
