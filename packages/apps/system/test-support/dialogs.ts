/** Finding the app's dialogs in tests: the form dialogs and the confirmation are Shoelace dialogs. */
import { fireEvent, within } from '@testing-library/dom';
import { waitFor } from '../../../../test/support/dom';

/** The open dialog of that name, once it is there. */
export const openDialog = (name: string) =>
  waitFor(() =>
    [...document.querySelectorAll<HTMLElement>('sl-dialog[open]')].find(
      (d) => d.getAttribute('label') === name,
    ),
  ).then((d) => within(d));

/** Waits until no dialog of that name is open. */
export const dialogGone = (name: string) =>
  waitFor(
    () =>
      ![...document.querySelectorAll<HTMLElement>('sl-dialog[open]')].some(
        (d) => d.getAttribute('label') === name,
      ),
  );

/** Types into a field as a person does (one input event with the whole value). */
export const type = (input: HTMLElement, value: string) => fireEvent.input(input, { target: { value } });

/** Chooses an option of a select. */
export const choose = (select: HTMLElement, value: string) => fireEvent.change(select, { target: { value } });

/** Confirms the open removal question (确认删除 → 删除). */
export async function confirmRemoval() {
  const question = await openDialog('确认删除');
  fireEvent.click(question.getByRole('button', { name: '删除' }));
  await dialogGone('确认删除');
}

/** Closes what the tests left open: confirmation hosts (appended to <body>). */
export function closeConfirms() {
  for (const host of document.querySelectorAll('.ops-confirm-host')) host.remove();
}
