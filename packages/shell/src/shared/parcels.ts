/** The parcels the chrome hosts, by import-map name. */
export const PARCELS = {
  notices: '@ops/notices',
  remoteControl: '@ops/remote-control',
  assistant: '@ops/assistant',
} as const;

export type ParcelKey = keyof typeof PARCELS;
