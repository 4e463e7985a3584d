export type { ConfirmDialogProps, ConfirmOptions } from './dialog/confirm';
export { ConfirmDialog, confirm, confirmWithCountdown } from './dialog/confirm';
export type { DialogCloseSource, DialogProps } from './dialog/dialog';
export { DIALOG_WIDTH, Dialog } from './dialog/dialog';
export { CrashPanel } from './lifecycles/crash-panel';
export type { ReactLifecyclesOptions } from './lifecycles/react-lifecycles';
export { reactLifecycles } from './lifecycles/react-lifecycles';
