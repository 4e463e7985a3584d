import {
  applyTagAction,
  closeTag,
  initialTags,
  parseTags,
  renameTag,
  serializeTags,
  type TagAction,
  type TagConfig,
  type TagMenu,
  type TagPage,
  type TagState,
  tagMenu,
  tagValueOf,
  visitPage,
} from './rules';

/**
 * Where the tag bar persists (DECISIONS 16). The caller adapts the site storage (its key, its prefix):
 * `get` gives back what `set` stored (a string, or the already parsed value), or nothing.
 */
export interface TagStorage {
  get(): unknown;
  set(value: string): void;
}

export interface TagStoreDeps {
  config: TagConfig;
  storage: TagStorage;
}

/** What the caller does after a context-menu action. */
export interface TagActionOutcome {
  /** The page to open (the target of "close others" or the home page of "close all"). */
  navigateTo?: string;
  /** "Clear cache": ask the server to clear its cache (`GET /api/blade-system/oauth/clear-cache`). */
  clearCache?: boolean;
}

/**
 * The tag bar's one small store: the pure rules of `./rules` over a state kept here, persisted on every
 * change. Listeners hear only real changes (the rules return the same object when nothing changes), so it
 * suits React's `useSyncExternalStore`.
 */
export interface TagStore {
  /** The current state (the same object until it changes). */
  get(): TagState;
  /** Calls `listener` after every change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** The config the rules run with now. */
  config(): TagConfig;
  /** The user is on a page: adds its tag (manage system) or makes it active. */
  visit(page: TagPage): void;
  /** A page names itself: its tag takes the title (`renameTag`). */
  rename(path: string, title: string): void;
  /** The close button of a tag; returns the page to open when the active tag was closed. */
  close(value: string): string | undefined;
  /** A context-menu action on the tag that was right-clicked (not necessarily the active one). */
  act(action: TagAction, target: string): TagActionOutcome;
  /** Which context-menu entries would change anything for `target`. */
  menu(target: string): TagMenu;
  /** The initial bar (the home tag alone, active): after signing in, and on "return to main site". */
  reset(): void;
  /**
   * A new config (language, home page, system type, lock page): tags a page may no longer have are
   * dropped, the home tag goes first and takes the new home label, the close flags are derived again.
   */
  setConfig(config: TagConfig): void;
}

/** Same tags (identity, label, meta, group, close flag) in the same order, and the same active tag. */
function sameState(a: TagState, b: TagState): boolean {
  if (a === b) return true;
  if (a.active !== b.active || a.tags.length !== b.tags.length) return false;
  if (a.tags.some((tag, index) => tag.close !== b.tags[index]?.close)) return false;
  return serializeTags(a) === serializeTags(b);
}

/**
 * The state under a (new) config: the home tag takes the config's label and text key (a language switch),
 * then everything is derived again from what storage would keep (order, close flags, pages no longer allowed).
 */
function underConfig(state: TagState, config: TagConfig): TagState {
  const home = config.home;
  const homeValue = tagValueOf(home.path);
  const meta = {
    ...(home.meta?.i18n ? { i18n: home.meta.i18n } : {}),
    ...(typeof home.meta?.keepAlive === 'boolean' ? { keepAlive: home.meta.keepAlive } : {}),
  };
  const relabelled: TagState = {
    tags: state.tags.map((tag) =>
      tag.value === homeValue && home.label.trim() !== '' ? { ...tag, label: home.label, meta } : tag,
    ),
    active: state.active,
  };
  return parseTags(serializeTags(relabelled), config);
}

function restore(storage: TagStorage, config: TagConfig): TagState {
  let raw: unknown;
  try {
    raw = storage.get();
  } catch {
    raw = undefined;
  }
  const restored = underConfig(parseTags(raw, config), config);
  return restored.tags.length > 0 ? restored : initialTags(config);
}

export function createTagStore(deps: TagStoreDeps): TagStore {
  let config = deps.config;
  let state = restore(deps.storage, config);
  const listeners = new Set<() => void>();

  // Only the manage system has tags: while another system shows its empty bar, the stored tags stay
  // (a reset clears them all the same).
  const persist = (always = false) => {
    if (config.systemType !== 'manage' && !always) return;
    try {
      deps.storage.set(serializeTags(state));
    } catch {
      // A full or unavailable storage only costs the restore after a reload; the bar keeps working.
    }
  };
  const set = (next: TagState) => {
    if (next === state) return;
    state = next;
    persist();
    for (const listener of [...listeners]) listener();
  };

  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    config: () => config,
    visit(page) {
      set(visitPage(state, page, config));
    },
    rename(path, title) {
      set(renameTag(state, path, title));
    },
    close(value) {
      const result = closeTag(state, value, config);
      set(result.state);
      return result.navigateTo;
    },
    act(action, target) {
      const result = applyTagAction(state, action, target, config);
      set(result.state);
      return {
        ...(result.navigateTo !== undefined ? { navigateTo: result.navigateTo } : {}),
        ...(result.clearCache ? { clearCache: true } : {}),
      };
    },
    menu: (target) => tagMenu(state, target, config),
    reset() {
      if (config.systemType !== 'manage') {
        // The visual system's bar is empty already; the manage system's stored tags go.
        persist(true);
        return;
      }
      const fresh = initialTags(config);
      set(sameState(state, fresh) ? state : fresh);
    },
    setConfig(next) {
      const fromOtherSystem = config.systemType !== 'manage';
      config = next;
      // Back in the manage system from another one: its tags come back from storage.
      let derived = fromOtherSystem ? restore(deps.storage, config) : underConfig(state, config);
      if (derived.tags.length === 0) derived = initialTags(config);
      set(sameState(state, derived) ? state : derived);
    },
  };
}
