import { defineShellTexts } from '../shared/i18n';

/** The menu search's texts (spec §2 Shell parts "Menu search overlay"; names are a contract for tests). */
export const MENU_SEARCH_TEXTS = defineShellTexts(
  'shell-menu-search',
  {
    search: '搜索菜单',
    placeholder: '输入菜单名称',
    results: '搜索结果',
    empty: '无匹配菜单',
    count: '找到 {{n}} 个菜单',
    more: '仅显示前 {{n}} 个结果，输入更多文字可缩小范围',
    hintMove: '选择',
    hintOpen: '打开',
    hintClose: '关闭',
  },
  {
    search: 'Search menu',
    placeholder: 'Type a menu name',
    results: 'Search results',
    empty: 'No matching menu',
    count: 'Menus found: {{n}}',
    more: 'Showing the first {{n}} results; type more to narrow them down',
    hintMove: 'Move',
    hintOpen: 'Open',
    hintClose: 'Close',
  },
);
