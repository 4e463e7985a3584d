import type { AssetRow } from './store.ts';

/**
 * A bundle the console's build has never seen: a sub-app a parcel team made with `npm run new:app` and
 * publishes on its own. Only such a name may be added to the import map by the deploy API; every other
 * specifier must be in the build's map. Its uploads go to `apps/<code>/`, as the build would put them.
 */

/** Lowercase kebab-case, at most 40 characters: what `npm run new:app` accepts as a code. */
const CODE = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
export const MAX_CODE_LENGTH = 40;
const PREFIX = '@ops/app-';

export interface Refusal {
  status: 400 | 404 | 422;
  zh: string;
  en: string;
}

/**
 * The app code of a new sub-app bundle's name (`@ops/app-<code>`), or a refusal: 404 for a name that is
 * not a sub-app's (the console's own bundles and libraries come from its build only), 400 for a sub-app
 * name whose code is not a valid app code.
 */
export function newBundleCode(name: string): { code: string } | { refusal: Refusal } {
  if (!name.startsWith(PREFIX))
    return {
      refusal: {
        status: 404,
        zh: `构建中没有 ${name}；只能新增子应用的包（@ops/app-<应用编号>）`,
        en: `${name} is not in the console's build; only a sub-app's bundle (@ops/app-<code>) can be added`,
      },
    };
  const code = name.slice(PREFIX.length);
  if (code.length > MAX_CODE_LENGTH || !CODE.test(code))
    return {
      refusal: {
        status: 400,
        zh: `${name} 的应用编号不合法：应为小写字母、数字和连字符（如 energy-storage），最多 ${MAX_CODE_LENGTH} 个字符`,
        en: `${name} has no valid app code: lowercase kebab-case (e.g. energy-storage), at most ${MAX_CODE_LENGTH} characters`,
      },
    };
  return { code };
}

/** The folder of a new sub-app's uploads, as the build names a sub-app's folder. */
export const newBundleDir = (code: string) => `apps/${code}`;

/**
 * Why `url` cannot be the entry of the new sub-app `name`, or null: it must be a JavaScript file uploaded
 * for that very bundle (POST /api/deploy/assets), so a new name can only ever point at that team's files.
 */
export function newEntryRefusal(name: string, url: string, asset: AssetRow | undefined): Refusal | null {
  if (!url.startsWith('/assets/'))
    return {
      status: 400,
      zh: `新增的 ${name} 只能指向为它上传的文件（/assets/…），而不是 ${url}`,
      en: `a new entry ${name} must point at a file uploaded for it (/assets/…), not ${url}`,
    };
  if (!asset)
    return {
      status: 422,
      zh: `${url} 不是已上传的文件，请先上传 ${name} 的文件`,
      en: `${url} is not an uploaded file: upload the files of ${name} first`,
    };
  if (asset.bundle !== name)
    return {
      status: 400,
      zh: `${url} 是为 ${asset.bundle} 上传的，不是 ${name} 的文件`,
      en: `${url} was uploaded for ${asset.bundle}, not for ${name}`,
    };
  if (!/\.m?js$/.test(asset.name))
    return {
      status: 422,
      zh: `${name} 的入口应为 JavaScript 文件，而不是 ${asset.name}`,
      en: `the entry of ${name} must be a JavaScript file, not ${asset.name}`,
    };
  return null;
}
