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

export interface ActionContext {
  host: ActionHost;
  /**
   * Asks again with an item chosen from a list (a picker's click, or select_number): the question is
   * `text`, sent with the chosen item as `inputs.extra` and the list as `inputs.extra_list`.
   */
  choose(choice: { item: unknown; list: readonly unknown[]; text: string }): void;
  /** A reply is running: choices are refused with the usual tip. */
  busy: boolean;
  /** The question the answer replied to (an instruct runs with it). */
  question?: string;
}

export interface ActionBlockProps {
  item: ExtraItem;
  ctx: ActionContext;
}
