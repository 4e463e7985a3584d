import { sendKeys } from '@web/test-runner-commands';
import { inAct } from './render';

/** A real key press through the browser (Shoelace's dialog listens with CloseWatcher, which ignores synthetic events). */
export async function press(keyName: string): Promise<void> {
  await inAct(() => sendKeys({ press: keyName }));
}

/** Lets `ms` pass, e.g. to check that something has not happened yet. */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A promise with its resolve and reject at hand: a call the test answers when it chooses. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
