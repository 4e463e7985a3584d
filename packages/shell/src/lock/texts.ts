import { defineShellTexts } from '../shared/i18n';

const zh = {
  lockTitle: '锁屏',
  lockHint: '请设置锁屏密码，解锁时需要输入该密码。',
  lockPassword: '锁屏密码',
  lock: '锁 屏',
  cancel: '取消',
  lockedTitle: '屏幕已锁定',
  unlockHint: '请输入锁屏密码解锁',
  unlock: '解 锁',
  wrongPassword: '锁屏密码错误',
  logout: '退出登录',
  logoutConfirm: '确定退出登录吗？',
  language: '语言',
};

const en: Record<keyof typeof zh, string> = {
  lockTitle: 'Lock screen',
  lockHint: 'Set a lock password; you will need it to unlock.',
  lockPassword: 'Lock password',
  lock: 'Lock',
  cancel: 'Cancel',
  lockedTitle: 'Screen locked',
  unlockHint: 'Enter the lock password to unlock',
  unlock: 'Unlock',
  wrongPassword: 'Wrong lock password',
  logout: 'Log out',
  logoutConfirm: 'Log out now?',
  language: 'Language',
};

export const LOCK_TEXTS = defineShellTexts('shell-lock', zh, en);
