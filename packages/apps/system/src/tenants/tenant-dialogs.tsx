import { SelectField, TextField, useTexts } from '@ops/ui';
import { useState } from 'react';
import { FormDialog } from '../parts';
import { NS } from '../texts';
import type { Tenant } from './tenant-api';
import {
  canEnableVisual,
  checkTenantField,
  EMPTY_TENANT,
  PLATFORM_KIND,
  SETTING_RULES,
  type SettingForm,
  TENANT_KINDS,
  type TenantForm,
  type TenantTextField,
  tenantBody,
} from './tenant-rules';
import './texts';

const TEXT_FIELDS: { field: TenantTextField; max: number; required?: boolean }[] = [
  { field: 'tenantName', max: 50, required: true },
  { field: 'domain', max: 200 },
  { field: 'linkman', max: 20 },
  { field: 'contactNumber', max: 20 },
  { field: 'address', max: 100 },
];

const formOf = (tenant?: Tenant): TenantForm =>
  tenant
    ? {
        tenantName: tenant.tenantName,
        domain: tenant.domain,
        kind: tenant.kind || EMPTY_TENANT.kind,
        linkman: tenant.linkman,
        contactNumber: tenant.contactNumber,
        address: tenant.address,
        stationFlag: tenant.stationFlag,
        visualFlag: tenant.visualFlag,
      }
    : EMPTY_TENANT;

/** Adding (no `tenant`) or editing a tenant: tenant/submit with the form's body. */
export function TenantDialog({
  tenant,
  onClose,
  onSaved,
  save,
}: {
  tenant?: Tenant;
  onClose: () => void;
  onSaved: () => void;
  save: (body: unknown) => Promise<unknown>;
}) {
  const { t } = useTexts(NS);
  const [form, setForm] = useState(() => formOf(tenant));
  const set = <K extends keyof TenantForm>(key: K, value: TenantForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const kinds = tenant?.kind === PLATFORM_KIND ? [PLATFORM_KIND, ...TENANT_KINDS] : [...TENANT_KINDS];
  const visualAllowed = canEnableVisual(tenant?.tenantId);
  return (
    <FormDialog
      open
      label={t(tenant ? 'tenants.edit' : 'tenants.add')}
      onClose={onClose}
      onSaved={onSaved}
      save={() => save(tenantBody(form, tenant?.id))}
    >
      {TEXT_FIELDS.slice(0, 1).map(({ field, max, required }) => (
        <TextField
          key={field}
          label={t(`tenants.field.${field}`)}
          name={field}
          required={required}
          maxLength={max}
          value={form[field]}
          onChange={(value) => set(field, value)}
          validate={(value) => checkTenantField(field, value)}
        />
      ))}
      <SelectField
        label={t('tenants.field.kind')}
        name="kind"
        value={form.kind}
        onChange={(value) => set('kind', value)}
        options={kinds.map((kind) => ({ value: kind, label: t(`tenants.kind.${kind}`) }))}
        validate={(value) => checkTenantField('kind', value)}
      />
      {TEXT_FIELDS.slice(1).map(({ field, max }) => (
        <TextField
          key={field}
          label={t(`tenants.field.${field}`)}
          name={field}
          maxLength={max}
          value={form[field]}
          onChange={(value) => set(field, value)}
          validate={(value) => checkTenantField(field, value)}
        />
      ))}
      <div className="ops-sys-flags">
        <label>
          <input
            type="checkbox"
            checked={form.stationFlag}
            onChange={(event) => set('stationFlag', event.target.checked)}
          />
          {t('tenants.field.stationFlag')}
        </label>
        <label title={visualAllowed ? undefined : t('tenants.visualPlatform')}>
          <input
            type="checkbox"
            checked={form.visualFlag && visualAllowed}
            disabled={!visualAllowed}
            onChange={(event) => set('visualFlag', event.target.checked)}
          />
          {t('tenants.field.visualFlag')}
        </label>
        {!visualAllowed && <span className="ops-sys-hint">{t('tenants.visualPlatform')}</span>}
      </div>
    </FormDialog>
  );
}

/** The licence settings of the chosen tenants: tenant/setting with their ids. */
export function SettingDialog({
  count,
  onClose,
  onSaved,
  save,
}: {
  count: number;
  onClose: () => void;
  onSaved: () => void;
  save: (form: SettingForm) => Promise<unknown>;
}) {
  const { t } = useTexts(NS);
  const [form, setForm] = useState<SettingForm>({ accountNumber: '-1', expireTime: '' });
  return (
    <FormDialog
      open
      label={t('tenants.setting')}
      width="480px"
      onClose={onClose}
      onSaved={onSaved}
      save={() => save(form)}
    >
      <p className="ops-sys-note">{t('tenants.settingCount', { count })}</p>
      <TextField
        label={t('tenants.field.accountNumber')}
        name="accountNumber"
        required
        maxLength={7}
        hint={t('tenants.accountHint')}
        value={form.accountNumber}
        onChange={(value) => setForm((f) => ({ ...f, accountNumber: value }))}
        validate={(value) => SETTING_RULES.accountNumber(value.trim())}
      />
      <TextField
        label={t('tenants.field.expireTime')}
        name="expireTime"
        maxLength={19}
        hint={t('tenants.expireHint')}
        placeholder="YYYY-MM-DD"
        value={form.expireTime}
        onChange={(value) => setForm((f) => ({ ...f, expireTime: value }))}
        validate={(value) => SETTING_RULES.expireTime(value.trim())}
      />
    </FormDialog>
  );
}
