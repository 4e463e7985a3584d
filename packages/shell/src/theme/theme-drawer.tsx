import { canEnableVisual, holdStylesheet } from '@ops/shared';
import { Button, confirm, Dialog } from '@ops/ui';
import { type ReactNode, useLayoutEffect, useState } from 'react';
import {
  FONT_SIZES,
  LAYOUT_COLORS,
  LAYOUTS,
  type LayoutState,
  LOGO_POSITIONS,
  NAME_MAX,
  THEMES,
} from '../frame/rules';
import { defineShellTexts, useShellText } from '../shared/i18n';
import { editLayout, hasChanges, type LayoutEdit, nameLength } from './theme';
import href from './theme-drawer.css';

const TEXTS = defineShellTexts(
  'shell-theme',
  {
    title: '主题设置',
    layout: '布局',
    vertical: '纵向',
    classic: '经典',
    transverse: '横向',
    columns: '分栏',
    theme: '主题',
    'theme-default': '默认',
    'theme-hzblue': '蓝色',
    'theme-hzblack': '黑色',
    'theme-hzvisual': '可视化',
    names: '标题与名称',
    indexTitle: '首页标题',
    manageSystemName: '管理系统名称',
    visualSystemName: '可视化系统名称',
    fontSize: '字体大小',
    'font-default': '默认',
    'font-m': '大号',
    logoPosition: 'Logo 位置',
    left: '居左',
    center: '居中',
    right: '居右',
    colors: '颜色',
    colorName: '主色',
    customColorsOff: '命名主题使用自己的颜色；选择默认主题后可自定义。',
    clear: '恢复 {{name}}',
    topBgColor: '顶栏背景',
    topColor: '顶栏文字',
    logoBgColor: 'Logo 背景',
    logoColor: 'Logo 文字',
    menuBgColor: '菜单背景',
    menuColor: '菜单文字',
    menuActiveBgColor: '选中菜单背景',
    menuActiveColor: '选中菜单文字',
    menuHoverBgColor: '悬停菜单背景',
    menuHoverColor: '悬停菜单文字',
    menuColumnsBgColor: '分栏背景',
    menuColumnsColor: '分栏文字',
    toggles: '开关',
    isCollapse: '收起菜单',
    moreBtn: '更多按钮',
    searchBtn: '菜单搜索',
    topMenuBtn: '顶部菜单',
    showVisual: '可视化显示',
    save: '保存',
    reset: '恢复默认',
    saved: '保存成功',
    unsaved: '主题设置有未保存的修改。是否保存？',
    unsavedTitle: '未保存的修改',
    saveAndClose: '保存',
    discard: '不保存',
  },
  {
    title: 'Theme settings',
    layout: 'Layout',
    vertical: 'Vertical',
    classic: 'Classic',
    transverse: 'Transverse',
    columns: 'Columns',
    theme: 'Theme',
    'theme-default': 'Default',
    'theme-hzblue': 'Blue',
    'theme-hzblack': 'Black',
    'theme-hzvisual': 'Visual',
    names: 'Titles and names',
    indexTitle: 'Home title',
    manageSystemName: 'Management system name',
    visualSystemName: 'Visual system name',
    fontSize: 'Font size',
    'font-default': 'Default',
    'font-m': 'Large',
    logoPosition: 'Logo position',
    left: 'Left',
    center: 'Centre',
    right: 'Right',
    colors: 'Colours',
    colorName: 'Primary colour',
    customColorsOff: 'A named theme uses its own colours; choose the default theme to customise them.',
    clear: 'Reset {{name}}',
    topBgColor: 'Top bar background',
    topColor: 'Top bar text',
    logoBgColor: 'Logo background',
    logoColor: 'Logo text',
    menuBgColor: 'Menu background',
    menuColor: 'Menu text',
    menuActiveBgColor: 'Current item background',
    menuActiveColor: 'Current item text',
    menuHoverBgColor: 'Hovered item background',
    menuHoverColor: 'Hovered item text',
    menuColumnsBgColor: 'Column bar background',
    menuColumnsColor: 'Column bar text',
    toggles: 'Switches',
    isCollapse: 'Collapsed menu',
    moreBtn: 'More button',
    searchBtn: 'Menu search',
    topMenuBtn: 'Top menus',
    showVisual: 'Visual display',
    save: 'Save',
    reset: 'Reset to defaults',
    saved: 'Saved',
    unsaved: 'The theme settings have unsaved changes. Save them?',
    unsavedTitle: 'Unsaved changes',
    saveAndClose: 'Save',
    discard: "Don't save",
  },
);

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
  const [busy, setBusy] = useState(false);
  const own = canEnableVisual(tenantId);
  const edit = (change: LayoutEdit) => onDraft(editLayout(draft, change, tenantId));
  const changed = hasChanges(saved, draft);

  const save = async (state: LayoutState | null) => {
    setBusy(true);
    try {
      return await onSave(state);
    } finally {
      setBusy(false);
    }
  };
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
          onChange={(event) => edit({ field, value: event.currentTarget.value })}
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
          value={toHex(draft[field]) ?? '#ffffff'}
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
function toHex(value: string): string | null {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(value);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase();
  return /^#[0-9a-f]{6}$/i.test(value) ? value.toLowerCase() : null;
}
