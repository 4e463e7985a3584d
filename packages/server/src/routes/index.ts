import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { registerAuthRoutes } from './auth.ts';
import { registerTokenRoute } from './auth-token.ts';
import { registerMenuRoutes } from './menu.ts';
import { registerStaticRoutes } from './static.ts';

/**
 * Every route module, registered in one place. Later areas (realtime sockets, remote control, the
 * assistant) are one more module each: a `register...(app, ctx)` function added to this list.
 */
export const ROUTE_MODULES: ((app: FastifyInstance, ctx: AppContext) => void | Promise<void>)[] = [
  registerTokenRoute,
  registerAuthRoutes,
  registerMenuRoutes,
  registerStaticRoutes,
];

export async function registerRoutes(app: FastifyInstance, ctx: AppContext) {
  for (const register of ROUTE_MODULES) await register(app, ctx);
}
