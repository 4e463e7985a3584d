import { canEnableVisual, holdStylesheet, sanitizeInput } from '@ops/shared';
import { Button, confirm, Dialog, useSubmit } from '@ops/ui';
import { type ReactNode, useLayoutEffect } from 'react';
import { useShellText } from '../shared/i18n';
import {
  FONT_SIZES,
  LAYOUT_COLORS,
  LAYOUTS,
  type LayoutColor,
  type LayoutState,
  LOGO_POSITIONS,
  NAME_MAX,
  THEMES,
} from '../shared/layout-state';
import { THEME_TEXTS as TEXTS } from './texts';
import {
  COLOR_PROPERTIES,
  editLayout,
  hasChanges,
  type LayoutEdit,
  nameLength,
  PRIMARY_PROPERTY,
} from './theme';
import href from './theme-drawer.css';

export interface ThemeDrawerProps {
  open: boolean;
  /** The state as saved (what a discard returns to). */
  saved: LayoutState;
  /** The state shown now: the page previews it while the drawer is open. */
  draft: LayoutState;
  onDraft(next: LayoutState): void;
  tenantId: string;
  /** Saves a state (`null`: back to the defaults); answers whether the server took it. */
  onSave(state: LayoutState | null): Promise<boolean>;
  /** Closes the drawer; the draft is dropped (the page shows what is saved). */
  onClose(): void;
}

/**
 * The theme and layout customiser (spec §2 theme drawer, §4 Layout editing; admin roles, DECISIONS 17): a
 * panel at the right edge whose every change the page shows at once. Save stores the state; reset stores
 * `null` (the defaults); closing with unsaved changes asks whether to save them (docs/decisions.md: the
 * page is not reloaded, the look is applied live).
 */
export function ThemeDrawer({ open, saved, draft, onDraft, tenantId, onSave, onClose }: ThemeDrawerProps) {
  const { t } = useShellText(TEXTS);
  useLayoutEffect(() => holdStylesheet(href), []);
  const saving = useSubmit(onSave);
  const { busy, run: save } = saving;
  const own = canEnableVisual(tenantId);
  const edit = (change: LayoutEdit) => onDraft(editLayout(draft, change, tenantId));
  const changed = hasChanges(saved, draft);

  const close = async () => {
    if (busy) return;
    if (changed) {
      const keep = await confirm({
        title: t('unsavedTitle'),
        message: t('unsaved'),
        confirmText: t('saveAndClose'),
        cancelText: t('discard'),
      });
      if (keep && !(await save(draft))) return;
    }
    onClose();
  };

  const choice = <T extends string>(
    field: 'layout' | 'theme' | 'fontSize' | 'logoPosition',
    values: readonly T[],
    label: (value: T) => string,
  ) => (
    <fieldset className="ops-theme__choices">
      <legend>{t(field)}</legend>
      {values.map((value) => (
        <label key={value || 'default'} className="ops-theme__choice">
          <input
            type="radio"
            name={`ops-theme-${field}`}
            checked={draft[field] === value}
            onChange={() => edit({ field, value } as LayoutEdit)}
          />
          {label(value)}
        </label>
      ))}
    </fieldset>
  );

  const name = (field: 'indexTitle' | 'manageSystemName' | 'visualSystemName', disabled = false) => (
    <label className="ops-theme__field">
      <span>{t(field)}</span>
      <span className="ops-theme__input">
        <input
          type="text"
          value={draft[field]}
          maxLength={NAME_MAX * 2}
          disabled={disabled}
          aria-describedby={`ops-theme-${field}-count`}
          // Free text, as in @ops/ui's fields: spec §5's characters go as they are typed.
          onChange={(event) => edit({ field, value: sanitizeInput(event.currentTarget.value) })}
        />
        <span id={`ops-theme-${field}-count`} className="ops-theme__count">
          {nameLength(draft[field])}/{NAME_MAX}
        </span>
      </span>
    </label>
  );

  const color = (field: 'colorName' | (typeof LAYOUT_COLORS)[number], disabled: boolean): ReactNode => (
    <div key={field} className="ops-theme__color">
      <label>
        <input
          type="color"
          value={toHex(draft[field]) ?? tokenHex(field)}
          disabled={disabled}
          onChange={(event) => edit({ field, value: event.currentTarget.value })}
        />
        <span>{t(field)}</span>
      </label>
      {field !== 'colorName' && draft[field] !== '' && !disabled && (
        <button
          type="button"
          className="ops-theme__clear"
          aria-label={t('clear', { name: t(field) })}
          onClick={() => edit({ field, value: '' })}
        >
          ×
        </button>
      )}
    </div>
  );

  const customOff = !draft.customColors || draft.theme !== '';
  return (
    <Dialog
      open={open}
      label={t('title')}
      width="380px"
      className="ops-theme-drawer"
      onClose={() => void close()}
      footer={
        <>
          <Button onClick={() => void save(null)} disabled={busy}>
            {t('reset')}
          </Button>
          <Button variant="primary" onClick={() => void save(draft)} disabled={busy || !changed}>
            {t('save')}
          </Button>
        </>
      }
    >
      <div className="ops-theme">
        {choice('layout', LAYOUTS, (value) => t(value))}
        {choice('theme', THEMES, (value) => t(value === '' ? 'theme-default' : value))}
        <fieldset className="ops-theme__group">
          <legend>{t('names')}</legend>
          {name('indexTitle')}
          {name('manageSystemName', !own)}
          {name('visualSystemName', !own)}
        </fieldset>
        {choice('fontSize', FONT_SIZES, (value) => t(value))}
        {choice('logoPosition', LOGO_POSITIONS, (value) => t(value))}
        <fieldset className="ops-theme__group">
          <legend>{t('colors')}</legend>
          {color('colorName', draft.theme !== '')}
          {customOff && <p className="ops-theme__note">{t('customColorsOff')}</p>}
          <div className="ops-theme__colors">{LAYOUT_COLORS.map((field) => color(field, customOff))}</div>
        </fieldset>
        <fieldset className="ops-theme__group">
          <legend>{t('toggles')}</legend>
          {(['isCollapse', 'moreBtn', 'searchBtn', 'topMenuBtn', 'showVisual'] as const).map((field) => (
            <label key={field} className="ops-theme__toggle">
              <input
                type="checkbox"
                role="switch"
                aria-checked={draft[field]}
                checked={draft[field]}
                disabled={field === 'showVisual' && !own}
                onChange={(event) => edit({ field, value: event.currentTarget.checked })}
              />
              {t(field)}
            </label>
          ))}
        </fieldset>
      </div>
    </Dialog>
  );
}

/** A colour as `#rrggbb` for the colour input (which takes nothing else); null for any other form. */
/**
 * An unset colour's picker starts at the colour the page shows for it now: its token's value (the theme's,
 * root-config/src/frame.css), as the colour input wants it.
 */
function tokenHex(field: 'colorName' | LayoutColor): string {
  const property = field === 'colorName' ? PRIMARY_PROPERTY : COLOR_PROPERTIES[field];
  return toHex(getComputedStyle(document.documentElement).getPropertyValue(property).trim()) ?? '';
}

function toHex(value: string): string | null {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(value);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase();
  return /^#[0-9a-f]{6}$/i.test(value) ? value.toLowerCase() : null;
}
