import { type Db, sql } from '../database.ts';
import { type PageArgs, pagedQuery } from '../paged.ts';
import { insertRows } from '../seed-rows.ts';

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
  return {
    page(tenantId: string, kind: LogKind, page: PageArgs) {
      return pagedQuery<LogRow>(
        db,
        {
          from: sql`logs WHERE tenant_id = ${tenantId} AND kind = ${kind}`,
          orderBy: sql`create_time DESC, id DESC`,
        },
        page,
      );
    },
    byId(tenantId: string, kind: LogKind, id: number): Promise<LogRow | undefined> {
      return db.get<LogRow>(
        sql`SELECT * FROM logs WHERE tenant_id = ${tenantId} AND kind = ${kind} AND id = ${id}`,
      );
    },
    /** Stores the rows in one transaction (all or none); answers how many. */
    insertMany(rows: LogInput[]): Promise<number> {
      return db.transaction(async () => {
        // Multi-row statements, in order: the seed's ~120 rows were as many round trips on PostgreSQL.
        await insertRows(
          db,
          'logs',
          rows.map((row) => ({ ...DEFAULTS, ...row })),
        );
        return rows.length;
      });
    },
  };
}
