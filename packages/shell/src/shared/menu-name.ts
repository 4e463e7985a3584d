import { i18n, SERVER_NS } from '@ops/shared';

/**
 * A menu item's name in the current language: its `meta.i18n` key among the server's texts (loaded with
 * the `menu.` prefix) when there, else the name the menu gives. Always plain text.
 */
export function menuNameOf(item: { name: string; meta: { i18n?: string | null } }): string {
  const key = item.meta.i18n;
  if (!key) return item.name;
  const text = i18n.t(key, { ns: SERVER_NS, keySeparator: '\u0000', nsSeparator: false, defaultValue: '' });
  return typeof text === 'string' && text.trim() && text !== key ? text : item.name;
}
