import { defineShellTexts } from '../shared/i18n';

export const TOPBAR_TEXTS = defineShellTexts(
  'shell-topbar',
  {
    collapse: '收起菜单',
    expand: '展开菜单',
    topMenus: '顶部菜单',
    home: '首页',
    fullscreen: '全屏',
    userMenu: '用户菜单',
    personalInfo: '个人信息',
    switchSite: '切换站点',
    returnToMainSite: '返回主站',
    lock: '锁屏',
    logout: '退出登录',
    logoutConfirm: '确定退出登录吗？',
  },
  {
    collapse: 'Collapse the menu',
    expand: 'Expand the menu',
    topMenus: 'Top menus',
    home: 'Home',
    fullscreen: 'Full screen',
    userMenu: 'User menu',
    personalInfo: 'Personal info',
    switchSite: 'Switch site',
    returnToMainSite: 'Return to main site',
    lock: 'Lock',
    logout: 'Log out',
    logoutConfirm: 'Log out now?',
  },
);
