import { controlRequests } from './control-items';
import { ActionFrame } from './frame';
import type { ActionBlockProps } from './types';
import { useActionTexts } from './use-action-texts';

/**
 * confirm_yk and control_device: each control item opens the remote-control parcel's dialog over the bus,
 * the same dialog, breaker protocol and audit as the device page (the assistant sends no command itself).
 */
export function ControlBlock({ item, ctx }: ActionBlockProps) {
  const { t, titleOf } = useActionTexts();
  const requests = controlRequests(item.data);
  return (
    <ActionFrame title={titleOf(item)} func={item.func}>
      {requests.length === 0 ? (
        <p className="ops-assistant__muted">{t('action.empty')}</p>
      ) : (
        <ul className="ops-assistant__controls">
          {requests.map((request) => (
            <li key={`${request.deviceCode}|${request.signage}`}>
              <span className="ops-assistant__control-where">
                {[request.projectName, request.deviceName].filter(Boolean).join(' · ')}
              </span>
              <button
                type="button"
                className="ops-assistant__primary ops-assistant__control"
                onClick={() => ctx.host.bus.publish('remote-control:open', request)}
              >
                {/* Spec §4: a type-4 item is sent on this click alone (no dialog): the button says so. */}
                {t(request.modelClassifyId === 4 ? 'action.sendControl' : 'action.openControl', {
                  name: request.name,
                })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </ActionFrame>
  );
}
