import type { HostProps } from './lifecycles';

/** What a sub-app may say about the page it shows. */
export interface PageApi {
  /** Names the current page: its tag (and the tag's tooltip) shows the title instead of the menu name. */
  setTitle(title: string): void;
}

/**
 * The props of a sub-app in the main view: the context every parcel receives, plus the main view itself
 * (the element its container sits in) and the page API. Nothing else of the console is reachable.
 */
export interface SubAppProps extends HostProps {
  mainView: HTMLElement;
  page: PageApi;
}
