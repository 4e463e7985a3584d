import Type from 'typebox';
import type { AppContext } from '../context.ts';
import { notFound, ok } from '../http/envelope.ts';
import { oneOf, query, type RouteApp } from '../http/schema.ts';
import { downloadable } from './downloads.ts';

/** i18n texts by prefix and the mobile app's newest package. */
export function registerSystemRoutes(app: RouteApp, ctx: AppContext) {
  const { repos } = ctx;
  app.get(
    '/api/blade-system/hnac/sys/i18n/byPrefix',
    {
      config: { auth: 'public' },
      schema: {
        querystring: query(
          {
            prefix: Type.String({ pattern: '^[A-Za-z0-9_.-]{0,64}$' }),
            language: oneOf(['zh_CN', 'en_US', 'zh', 'en']),
          },
          ['prefix'],
        ),
      },
    },
    async (request) => {
      const q = request.query;
      const language = q.language === 'en' || q.language === 'en_US' ? 'en_US' : 'zh_CN';
      const rows = await repos.misc.i18nByPrefix(language, q.prefix);
      return ok(Object.fromEntries(rows.map((r) => [r.code, r.text])));
    },
  );

  app.get(
    '/api/blade-system/app_version/getNewestApkUrlByPackageName',
    {
      config: { auth: 'public' },
      schema: {
        querystring: query({ packageName: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_.]{0,99}$' }) }, [
          'packageName',
        ]),
      },
    },
    async (request) => {
      const row = await repos.misc.newestApk(request.query.packageName);
      // A version whose file this server does not have is not offered: the console shows no dead link.
      if (!row || !downloadable(ctx, row.url)) throw notFound('no published version for this package');
      return ok({
        packageName: row.package_name,
        versionName: row.version_name,
        versionCode: row.version_code,
        url: row.url,
        createTime: row.create_time,
      });
    },
  );
}
