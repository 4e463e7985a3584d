import { Button } from '../button/button';

/**
 * A load that failed, in place of what it would have shown: what went wrong (the caller's text, with the
 * server's reason where there is one), announced as an alert, and a button beside it that loads again.
 */
export function LoadFailed({
  message,
  retryLabel,
  onRetry,
  className,
}: {
  message: string;
  retryLabel: string;
  onRetry: () => void;
  /** The place's own layout (centred in an empty view, say); the look is the same everywhere. */
  className?: string;
}) {
  return (
    <div className={className ? `ops-load-failed ${className}` : 'ops-load-failed'}>
      <span role="alert">{message}</span>
      <Button size="small" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}
