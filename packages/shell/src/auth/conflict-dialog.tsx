import type { Clock } from '@ops/shared';
import { Button, Dialog } from '@ops/ui';
import { useEffect, useRef, useState } from 'react';
import {
  CONFLICT_SECONDS,
  type ConflictCountdown,
  type ConflictPhase,
  createConflictCountdown,
} from './conflict';
import type { AuthT } from './texts';

export interface ConflictDialogProps {
  uuid: string;
  /** The server's question; a default text when empty. */
  question: string;
  t: AuthT;
  /** Force login: retry with the uuid. */
  onConfirm: (uuid: string) => void;
  /** Cancel, close or timeout: the login is abandoned. */
  onAbandon: (reason: Exclude<ConflictPhase, 'asking' | 'confirmed'>) => void;
  clock?: Clock;
}

/** Spec §4 Login conflict: the question with a live 30 s countdown; the first answer wins. */
export function ConflictDialog({ uuid, question, t, onConfirm, onAbandon, clock }: ConflictDialogProps) {
  const handlers = useRef({ onConfirm, onAbandon });
  handlers.current = { onConfirm, onAbandon };
  const model = useRef<ConflictCountdown | null>(null);
  const [left, setLeft] = useState(CONFLICT_SECONDS);
  useEffect(() => {
    const countdown = createConflictCountdown(uuid, clock);
    model.current = countdown;
    setLeft(countdown.state().left);
    countdown.subscribe((state) => {
      setLeft(state.left);
      if (state.phase === 'confirmed') handlers.current.onConfirm(state.uuid);
      else if (state.phase !== 'asking') handlers.current.onAbandon(state.phase);
    });
    return () => {
      countdown.dispose();
      if (model.current === countdown) model.current = null;
    };
  }, [uuid, clock]);
  return (
    <Dialog
      open
      label={t('conflictTitle')}
      width="420px"
      className="ops-conflict-dialog"
      onClose={() => model.current?.cancel()}
      footer={
        <>
          <Button onClick={() => model.current?.cancel()}>{t('cancel')}</Button>
          <Button variant="primary" onClick={() => model.current?.confirm()}>
            {t('forceLogin')}
          </Button>
        </>
      }
    >
      <div className="ops-confirm__body">
        <span className="ops-confirm__icon" aria-hidden="true">
          !
        </span>
        <div>
          <p className="ops-conflict__question">{question || t('conflictDefault')}</p>
          <p className="ops-conflict__timer" role="timer" aria-live="off">
            {t('conflictTimer', { n: left })}
          </p>
        </div>
      </div>
    </Dialog>
  );
}
