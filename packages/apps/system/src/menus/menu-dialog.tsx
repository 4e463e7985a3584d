import type { Http } from '@ops/shared';
import { SelectField, TextField, useTexts } from '@ops/ui';
import { useLoad } from '@ops/ui/load';
import { useState } from 'react';
import { getData, postJson } from '../api';
import { FormDialog } from '../parts';
import { NS } from '../texts';
import {
  appCodesOf,
  formOf,
  MENU_LIMITS,
  MENU_RULES,
  MENU_URLS,
  type MenuForm,
  type MenuItem,
  menuBody,
  parentOptions,
  parentsFor,
  ROOT,
} from './menu-rules';

/**
 * Creating or editing a menu item. The parent is any menu of the tenant (`menu/tree`, read when the
 * dialog opens), the top level, and for an existing item not itself nor what lies under it.
 */
export function MenuDialog({
  http,
  signal,
  item,
  parentId,
  onClose,
  onSaved,
}: {
  http: Http;
  signal: AbortSignal;
  item: MenuItem | null;
  parentId: string;
  onClose: () => void;
  /** Saved: the parent the item is now under (its children are read again). */
  onSaved: (parentId: string) => void;
}) {
  const { t } = useTexts(NS);
  const [form, setForm] = useState<MenuForm>(() => formOf(item, parentId));
  const parents = useLoad(
    async (s) => parentOptions(await getData(http, MENU_URLS.tree, {}, s)),
    'tree',
    signal,
  ).load;
  // The tenant's apps, named under the app-code field (a new app's code may be typed before it is listed).
  const apps = useLoad(
    async (s) => appCodesOf(await getData(http, MENU_URLS.apps, {}, s)),
    'apps',
    signal,
  ).load;
  const appCodes = apps.state === 'done' ? apps.data : [];
  const set = (field: keyof MenuForm) => (value: string) => setForm((now) => ({ ...now, [field]: value }));
  const text = (field: keyof typeof MENU_RULES, maxLength?: number, hint?: string) => (
    <TextField
      hint={hint}
      label={t(`menus.${field}`)}
      name={field}
      value={form[field]}
      onChange={set(field)}
      validate={MENU_RULES[field]}
      required={field === 'name' || field === 'code'}
      maxLength={maxLength}
    />
  );
  const options = [
    { value: ROOT, label: t('menus.top') },
    ...(parents.state === 'done' ? parentsFor(parents.data, item?.id ?? null) : []).map((p) => ({
      value: p.id,
      label: p.name,
    })),
  ];
  return (
    <FormDialog
      open
      label={item ? t('menus.editTitle') : t('menus.addTitle')}
      onClose={onClose}
      save={() => postJson(http, MENU_URLS.submit, menuBody(form, item))}
      onSaved={() => onSaved(form.parentId)}
    >
      <SelectField
        label={t('menus.parent')}
        name="parentId"
        value={form.parentId}
        onChange={set('parentId')}
        options={options}
        hint={parents.state === 'failed' ? t('menus.parentsFailed') : undefined}
      />
      {text('name', MENU_LIMITS.name)}
      {text('code', 64)}
      {text('path', MENU_LIMITS.path)}
      {text('appCode', 64, appCodes.length ? t('menus.appCodes', { codes: appCodes.join(', ') }) : undefined)}
      {text('source', MENU_LIMITS.source)}
      {text('sort')}
      <SelectField
        label={t('menus.category')}
        name="category"
        value={form.category}
        onChange={set('category')}
        options={[
          { value: '1', label: t('menus.menu') },
          { value: '2', label: t('menus.button') },
        ]}
      />
      <SelectField
        label={t('menus.isShow')}
        name="isShow"
        value={form.isShow}
        onChange={set('isShow')}
        options={[
          { value: '1', label: t('menus.yes') },
          { value: '0', label: t('menus.no') },
        ]}
      />
    </FormDialog>
  );
}
