/**
 * The diagnosis page (spec §2 `/operational/DefectManagement/components/Diagnostic-process`, query func,
 * stationId, fdpId, recordname, device, ord): which fault its query names, and the process the server
 * answers (docs/assistant-actions.md) as checked data.
 */
import { firstText, isFields, listOf } from '../actions/values';

export const DIAGNOSIS_API = '/api/hzims-fdp/diagnosis/process';

export interface DiagnosisQuery {
  func: string;
  stationId: string;
  fdpId: string;
  recordname: string;
  device: string;
  ord: string;
}

export function diagnosisQuery(search: string): DiagnosisQuery {
  const q = new URLSearchParams(search);
  const get = (key: string) => (q.get(key) ?? '').trim();
  return {
    func: get('func'),
    stationId: get('stationId'),
    fdpId: get('fdpId'),
    recordname: get('recordname'),
    device: get('device'),
    ord: get('ord'),
  };
}

export type Outcome = 'normal' | 'abnormal' | 'unknown';

export interface DiagnosisStep {
  ord: string;
  name: string;
  detail: string;
  outcome: Outcome;
}

export interface Diagnosis {
  recordName: string;
  stationName: string;
  deviceName: string;
  time: string;
  errorInfo: string;
  steps: DiagnosisStep[];
  conclusion: string;
}

const OUTCOMES: readonly Outcome[] = ['normal', 'abnormal', 'unknown'];

/** The process as the page shows it: steps in their order, an outcome it does not know read as unknown. */
export function diagnosisOf(data: unknown, query: DiagnosisQuery): Diagnosis | null {
  if (!isFields(data)) return null;
  const steps = listOf(data.steps)
    .map((step, index) => {
      const outcome = firstText(step, 'outcome') as Outcome;
      return {
        ord: firstText(step, 'ord') || String(index + 1),
        name: firstText(step, 'name'),
        detail: firstText(step, 'detail'),
        outcome: OUTCOMES.includes(outcome) ? outcome : 'unknown',
      };
    })
    .filter((step) => step.name)
    .sort((a, b) => Number(a.ord) - Number(b.ord));
  return {
    recordName: firstText(data, 'record_name') || query.recordname,
    stationName: firstText(data, 'station_name'),
    deviceName: firstText(data, 'device_name') || query.device,
    time: firstText(data, 'time'),
    errorInfo: firstText(data, 'errorInfo'),
    steps,
    conclusion: firstText(data, 'conclusion'),
  };
}
