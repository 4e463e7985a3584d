/**
 * select_number (DECISIONS 19) as an answer's outcome: the n-th item of the list the previous answers
 * offered to choose from, numbered as its block numbers it, asked with the question, item and list its
 * click would send.
 */
import type { ExtraItem } from '../chunks';
import { type ChatMessage, previousChoices, type Selection } from '../messages';
import { selectNumber } from '../select-number';
import { numberedChoices } from './choices';
import { isChoosableFunc } from './funcs';
import type { ChosenItem } from './types';

/**
 * The outcome of an answer's select_number extra against the messages before it; null when the answer
 * has none. A failure asks nothing.
 */
export function selectionOf(
  extras: readonly ExtraItem[],
  before: readonly ChatMessage[],
): { selection: Selection; ask: ChosenItem | null } | null {
  const select = extras.find((e) => e.func === 'select_number');
  if (!select) return null;
  const previous = previousChoices(before, isChoosableFunc);
  const numbered = previous ? numberedChoices(previous.func, previous.items) : [];
  const picked = selectNumber(select.data, numbered);
  if (!picked.ok) return { selection: { ok: false, error: picked.error }, ask: null };
  const { item, text } = picked.item;
  return {
    selection: { ok: true, n: picked.index + 1, text },
    ask: { item, list: numbered.map((c) => c.item), text },
  };
}
