import { registerTexts } from '@ops/shared';

/**
 * The sub-app's namespace in the console's i18next instance. This file holds the texts every page shares;
 * each page registers its own part of the namespace beside it (`tenants.*`, `users.*`...), merged in.
 */
export const NS = 'app-system';

registerTexts(NS, {
  zh: {
    title: '系统管理',
    retry: '重试',
    loading: '正在加载…',
    loadFailed: '加载失败：{{reason}}',
    loadFailedPlain: '加载失败',
    search: '搜索',
    reset: '重置',
    add: '新增',
    edit: '编辑',
    remove: '删除',
    save: '保存',
    cancel: '取消',
    close: '关闭',
    actions: '操作',
    saved: '已保存',
    removed: '已删除',
    saveFailed: '保存失败',
    removeFailed: '删除失败',
    removeTitle: '确认删除',
    removeOne: '确定删除“{{name}}”吗？',
    removeMany: '确定删除选中的 {{count}} 项吗？',
    notFound: {
      heading: '页面不存在',
      body: '系统管理中没有 {{path}} 这个页面。',
      links: '系统管理的页面',
    },
  },
  en: {
    title: 'System',
    retry: 'Retry',
    loading: 'Loading…',
    loadFailed: 'Failed to load: {{reason}}',
    loadFailedPlain: 'Failed to load',
    search: 'Search',
    reset: 'Reset',
    add: 'Add',
    edit: 'Edit',
    remove: 'Delete',
    save: 'Save',
    cancel: 'Cancel',
    close: 'Close',
    actions: 'Actions',
    saved: 'Saved',
    removed: 'Deleted',
    saveFailed: 'Saving failed',
    removeFailed: 'Deleting failed',
    removeTitle: 'Confirm deletion',
    removeOne: 'Delete “{{name}}”?',
    removeMany: 'Delete the {{count}} selected items?',
    notFound: {
      heading: 'Page not found',
      body: 'System has no page at {{path}}.',
      links: 'Pages of System',
    },
  },
});
