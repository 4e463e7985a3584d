import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { ApiError } from './envelope.ts';
import { t } from './messages.ts';

/**
 * The calls that read or act on a station's data (spec §6 "data-auth key"): device and history data, the
 * station tree, the user's alarm messages and remote control. They need the session's `Data-Auth` key as
 * well as its token; sign-in, captcha, public tenant info, menus, administration and static files do not.
 */
export const DATA_AUTH_PATHS: readonly string[] = [
  '/api/hzinfo-data-config/deviceInstance/device/',
  '/api/hzims-operational/ims/dept/getHydropowerTree',
  '/api/blade-system/message/record/getPersonalUnreadMessage',
  '/api/blade-system/message/record/getAlarmMessage',
  '/api/blade-system/message/record/getAlarmStatistics',
  '/api/blade-system/message/record/readAlarmMessage',
  '/api/gglm-big-model/interactive/',
];

/** The body code of a refused data call (HTTP 403): the key is missing, or not this session's. */
export const DATA_AUTH_CODE = 403001;

export const needsDataAuth = (url: string) => {
  const path = url.split('?', 1)[0] ?? '';
  return DATA_AUTH_PATHS.some((prefix) => path.startsWith(prefix));
};

/** Refuses a data call whose `Data-Auth` header is not the key of the session its token belongs to. */
export function checkDataAuth(ctx: AppContext, request: FastifyRequest, sessionId: string): void {
  const header = request.headers['data-auth'];
  const presented = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
  if (!presented) throw new ApiError(403, t(request, 'dataAuthMissing'), { code: DATA_AUTH_CODE });
  if (!ctx.tokens.dataAuthMatches(sessionId, presented))
    throw new ApiError(403, t(request, 'dataAuthWrong'), { code: DATA_AUTH_CODE });
}
