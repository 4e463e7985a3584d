import type { Database } from 'better-sqlite3';

/**
 * The two triggers that refuse any update (`<table>_<name>`) or delete (`<table>_kept`) of a table's rows,
 * with the same message.
 */
function unchangeable(table: string, name: string, message: string): string {
  return `CREATE TRIGGER ${table}_${name} BEFORE UPDATE ON ${table}
    BEGIN SELECT RAISE(ABORT, '${message}'); END;
  CREATE TRIGGER ${table}_kept BEFORE DELETE ON ${table}
    BEGIN SELECT RAISE(ABORT, '${message}'); END;`;
}

/** Schema migrations, applied in order; PRAGMA user_version records the last one applied. */
const MIGRATIONS: string[] = [
  `
  CREATE TABLE tenants (
    id INTEGER PRIMARY KEY, tenant_id TEXT NOT NULL UNIQUE, tenant_name TEXT NOT NULL, domain TEXT,
    kind TEXT NOT NULL DEFAULT 'hydropower', linkman TEXT, contact_number TEXT, address TEXT,
    account_number INTEGER NOT NULL DEFAULT -1, expire_time TEXT, station_flag INTEGER NOT NULL DEFAULT 0,
    visual_flag INTEGER NOT NULL DEFAULT 0, is_deleted INTEGER NOT NULL DEFAULT 0, create_time TEXT NOT NULL
  );
  CREATE TABLE roles (
    id INTEGER PRIMARY KEY, tenant_id TEXT NOT NULL, role_name TEXT NOT NULL, role_alias TEXT NOT NULL,
    sort INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE depts (
    id INTEGER PRIMARY KEY, tenant_id TEXT NOT NULL, parent_id INTEGER NOT NULL DEFAULT 0,
    dept_name TEXT NOT NULL, full_name TEXT, dept_category INTEGER NOT NULL DEFAULT 1, station_id TEXT,
    linkman TEXT, contact_number TEXT, remark TEXT, sort INTEGER NOT NULL DEFAULT 0,
    is_deleted INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX depts_tenant ON depts (tenant_id, parent_id);
  CREATE TABLE users (
    id INTEGER PRIMARY KEY, tenant_id TEXT NOT NULL, account TEXT NOT NULL, password_hash TEXT NOT NULL,
    name TEXT NOT NULL DEFAULT '', real_name TEXT NOT NULL DEFAULT '', avatar TEXT NOT NULL DEFAULT '',
    email TEXT NOT NULL DEFAULT '', phone TEXT NOT NULL DEFAULT '', role_ids TEXT NOT NULL DEFAULT '',
    dept_id INTEGER, app_id TEXT NOT NULL DEFAULT '', is_init INTEGER NOT NULL DEFAULT 0, layout_state TEXT,
    default_dept_id INTEGER, device_code TEXT NOT NULL DEFAULT '', status INTEGER NOT NULL DEFAULT 1,
    is_deleted INTEGER NOT NULL DEFAULT 0, create_time TEXT NOT NULL, update_time TEXT NOT NULL,
    UNIQUE (tenant_id, account)
  );
  CREATE TABLE user_oauth (
    id INTEGER PRIMARY KEY, tenant_id TEXT NOT NULL, source TEXT NOT NULL, uuid TEXT NOT NULL,
    username TEXT NOT NULL DEFAULT '', nickname TEXT NOT NULL DEFAULT '', avatar TEXT NOT NULL DEFAULT '',
    user_id INTEGER, UNIQUE (tenant_id, source, uuid)
  );
  CREATE TABLE sessions (
    id TEXT PRIMARY KEY, user_id INTEGER, oauth_id INTEGER, tenant_id TEXT NOT NULL, grant_type TEXT NOT NULL,
    created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL, revoked_at INTEGER, revoke_reason TEXT,
    remote_addr TEXT
  );
  CREATE INDEX sessions_user ON sessions (user_id);
  CREATE TABLE refresh_tokens (
    hash TEXT PRIMARY KEY, session_id TEXT NOT NULL REFERENCES sessions (id), issued_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL, used_at INTEGER
  );
  CREATE TABLE menus (
    id INTEGER PRIMARY KEY, tenant_id TEXT NOT NULL, parent_id INTEGER NOT NULL DEFAULT 0, code TEXT NOT NULL,
    name TEXT NOT NULL, alias TEXT NOT NULL DEFAULT '', path TEXT NOT NULL DEFAULT '', source TEXT NOT NULL DEFAULT '',
    category INTEGER NOT NULL DEFAULT 1, action INTEGER NOT NULL DEFAULT 0, is_open INTEGER NOT NULL DEFAULT 0,
    iframe INTEGER NOT NULL DEFAULT 0, sort INTEGER NOT NULL DEFAULT 0, app_code TEXT NOT NULL DEFAULT '',
    query TEXT NOT NULL DEFAULT '', keep_alive INTEGER NOT NULL DEFAULT 0, i18n TEXT NOT NULL DEFAULT '',
    roles TEXT NOT NULL DEFAULT '', group_name TEXT NOT NULL DEFAULT 'manage', remark TEXT NOT NULL DEFAULT '',
    is_deleted INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX menus_tenant ON menus (tenant_id, parent_id);
  CREATE TABLE top_menus (
    id INTEGER PRIMARY KEY, tenant_id TEXT NOT NULL, code TEXT NOT NULL, name TEXT NOT NULL,
    source TEXT NOT NULL DEFAULT '', path TEXT NOT NULL DEFAULT '', sort INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE top_menu_menus (
    top_menu_id INTEGER NOT NULL REFERENCES top_menus (id), menu_id INTEGER NOT NULL REFERENCES menus (id),
    PRIMARY KEY (top_menu_id, menu_id)
  );
  CREATE TABLE apps (
    id INTEGER PRIMARY KEY, tenant_id TEXT NOT NULL, code TEXT NOT NULL, name TEXT NOT NULL,
    path TEXT NOT NULL, sort INTEGER NOT NULL DEFAULT 0, remark TEXT NOT NULL DEFAULT '',
    UNIQUE (tenant_id, code)
  );
  CREATE TABLE dicts (
    id INTEGER PRIMARY KEY, tenant_id TEXT NOT NULL, parent_id INTEGER NOT NULL DEFAULT 0, code TEXT NOT NULL,
    dict_key TEXT NOT NULL DEFAULT '', dict_value TEXT NOT NULL, sort INTEGER NOT NULL DEFAULT 0,
    remark TEXT NOT NULL DEFAULT '', is_sealed INTEGER NOT NULL DEFAULT 0, is_deleted INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX dicts_code ON dicts (code, parent_id);
  CREATE TABLE notices (
    id INTEGER PRIMARY KEY, tenant_id TEXT NOT NULL, title TEXT NOT NULL, content TEXT NOT NULL,
    category TEXT NOT NULL, release_time TEXT NOT NULL, is_deleted INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE notice_reads (
    notice_id INTEGER NOT NULL REFERENCES notices (id), user_id INTEGER NOT NULL, read_time TEXT NOT NULL,
    PRIMARY KEY (notice_id, user_id)
  );
  CREATE TABLE messages (
    id INTEGER PRIMARY KEY, tenant_id TEXT NOT NULL, user_id INTEGER NOT NULL, business_classify TEXT NOT NULL,
    subject TEXT NOT NULL, content TEXT NOT NULL, status INTEGER NOT NULL DEFAULT 0, push_time TEXT NOT NULL,
    link TEXT NOT NULL DEFAULT ''
  );
  CREATE INDEX messages_user ON messages (user_id, status);
  CREATE TABLE logs (
    id INTEGER PRIMARY KEY, tenant_id TEXT NOT NULL, kind TEXT NOT NULL, service_id TEXT NOT NULL DEFAULT '',
    server_host TEXT NOT NULL DEFAULT '', env TEXT NOT NULL DEFAULT '', title TEXT NOT NULL DEFAULT '',
    method TEXT NOT NULL DEFAULT '', request_uri TEXT NOT NULL DEFAULT '', user_agent TEXT NOT NULL DEFAULT '',
    remote_ip TEXT NOT NULL DEFAULT '', params TEXT NOT NULL DEFAULT '', time TEXT NOT NULL DEFAULT '',
    log_level TEXT NOT NULL DEFAULT '', message TEXT NOT NULL DEFAULT '', stack TEXT NOT NULL DEFAULT '',
    info TEXT NOT NULL DEFAULT '', type TEXT NOT NULL DEFAULT '', url TEXT NOT NULL DEFAULT '',
    create_by TEXT NOT NULL DEFAULT '', create_time TEXT NOT NULL
  );
  CREATE INDEX logs_kind ON logs (tenant_id, kind);
  CREATE TABLE params (
    id INTEGER PRIMARY KEY, tenant_id TEXT NOT NULL, param_name TEXT NOT NULL, param_key TEXT NOT NULL,
    param_value TEXT NOT NULL, remark TEXT NOT NULL DEFAULT '', UNIQUE (tenant_id, param_key)
  );
  CREATE TABLE user_dept_config (
    id INTEGER PRIMARY KEY, tenant_id TEXT NOT NULL, user_id INTEGER NOT NULL UNIQUE, dept_id INTEGER NOT NULL
  );
  CREATE TABLE i18n (
    id INTEGER PRIMARY KEY, language TEXT NOT NULL, code TEXT NOT NULL, text TEXT NOT NULL,
    UNIQUE (language, code)
  );
  CREATE TABLE app_versions (
    id INTEGER PRIMARY KEY, package_name TEXT NOT NULL, version_name TEXT NOT NULL,
    version_code INTEGER NOT NULL, url TEXT NOT NULL, create_time TEXT NOT NULL
  );
  `,
  // The leave workflow: process definitions, requests, their tasks and their history.
  `
  CREATE TABLE flow_definitions (
    id INTEGER PRIMARY KEY, tenant_id TEXT NOT NULL, definition_id TEXT NOT NULL, definition_key TEXT NOT NULL,
    name TEXT NOT NULL, version INTEGER NOT NULL, UNIQUE (tenant_id, definition_id)
  );
  CREATE TABLE leave_requests (
    id INTEGER PRIMARY KEY, tenant_id TEXT NOT NULL, process_instance_id TEXT NOT NULL UNIQUE,
    definition_id TEXT NOT NULL, applicant_id INTEGER NOT NULL, approver_id INTEGER NOT NULL,
    leave_type TEXT NOT NULL, start_time TEXT NOT NULL, end_time TEXT NOT NULL, reason TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'running', apply_time TEXT NOT NULL, finish_time TEXT
  );
  CREATE INDEX leave_requests_applicant ON leave_requests (tenant_id, applicant_id);
  CREATE TABLE flow_tasks (
    id INTEGER PRIMARY KEY, tenant_id TEXT NOT NULL, request_id INTEGER NOT NULL REFERENCES leave_requests (id),
    name TEXT NOT NULL, assignee_id INTEGER NOT NULL, status TEXT NOT NULL DEFAULT 'todo',
    create_time TEXT NOT NULL, end_time TEXT, flag TEXT, comment TEXT NOT NULL DEFAULT ''
  );
  CREATE INDEX flow_tasks_assignee ON flow_tasks (tenant_id, assignee_id, status);
  CREATE TABLE flow_history (
    id INTEGER PRIMARY KEY, tenant_id TEXT NOT NULL, request_id INTEGER NOT NULL REFERENCES leave_requests (id),
    user_id INTEGER NOT NULL, action TEXT NOT NULL, comment TEXT NOT NULL DEFAULT '', time TEXT NOT NULL
  );
  CREATE INDEX flow_history_request ON flow_history (request_id);
  `,
  // Devices of the stations and their measurement points (the station monitor's realtime data and history
  // lines). A device belongs to a station (depts row, dept_category 4); its device_code is unique in the
  // tenant. Per-device items of later areas (remote control functions) reference devices (id).
  `
  CREATE TABLE devices (
    id INTEGER PRIMARY KEY, tenant_id TEXT NOT NULL, dept_id INTEGER NOT NULL REFERENCES depts (id),
    device_code TEXT NOT NULL, device_name TEXT NOT NULL, device_type TEXT NOT NULL,
    model TEXT NOT NULL DEFAULT '', sort INTEGER NOT NULL DEFAULT 0, is_deleted INTEGER NOT NULL DEFAULT 0,
    UNIQUE (tenant_id, device_code)
  );
  CREATE INDEX devices_dept ON devices (tenant_id, dept_id);
  CREATE TABLE device_points (
    id INTEGER PRIMARY KEY, tenant_id TEXT NOT NULL, device_id INTEGER NOT NULL REFERENCES devices (id),
    real_id TEXT NOT NULL UNIQUE, point_name TEXT NOT NULL, unit TEXT NOT NULL DEFAULT '',
    profile TEXT NOT NULL, min_value REAL NOT NULL, max_value REAL NOT NULL, noise REAL NOT NULL DEFAULT 0,
    decimals INTEGER NOT NULL DEFAULT 1, sort INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX device_points_device ON device_points (device_id);
  `,
  // Spare-parts requisitions (the console's /market/cart page): the tenant's parts catalogue, each user's
  // cart, and the submitted requisitions with a copy of each part as it was when submitted.
  `
  CREATE TABLE spare_parts (
    id INTEGER PRIMARY KEY, tenant_id TEXT NOT NULL, part_code TEXT NOT NULL, part_name TEXT NOT NULL,
    category TEXT NOT NULL, spec TEXT NOT NULL DEFAULT '', unit TEXT NOT NULL, stock INTEGER NOT NULL,
    sort INTEGER NOT NULL DEFAULT 0, is_deleted INTEGER NOT NULL DEFAULT 0, UNIQUE (tenant_id, part_code)
  );
  CREATE TABLE cart_items (
    id INTEGER PRIMARY KEY, tenant_id TEXT NOT NULL, user_id INTEGER NOT NULL,
    part_id INTEGER NOT NULL REFERENCES spare_parts (id), quantity INTEGER NOT NULL, update_time TEXT NOT NULL,
    UNIQUE (user_id, part_id)
  );
  CREATE TABLE requisitions (
    id INTEGER PRIMARY KEY, tenant_id TEXT NOT NULL, requisition_no TEXT NOT NULL, user_id INTEGER NOT NULL,
    reason TEXT NOT NULL, status TEXT NOT NULL DEFAULT 'submitted', submit_time TEXT NOT NULL,
    UNIQUE (tenant_id, requisition_no)
  );
  CREATE INDEX requisitions_user ON requisitions (tenant_id, user_id);
  CREATE TABLE requisition_items (
    id INTEGER PRIMARY KEY, requisition_id INTEGER NOT NULL REFERENCES requisitions (id),
    part_id INTEGER NOT NULL REFERENCES spare_parts (id), part_code TEXT NOT NULL, part_name TEXT NOT NULL,
    spec TEXT NOT NULL, unit TEXT NOT NULL, quantity INTEGER NOT NULL
  );
  CREATE INDEX requisition_items_requisition ON requisition_items (requisition_id);
  `,
  // The AI assistant: a chat session belongs to one user (its id is the conversation_id of every question
  // and the path of its socket); each answer is kept with the question, its praise and feedback comment.
  `
  CREATE TABLE assistant_sessions (
    session_id TEXT PRIMARY KEY, tenant_id TEXT NOT NULL, user_id INTEGER NOT NULL, persona TEXT NOT NULL,
    create_time TEXT NOT NULL
  );
  CREATE TABLE assistant_answers (
    chat_id TEXT PRIMARY KEY, session_id TEXT NOT NULL REFERENCES assistant_sessions (session_id),
    tenant_id TEXT NOT NULL, user_id INTEGER NOT NULL, query_id TEXT NOT NULL, question TEXT NOT NULL,
    answer TEXT NOT NULL DEFAULT '', status INTEGER NOT NULL DEFAULT 0, praise INTEGER, comment TEXT,
    create_time TEXT NOT NULL
  );
  CREATE INDEX assistant_answers_user ON assistant_answers (tenant_id, user_id);
  `,
  // Remote control: the simulated field devices' behaviour, their remote control items (spec §3), the
  // breakers' armed pre-steps (spec §4, DECISIONS 14) and one audit row per command, keyed by the
  // client's Idempotency-Key (a retry answers the stored result and never actuates again).
  `
  CREATE TABLE remote_devices (
    device_id INTEGER PRIMARY KEY REFERENCES devices (id), tenant_id TEXT NOT NULL,
    behaviour TEXT NOT NULL DEFAULT 'normal', delay_ms INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE remote_functions (
    id INTEGER PRIMARY KEY, tenant_id TEXT NOT NULL, device_id INTEGER NOT NULL REFERENCES devices (id),
    name TEXT NOT NULL, signage TEXT NOT NULL, model_classify_id INTEGER NOT NULL,
    control_status TEXT NOT NULL DEFAULT '', control_parameter TEXT NOT NULL DEFAULT '',
    parameter_source INTEGER NOT NULL DEFAULT 0, source_attr_signage TEXT NOT NULL DEFAULT '',
    parameter_json TEXT NOT NULL DEFAULT '[]', min_value REAL, max_value REAL,
    is_popup INTEGER NOT NULL DEFAULT 1, is_check INTEGER NOT NULL DEFAULT 0, sort INTEGER NOT NULL DEFAULT 0,
    last_value TEXT, last_time TEXT, actuations INTEGER NOT NULL DEFAULT 0, UNIQUE (device_id, signage)
  );
  CREATE TABLE breaker_arms (
    tenant_id TEXT NOT NULL, function_id INTEGER NOT NULL REFERENCES remote_functions (id),
    user_id INTEGER NOT NULL, step INTEGER NOT NULL, state TEXT NOT NULL, armed_at INTEGER NOT NULL,
    PRIMARY KEY (tenant_id, function_id)
  );
  CREATE TABLE remote_commands (
    id INTEGER PRIMARY KEY, tenant_id TEXT NOT NULL, user_id INTEGER NOT NULL, account TEXT NOT NULL,
    idem_key TEXT NOT NULL, body_hash TEXT NOT NULL, device_code TEXT NOT NULL, device_name TEXT NOT NULL DEFAULT '',
    project_id TEXT NOT NULL, signage TEXT NOT NULL, function_name TEXT NOT NULL DEFAULT '',
    model_classify_id INTEGER, value TEXT NOT NULL, machine_code TEXT NOT NULL,
    result TEXT NOT NULL DEFAULT 'pending', status INTEGER, msg TEXT NOT NULL DEFAULT '',
    answer TEXT, latency_ms INTEGER, created_at INTEGER NOT NULL, create_time TEXT NOT NULL,
    UNIQUE (tenant_id, idem_key)
  );
  CREATE INDEX remote_commands_device ON remote_commands (tenant_id, device_code, created_at);
  `,
  // Pushed notifications (the notification sockets): one row per recipient; seq is the notification's id,
  // increasing per user, so a client reconnecting with the last id it saw is sent what it missed.
  `
  CREATE TABLE notifications (
    id INTEGER PRIMARY KEY, tenant_id TEXT NOT NULL, user_id INTEGER NOT NULL, seq INTEGER NOT NULL,
    kind INTEGER NOT NULL, payload TEXT NOT NULL, created_at INTEGER NOT NULL, UNIQUE (user_id, seq)
  );
  `,
  // Uploaded files (the object-storage upload of avatars): the bytes in the database, found by a random
  // key that is also the public address.
  `
  CREATE TABLE files (
    id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, tenant_id TEXT NOT NULL, user_id INTEGER NOT NULL,
    original_name TEXT NOT NULL, type TEXT NOT NULL, size INTEGER NOT NULL, bytes BLOB NOT NULL,
    create_time TEXT NOT NULL
  );
  `,
  // Deploy (import-map versions): uploaded bundle files under immutable paths, each scope's layer versions
  // (content-addressed, never changed), one pointer per scope and the append-only history of every move.
  // Triggers refuse any update or delete of what must never change.
  `
  CREATE TABLE deploy_assets (
    path TEXT PRIMARY KEY, bundle TEXT NOT NULL, upload_id TEXT NOT NULL, name TEXT NOT NULL,
    type TEXT NOT NULL, size INTEGER NOT NULL, integrity TEXT NOT NULL, bytes BLOB NOT NULL,
    actor TEXT NOT NULL, created_at INTEGER NOT NULL
  );
  CREATE TABLE deploy_versions (
    version TEXT PRIMARY KEY, scope TEXT NOT NULL, layer TEXT NOT NULL, created_at INTEGER NOT NULL
  );
  CREATE TABLE deploy_pointers (
    scope TEXT PRIMARY KEY, version TEXT NOT NULL REFERENCES deploy_versions (version),
    updated_at INTEGER NOT NULL
  );
  CREATE TABLE deploy_history (
    id INTEGER PRIMARY KEY, scope TEXT NOT NULL, version TEXT NOT NULL REFERENCES deploy_versions (version),
    previous TEXT, actor TEXT NOT NULL, at TEXT NOT NULL, reason TEXT NOT NULL, change TEXT NOT NULL
  );
  CREATE INDEX deploy_history_scope ON deploy_history (scope, id);
  ${unchangeable('deploy_assets', 'immutable', 'deploy assets are immutable')}
  ${unchangeable('deploy_versions', 'immutable', 'deploy versions are immutable')}
  ${unchangeable('deploy_history', 'append_only', 'deploy history is append-only')}
  `,
  // A menu item's visibility (menu administration, issue 27): a hidden item (0) stays in the admin lists
  // but is left out of the menus users are served.
  `
  ALTER TABLE menus ADD COLUMN is_show INTEGER NOT NULL DEFAULT 1;
  `,
  // Where an account lands after signing in (spec §3 login response: appCode, menuPath, showAppCode,
  // showMenuPath, redirect), as JSON; null for the usual welcome page (issue 28).
  `
  ALTER TABLE users ADD COLUMN login_landing TEXT;
  `,
];

export function migrate(db: Database): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (let version = current; version < MIGRATIONS.length; version++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[version]!);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
}
