/**
 * What an action block (docs/assistant-actions.md) receives: its extra item, and the few things of the host
 * and the chat it may use. A block reaches the rest of the console only through these (the host context
 * and the bus), never through another package.
 */
import type { HostProps } from '@ops/shared';
import type { ExtraItem } from '../chunks';

export type ActionHost = Pick<
  HostProps,
  'http' | 'stream' | 'bus' | 'navigate' | 'config' | 'signal' | 'session'
>;

/** An item chosen from a list, to ask about (docs/assistant-actions.md "Choosing from a list"). */
export interface ChosenItem {
  /** The item as the server sent it (`inputs.extra`). */
  item: unknown;
  /** The list it was chosen from (`inputs.extra_list`). */
  list: readonly unknown[];
  /** The question: the item's display text. */
  text: string;
}

export interface ActionContext {
  host: ActionHost;
  /**
   * Asks again with an item chosen from a list (a picker's click, or select_number): the question is
   * `text`, sent with the chosen item as `inputs.extra` and the list as `inputs.extra_list`.
   */
  choose(choice: ChosenItem): void;
  /** A reply is running: choices are refused with the usual tip. */
  busy: boolean;
  /** The question the answer replied to (an instruct runs with it). */
  question?: string;
}

export interface ActionBlockProps {
  item: ExtraItem;
  ctx: ActionContext;
}
