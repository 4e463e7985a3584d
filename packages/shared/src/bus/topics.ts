/**
 * Every topic of the console's bus, with its payload type. Packages never import each other; this union
 * is the whole vocabulary they share. State topics replay their last value to a new subscriber; command
 * and event topics deliver only what is published after subscribing.
 */

export interface SessionSnapshot {
  tenantId: string;
  userId: string;
  account: string;
  userName: string;
  roles: string[];
  realName?: string;
  deptId?: string;
  /** Comma-separated role aliases as the server sends them. */
  roleName?: string;
  /** The tenant signed in from before entering a sub-tenant (logout returns to it). */
  sourceTenantId?: string;
  /** Button permissions: leaf code -> true. */
  permission?: Record<string, boolean>;
}

export interface ThemeState {
  theme: '' | 'theme-hzblue' | 'theme-hzblack' | 'theme-hzvisual';
  layout: 'vertical' | 'classic' | 'transverse' | 'columns';
  fontSize: 'font-default' | 'font-m';
}

export interface StationState {
  stationId: string;
  deptId: string;
  tenantId: string;
  name: string;
}

export interface UnreadCounts {
  notices: number;
  alarms: number;
  byClassification: Record<string, number>;
}

/** The notification socket as the notices parcel publishes it (spec §4 Notification socket). */
export interface NotificationConnection {
  /** idle: not started (no user id); reconnecting: closed, the next attempt is pending; stopped: closed on purpose. */
  state: 'idle' | 'connecting' | 'open' | 'reconnecting' | 'stopped';
  /** The newest notification id received (0 before the first). */
  lastId: number;
}

/**
 * A remote control item to open (spec §3; the server's `interactive/devices` answer). The fields after
 * `modelClassifyId` are optional: when a type 0, 1 or 3 item comes without its options or parameters, the
 * parcel looks the item up by device code and signage.
 */
export interface RemoteControlRequest {
  projectId: string;
  projectName: string;
  deviceCode: string;
  deviceName: string;
  name: string;
  signage: string;
  modelClassifyId: 0 | 1 | 2 | 3 | 4;
  /** Types 0 and 1: the choices, value sent and label (DECISIONS 15). */
  options?: readonly RemoteControlOption[];
  /** Type 3: the numeric parameters. */
  params?: readonly RemoteControlParam[];
  minValue?: number | string | null;
  maxValue?: number | string | null;
  needAck?: boolean;
}

export interface RemoteControlOption {
  /** Type 0: the status option's dictionary key, text as given; type 1: the option's index. */
  value: number | string;
  label: string;
}

/** A parameter entry of a type 3 item; `useCoefficient` divides the typed value (DECISIONS 13). */
export interface RemoteControlParam {
  paramsCode: string;
  paramsName: string;
  paramsValue?: string;
  useCoefficient?: number | string | null;
}

export interface AssistantRequest {
  question?: string;
  fullScreen?: boolean;
}

export interface NotificationEvent {
  kind: 1 | 2;
  id: string;
  title: string;
  body: string;
  time: string;
  link?: string;
}

export interface NoticesRead {
  kind: 'notice' | 'message';
}

export interface ErrorLogEntry {
  type: string;
  url: string;
  message: string;
  stack: string;
  info: string;
  time: string;
}

/** A menu entry as the chrome publishes it (the signed-in user's menu, validated; names as the menu gives them). */
export interface MenuEntry {
  readonly id: string;
  readonly name: string;
  readonly path: string;
  readonly icon: string;
  readonly appCode: string;
  readonly children: readonly MenuEntry[];
}

export interface MenusSnapshot {
  readonly status: 'loading' | 'ready' | 'error';
  /** The sidebar's menu (of the chosen top menu); empty while loading or after a failure. */
  readonly items: readonly MenuEntry[];
  /** The chosen top menu; null for Home. */
  readonly topId: string | null;
}

/** The page tag bar: the open pages (path with query) and the active one. */
export interface TagsSnapshot {
  readonly tags: readonly { readonly label: string; readonly value: string }[];
  readonly active: string | null;
}

export interface StateTopics {
  session: SessionSnapshot | null;
  theme: ThemeState;
  station: StationState | null;
  unread: UnreadCounts;
  notifications: NotificationConnection;
  /** Every slot's status by specifier (loading, mounted, load-error, mount-error). */
  slots: Readonly<Record<string, SlotStatus>>;
  /** The chrome's menus (null until the chrome has started). */
  menus: MenusSnapshot | null;
  /** The chrome's page tags (null until the chrome has started). */
  tags: TagsSnapshot | null;
}

/** The session ended without the user asking: its token was refused or could not be renewed. */
export interface SessionExpired {
  reason: 'token-invalid' | 'unauthorized' | 'refresh-failed';
  message: string;
  /** The page (path and query) the user was on, to return to after signing in again. */
  path: string;
  /** The login page to offer (spec §4: with `?tenantId=` of the source tenant when there is one). */
  login: string;
}

/** Where a slot (the chrome, the main view, a parcel slot) stands with the code it hosts. */
export type SlotStatus = 'loading' | 'mounted' | 'load-error' | 'mount-error';

export interface SlotState {
  /** The import-map name of the hosted module. */
  specifier: string;
  status: SlotStatus;
}

export interface EventTopics {
  'session:expired': SessionExpired;
  'remote-control:open': RemoteControlRequest;
  'assistant:open': AssistantRequest;
  'notification:new': NotificationEvent;
  /** Notices or alarm messages were marked read outside the notices parcel (the message centre): its counts are stale. */
  'notices:read': NoticesRead;
  'error-log:entry': ErrorLogEntry;
  /** One slot changed status; the `slots` state topic holds them all. */
  'slot:status': SlotState;
  /** A page names itself (a sub-app's `page.setTitle`): the tag of that path takes the title. */
  'page:title': PageTitle;
  /** The import map this user's pages load has changed (the notices socket's `importmap` frame). */
  'deploy:importmap': ImportMapChanged;
}

export interface ImportMapChanged {
  /** The served map's version for the user's tenant, as the page's `ops-importmap-version` meta names it. */
  version: string;
}

export interface PageTitle {
  /** The page's path with its query, as in the address bar. */
  path: string;
  title: string;
}

export type Topics = StateTopics & EventTopics;
export type Topic = keyof Topics;

export const STATE_TOPICS: readonly (keyof StateTopics)[] = [
  'session',
  'theme',
  'station',
  'unread',
  'notifications',
  'slots',
  'menus',
  'tags',
];

export function isStateTopic(topic: Topic): topic is keyof StateTopics {
  return (STATE_TOPICS as readonly string[]).includes(topic);
}
