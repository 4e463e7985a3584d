import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { ApiError } from './envelope.ts';
import { say } from './messages.ts';

/** The station (site) a call's headers joined (spec §6: station tenant-id and dept-id headers). */
export interface JoinedStation {
  deptId: number;
  stationId: string;
  name: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    station: JoinedStation | null;
  }
}

function header(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
}

/**
 * Reads the station headers of a signed-in call: `Dept-Id` names a station (dept_category 4) of the
 * caller's tenant, and `Tenant-Id`, when sent with it, must be that tenant. A malformed, unknown or
 * other-tenant station is refused (400 / 403 / 404) before the route runs, so nothing changes. Without
 * `Dept-Id` the call is on the main site (`request.station` null). The token endpoint, where `Tenant-Id`
 * is the tenant signing in, and public routes are not concerned.
 */
export function registerStationScope(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('station', null);
  app.addHook('preHandler', async (request) => {
    const user = request.auth?.user;
    if (!user || !request.url.startsWith('/api/')) return;
    const deptId = header(request, 'dept-id');
    if (!deptId) return;
    if (!/^[1-9][0-9]{0,17}$/.test(deptId))
      throw new ApiError(
        400,
        say(
          request,
          `站点部门编号无效：${deptId.slice(0, 20)}`,
          `invalid station Dept-Id: ${deptId.slice(0, 20)}`,
        ),
      );
    const tenant = header(request, 'tenant-id');
    if (tenant && tenant !== user.tenant_id)
      throw new ApiError(
        403,
        say(
          request,
          `站点不属于当前租户（${tenant.slice(0, 20)}）`,
          `the station is not of your tenant (${tenant.slice(0, 20)})`,
        ),
      );
    const dept = await ctx.repos.depts.byId(user.tenant_id, Number(deptId));
    if (dept?.dept_category !== 4)
      throw new ApiError(404, say(request, `站点不存在（${deptId}）`, `no such station (${deptId})`));
    request.station = { deptId: dept.id, stationId: dept.station_id ?? '', name: dept.dept_name };
  });
}
