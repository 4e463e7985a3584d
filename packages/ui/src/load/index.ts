// @ops/ui/load: the parts of the signed-in pages that load and search a list (useLoad, the search form's
// buttons) and the signed-in chrome's menu buttons (the language menu), off the login page's path.

export { LanguageMenu, type LanguageMenuProps } from './language-menu';
export { type MenuButton, useMenuButton } from './menu-button';
export { SearchButtons } from './search-buttons';
export * from './use-load';
