import type { HostProps, RemoteControlRequest } from '@ops/shared';
import { message, useTexts } from '@ops/ui';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { RC_API } from './command';
import { ControlDialog, useReport } from './control-dialog';
import { findItem, isComplete } from './item';
import { RC_NS } from './texts';
import { useSend } from './use-send';

export interface RemoteControlProps extends HostProps {
  /**
   * The host's hand-over of the request that brought the parcel in (event topics do not replay): taken
   * once, in the effect that subscribes to `remote-control:open`, so no request falls between the two.
   */
  takeRequest?: () => RemoteControlRequest | null;
}

interface Opened {
  item: RemoteControlRequest;
  /** Each opening is a new dialog (its state starts afresh). */
  serial: number;
}

/**
 * The remote-control parcel: opens a dialog per `remote-control:open` request (spec §2, §4), or sends a
 * type 4 item's value 1 at once without one. Items missing their options or parameters are looked up on
 * the server first. The dialog is portalled to the page's body; in its slot the parcel keeps only a
 * visually hidden live region naming itself.
 */
export function RemoteControl(props: RemoteControlProps) {
  const { t } = useTexts(RC_NS);
  const { send, busy } = useSend(props);
  const report = useReport();
  const [opened, setOpened] = useState<Opened | null>(null);
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState('');
  const serial = useRef(0);
  const { bus, http, signal, takeRequest } = props;
  // The subscription lives as long as the mount; it reads the latest of these.
  const latest = useRef({ busy, send, report, t, http, signal });
  latest.current = { busy, send, report, t, http, signal };

  useEffect(() => {
    const show = async (wanted: RemoteControlRequest) => {
      const { busy, send, report, t, http, signal } = latest.current;
      if (busy) {
        message.warning(t('busy'));
        return;
      }
      let item = wanted;
      if (!isComplete(item)) {
        setStatus(t('loading'));
        try {
          const answer = await http.get<{ data?: unknown }>(RC_API.devices, { signal });
          const found = findItem(answer.data?.data, item);
          if (!found) {
            message.error(t('notFound', { name: item.name }));
            setStatus('');
            return;
          }
          item = found;
        } catch {
          // The console's HTTP client has shown why.
          setStatus('');
          return;
        }
      }
      setStatus('');
      if (item.modelClassifyId === 4) {
        // Type 4: value 1 at once, no dialog.
        const outcome = await send(item, { value: 1 });
        const tip = outcome && report(outcome);
        if (tip) setStatus(tip.text);
        return;
      }
      serial.current += 1;
      setOpened({ item, serial: serial.current });
      setOpen(true);
    };
    const sub = bus.on('remote-control:open').subscribe((next) => void show(next));
    const handed = takeRequest?.();
    if (handed) void show(handed);
    return () => sub.unsubscribe();
  }, [bus, takeRequest]);

  return (
    <section className="ops-remote-control ops-ui-visually-hidden" aria-label={t('label')}>
      <span className="ops-remote-control__name">{t('label')}</span>
      <p role="status" className="ops-remote-control__status">
        {status}
      </p>
      {opened &&
        createPortal(
          <ControlDialog
            key={opened.serial}
            item={opened.item}
            open={open}
            busy={busy}
            send={send}
            onClose={() => setOpen(false)}
          />,
          document.body,
        )}
    </section>
  );
}
