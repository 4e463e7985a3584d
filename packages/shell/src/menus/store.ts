import { type ErrorLogEntry, envelopeData, type Http } from '@ops/shared';
import {
  buildMenu,
  buildTopMenus,
  type MenuGroup,
  type MenuModel,
  type MenuProblem,
  type TopMenuItem,
} from './model';

/** docs/api.md section 5. */
export const MENU_ROUTES_URL = '/api/blade-system/menu/routes';
export const TOP_MENU_URL = '/api/blade-system/menu/top-menu';

export type MenusStatus = 'loading' | 'ready' | 'error';

export interface MenusState {
  readonly status: MenusStatus;
  /** The sidebar's menu (of the chosen top menu, when one is chosen). */
  readonly model: MenuModel;
  /** The top-menu tab strip (Home is the strip's own first tab, not one of these). */
  readonly tops: readonly TopMenuItem[];
  /** The chosen top menu; null for Home (the whole menu). */
  readonly topId: string | null;
}

export interface MenuStore {
  get(): MenusState;
  subscribe(listener: () => void): () => void;
  /** Loads the top menus and the menu (again after a failure: the sidebar's Retry). */
  load(): Promise<void>;
  /** Chooses a top menu (null: Home) and reloads the sidebar's menu for it. */
  selectTop(id: string | null): Promise<void>;
  dispose(): void;
}

export interface MenuStoreDeps {
  http: Http;
  /** Items the model skipped (bad input from the server): one error-log entry per load. */
  onProblems(problems: readonly MenuProblem[]): void;
  /** The menu's system (`group` of `menu/routes`): the management system's by default. */
  group?: MenuGroup;
  /** Whether it reads the top menus too (default): the visual system shows no top-menu strip. */
  topMenus?: boolean;
}

const EMPTY = buildMenu([]);

/**
 * The signed-in user's menus (spec §2 Shell parts, docs/api.md section 5), one small store: the top
 * menus and the sidebar's menu for the chosen one, validated by the model. A failed call leaves the
 * status 'error' (the sidebar offers Retry); the rest of the chrome keeps working. A newer load wins over
 * an older one still on its way.
 */
export function createMenuStore(deps: MenuStoreDeps): MenuStore {
  let state: MenusState = { status: 'loading', model: EMPTY, tops: [], topId: null };
  const listeners = new Set<() => void>();
  const controller = new AbortController();
  let generation = 0;
  const set = (next: MenusState) => {
    state = next;
    for (const listener of [...listeners]) listener();
  };

  const fetchMenu = async (topId: string | null) => {
    const params: Record<string, string> = { group: deps.group ?? 'manage' };
    if (topId) params.topMenuId = topId;
    return buildMenu(
      envelopeData(await deps.http.get(MENU_ROUTES_URL, { params, signal: controller.signal })),
    );
  };

  const run = async (topId: string | null, withTops: boolean) => {
    const mine = ++generation;
    set({ ...state, status: 'loading', topId });
    try {
      const [model, tops] = await Promise.all([
        fetchMenu(topId),
        withTops
          ? deps.http
              .get(TOP_MENU_URL, { signal: controller.signal })
              .then((answer) => buildTopMenus(envelopeData(answer)))
          : null,
      ]);
      if (mine !== generation) return;
      const problems = [...model.problems, ...(tops?.problems ?? [])];
      if (problems.length > 0) deps.onProblems(problems);
      set({ status: 'ready', model, tops: tops?.items ?? state.tops, topId });
    } catch {
      // The client has shown the failure (error catalogue); the sidebar shows its error state.
      if (mine === generation && !controller.signal.aborted) set({ ...state, status: 'error' });
    }
  };

  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load: () => run(state.topId, deps.topMenus !== false),
    selectTop: (id) => run(id, state.tops.length === 0),
    dispose: () => controller.abort(),
  };
}

/** The one error-log entry of a menu load that skipped items (bad input from the server). */
export function menuProblemsEntry(problems: readonly MenuProblem[], url: string, time: Date): ErrorLogEntry {
  return {
    type: 'menu',
    url,
    message: `${problems.length} menu item(s) skipped`,
    stack: '',
    info: problems.map((problem) => `${problem.id}: ${problem.reason}`).join('\n'),
    time: time.toISOString(),
  };
}
