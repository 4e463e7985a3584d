/** Widths of the console's dialogs (spec §2), as a share of the window. */
export const DIALOG_WIDTH = {
  siteSwitch: '70%',
  message: '70%',
  alarm: '60%',
  confirm: '420px',
  filePreview: '70%',
} as const;
