import type { ReactNode } from 'react';
import { Button } from '../button/button';

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
