import { defineShellTexts } from '../shared/i18n';

/** The parcels' slots are named regions (their accessible names are a contract). */
export const SLOT_TEXTS = defineShellTexts(
  'shell-slots',
  { notices: '通知', remoteControl: '远程控制', assistant: 'AI 助手' },
  { notices: 'Notices', remoteControl: 'Remote control', assistant: 'AI assistant' },
);
