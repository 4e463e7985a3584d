import type { Http } from '@ops/shared';
import { markRead, type ReadTarget } from '@ops/shared/rules';
import { type Submit, useSubmit } from '@ops/ui';

/** A mark-read flow: `run(target)` and whether it is under way. */
export type MarkRead = Submit<[ReadTarget], ReadTarget>;

/**
 * Marking notices or alarm messages read, the one flow of the message centre and the notices parcel:
 * one call at a time (the buttons show it busy and do nothing meanwhile), then `onMarked` with what was
 * marked. A refused call is the HTTP client's to tell (its toast); nothing else is said here.
 */
export function useMarkRead(
  http: Http,
  onMarked: (target: ReadTarget) => void,
  signal?: AbortSignal,
): MarkRead {
  return useSubmit(
    async (target: ReadTarget) => {
      await markRead(http, target, signal);
      return target;
    },
    { onSuccess: onMarked, signal },
  );
}
