import { useShoelace } from '../shoelace/load-shoelace';
import { useStylesheets } from '../theme/use-stylesheet';
import href from './overflow-tooltip.css';
import { OVERFLOW_LIMIT, truncateText } from './truncate';

export interface OverflowTooltipProps {
  text: string;
  /** Characters shown before the ellipsis (default 20; remote-control parameter names use 6). */
  max?: number;
  placement?: 'top' | 'bottom' | 'left' | 'right';
  className?: string;
}

/**
 * Shows at most `max` characters with an ellipsis; the full text in a tooltip on hover and focus. The
 * tooltip comes with Shoelace, loaded when a text is cut; until then the cut text shows without it (its
 * full text is there for assistive technology either way).
 */
export function OverflowTooltip({
  text,
  max = OVERFLOW_LIMIT,
  placement = 'top',
  className,
}: OverflowTooltipProps) {
  useStylesheets(href);
  const cut = truncateText(text, max);
  const loaded = useShoelace(cut.truncated);
  const classes = ['ops-ui', 'ops-overflow', className].filter(Boolean).join(' ');
  if (!cut.truncated) return <span className={classes}>{text}</span>;
  const truncated = (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users reach the tooltip with the full text.
    <span className={`${classes} ops-overflow--truncated`} tabIndex={0}>
      <span aria-hidden="true">{cut.text}</span>
      <span className="ops-ui-visually-hidden">{text}</span>
    </span>
  );
  if (!loaded) return truncated;
  return (
    <sl-tooltip class="ops-ui ops-overflow-tooltip" content={text} placement={placement} hoist>
      {truncated}
    </sl-tooltip>
  );
}
