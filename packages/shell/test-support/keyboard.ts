import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';

/** Puts the keyboard focus in `field` and presses a real Enter there. */
export async function pressEnterIn(field: HTMLElement): Promise<void> {
  field.focus();
  expect(document.activeElement, 'the field has the focus').to.equal(field);
  await sendKeys({ press: 'Enter' });
}
