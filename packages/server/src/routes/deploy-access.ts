import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { DeployService } from '../deploy/service.ts';
import { bearerToken } from '../http/auth.ts';
import { ApiError } from '../http/envelope.ts';
import { say } from '../http/messages.ts';

type Say = (zh: string, en: string) => string;
export const sayer =
  (request: FastifyRequest): Say =>
  (zh, en) =>
    say(request, zh, en);

const actors = new WeakMap<FastifyRequest, string>();

function sameKey(given: string, key: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(key).digest();
  return timingSafeEqual(a, b);
}

export interface DeployAccess {
  /** Who calls: 401 without credentials or with a dead token, 403 for anyone else or a wrong key. */
  authorise: (request: FastifyRequest) => Promise<void>;
  /** Who a passed request was: `tenant/account`, or `deploy-key`. */
  actorOf: (request: FastifyRequest) => string;
}

/**
 * Who may call the deploy API (docs/api.md section 22): a platform administrator's token, or the deploy
 * key (DEPLOY_KEY) as `Authorization: Bearer <key>`, compared in constant time.
 */
export function deployAccess(deploy: DeployService): DeployAccess {
  async function authorise(request: FastifyRequest) {
    const say = sayer(request);
    if (bearerToken(request)) {
      const auth = request.auth;
      if (!auth)
        throw new ApiError(
          401,
          say('令牌无效或已过期，请重新登录', 'token invalid or expired, please sign in again'),
          { code: 600 },
        );
      if (!auth.user || !auth.isPlatformAdmin)
        throw new ApiError(
          403,
          say('只有平台管理员可以发布和回滚版本', 'only platform administrators deploy and roll back'),
        );
      actors.set(request, `${auth.user.tenant_id}/${auth.user.account}`);
      return;
    }
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^bearer\s+(\S+)$/i.exec(header.trim()) : null;
    if (!match)
      throw new ApiError(
        401,
        say('请提供部署密钥或管理员令牌', 'send the deploy key or an administrator token'),
      );
    const key = deploy.options.deployKey;
    if (!key)
      throw new ApiError(403, say('本服务器未启用部署密钥', 'deploy keys are not enabled on this server'));
    if (!sameKey(match[1]!, key)) throw new ApiError(403, say('部署密钥错误', 'wrong deploy key'));
    actors.set(request, 'deploy-key');
  }
  return { authorise, actorOf: (request) => actors.get(request) ?? 'unknown' };
}
