/**
 * Running an instruct (open_instruct, record; docs/assistant-actions.md): the item names it, the tenant's
 * list (`dataInstruct/list`) says how it runs. One with an `apiUrl` is POSTed there, only when the address
 * is the console's own or an allowlisted origin; the others are executed by the server as a stream.
 */
import { isAllowedMediaOrigin } from '@ops/shared/rules';
import { type Fields, firstText, isFields, objectOf } from './values';

export interface Instruct {
  id: string;
  name: string;
  description: string;
  apiUrl: string;
}

/** The instructs of the list's answer; entries without an id are left out. */
export function instructsOf(data: unknown): Instruct[] {
  if (!Array.isArray(data)) return [];
  return data.filter(isFields).flatMap((entry) => {
    const id = firstText(entry, 'id');
    if (!id) return [];
    return [
      {
        id,
        name: firstText(entry, 'name') || id,
        description: firstText(entry, 'description'),
        apiUrl: firstText(entry, 'apiUrl'),
      },
    ];
  });
}

/** What the item asks to run: the instruct (by id, else by name) and, for a record, its instance. */
export function instructWanted(item: Fields): { id: string; name: string; instanceId: string } | null {
  const data = objectOf(item.data, item.params) ?? {};
  const id = firstText(data, 'id', 'instructId');
  const name = firstText(data, 'name') || firstText(item, 'name');
  if (!id && !name) return null;
  return { id, name, instanceId: firstText(item, 'instanceId') || firstText(data, 'instanceId') };
}

export function findInstruct(
  list: readonly Instruct[],
  wanted: { id: string; name: string },
): Instruct | null {
  return (
    (wanted.id ? list.find((i) => i.id === wanted.id) : undefined) ??
    (wanted.name ? list.find((i) => i.name === wanted.name) : undefined) ??
    null
  );
}

export type InstructRoute =
  | { kind: 'server' }
  | { kind: 'direct'; url: string }
  /** An apiUrl off the allowlist (or not http): nothing is sent. */
  | { kind: 'blocked'; url: string };

export function instructRoute(
  instruct: Instruct,
  allowlist: readonly string[],
  pageOrigin: string,
): InstructRoute {
  if (!instruct.apiUrl) return { kind: 'server' };
  return isAllowedMediaOrigin(instruct.apiUrl, allowlist, pageOrigin)
    ? { kind: 'direct', url: instruct.apiUrl }
    : { kind: 'blocked', url: instruct.apiUrl };
}

/** The markdown a direct instruct answered (`data.content`, or `data` itself when it is text). */
export function directContent(body: unknown): string {
  if (!isFields(body)) return '';
  const data = body.data;
  if (typeof data === 'string') return data;
  return isFields(data) ? firstText(data, 'content') : '';
}
