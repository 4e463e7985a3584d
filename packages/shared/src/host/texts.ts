import { registerTexts } from '../i18n/i18n';

/** Texts of the host's loader and error panel, in the one i18n (they are plain DOM: no React needed). */
const translate = registerTexts('host', {
  zh: {
    loading: '正在加载…',
    failed: '{{name}} 加载失败',
    crashed: '{{name}} 运行出错',
    retry: '重试',
    notInstalled: '未安装',
    notInstalledHint: '此应用的程序包尚未部署到本站点，请联系管理员。',
  },
  en: {
    loading: 'Loading…',
    failed: '{{name}} failed to load',
    crashed: '{{name}} stopped with an error',
    retry: 'Retry',
    notInstalled: 'not installed',
    notInstalledHint: "This app's bundle is not deployed on this site. Ask your administrator.",
  },
});

export type SlotTextKey = 'loading' | 'failed' | 'crashed' | 'retry' | 'notInstalled' | 'notInstalledHint';

export function slotText(key: SlotTextKey, name = ''): string {
  return translate(key, { name });
}
