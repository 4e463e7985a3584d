import type { Bus } from '../bus.ts';
import type { Db } from '../database.ts';
import { deptsRepo, miscRepo } from './depts.ts';
import { devicesRepo } from './devices.ts';
import { dictsRepo } from './dicts.ts';
import { filesRepo } from './files.ts';
import { leaveRepo } from './leave.ts';
import { logsRepo } from './logs.ts';
import { marketRepo } from './market.ts';
import { menusRepo } from './menus.ts';
import { messagesRepo, noticesRepo } from './notices.ts';
import { notificationsRepo } from './notifications.ts';
import { sessionsRepo } from './sessions.ts';
import { paramsRepo, tenantsRepo } from './tenants.ts';
import { oauthRepo, usersRepo } from './users.ts';

/** Every SQL statement of the server lives behind these repositories. */
export function createRepos(db: Db, bus: Bus) {
  return {
    db,
    bus,
    users: usersRepo(db),
    oauth: oauthRepo(db),
    sessions: sessionsRepo(db, bus),
    tenants: tenantsRepo(db),
    params: paramsRepo(db),
    menus: menusRepo(db),
    dicts: dictsRepo(db),
    files: filesRepo(db),
    notices: noticesRepo(db),
    messages: messagesRepo(db),
    notifications: notificationsRepo(db),
    logs: logsRepo(db),
    depts: deptsRepo(db),
    devices: devicesRepo(db),
    misc: miscRepo(db),
    leave: leaveRepo(db),
    market: marketRepo(db),
    /** Runs `fn` in one transaction; every repository call inside it joins. */
    transaction<T>(fn: () => Promise<T>): Promise<T> {
      return db.transaction(fn);
    },
  };
}

export type Repos = ReturnType<typeof createRepos>;
