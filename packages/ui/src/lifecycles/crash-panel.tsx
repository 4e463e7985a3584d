import { slotText } from '@ops/shared';

/** What a package shows in place of its content when its component tree throws. */
export function CrashPanel({ label, error }: { label: string; error: Error }) {
  return (
    <div className="ops-slot-panel ops-slot-error" role="alert">
      <p>{slotText('crashed', label)}</p>
      <p className="ops-slot-error__detail">{error.message}</p>
    </div>
  );
}
