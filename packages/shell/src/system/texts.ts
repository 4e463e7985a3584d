import { defineShellTexts } from '../shared/i18n';

/** The names the chrome gives the console and its two systems when the site and the user give none. */
export const SYSTEM_TEXTS = defineShellTexts(
  'shell-system',
  { systemName: '运维控制台', manageSystem: '运维管理系统', visualSystem: '可视化系统' },
  { systemName: 'Operations console', manageSystem: 'Management system', visualSystem: 'Visual system' },
);
