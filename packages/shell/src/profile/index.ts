import { lazyComponent } from '@ops/ui';

/** The personal-info page (`/info/index`) with the profile dialog, loaded with its first render in a chunk of its own. */
export const InfoPage = lazyComponent(() => import('./info-page').then((m) => m.InfoPage));

/** The profile dialog alone, for another opener (a chunk of its own). */
export const ProfileDialog = lazyComponent(() => import('./profile-dialog').then((m) => m.ProfileDialog));
