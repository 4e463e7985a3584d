import { lockPageOf, t as translate, validateLockPassword } from '@ops/shared';
import { PasswordField, useSubmit } from '@ops/ui';
import { useState } from 'react';
import { FormDialog } from '../shared/forms/form-dialog';
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
  // Locking may take the chrome (and this dialog) away before it answers: what follows runs regardless.
  const locking = useSubmit(async () => {
    await services.lock.lock(password);
    setPassword('');
    onClose();
    services.navigate(lockPageOf(services.config));
  });
  return (
    <FormDialog
      open={open}
      title={t('lockTitle')}
      width="420px"
      onCancel={onClose}
      cancelText={t('cancel')}
      submitText={t('lock')}
      onSubmit={() => void locking.run()}
      busy={locking.busy}
      intro={<p>{t('lockHint')}</p>}
    >
      <PasswordField
        label={t('lockPassword')}
        value={password}
        onChange={setPassword}
        validate={validateLockPassword}
        errorText={(key) => translate(key)}
        autoComplete="new-password"
        required
      />
    </FormDialog>
  );
}
