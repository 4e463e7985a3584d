/** The facts the built-in responder reads and the answers it gives (pure types and helpers). */

export const PERSONAS = ['hydropower', 'hydraulicEngineering', 'energyStorage'] as const;
export type Persona = (typeof PERSONAS)[number];
export type Lang = 'zh' | 'en';

export interface StationFacts {
  stationId: string;
  name: string;
  /** The English name (first word of the seeded remark), for English questions. */
  englishName: string;
  kind: 'hydro' | 'storage';
}

export interface PointFacts {
  realId: string;
  pointName: string;
  unit: string;
  deviceName: string;
  deviceCode: string;
  value: number | null;
}

export interface AlarmFacts {
  subject: string;
  content: string;
  pushTime: string;
  read: boolean;
}

/** What the responder may read: the caller's tenant only. */
export interface AssistantData {
  stations(): StationFacts[];
  /** Latest values of the station's points, device by device. */
  points(stationId: string): PointFacts[];
  /** Energy the station generated (storage: discharged) today so far, in MWh. */
  energyToday(stationId: string): number;
  /** The caller's alarm messages, newest first. */
  alarms(): AlarmFacts[];
  /** "YYYY-MM-DD HH:mm:ss" of now and of today's midnight (Beijing time). */
  times(): { now: string; midnight: string };
  /** The seeded facts the action functions (spec §3) answer from; without them only text intents answer. */
  actions?: ActionFacts;
}

/** A device of a station, with the English name English questions use ("unit 1", "main transformer"). */
export interface DeviceFacts {
  deviceCode: string;
  deviceName: string;
  englishName: string;
}

export interface CanvasFacts {
  canvasId: string;
  name: string;
  englishName: string;
}

export interface VideoFacts {
  videoId: string;
  name: string;
  englishName: string;
  url: string;
  poster: string;
}

export interface FaultFacts {
  fdpId: string;
  record_name: string;
  englishName: string;
  deviceCode: string;
  device_name: string;
  ord: number;
  time: string;
  errorInfo: string;
}

export interface InstructFacts {
  id: string;
  name: string;
  englishName: string;
  description: string;
  apiUrl: string;
  /** The instruct that records (spec §3 `record`): run with an instance id. */
  record: boolean;
}

/** A remote-control item as the remote-control parcel opens it (contract: confirm_yk). */
export interface ControlFacts {
  projectId: string;
  projectName: string;
  deviceCode: string;
  deviceName: string;
  name: string;
  /** The item's English name, for English questions. */
  englishName: string;
  signage: string;
  modelClassifyId: number;
}

export interface MenuFacts {
  name: string;
  path: string;
  /** The menu's code as words ("notice center"), for English questions. */
  words: string;
}

export interface KnowledgeFacts {
  name: string;
  englishName: string;
  url: string;
  keywords: string[];
}

export interface PictureFacts {
  url: string;
  conclusion: string;
  englishConclusion: string;
  picSource: 0 | 1 | 2;
}

export interface ActionFacts {
  devices(stationId: string): DeviceFacts[];
  canvases(stationId: string): CanvasFacts[];
  videos(stationId: string): VideoFacts[];
  /** The station's faults, newest first. */
  faults(stationId: string): FaultFacts[];
  instructs(): InstructFacts[];
  controls(stationId: string): ControlFacts[];
  /** The caller's menu items that open a page. */
  menus(): MenuFacts[];
  knowledge(): KnowledgeFacts[];
  pictures(): PictureFacts[];
  /** A realId's point of the tenant, with its station. */
  point(realId: string): (PointFacts & { stationId: string; stationName: string }) | null;
}

/** One action item of an answer (spec §3 extra item). */
export interface ExtraItem {
  func: string;
  name?: string;
  label?: string;
  data?: unknown;
  params?: Record<string, unknown>;
  station_name?: string;
  device_name?: string;
  attrName?: string;
  beginTime?: string;
  endTime?: string;
  picSource?: 0 | 1 | 2;
  record_name?: string;
  errorInfo?: string;
  instanceId?: string;
}

export interface Answer {
  reasoning: string;
  content: string;
  extras: ExtraItem[];
}

export const L = (lang: Lang, zh: string, en: string) => (lang === 'en' ? en : zh);
/** A table cell: pipes and line breaks of data never break the markdown table. */
export const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/[\r\n]+/g, ' ');
