import { avatarOf } from '@ops/shared';
import { useSubmit } from '@ops/ui';
import type { ChangeEvent } from 'react';
import { FormAlert } from '../shared/forms/fields';
import type { ShellT } from '../shared/i18n';
import type { ShellServices } from '../shared/services';
import { updateInfo, uploadAvatar } from './api';
import { avatarAccepted, type ProfileUser } from './rules';

/** The user's avatar (or the default one, spec §9) and a picker that uploads an image as the new one. */
export function AvatarPicker({
  services,
  user,
  onSaved,
  t,
}: {
  services: ShellServices;
  user: ProfileUser | null;
  onSaved(user: ProfileUser): void;
  t: ShellT;
}) {
  const upload = useSubmit(
    async (file: File) => {
      const link = await uploadAvatar(services.http, file);
      onSaved(await updateInfo(services.http, { avatar: link }));
      services.notify.success(t('avatarSaved'));
    },
    { fallback: t('avatarFailed'), notify: (text) => services.notify.error(text) },
  );
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!avatarAccepted(file)) {
      upload.setError(t('avatarOnlyImages'));
      services.notify.error(t('avatarOnlyImages'));
      return;
    }
    void upload.run(file);
  };
  return (
    <div className="ops-profile__avatar">
      <img src={avatarOf(user?.avatar)} alt={t('avatar')} className="ops-profile__avatar-image" />
      <label className="ops-profile__avatar-pick">
        <span>{t('changeAvatar')}</span>
        <input
          type="file"
          accept="image/*"
          aria-label={t('changeAvatar')}
          disabled={upload.busy}
          onChange={pick}
        />
      </label>
      <FormAlert text={upload.error} className="ops-profile__error" />
    </div>
  );
}
