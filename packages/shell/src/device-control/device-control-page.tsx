import { type Bus, type Http, holdStylesheet, isAdminRole, type SessionStore } from '@ops/shared';
import { Button, LoadFailed } from '@ops/ui';
import { useLoad, useUnmountSignal } from '@ops/ui/load';
import { useLayoutEffect } from 'react';
import { type ShellT, useShellText } from '../shared/i18n';
import { AuditPanel } from './audit-panel';
import href from './device-control.css';
import {
  bySite,
  type ControlDevice,
  type ControlFunction,
  DEVICES_API,
  lastValueOf,
  parseDevices,
  requestOf,
} from './rules';
import { DEVICE_CONTROL_TEXTS } from './texts';

async function fetchDevices(http: Http, signal: AbortSignal): Promise<ControlDevice[]> {
  const answer = await http.get<{ data?: unknown }>(DEVICES_API, { signal });
  return parseDevices(answer.data?.data);
}

function lastText(fn: ControlFunction, t: ShellT): string {
  const last = lastValueOf(fn);
  switch (last.kind) {
    case 'none':
      return t('none');
    case 'option':
      return last.label;
    case 'breaker':
      return t(`step${last.step}`);
    case 'executed':
      return t('executed');
    case 'params':
      return last.text;
  }
}

/**
 * `/inspect/robotTask/index`: the tenant's devices with remote control, by site, each with its items; an
 * item's 遥控 opens the remote-control parcel through the bus (`remote-control:open`), never by import.
 * Administrators also see the command audit.
 */
export function DeviceControlPage({
  services,
  bus,
}: {
  services: { http: Http; session: Pick<SessionStore, 'get'> };
  bus: Pick<Bus, 'publish'>;
}) {
  useLayoutEffect(() => holdStylesheet(href), []);
  const { t } = useShellText(DEVICE_CONTROL_TEXTS);
  const signal = useUnmountSignal();
  const devices = useLoad((s) => fetchDevices(services.http, s), 'devices', signal);
  const { load } = devices;
  const list = load.state === 'done' ? load.data : load.state === 'loading' ? load.previous : undefined;
  // The audit is the administrators' (the server answers it to admin roles only).
  const admin = isAdminRole(services.session.get().userInfo?.role_name);

  return (
    <section className="ops-shell-page ops-device-control" aria-labelledby="ops-device-control-title">
      <div className="ops-device-control__head">
        <h1 id="ops-device-control-title">{t('title')}</h1>
        <Button size="small" loading={load.state === 'loading'} onClick={devices.retry}>
          {t('refresh')}
        </Button>
      </div>
      <p className="ops-device-control__intro">{t('intro')}</p>
      {load.state === 'failed' && (
        <LoadFailed
          message={load.reason || t('loadFailed')}
          retryLabel={t('retry')}
          onRetry={devices.retry}
        />
      )}
      {!list && load.state === 'loading' && (
        <p className="ops-device-control__state" role="status">
          {t('loading')}
        </p>
      )}
      {list?.length === 0 && <p className="ops-device-control__state">{t('empty')}</p>}
      {list &&
        bySite(list).map((site) => (
          <section key={site.projectId} className="ops-device-control__site" aria-label={site.projectName}>
            <h2>
              {site.projectName}
              <span className="ops-device-control__code">{site.projectId}</span>
            </h2>
            {site.devices.map((device) => (
              <section
                key={device.deviceCode}
                className="ops-device-control__device"
                aria-label={`${site.projectName} ${device.deviceName}`}
              >
                <h3>
                  {device.deviceName}
                  <span className="ops-device-control__code">{device.deviceCode}</span>
                </h3>
                <table className="ops-device-control__table">
                  <thead>
                    <tr>
                      <th scope="col">{t('function')}</th>
                      <th scope="col">{t('type')}</th>
                      <th scope="col">{t('signage')}</th>
                      <th scope="col">{t('last')}</th>
                      <th scope="col">{t('action')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {device.functions.map((fn) => (
                      <tr key={fn.signage}>
                        <th scope="row">{fn.name}</th>
                        <td>{t(`type${fn.modelClassifyId}`)}</td>
                        <td>
                          <code>{fn.signage}</code>
                        </td>
                        <td>
                          {lastText(fn, t)}
                          {fn.lastTime && <span className="ops-device-control__time">{fn.lastTime}</span>}
                        </td>
                        <td>
                          <Button
                            size="small"
                            variant="primary"
                            onClick={() => bus.publish('remote-control:open', requestOf(device, fn))}
                          >
                            {t('control')}
                          </Button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
            ))}
          </section>
        ))}
      {admin && <AuditPanel http={services.http} devices={list ?? []} />}
    </section>
  );
}
