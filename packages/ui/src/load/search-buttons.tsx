// By name: this entry (@ops/ui/load) carries no copy of @ops/ui's button.
import { Button } from '@ops/ui';
import type { ReactNode } from 'react';

/**
 * A search form's buttons: search (it submits the form, so Enter in a field searches too) and reset, in
 * the caller's words, with any further buttons after them.
 */
export function SearchButtons({
  search,
  reset,
  onReset,
  className,
  children,
}: {
  search: string;
  reset: string;
  onReset(): void;
  className: string;
  children?: ReactNode;
}) {
  return (
    <div className={className}>
      <Button type="submit" variant="primary">
        {search}
      </Button>
      <Button onClick={onReset}>{reset}</Button>
      {children}
    </div>
  );
}
