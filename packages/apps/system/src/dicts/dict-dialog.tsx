import type { Http } from '@ops/shared';
import { TextareaField, TextField, useTexts } from '@ops/ui';
import { useState } from 'react';
import { postJson } from '../api';
import { FormDialog } from '../parts';
import { NS } from '../texts';
import {
  DICT_LIMITS,
  DICT_RULES,
  DICT_URLS,
  type DictEntry,
  type DictForm,
  dictBody,
  dictFormOf,
} from './dict-rules';

/**
 * Creating or editing a dictionary (`parent` null) or an entry of `parent`. A dictionary's code is set
 * when it is created; an entry's is its dictionary's.
 */
export function DictDialog({
  http,
  entry,
  parent,
  onClose,
  onSaved,
}: {
  http: Http;
  entry: DictEntry | null;
  parent: DictEntry | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTexts(NS);
  const [form, setForm] = useState<DictForm>(() => dictFormOf(entry, parent));
  const set = (field: keyof DictForm) => (value: string) => setForm((now) => ({ ...now, [field]: value }));
  const isEntry = parent !== null;
  const label = isEntry
    ? t(entry ? 'dicts.editEntryTitle' : 'dicts.addEntryTitle')
    : t(entry ? 'dicts.editTitle' : 'dicts.addTitle');
  const field = (name: 'code' | 'dictKey' | 'dictValue' | 'sort', label: string, disabled = false) => (
    <TextField
      label={label}
      name={name}
      value={form[name]}
      onChange={set(name)}
      validate={disabled ? undefined : DICT_RULES[name]}
      required={name !== 'sort'}
      disabled={disabled}
      maxLength={name === 'sort' ? undefined : DICT_LIMITS[name]}
    />
  );
  return (
    <FormDialog
      open
      label={label}
      width="560px"
      onClose={onClose}
      save={() => postJson(http, DICT_URLS.submit, dictBody(form, entry, parent))}
      onSaved={onSaved}
    >
      {field('code', t('dicts.code'), isEntry || entry !== null)}
      {isEntry && field('dictKey', t('dicts.dictKey'))}
      {field('dictValue', isEntry ? t('dicts.dictValue') : t('dicts.name'))}
      {field('sort', t('dicts.sort'))}
      <TextareaField
        label={t('dicts.remark')}
        name="remark"
        value={form.remark}
        onChange={set('remark')}
        validate={DICT_RULES.remark}
        maxLength={DICT_LIMITS.remark}
        rows={2}
      />
    </FormDialog>
  );
}
