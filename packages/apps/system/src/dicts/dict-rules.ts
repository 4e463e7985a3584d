import { charCount } from '@ops/shared';
import type { SelectOption, ValidationResult } from '@ops/ui';
import { num, type Row, text } from '../api';
import { fail, OK, wholeNumber } from '../field-rules';

/**
 * The dictionaries' pure rules (docs/api.md section 6): an entry as the page reads it, which rows a
 * tenant may change, the select a dictionary makes, the form's checks (the server's) and its body.
 */

export const DICT_URLS = {
  parents: '/api/blade-system/dict/parent-list',
  children: '/api/blade-system/dict/child-list',
  submit: '/api/blade-system/dict/submit',
  remove: '/api/blade-system/dict/remove',
} as const;

/** The tenant whose dictionaries every tenant shares (read-only for the others). */
export const SHARED_TENANT = '000000';

/** A dictionary (parent row, `parentId` "0", `dictKey` "-1") or one of its entries. */
export interface DictEntry {
  id: string;
  parentId: string;
  tenantId: string;
  code: string;
  dictKey: string;
  dictValue: string;
  sort: number;
  remark: string;
  isSealed: boolean;
}

export function readDictEntry(row: Row): DictEntry {
  return {
    id: text(row.id),
    parentId: text(row.parentId) || '0',
    tenantId: text(row.tenantId),
    code: text(row.code),
    dictKey: text(row.dictKey),
    dictValue: text(row.dictValue),
    sort: num(row.sort) ?? 0,
    remark: text(row.remark),
    isSealed: num(row.isSealed) === 1 || row.isSealed === true,
  };
}

/** Whether the caller may not change a row: another tenant's (the shared ones of 000000) or sealed. */
export const isReadOnly = (entry: DictEntry, tenantId: string): boolean =>
  entry.isSealed || entry.tenantId !== tenantId;

/** A dictionary as a select's options: label `dictValue`, value `dictKey` (spec §7). */
export const dictOptions = (entries: readonly DictEntry[]): SelectOption[] =>
  entries.map((e) => ({ value: e.dictKey, label: e.dictValue }));

export interface DictForm {
  code: string;
  dictKey: string;
  dictValue: string;
  sort: string;
  remark: string;
}

export type DictFormField = keyof DictForm;

/** The key of a dictionary's own row. */
export const PARENT_KEY = '-1';

/**
 * The form of a dictionary (`parent` null) or of an entry of `parent`; `entry` the row edited, or null
 * for a new one. An entry's code is its dictionary's.
 */
export function dictFormOf(entry: DictEntry | null, parent: DictEntry | null): DictForm {
  if (entry)
    return {
      code: entry.code,
      dictKey: entry.dictKey,
      dictValue: entry.dictValue,
      sort: String(entry.sort),
      remark: entry.remark,
    };
  return {
    code: parent?.code ?? '',
    dictKey: parent ? '' : PARENT_KEY,
    dictValue: '',
    sort: '0',
    remark: '',
  };
}

/** The server's limits (packages/server/src/routes/dict.ts). */
export const DICT_LIMITS = { code: 64, dictKey: 64, dictValue: 64, remark: 200, sort: 100000 } as const;

const CODE = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;

/** Shown text: required (unless `optional`), within `max`, without `<`, `>` or a backtick. */
const safeText =
  (max: number, optional = false) =>
  (v: string): ValidationResult =>
    !optional && v.trim() === ''
      ? fail('dicts.errors.required')
      : charCount(v) > max
        ? fail('dicts.errors.tooLong', { max })
        : /[<>`]/.test(v)
          ? fail('dicts.errors.unsafe')
          : OK;

/** Each field's check; the error is a text key of the page (`dicts.errors.*`). */
export const DICT_RULES: Record<DictFormField, (value: string) => ValidationResult> = {
  code: (v) => (v === '' ? fail('dicts.errors.required') : CODE.test(v) ? OK : fail('dicts.errors.code')),
  dictKey: safeText(DICT_LIMITS.dictKey),
  dictValue: safeText(DICT_LIMITS.dictValue),
  sort: wholeNumber(DICT_LIMITS.sort, 'dicts.errors.sort'),
  remark: safeText(DICT_LIMITS.remark, true),
};

/** The `dict/submit` body: a new dictionary or entry (under `parent`), or the row edited. */
export function dictBody(
  form: DictForm,
  entry: DictEntry | null,
  parent: DictEntry | null,
): Record<string, unknown> {
  const fields = {
    code: form.code,
    dictKey: form.dictKey,
    dictValue: form.dictValue,
    sort: Number(form.sort),
    remark: form.remark,
  };
  if (entry) return { id: entry.id, parentId: entry.parentId, ...fields };
  return { parentId: parent?.id ?? '0', ...fields };
}
