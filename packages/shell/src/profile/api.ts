import { envelopeData, type Http } from '@ops/shared';
import {
  HELP_DOCUMENT_PATH,
  type ProfileUser,
  phoneBody,
  readUser,
  type StationOption,
  stationsOf,
} from './rules';

/** The server's calls of the profile dialog and the personal-info page (docs/api.md sections 3, 4, 9). */
export const PROFILE_API = {
  info: '/api/blade-system/user/info',
  updateInfo: '/api/blade-system/user/update-info',
  phoneCode: '/api/blade-system/oauth/phone-code',
  updatePhone: '/api/blade-system/oauth/updatePhone',
  stationTree: '/api/hzims-operational/ims/dept/getHydropowerTree',
  stationQuery: '/api/hzims-operational/userDept/config/query',
  stationSubmit: '/api/hzims-operational/userDept/config/submit',
  /** BladeX's object-storage upload: not served by the reference server (docs/decisions.md). */
  avatarUpload: '/api/blade-resource/oss/endpoint/put-file',
} as const;

/** Refusals the views show themselves (inline and as a toast): 400 validation, 404 unknown. */
export const QUIET = [400, 404, 429] as const;

export async function fetchUser(http: Http, signal?: AbortSignal): Promise<ProfileUser> {
  return readUser(envelopeData(await http.get(PROFILE_API.info, { signal })));
}

export async function updateInfo(http: Http, body: Record<string, string>): Promise<ProfileUser> {
  return readUser(envelopeData(await http.post(PROFILE_API.updateInfo, body, { quietCodes: QUIET })));
}

/** Asks for a phone code; answers its id. */
export async function sendPhoneCode(http: Http, phone: string): Promise<string> {
  const data = envelopeData<{ id?: unknown } | undefined>(
    await http.get(PROFILE_API.phoneCode, { params: { phone: phone.trim() }, quietCodes: QUIET }),
  );
  return String(data?.id ?? '');
}

export async function updatePhone(http: Http, phone: string, code: string, codeId: string): Promise<void> {
  await http.post(PROFILE_API.updatePhone, phoneBody(phone, code, codeId), { quietCodes: QUIET });
}

export async function fetchStations(http: Http): Promise<StationOption[]> {
  return stationsOf(envelopeData(await http.get(PROFILE_API.stationTree)));
}

/** The user's default station's department id, or '' when none is set. */
export async function fetchDefaultStation(http: Http, userId: string): Promise<string> {
  const data = envelopeData<{ deptId?: unknown } | null | undefined>(
    await http.get(PROFILE_API.stationQuery, { params: { userId } }),
  );
  return data?.deptId ? String(data.deptId) : '';
}

export async function submitDefaultStation(http: Http, deptId: string, userId: string): Promise<void> {
  await http.post(PROFILE_API.stationSubmit, { deptId, userId }, { quietCodes: QUIET });
}

/** Uploads an image (60 s timeout); answers the stored file's address. */
export async function uploadAvatar(http: Http, file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const data = envelopeData<{ link?: unknown; url?: unknown } | undefined>(
    await http.post(PROFILE_API.avatarUpload, form, { upload: true, quietCodes: QUIET }),
  );
  return String(data?.link ?? data?.url ?? '');
}

/**
 * Fetches the help document and hands it to the browser as a download. Rejects when the file cannot be
 * had (any non-OK status, a network failure, or a page instead of a document).
 */
export async function downloadHelpDocument(name: string, fetcher: typeof fetch = fetch): Promise<void> {
  const answer = await fetcher(HELP_DOCUMENT_PATH, { credentials: 'same-origin' });
  const type = answer.headers.get('content-type') ?? '';
  if (!answer.ok || type.startsWith('text/html')) throw new Error(`help document: ${answer.status}`);
  const url = URL.createObjectURL(await answer.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
