import { defineShellTexts } from '../shared/i18n';

export const SIDEBAR_TEXTS = defineShellTexts(
  'shell-sidebar',
  {
    mainMenu: '主菜单',
    loading: '正在加载菜单…',
    empty: '暂无菜单，请联系管理员分配权限',
    failed: '菜单加载失败',
    retry: '重试',
    resize: '调整菜单宽度',
    newWindow: '（在新窗口打开）',
    footer: '系统入口',
  },
  {
    mainMenu: 'Main menu',
    loading: 'Loading the menu…',
    empty: 'No menu yet. Ask an administrator for access.',
    failed: 'The menu could not be loaded',
    retry: 'Retry',
    resize: 'Resize the menu',
    newWindow: ' (opens in a new window)',
    footer: 'Systems',
  },
);
