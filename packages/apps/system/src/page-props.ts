import type { SubAppProps } from '@ops/shared';
import type { usePermissions } from './permissions';

/** What every page of the app receives: the host's calls, and the button permissions of the session. */
export type PageProps = Pick<SubAppProps, 'http' | 'signal' | 'navigate' | 'session'> & {
  can: ReturnType<typeof usePermissions>;
};
