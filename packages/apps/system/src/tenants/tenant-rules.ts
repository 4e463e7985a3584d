import {
  all,
  contactNumber,
  matches,
  OK,
  optional,
  type Rule,
  type RuleResult,
  required,
  text,
  trimmed,
} from '../field-rules';

/**
 * The tenant form and the licence settings (docs/api.md section 10): the fields, their rules and the body
 * each sends. The server's schema (packages/server/src/routes/tenant.ts) refuses exactly what these refuse.
 */

export const PLATFORM_TENANT = '000000';
export const TENANT_KINDS = ['hydropower', 'water', 'energy-storage'] as const;
/** The platform tenant's own kind: shown, never offered for another tenant. */
export const PLATFORM_KIND = 'platform';

export interface TenantForm {
  tenantName: string;
  domain: string;
  kind: string;
  linkman: string;
  contactNumber: string;
  address: string;
  stationFlag: boolean;
  visualFlag: boolean;
}

export type TenantTextField = Exclude<keyof TenantForm, 'stationFlag' | 'visualFlag'>;

export const EMPTY_TENANT: TenantForm = {
  tenantName: '',
  domain: '',
  kind: 'hydropower',
  linkman: '',
  contactNumber: '',
  address: '',
  stationFlag: false,
  visualFlag: false,
};

/** Host names of 1-63 letters, digits or hyphens joined by dots, with an optional port (as the server). */
const DOMAIN = /^([A-Za-z0-9-]{1,63}\.)*[A-Za-z0-9-]{1,63}(:[0-9]{1,5})?$/;

/** Each text field's rule, on the value as the form sends it (trimmed). */
export const TENANT_RULES: Record<TenantTextField, Rule> = {
  tenantName: all(required, text(50)),
  domain: optional(all(text(200), matches(DOMAIN, 'rules.domain'))),
  kind: (value) =>
    [PLATFORM_KIND, ...TENANT_KINDS].includes(value) ? OK : { ok: false, error: 'rules.kind' },
  linkman: text(20),
  contactNumber: optional(contactNumber),
  address: text(100),
};

/** The rule of a field as the form checks it: on the trimmed value, which is what it sends. */
export const checkTenantField = (field: TenantTextField, value: string): RuleResult =>
  TENANT_RULES[field](value.trim());

/** The platform tenant 000000 cannot show the visual system (spec §6). */
export const canEnableVisual = (tenantId: string | undefined): boolean => tenantId !== PLATFORM_TENANT;

/** The body of tenant/submit: the form's fields trimmed, the flags as 0/1, `id` when editing. */
export function tenantBody(form: TenantForm, id?: string) {
  const f = trimmed(form);
  return {
    ...(id ? { id } : {}),
    tenantName: f.tenantName,
    domain: f.domain,
    kind: f.kind,
    linkman: f.linkman,
    contactNumber: f.contactNumber,
    address: f.address,
    stationFlag: f.stationFlag ? 1 : 0,
    visualFlag: f.visualFlag ? 1 : 0,
  };
}

/** The licence settings: how many accounts (-1 = unlimited) and until when (empty = no end). */
export interface SettingForm {
  accountNumber: string;
  expireTime: string;
}

const DATE = /^([0-9]{4})-([0-9]{2})-([0-9]{2})(?: ([0-9]{2}):([0-9]{2}):([0-9]{2}))?$/;

/** A real calendar day written YYYY-MM-DD, optionally with a time HH:MM:SS (as the server stores it). */
export function isCalendarDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1).map((part) => Number(part ?? 0));
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60
  );
}

export const SETTING_RULES: Record<keyof SettingForm, Rule> = {
  accountNumber: matches(/^(-1|[0-9]{1,6})$/, 'rules.accountNumber'),
  expireTime: optional((value) => (isCalendarDate(value) ? OK : { ok: false, error: 'rules.date' })),
};

/** The parameters of tenant/setting for the chosen tenants (row ids). */
export const settingParams = (ids: readonly string[], form: SettingForm) => ({
  ids: ids.join(','),
  accountNumber: form.accountNumber.trim(),
  expireTime: form.expireTime.trim(),
});

/** The list's search: the server takes a tenant id of up to 6 and a name of up to 50 characters. */
export const TENANT_SEARCH_MAX = { tenantId: 6, tenantName: 50 } as const;
export type TenantSearch = Record<keyof typeof TENANT_SEARCH_MAX, string>;
