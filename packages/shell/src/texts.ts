const TEXTS = {
  zh: {
    mainMenu: '主菜单',
    home: '首页',
    stationMonitor: '电站监视',
    systemName: '运维控制台',
    welcome: '欢迎使用运维控制台',
    welcomeBody: '从左侧菜单打开子应用。',
    notFound: '页面不存在',
    notices: '通知',
    remoteControl: '远程控制',
    assistant: 'AI 助手',
    tags: '页面标签',
  },
  en: {
    mainMenu: 'Main menu',
    home: 'Home',
    stationMonitor: 'Station monitor',
    systemName: 'Operations console',
    welcome: 'Welcome to the operations console',
    welcomeBody: 'Open a sub-app from the menu on the left.',
    notFound: 'Page not found',
    notices: 'Notices',
    remoteControl: 'Remote control',
    assistant: 'AI assistant',
    tags: 'Page tags',
  },
};

export type ShellText = keyof (typeof TEXTS)['zh'];

export function t(key: ShellText): string {
  return (document.documentElement.lang.startsWith('en') ? TEXTS.en : TEXTS.zh)[key];
}
