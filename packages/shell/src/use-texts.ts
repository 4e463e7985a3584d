import { subscribeTexts, textsVersion } from '@ops/shared';
import { useSyncExternalStore } from 'react';

/** Re-renders the caller when the language changes or texts are added. */
export function useTextsVersion(): number {
  return useSyncExternalStore(subscribeTexts, textsVersion);
}
