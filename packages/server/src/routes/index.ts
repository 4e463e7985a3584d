import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import type { RouteApp } from '../http/schema.ts';
import { registerAssistantRoutes } from './assistant.ts';
import { registerAssistantBusinessRoutes } from './assistant-business.ts';
import { registerAssistantMediaRoutes } from './assistant-media.ts';
import { registerAuthRoutes } from './auth.ts';
import { registerTokenRoute } from './auth-token.ts';
import { registerDeployRoutes } from './deploy.ts';
import { registerDeviceRoutes } from './devices.ts';
import { registerDictRoutes } from './dict.ts';
import { registerDownloadRoutes } from './downloads.ts';
import { registerFileRoutes } from './files.ts';
import { registerLeaveRoutes } from './leave.ts';
import { registerLogRoutes } from './logs.ts';
import { registerMarketRoutes } from './market.ts';
import { registerMenuRoutes } from './menu.ts';
import { registerNoticeRoutes } from './notices.ts';
import { registerGuestRoutes } from './register.ts';
import { registerRemoteControlRoutes } from './remote-control.ts';
import { registerSiteRoutes } from './site.ts';
import { registerRealtimeRoutes } from './sockets.ts';
import { registerSpeechRoutes } from './speech.ts';
import { registerStaticRoutes } from './static.ts';
import { registerStationStatusRoutes } from './station-status.ts';
import { registerSystemRoutes } from './system.ts';
import { registerTenantRoutes } from './tenant.ts';
import { registerUserRoutes } from './user.ts';
import { registerPasswordRoutes } from './user-password.ts';

/**
 * Every route module, registered in one place. Later areas (realtime sockets, remote control, the
 * assistant) are one more module each: a `register...(app, ctx)` function added to this list. A module
 * gets the app with the TypeBox type provider: each route's schema (http/schema.ts) types its request.
 */
export const ROUTE_MODULES: ((app: RouteApp, ctx: AppContext) => void | Promise<void>)[] = [
  registerTokenRoute,
  registerDownloadRoutes,
  registerAuthRoutes,
  registerGuestRoutes,
  registerUserRoutes,
  registerPasswordRoutes,
  registerMenuRoutes,
  registerDictRoutes,
  registerNoticeRoutes,
  registerLogRoutes,
  registerSiteRoutes,
  registerDeviceRoutes,
  registerStationStatusRoutes,
  registerRemoteControlRoutes,
  registerTenantRoutes,
  registerSystemRoutes,
  registerLeaveRoutes,
  registerMarketRoutes,
  registerFileRoutes,
  registerAssistantRoutes,
  registerAssistantBusinessRoutes,
  registerAssistantMediaRoutes,
  registerRealtimeRoutes,
  registerSpeechRoutes,
  registerDeployRoutes,
  // Keep last: the static host answers every remaining GET.
  registerStaticRoutes,
];

export async function registerRoutes(app: FastifyInstance, ctx: AppContext) {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  for (const register of ROUTE_MODULES) await register(typed, ctx);
}
