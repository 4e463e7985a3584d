import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import type { ConfirmOptions } from './dialog/confirm';
import type { DataTableProps, DataTable as DataTableView } from './table/data-table';

export interface LazyComponent<P> {
  (props: P): ReactNode;
  /** Starts loading ahead of the first render (after a page has painted, say); safe to call again. */
  preload(): Promise<unknown>;
}

/**
 * A component whose code loads with its first render (or `preload()`), in its own chunk. Until it has
 * loaded it renders nothing; once loaded it renders at once, with no Suspense boundary and so none of
 * React's reveal throttling. A failed load is thrown where the component sits (the package's error
 * boundary shows it) and is tried again by the next render that mounts it.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  function Lazy(props: P) {
    const [state, setState] = useState<{ component: ComponentType<P> | null; error?: unknown }>(() => ({
      component: loaded,
    }));
    useEffect(() => {
      if (state.component) return;
      let live = true;
      preload().then(
        (component) => live && setState({ component }),
        (error: unknown) => live && setState({ component: null, error }),
      );
      return () => {
        live = false;
      };
    }, [state.component]);
    if (state.error) throw state.error;
    const Component = state.component;
    return Component ? <Component {...props} /> : null;
  }
  Lazy.preload = preload;
  return Lazy;
}

// The building blocks a sign-in page never shows (tables, charts, file and image viewers) load with their
// first use, each in its own chunk of @ops/ui: the login page does not pay for them (QUALITY P1).

// A generic component: the lazy part keeps its signature (rows typed by the caller).
export const DataTable = lazyComponent<DataTableProps<unknown>>(() =>
  import('./table/data-table').then((m) => m.DataTable),
) as unknown as typeof DataTableView;
export const Pagination = lazyComponent(() => import('./table/pagination').then((m) => m.Pagination));
export const LineChart = lazyComponent(() => import('./chart/line-chart').then((m) => m.LineChart));
/** The chart's code and library loaded, and one throw-away draw, at a quiet moment (`warmUpChartLibrary`). */
export const warmUpCharts = (): Promise<void> =>
  import('./chart/line-chart').then((m) => m.warmUpChartLibrary());
export const FilePreview = lazyComponent(() =>
  import('./file-preview/file-preview').then((m) => m.FilePreview),
);
/** The PDF viewer alone (the file preview shows it in a dialog): pages of a document shown in place. */
export const PdfViewer = lazyComponent(() => import('./file-preview/pdf-viewer').then((m) => m.PdfViewer));
export const ImageViewer = lazyComponent(() =>
  import('./image-viewer/image-viewer').then((m) => m.ImageViewer),
);

// Dialogs: a closed dialog renders nothing, so none of their code is needed before one opens.
export const Dialog = lazyComponent(() => import('./dialog/dialog').then((m) => m.Dialog));
export const ConfirmDialog = lazyComponent(() => import('./dialog/confirm').then((m) => m.ConfirmDialog));

/** Asks a question in a dialog of its own; answers true on confirm (spec §2). Loads the dialog's code. */
export const confirm = (options: ConfirmOptions | string): Promise<boolean> =>
  import('./dialog/confirm').then((m) => m.confirm(options));

/** `confirm` that answers false when the user cancels or its countdown (default 30 s) ends. */
export const confirmWithCountdown = (options: ConfirmOptions & { countdown?: number }): Promise<boolean> =>
  import('./dialog/confirm').then((m) => m.confirmWithCountdown(options));
