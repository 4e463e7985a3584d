import type { Db } from '../database.ts';
import { type PageArgs, pagedQuery } from '../paged.ts';

export type LogKind = 'usual' | 'api' | 'error';

export interface LogRow {
  id: number;
  tenant_id: string;
  kind: LogKind;
  service_id: string;
  server_host: string;
  env: string;
  title: string;
  method: string;
  request_uri: string;
  user_agent: string;
  remote_ip: string;
  params: string;
  time: string;
  log_level: string;
  message: string;
  stack: string;
  info: string;
  type: string;
  url: string;
  create_by: string;
  create_time: string;
}

export type LogInput = Partial<Omit<LogRow, 'id'>> & Pick<LogRow, 'tenant_id' | 'kind' | 'create_time'>;

const DEFAULTS = {
  service_id: '',
  server_host: '',
  env: '',
  title: '',
  method: '',
  request_uri: '',
  user_agent: '',
  remote_ip: '',
  params: '',
  time: '',
  log_level: '',
  message: '',
  stack: '',
  info: '',
  type: '',
  url: '',
  create_by: '',
};

export function logsRepo(db: Db) {
  const insert = () =>
    db.prepare(
      `INSERT INTO logs (tenant_id, kind, service_id, server_host, env, title, method, request_uri, user_agent,
         remote_ip, params, time, log_level, message, stack, info, type, url, create_by, create_time)
       VALUES (@tenant_id, @kind, @service_id, @server_host, @env, @title, @method, @request_uri, @user_agent,
         @remote_ip, @params, @time, @log_level, @message, @stack, @info, @type, @url, @create_by, @create_time)`,
    );
  return {
    page(tenantId: string, kind: LogKind, page: PageArgs) {
      return pagedQuery<LogRow>(
        db,
        {
          from: 'logs WHERE tenant_id = ? AND kind = ?',
          args: [tenantId, kind],
          orderBy: 'create_time DESC, id DESC',
        },
        page,
      );
    },
    byId(tenantId: string, kind: LogKind, id: number): LogRow | undefined {
      return db
        .prepare('SELECT * FROM logs WHERE tenant_id = ? AND kind = ? AND id = ?')
        .get(tenantId, kind, id) as LogRow | undefined;
    },
    insertMany(rows: LogInput[]): number {
      const stmt = insert();
      const run = db.transaction((items: LogInput[]) => {
        for (const item of items) stmt.run({ ...DEFAULTS, ...item });
        return items.length;
      });
      return run(rows);
    },
  };
}
