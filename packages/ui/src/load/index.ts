// @ops/ui/load: the parts of the signed-in pages that load and search a list (useLoad, the search form's
// buttons), off the login page's path.

export { SearchButtons } from './search-buttons';
export * from './use-load';
