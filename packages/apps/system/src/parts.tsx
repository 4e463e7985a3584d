import { type HostProps, t as translate } from '@ops/shared';
import { Button, confirm, Dialog, Form, LoadFailed, message, TextField, useSubmit, useTexts } from '@ops/ui';
import { SearchButtons } from '@ops/ui/load';
import { type MouseEvent, type ReactNode, useId } from 'react';
import { PAGE_PATHS } from './pages';
import { NS } from './texts';

/** A page of the app: its heading (the page's accessible name), a toolbar beside it, then its content. */
export function PageFrame({
  id,
  heading,
  toolbar,
  children,
}: {
  id: string;
  heading: string;
  toolbar?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="ops-sys-page" aria-labelledby={id}>
      <header className="ops-sys-page__header">
        <h2 id={id} className="ops-sys-page__heading">
          {heading}
        </h2>
        {toolbar && <div className="ops-sys-page__toolbar">{toolbar}</div>}
      </header>
      {children}
    </section>
  );
}

/** A load that failed: why (when known) and a Retry button. */
export function ErrorState({ reason, onRetry }: { reason: string; onRetry: () => void }) {
  const { t } = useTexts(NS);
  return (
    <LoadFailed
      className="ops-sys-failed"
      message={reason ? t('loadFailed', { reason }) : t('loadFailedPlain')}
      retryLabel={t('retry')}
      onRetry={onRetry}
    />
  );
}

/** A load under way. */
export function Loading() {
  const { t } = useTexts(NS);
  return (
    <p role="status" className="ops-sys-state">
      {t('loading')}
    </p>
  );
}

/**
 * The translate function a Form hands validator keys to: the shared rules' keys (`validation.*`, the
 * console's texts) and this app's own (`tenants.*`...).
 */
export function useErrorText() {
  const { t } = useTexts(NS);
  return (key: string, params?: Record<string, unknown>) =>
    key.startsWith('validation.') ? translate(key, params) : t(key, params);
}

/**
 * A dialog holding one form: Save submits it (the form validates every field first), the server's refusal
 * shows in the dialog and changes nothing, success closes it with a toast. The one submit flow of every
 * create and edit dialog of the app (`useSubmit`).
 */
export function FormDialog({
  open,
  label,
  onClose,
  save,
  onSaved,
  width = '640px',
  children,
}: {
  open: boolean;
  label: string;
  onClose: () => void;
  /** Sends the form; resolves when the server accepted it. */
  save: () => Promise<unknown>;
  onSaved: () => void;
  width?: string;
  children: ReactNode;
}) {
  const { t } = useTexts(NS);
  const formId = useId();
  const errorText = useErrorText();
  const { run, busy, error } = useSubmit(save, {
    fallback: t('saveFailed'),
    onSuccess: () => {
      message.success(t('saved'));
      onSaved();
    },
  });
  return (
    <Dialog
      open={open}
      label={label}
      width={width}
      onClose={() => {
        if (!busy) onClose();
      }}
      footer={
        <>
          <Button onClick={onClose} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button variant="primary" type="submit" form={formId} loading={busy}>
            {t('save')}
          </Button>
        </>
      }
    >
      {open && (
        <Form
          id={formId}
          label={label}
          onSubmit={() => void run()}
          errorText={errorText}
          busy={busy}
          labelWidth={100}
          className="ops-sys-form"
        >
          {children}
          {error && (
            <p className="ops-sys-form__error" role="alert">
              {error}
            </p>
          )}
        </Form>
      )}
    </Dialog>
  );
}

/**
 * Removing rows: asks first (naming the one row, or counting several), then sends; a refusal shows the
 * server's message and removes nothing. Resolves true when removed.
 */
export function useRemove(remove: (ids: string[]) => Promise<unknown>, onRemoved: () => void) {
  const { t } = useTexts(NS);
  const { run, busy } = useSubmit(remove, {
    fallback: t('removeFailed'),
    notify: (text) => message.error(text),
    onSuccess: () => {
      message.success(t('removed'));
      onRemoved();
    },
  });
  const ask = async (ids: string[], name: string) => {
    if (ids.length === 0 || busy) return;
    const confirmed = await confirm({
      title: t('removeTitle'),
      message: ids.length === 1 ? t('removeOne', { name }) : t('removeMany', { count: ids.length }),
      confirmText: t('remove'),
      cancelText: t('cancel'),
      danger: true,
    });
    if (confirmed) await run(ids);
  };
  return { ask, busy };
}

/** A path of the app without a page: says so and links to the pages. */
export function NotFoundPage({ pathname, navigate }: Pick<HostProps, 'navigate'> & { pathname: string }) {
  const { t } = useTexts(NS);
  const go = (path: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    // A plain click routes inside the console; a modified click keeps the browser's own meaning.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(path);
  };
  return (
    <PageFrame id="ops-sys-not-found" heading={t('notFound.heading')}>
      <p>{t('notFound.body', { path: pathname })}</p>
      <ul aria-label={t('notFound.links')} className="ops-sys-links">
        {Object.entries(PAGE_PATHS).map(([key, path]) => (
          <li key={key}>
            <a href={path} onClick={go(path)}>
              {path}
            </a>
          </li>
        ))}
      </ul>
    </PageFrame>
  );
}

/**
 * A list's search form: one text box per field (named by `labelOf`), Search (Enter too) and Reset. The
 * page decides what a search sends (`onSearch`) and keeps the typed values (`draft`).
 */
export function SearchForm<D extends Record<string, string>>({
  label,
  draft,
  labelOf,
  onDraft,
  onSearch,
  onReset,
  labelWidth,
  maxLengthOf,
}: {
  label: string;
  draft: D;
  labelOf: (field: keyof D & string) => string;
  /** A field's longest value, when typing past it is refused. */
  maxLengthOf?: (field: keyof D & string) => number | undefined;
  onDraft: (draft: D) => void;
  onSearch: () => void;
  onReset: () => void;
  labelWidth: number;
}) {
  const { t } = useTexts(NS);
  return (
    <Form label={label} onSubmit={onSearch} className="ops-sys-search" labelWidth={labelWidth}>
      {(Object.keys(draft) as (keyof D & string)[]).map((field) => (
        <TextField
          key={field}
          label={labelOf(field)}
          name={field}
          value={draft[field]}
          maxLength={maxLengthOf?.(field)}
          onChange={(value) => onDraft({ ...draft, [field]: value })}
        />
      ))}
      <SearchButtons
        search={t('search')}
        reset={t('reset')}
        onReset={onReset}
        className="ops-sys-search__buttons"
      />
    </Form>
  );
}
