import { defineShellTexts } from '../shared/i18n';

/** The chrome's own texts; the sign-in pages, lock and status pages keep theirs beside them. */
export const SHELL_TEXTS = defineShellTexts(
  'shell-layout',
  {
    mainMenu: '主菜单',
    home: '首页',
    stationMonitor: '电站监视',
    systemName: '运维控制台',
    welcome: '欢迎使用运维控制台',
    welcomeBody: '从左侧菜单打开子应用。',
    notices: '通知',
    remoteControl: '远程控制',
    assistant: 'AI 助手',
    tags: '页面标签',
    lock: '锁屏',
    logout: '退出登录',
    logoutConfirm: '确定退出登录吗？',
  },
  {
    mainMenu: 'Main menu',
    home: 'Home',
    stationMonitor: 'Station monitor',
    systemName: 'Operations console',
    welcome: 'Welcome to the operations console',
    welcomeBody: 'Open a sub-app from the menu on the left.',
    notices: 'Notices',
    remoteControl: 'Remote control',
    assistant: 'AI assistant',
    tags: 'Page tags',
    lock: 'Lock screen',
    logout: 'Log out',
    logoutConfirm: 'Log out now?',
  },
);
