import { LineChart, LoadFailed, useTexts } from '@ops/ui';
import { useLoad } from '@ops/ui/load';
import { useMemo } from 'react';
import { NS } from '../texts';
import {
  HISTORY_URL,
  type HistoryQuery,
  historyQuery,
  historyRange,
  historySeries,
  historyTitle,
  parseHistory,
} from './history-model';
import { blockTitle } from './media-model';
import { MediaBlock, SHOWN_REFUSALS } from './media-parts';
import type { ActionBlockProps } from './types';

/** history_data: the point's history line as a chart titled "station device attr", its range below. */
export function HistoryChartBlock({ item, ctx }: ActionBlockProps) {
  const { t } = useTexts(NS);
  const query = useMemo(() => historyQuery(item), [item]);
  const chartTitle = historyTitle(item) || t('historyTitle');
  return (
    <MediaBlock title={blockTitle(item, chartTitle)} kind="history">
      {query ? (
        <HistoryChart query={query} title={chartTitle} ctx={ctx} />
      ) : (
        <p className="ops-media__empty" role="status">
          {t('historyNoData')}
        </p>
      )}
    </MediaBlock>
  );
}

function HistoryChart({
  query,
  title,
  ctx,
}: {
  query: HistoryQuery;
  title: string;
} & Pick<ActionBlockProps, 'ctx'>) {
  const { t } = useTexts(NS);
  const { http, signal } = ctx.host;
  const { load, retry } = useLoad(
    async (run) => {
      const answer = await http.get<{ data?: unknown }>(HISTORY_URL, {
        params: query,
        signal: run,
        quietCodes: SHOWN_REFUSALS,
      });
      const history = parseHistory(answer.data?.data);
      if (!history) throw new TypeError('not a history line');
      return history;
    },
    JSON.stringify(query),
    signal,
  );
  const history = load.state === 'done' ? load.data : null;
  const range = historyRange(history, query);
  return (
    <>
      {load.state === 'failed' ? (
        <LoadFailed
          message={load.reason ? `${t('historyFailed')}: ${load.reason}` : t('historyFailed')}
          retryLabel={t('mediaRetry')}
          onRetry={retry}
        />
      ) : history ? (
        <LineChart
          title={title}
          series={historySeries(history, history.name || title)}
          unit={history.unit || undefined}
          height={220}
          zoom={{ start: 0, end: 100 }}
          noDataText={t('historyNoData')}
        />
      ) : (
        <p className="ops-media__empty" role="status">
          {t('mediaLoading')}
        </p>
      )}
      {(range.begin || range.end) && (
        <p className="ops-media__range">{t('historyRange', { begin: range.begin, end: range.end })}</p>
      )}
    </>
  );
}
