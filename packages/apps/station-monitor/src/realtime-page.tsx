import type { HostProps } from '@ops/shared';
import { type Column, DataTable, Form, LineChart, SelectField, useTexts } from '@ops/ui';
import { useLoad } from '@ops/ui/load';
import { useMemo, useState } from 'react';
import { type Device, type DevicePoint, fetchDevices, fetchHistory, fetchStations } from './api';
import {
  chartSeries,
  DEFAULT_RANGE,
  FORECAST_HOURS,
  historyQuery,
  isRangeKey,
  RANGES,
  type RangeKey,
  timeText,
  valueText,
} from './history';
import { realtimePath, stationOf } from './pages';
import { ErrorState, Hint, Loading, PageFrame } from './parts';
import { NS } from './texts';

type Props = Pick<HostProps, 'http' | 'signal' | 'navigate'> & { search: string };

/** Every station of the tenant fits one page of the site list (at most 100). */
const ALL_STATIONS = { current: 1, size: 100 };

/** A choice on the page, kept with the station it belongs to (a new station starts afresh). */
interface Choice {
  stationId: string | null;
  deviceCode: string;
  realId: string;
}

/** The realtime page: a station (from the query), its devices, a device's points and a point's history. */
export function RealtimePage({ http, signal, navigate, search }: Props) {
  const { t } = useTexts(NS);
  const stationId = stationOf(search);
  const stations = useLoad((s) => fetchStations(http, ALL_STATIONS, s), 'stations', signal);
  const devices = useLoad(
    (s) => (stationId ? fetchDevices(http, stationId, s) : Promise.resolve([])),
    stationId ?? '',
    signal,
  );
  const [stored, setChoice] = useState<Choice>({ stationId, deviceCode: '', realId: '' });
  const [range, setRange] = useState<RangeKey>(DEFAULT_RANGE);
  const choice = stored.stationId === stationId ? stored : { stationId, deviceCode: '', realId: '' };

  const options =
    stations.load.state === 'done'
      ? stations.load.data.records.map((s) => ({
          value: s.stationId,
          label: `${s.deptName}（${s.stationId}）`,
        }))
      : [];
  const list = stationId && devices.load.state === 'done' ? devices.load.data : [];
  // The device chosen, else the station's first one.
  const device: Device | undefined = list.find((d) => d.deviceCode === choice.deviceCode) ?? list[0];
  const point = device?.points.find((p) => p.realId === choice.realId) ?? null;

  return (
    <PageFrame id="ops-sm-realtime" heading={t('realtime.heading')}>
      <Form
        label={t('realtime.choice')}
        onSubmit={() => undefined}
        labelWidth={64}
        className="ops-sm-toolbar"
      >
        <SelectField
          label={t('realtime.station')}
          placeholder={t('realtime.stationPlaceholder')}
          value={stationId ?? ''}
          options={options}
          disabled={stations.load.state !== 'done'}
          onChange={(value) => navigate(realtimePath(value), { replace: true })}
        />
        {device && (
          <>
            <SelectField
              label={t('realtime.device')}
              placeholder={t('realtime.devicePlaceholder')}
              value={device.deviceCode}
              options={list.map((d) => ({ value: d.deviceCode, label: d.deviceName }))}
              onChange={(value) => setChoice({ stationId, deviceCode: value, realId: '' })}
            />
            <SelectField
              label={t('realtime.range')}
              value={range}
              options={RANGES.map((r) => ({ value: r.key, label: t(`ranges.${r.key}`) }))}
              onChange={(value) => {
                if (isRangeKey(value)) setRange(value);
              }}
            />
          </>
        )}
      </Form>
      {stations.load.state === 'failed' && (
        <ErrorState reason={stations.load.reason} onRetry={stations.retry} />
      )}
      {!stationId ? (
        <Hint>{t('realtime.chooseStation')}</Hint>
      ) : devices.load.state === 'failed' ? (
        <ErrorState reason={devices.load.reason} onRetry={devices.retry} />
      ) : devices.load.state === 'loading' ? (
        <Loading />
      ) : !device ? (
        <Hint>{t('realtime.noDevices')}</Hint>
      ) : (
        <div className="ops-sm-realtime">
          <div className="ops-sm-realtime__points">
            <PointsTable
              device={device}
              onHistory={(p) => setChoice({ stationId, deviceCode: device.deviceCode, realId: p.realId })}
            />
          </div>
          <div className="ops-sm-realtime__chart">
            {point ? (
              <HistoryChart http={http} signal={signal} point={point} range={range} />
            ) : (
              <Hint>{t('realtime.chooseChart')}</Hint>
            )}
          </div>
        </div>
      )}
    </PageFrame>
  );
}

function PointsTable({ device, onHistory }: { device: Device; onHistory: (point: DevicePoint) => void }) {
  const { t } = useTexts(NS);
  const columns: Column<DevicePoint>[] = [
    { key: 'name', title: t('realtime.point') },
    { key: 'realId', title: t('realtime.realId') },
    {
      key: 'value',
      title: t('realtime.value'),
      align: 'right',
      render: (p) =>
        valueText(p.value, p.unit) ?? <span className="ops-sm-muted">{t('realtime.noValue')}</span>,
    },
    { key: 'ts', title: t('realtime.time'), render: (p) => timeText(p.ts) },
  ];
  return (
    <DataTable<DevicePoint>
      caption={t('realtime.pointsCaption', { device: device.deviceName })}
      columns={columns}
      rows={device.points}
      rowKey={(p) => p.realId}
      rowLabel={(p) => p.name}
      actions={[{ key: 'history', label: t('realtime.history'), onClick: onHistory }]}
      pagination={false}
    />
  );
}

function HistoryChart({
  http,
  signal,
  point,
  range,
}: Pick<HostProps, 'http' | 'signal'> & { point: DevicePoint; range: RangeKey }) {
  const { t } = useTexts(NS);
  const { load, retry } = useLoad(
    (s) => fetchHistory(http, historyQuery(point.realId, range, Date.now()), s),
    `${point.realId}|${range}`,
    signal,
  );
  const measured = t('realtime.measured');
  const predicted = t('realtime.predicted');
  const series = useMemo(
    () => (load.state === 'done' ? chartSeries(load.data.points, { measured, predicted }) : []),
    [load, measured, predicted],
  );
  const title = t('realtime.chartTitle', { point: point.name });
  if (load.state === 'failed') return <ErrorState reason={load.reason} onRetry={retry} />;
  if (load.state === 'loading') return <Loading />;
  return (
    <>
      <LineChart
        key={`${point.realId}|${range}`}
        title={title}
        series={series}
        unit={point.unit}
        height={300}
        zoom={{ start: 0, end: 100 }}
        noDataText={t('realtime.noData')}
      />
      {series.length > 0 && (
        <p className="ops-sm-note">{t('realtime.forecastNote', { hours: FORECAST_HOURS })}</p>
      )}
    </>
  );
}
