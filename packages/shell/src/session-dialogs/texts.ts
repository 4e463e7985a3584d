import { defineShellTexts } from '../shared/i18n';

/** The session's dialogs: after a forced logout, and the default-password reminder. */
export const SESSION_TEXTS = defineShellTexts(
  'shell-session',
  {
    forcedLogoutTitle: '登录已失效',
    forcedLogoutBody: '您的登录已失效或已在其他地方退出。请选择下一步：',
    toAuthorization: '返回入口页',
    toLogin: '前往登录',
    defaultPasswordTitle: '安全提醒',
    defaultPasswordBody: '您正在使用平台默认密码，存在安全风险，请尽快修改密码。',
    changeNow: '立即修改',
    later: '稍后',
  },
  {
    forcedLogoutTitle: 'Session ended',
    forcedLogoutBody: 'Your session has expired or was logged out elsewhere. What next?',
    toAuthorization: 'Back to the entry page',
    toLogin: 'Go to sign-in',
    defaultPasswordTitle: 'Security reminder',
    defaultPasswordBody: 'You are using the platform default password. Please change it soon.',
    changeNow: 'Change now',
    later: 'Later',
  },
);
