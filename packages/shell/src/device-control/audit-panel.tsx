import type { Http } from '@ops/shared';
import { Button, Pagination } from '@ops/ui';
import { useLoad, useUnmountSignal } from '@ops/ui/load';
import { useId, useState } from 'react';
import { useShellText } from '../shared/i18n';
import {
  AUDIT_API,
  AUDIT_PAGE_SIZE,
  type AuditPage,
  auditQuery,
  type ControlDevice,
  parseAuditPage,
} from './rules';
import { DEVICE_CONTROL_TEXTS } from './texts';

async function fetchAudit(
  http: Http,
  query: Record<string, string>,
  signal: AbortSignal,
): Promise<AuditPage> {
  const answer = await http.get<{ data?: unknown }>(AUDIT_API, { params: query, signal });
  return parseAuditPage(answer.data?.data);
}

/** The administrators' view of the command audit: newest first, by device, 10 a page. */
export function AuditPanel({ http, devices }: { http: Http; devices: readonly ControlDevice[] }) {
  const { t } = useShellText(DEVICE_CONTROL_TEXTS);
  const id = useId();
  const signal = useUnmountSignal();
  const [page, setPage] = useState(1);
  const [deviceCode, setDeviceCode] = useState('');
  const query = auditQuery(page, deviceCode);
  const audit = useLoad((s) => fetchAudit(http, query, s), JSON.stringify(query), signal);
  const { load } = audit;
  const data = load.state === 'done' ? load.data : load.state === 'loading' ? load.previous : undefined;

  return (
    <section className="ops-device-control__audit" aria-labelledby={`${id}-title`}>
      <div className="ops-device-control__head">
        <h2 id={`${id}-title`}>{t('audit')}</h2>
        <div className="ops-device-control__filters">
          <label htmlFor={`${id}-device`}>{t('device')}</label>
          <select
            id={`${id}-device`}
            className="ops-ui-control"
            value={deviceCode}
            onChange={(event) => {
              setDeviceCode(event.currentTarget.value);
              setPage(1);
            }}
          >
            <option value="">{t('allDevices')}</option>
            {devices.map((d) => (
              <option key={d.deviceCode} value={d.deviceCode}>
                {`${d.projectName} ${d.deviceName}`}
              </option>
            ))}
          </select>
          <Button size="small" loading={load.state === 'loading'} onClick={audit.retry}>
            {t('auditRefresh')}
          </Button>
        </div>
      </div>
      {load.state === 'failed' && (
        <p className="ops-device-control__state" role="alert">
          {load.reason || t('loadFailed')}
        </p>
      )}
      <table className="ops-device-control__table" aria-labelledby={`${id}-title`}>
        <thead>
          <tr>
            <th scope="col">{t('time')}</th>
            <th scope="col">{t('account')}</th>
            <th scope="col">{t('device')}</th>
            <th scope="col">{t('function')}</th>
            <th scope="col">{t('value')}</th>
            <th scope="col">{t('result')}</th>
            <th scope="col">{t('latency')}</th>
            <th scope="col">{t('key')}</th>
          </tr>
        </thead>
        <tbody>
          {data?.rows.map((row) => (
            <tr key={row.id}>
              <td>{row.time}</td>
              <td>{row.account}</td>
              <td>{row.deviceName}</td>
              <td>{row.functionName}</td>
              <td>
                <code>{row.value}</code>
              </td>
              <td title={row.msg}>{t(`result_${row.result}`)}</td>
              <td>{row.latencyMs ?? ''}</td>
              <td>
                <code className="ops-device-control__key">{row.idempotencyKey}</code>
              </td>
            </tr>
          ))}
          {data?.rows.length === 0 && (
            <tr>
              <td colSpan={8} className="ops-device-control__empty">
                {t('auditEmpty')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {data && data.total > AUDIT_PAGE_SIZE && (
        <Pagination
          total={data.total}
          page={page}
          pageSize={AUDIT_PAGE_SIZE}
          onChange={setPage}
          label={t('audit')}
          disabled={load.state === 'loading'}
        />
      )}
    </section>
  );
}
