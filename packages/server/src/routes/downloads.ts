import { createReadStream, statSync } from 'node:fs';
import { join } from 'node:path';
import Type from 'typebox';
import type { AppContext } from '../context.ts';
import { notFound } from '../http/envelope.ts';
import { messagesOf } from '../http/messages.ts';
import type { RouteApp } from '../http/schema.ts';

/** A published package's file name: one safe segment ending in `.apk`. */
export const PACKAGE_FILE = '^[A-Za-z0-9][A-Za-z0-9._-]{0,99}\\.apk$';
const PACKAGE_NAME = new RegExp(PACKAGE_FILE);
const PREFIX = '/downloads/';

const TEXTS = {
  missing: ['该安装包未发布到本服务器', 'this package is not published on this server'],
} as const;
const say = messagesOf(TEXTS);

/**
 * The file a package address names in the downloads folder, when it is one of this server's (`/downloads/
 * <file>.apk`) and the file is there; null for anything else. Addresses of other hosts (a CDN) are not
 * this server's to check.
 */
export function publishedFile(ctx: Pick<AppContext, 'options'>, url: string): string | null {
  const dir = ctx.options.downloadsDir;
  if (!dir || !url.startsWith(PREFIX)) return null;
  const name = url.slice(PREFIX.length);
  if (!PACKAGE_NAME.test(name)) return null;
  const file = join(dir, name);
  try {
    return statSync(file).isFile() ? file : null;
  } catch {
    return null;
  }
}

/** Whether a package address can be downloaded: another host's, or a file published here. */
export function downloadable(ctx: Pick<AppContext, 'options'>, url: string): boolean {
  return !url.startsWith('/') || publishedFile(ctx, url) !== null;
}

/**
 * The mobile app's packages (spec §7 `getNewestApkUrlByPackageName`'s addresses): `GET /downloads/<file>.apk`
 * serves what operations staff put in `<data folder>/downloads` (public: a phone's browser has no token),
 * as an attachment; anything not there is a 404 envelope.
 */
export function registerDownloadRoutes(app: RouteApp, ctx: AppContext) {
  app.get(
    `${PREFIX}:name`,
    {
      config: { auth: 'public' },
      schema: { params: Type.Object({ name: Type.String({ pattern: PACKAGE_FILE }) }) },
    },
    async (request, reply) => {
      const file = publishedFile(ctx, `${PREFIX}${request.params.name}`);
      if (!file) throw notFound(say(request, 'missing'));
      return reply
        .type('application/vnd.android.package-archive')
        .header('Content-Disposition', `attachment; filename="${request.params.name}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Length', String(statSync(file).size))
        .send(createReadStream(file));
    },
  );
}
