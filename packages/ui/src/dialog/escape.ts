/**
 * Esc for the console's dialogs: one keydown listener for the page and a stack of the open dialogs, so
 * Esc asks the top one (the last opened) to close, every time. Shoelace's own Esc is not used: where the
 * browser has CloseWatcher it listens through one, which is spent once it has closed (a dialog kept open
 * after a question would not hear Esc again), and watchers opened without a click close together (Esc on
 * a question would also ask the dialog under it). A control inside a dialog that handles Esc itself (a
 * dropdown, a search box) stops it first: an Esc already handled closes nothing.
 */
const stack: Array<() => void> = [];

function onKeyDown(event: KeyboardEvent) {
  if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing) return;
  const top = stack.at(-1);
  if (!top) return;
  event.preventDefault();
  top();
}

/** Puts a dialog's close request on top of the stack; the function returned takes it off. */
export function onEscape(requestClose: () => void): () => void {
  const entry = () => requestClose();
  stack.push(entry);
  if (stack.length === 1) document.addEventListener('keydown', onKeyDown);
  return () => {
    const index = stack.indexOf(entry);
    if (index >= 0) stack.splice(index, 1);
    if (stack.length === 0) document.removeEventListener('keydown', onKeyDown);
  };
}
