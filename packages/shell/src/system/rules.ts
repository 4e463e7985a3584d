import { canEnableVisual, type SiteConfig, type SystemType, systemType } from '@ops/shared';
import type { LayoutState } from '../shared/layout-state';

/**
 * The system type (spec §4) for a parsed layout: visual only for a tenant other than 000000, an account
 * other than admin and hzinfo, and `showVisual` on. The rule is `systemType` of @ops/shared.
 */
export function systemTypeOf(
  user: { tenantId: string | null | undefined; account: string | null | undefined },
  layout: Pick<LayoutState, 'showVisual'>,
): SystemType {
  return systemType({ ...user, layoutState: { showVisual: layout.showVisual } });
}

export interface SystemNames {
  readonly manage: string;
  readonly visual: string;
}

/**
 * The names of the two systems (footer entry, visual-system button): the layout's when set, for a tenant
 * that may rename them (spec §6: not the platform tenant 000000); else the site config's.
 */
export function systemNames(
  layout: Pick<LayoutState, 'manageSystemName' | 'visualSystemName'>,
  config: Pick<SiteConfig, 'manageSystemName' | 'visualSystemName'>,
  tenantId: string | null | undefined,
): SystemNames {
  const own = canEnableVisual(tenantId);
  const pick = (mine: string, theirs: string) => (own && mine.trim() !== '' ? mine : theirs);
  return {
    manage: pick(layout.manageSystemName, config.manageSystemName),
    visual: pick(layout.visualSystemName, config.visualSystemName),
  };
}

/** What a tab keeps when its user switches between the two systems (KEYS.systemType). */
export interface StoredSystem {
  readonly tenantId: string;
  readonly account: string;
  readonly type: SystemType;
}

/**
 * The system a tab shows (spec §4 System type): the one its user switched to, when the stored choice is
 * this user's (tenant and account); otherwise the rule's (`systemTypeOf`). Anything else stored is ignored.
 */
export function activeSystem(
  rule: SystemType,
  stored: unknown,
  user: { tenantId: string | null | undefined; account: string | null | undefined },
): SystemType {
  if (typeof stored !== 'object' || stored === null) return rule;
  const { tenantId, account, type } = stored as Partial<StoredSystem>;
  const mine = tenantId === (user.tenantId ?? '') && account === (user.account ?? '');
  return mine && (type === 'visual' || type === 'manage') ? type : rule;
}

/**
 * What the chrome calls the console (the sidebar's or the logo's title) and its two systems (the footer,
 * the switch buttons): the layout's own names first, then the site's; the site's default names are
 * Chinese text, so in English they show only when the tenant named them, else the console's own words.
 */
export function systemLabels(input: {
  layout: Pick<LayoutState, 'indexTitle' | 'manageSystemName' | 'visualSystemName'>;
  config: Pick<SiteConfig, 'title' | 'manageSystemName' | 'visualSystemName'>;
  tenantId: string | null | undefined;
  lang: 'zh' | 'en';
  t: (key: 'systemName' | 'manageSystem' | 'visualSystem') => string;
}): { title: string; manage: string; visual: string } {
  const { layout, config, tenantId, lang, t } = input;
  const zh = lang === 'zh';
  const names = systemNames(layout, config, tenantId);
  const label = (name: string, own: string, fallback: 'manageSystem' | 'visualSystem') =>
    (zh || own.trim() ? name : '') || t(fallback);
  return {
    title: layout.indexTitle || (zh ? config.title.trim() || t('systemName') : t('systemName')),
    manage: label(names.manage, layout.manageSystemName, 'manageSystem'),
    visual: label(names.visual, layout.visualSystemName, 'visualSystem'),
  };
}
