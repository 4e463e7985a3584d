import type { Http } from '@ops/shared';

export interface Station {
  id: string;
  stationId: string;
  deptName: string;
  linkman: string;
}

export const STATIONS_URL = '/api/blade-system/dept/getChildTenantDept';

/** The first page of the signed-in tenant's stations (docs/api.md: 10 per page in the console). */
export async function fetchStations(http: Http, signal: AbortSignal): Promise<Station[]> {
  const answer = await http.get<{ data?: { records?: Station[] } }>(STATIONS_URL, {
    params: { current: 1, size: 10 },
    signal,
  });
  return answer.data.data?.records ?? [];
}
