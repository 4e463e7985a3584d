import {
  type AlarmFilters,
  type DictEntry,
  labelOf,
  type NoticeFilters,
  SUBJECT_MAX,
  TITLE_MAX,
  tooLong,
} from '@ops/shared/rules';
import { Form, SelectField, type SelectOption, TextField } from '@ops/ui';
import { SearchButtons } from '@ops/ui/load';
import type { ReactNode } from 'react';
import { type NoticeT, type NoticeTexts, useNoticeStyles } from './lists';
import type { ListQuery } from './use-notice-list';

const statusOptions = (t: NoticeT): SelectOption[] => [
  { value: '', label: t('all') },
  { value: '0', label: t('unread') },
  { value: '1', label: t('read') },
];

const dictOptions = (t: NoticeT, dict: readonly DictEntry[], lang: string): SelectOption[] => [
  { value: '', label: t('all') },
  ...dict.map((e) => ({ value: e.key, label: labelOf(dict, e.key, lang) })),
];

interface FilterFormProps<F> {
  texts: NoticeTexts;
  list: ListQuery<F>;
  /** The fields' name prefix (unique on the page). */
  name: string;
  /** Tells a refused filter (a text over its bound): nothing is searched then. */
  warn: (text: string) => void;
  /** Buttons after search and reset (the list's own: mark read). */
  children?: ReactNode;
}

/** The filter row: the fields, then search (the form's submit), reset and the list's own buttons. */
function FilterForm<F>({
  texts: { t },
  list,
  warn,
  bound,
  fields,
  children,
}: FilterFormProps<F> & { bound: { value: string; max: number; field: string }; fields: ReactNode }) {
  useNoticeStyles();
  const submit = () => {
    if (tooLong(bound.value, bound.max)) {
      warn(t('tooLong', { field: bound.field, max: bound.max }));
      return;
    }
    list.search();
  };
  return (
    <Form label={t('filters')} onSubmit={submit} className="ops-notice-list__filters">
      {fields}
      <SearchButtons
        search={t('search')}
        reset={t('reset')}
        onReset={list.reset}
        className="ops-notice-list__buttons"
      >
        {children}
      </SearchButtons>
    </Form>
  );
}

/** The notices' filters: title (at most 50 characters), type, read state. */
export function NoticeFilterForm(props: FilterFormProps<NoticeFilters> & { types: readonly DictEntry[] }) {
  const { texts, list, name, types } = props;
  const { t, lang } = texts;
  const { draft, edit } = list;
  return (
    <FilterForm
      {...props}
      bound={{ value: draft.title, max: TITLE_MAX, field: t('titleField') }}
      fields={
        <>
          <TextField
            label={t('titleField')}
            name={`${name}-title`}
            value={draft.title}
            onChange={(value) => edit('title', value)}
          />
          <SelectField
            label={t('type')}
            name={`${name}-type`}
            value={draft.type}
            options={dictOptions(t, types, lang)}
            onChange={(value) => edit('type', value)}
          />
          <SelectField
            label={t('isReal')}
            name={`${name}-read`}
            value={draft.isReal}
            options={statusOptions(t)}
            onChange={(value) => edit('isReal', value as NoticeFilters['isReal'])}
          />
        </>
      }
    />
  );
}

/**
 * The alarm messages' filters: subject (at most 50 characters) and read state; over every classification
 * (`classes` given) the classification first; `withDate`, the push date last.
 */
export function AlarmFilterForm(
  props: FilterFormProps<AlarmFilters> & { classes?: readonly DictEntry[]; withDate?: boolean },
) {
  const { texts, list, name, classes, withDate = false } = props;
  const { t, lang } = texts;
  const { draft, edit } = list;
  return (
    <FilterForm
      {...props}
      bound={{ value: draft.subject, max: SUBJECT_MAX, field: t('subject') }}
      fields={
        <>
          {classes && (
            <SelectField
              label={t('businessClassify')}
              name={`${name}-class`}
              value={draft.businessClassify}
              options={dictOptions(t, classes, lang)}
              onChange={(value) => edit('businessClassify', value)}
            />
          )}
          <TextField
            label={t('subject')}
            name={`${name}-subject`}
            value={draft.subject}
            onChange={(value) => edit('subject', value)}
          />
          <SelectField
            label={t('status')}
            name={`${name}-status`}
            value={draft.status}
            options={statusOptions(t)}
            onChange={(value) => edit('status', value as AlarmFilters['status'])}
          />
          {withDate && (
            <label className="ops-notice-list__date">
              <span>{t('pushTime')}</span>
              <input
                type="date"
                className="ops-ui-control"
                value={draft.pushTime}
                onChange={(event) => edit('pushTime', event.target.value)}
              />
            </label>
          )}
        </>
      }
    />
  );
}
