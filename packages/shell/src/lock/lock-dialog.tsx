import { lockPageOf, t as translate, validateLockPassword } from '@ops/shared';
import { Button, Dialog, Form, PasswordField } from '@ops/ui';
import { useId, useState } from 'react';
import { useShellText } from '../shared/i18n';
import type { ShellServices } from '../shared/services';
import { LOCK_TEXTS } from './texts';

type LockServices = Pick<ShellServices, 'lock' | 'config' | 'navigate' | 'language'>;

/**
 * Locks the screen (spec §4 Lock): immediately when a lock password exists, otherwise the caller opens
 * the LockDialog. Returns whether it locked.
 */
export async function lockNow(
  services: Pick<LockServices, 'lock' | 'config' | 'navigate'>,
): Promise<boolean> {
  if (!services.lock.hasPassword()) return false;
  await services.lock.lock();
  services.navigate(lockPageOf(services.config));
  return true;
}

/** Asks for the lock password (required), locks and goes to the lock page. */
export function LockDialog({
  services,
  open,
  onClose,
}: {
  services: LockServices;
  open: boolean;
  onClose: () => void;
}) {
  const t = useShellText(LOCK_TEXTS).t;
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const formId = useId();
  const submit = async () => {
    setBusy(true);
    try {
      await services.lock.lock(password);
    } finally {
      setBusy(false);
    }
    setPassword('');
    onClose();
    services.navigate(lockPageOf(services.config));
  };
  return (
    <Dialog
      open={open}
      label={t('lockTitle')}
      width="420px"
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button variant="primary" type="submit" form={formId} loading={busy}>
            {t('lock')}
          </Button>
        </>
      }
    >
      <p>{t('lockHint')}</p>
      <Form id={formId} onSubmit={submit} label={t('lockTitle')} busy={busy}>
        <PasswordField
          label={t('lockPassword')}
          value={password}
          onChange={setPassword}
          validate={validateLockPassword}
          errorText={(key) => translate(key)}
          autoComplete="new-password"
          required
        />
      </Form>
    </Dialog>
  );
}
