import { defineShellTexts, useShellText } from '../shared/i18n';
import { type FramePlan, framePlanOf } from './rules';

const IFRAME_TEXTS = defineShellTexts(
  'shell-iframe',
  {
    refusedTitle: '无法嵌入此页面',
    origin: '此地址的来源不在站点配置允许嵌入的列表（frameOrigins）中。',
    scheme: '只能嵌入 http 或 https 地址。',
    console: '这是控制台自身的路由，不能嵌入到控制台中。',
    invalid: '这不是有效的页面地址。',
    openWindow: '在新窗口中打开',
    address: '地址',
  },
  {
    refusedTitle: 'This page cannot be embedded',
    origin: "This address's origin is not among the origins the site config allows in frames (frameOrigins).",
    scheme: 'Only http and https addresses can be embedded.',
    console: 'This is a route of the console itself; it cannot be embedded in the console.',
    invalid: 'This is not a valid page address.',
    openWindow: 'Open in a new window',
    address: 'Address',
  },
);

/**
 * `/myiframe/{routerPath}`: the embedded page in the main view (spec §2 Routes), sandboxed as the plan
 * says, or a panel saying why it is not embedded. `title` names the frame for screen readers (the menu
 * item's name, else the address).
 */
export function IframePage({
  target,
  title,
  frameOrigins,
}: {
  target: string;
  title?: string;
  frameOrigins: readonly string[];
}) {
  const plan: FramePlan = framePlanOf(target, { origin: location.origin, frameOrigins });
  const { t } = useShellText(IFRAME_TEXTS);
  if (plan.kind === 'frame') {
    return (
      <iframe
        className="ops-iframe-page"
        src={plan.src}
        title={title || target}
        sandbox={plan.sandbox}
        referrerPolicy={plan.foreign ? 'no-referrer' : 'same-origin'}
      />
    );
  }
  const external = plan.reason === 'origin';
  return (
    <section className="ops-shell-page ops-iframe-refused" aria-labelledby="ops-iframe-refused-title">
      <h1 id="ops-iframe-refused-title">{t('refusedTitle')}</h1>
      <p role="alert">{t(plan.reason)}</p>
      <p className="ops-iframe-refused__address">
        {t('address')}: <code>{plan.address}</code>
      </p>
      {external && (
        <a href={plan.address} target="_blank" rel="noopener noreferrer">
          {t('openWindow')}
        </a>
      )}
    </section>
  );
}
