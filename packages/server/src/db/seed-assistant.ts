/**
 * The assistant's action seed (issue 26): per station two SCADA canvases bound to its points, two cameras
 * and three faults with their diagnosis processes. Derived in code from each station's row and device
 * codes, so every tenant's stations have them without tables; ids are the station's dept id followed by a
 * digit, unique across tenants, so a lookup names its station and the tenant check is the station's.
 */

/** What the seed needs of a station. */
export interface SeedStation {
  deptId: number;
  stationId: string;
  name: string;
}

const storage = (s: SeedStation) => s.stationId.startsWith('ES');
/** The first unit of the station: a generator of a hydropower station, a converter of a storage one. */
const unit = (s: SeedStation) => (storage(s) ? 'PCS1' : 'G1');

export type CanvasKind = 'main' | 'unit';

export interface CanvasSeed {
  canvasId: string;
  kind: CanvasKind;
  name: string;
  englishName: string;
}

export function canvasesOf(s: SeedStation): CanvasSeed[] {
  return [
    { canvasId: `${s.deptId}1`, kind: 'main', name: '主接线图', englishName: 'main wiring diagram' },
    storage(s)
      ? {
          canvasId: `${s.deptId}2`,
          kind: 'unit',
          name: '1号储能变流器单元图',
          englishName: 'converter 1 diagram',
        }
      : { canvasId: `${s.deptId}2`, kind: 'unit', name: '1号机组单元图', englishName: 'unit 1 diagram' },
  ];
}

/** The station (dept id) and the seed entry's digit an id names, or null for an id of no seed shape. */
export function splitSeedId(id: string, digits = 1): { deptId: number; n: number } | null {
  if (!/^[1-9][0-9]{1,17}$/.test(id) || id.length <= digits) return null;
  return { deptId: Number(id.slice(0, -digits)), n: Number(id.slice(-digits)) };
}

export type CanvasElement =
  | { kind: 'bus' | 'line'; x1: number; y1: number; x2: number; y2: number }
  | {
      kind: 'unit' | 'breaker' | 'transformer' | 'box';
      x: number;
      y: number;
      w: number;
      h: number;
      label?: string;
    }
  | { kind: 'text'; x: number; y: number; text: string }
  | { kind: 'value'; x: number; y: number; realId: string; label: string; unit: string };

export interface PointRef {
  realId: string;
  pointName: string;
  unit: string;
}

/**
 * The canvas's drawing: the contract's elements, each value bound to a point of the station (points the
 * station lacks are left out, so every bound realId is real).
 */
export function drawingOf(
  s: SeedStation,
  kind: CanvasKind,
  points: readonly PointRef[],
): { width: number; height: number; elements: CanvasElement[] } {
  const byId = new Map(points.map((p) => [p.realId, p]));
  const elements: CanvasElement[] = [];
  const value = (x: number, y: number, code: string) => {
    const p = byId.get(`${s.stationId}.${code}`);
    if (p) elements.push({ kind: 'value', x, y, realId: p.realId, label: p.pointName, unit: p.unit });
  };
  const line = (x1: number, y1: number, x2: number, y2: number) =>
    elements.push({ kind: 'line', x1, y1, x2, y2 });
  const units = storage(s) ? ['PCS1', 'PCS2'] : ['G1', 'G2'];
  const unitName = (n: number) => (storage(s) ? `${n}号储能变流器` : `${n}号机组`);
  if (kind === 'main') {
    elements.push({ kind: 'text', x: 20, y: 30, text: `${s.name} 主接线图` });
    elements.push(
      { kind: 'bus', x1: 80, y1: 80, x2: 720, y2: 80 },
      { kind: 'text', x: 80, y: 70, text: '110kV 母线' },
    );
    line(400, 80, 400, 110);
    elements.push({ kind: 'transformer', x: 360, y: 110, w: 80, h: 60, label: '1号主变' });
    value(460, 130, 'T1.OIL');
    value(460, 155, 'T1.IA');
    line(400, 170, 400, 240);
    elements.push(
      { kind: 'bus', x1: 120, y1: 240, x2: 680, y2: 240 },
      { kind: 'text', x: 120, y: 230, text: '10kV 母线' },
    );
    for (const [index, code] of units.entries()) {
      const x = index === 0 ? 220 : 580;
      line(x, 240, x, 270);
      elements.push({ kind: 'breaker', x: x - 20, y: 270, w: 40, h: 30, label: `QF${index + 1}` });
      line(x, 300, x, 330);
      elements.push({ kind: 'unit', x: x - 40, y: 330, w: 80, h: 60, label: unitName(index + 1) });
      value(x + 50, 350, `${code}.P`);
      value(x + 50, 375, storage(s) ? `${code}.SOC` : `${code}.Q`);
    }
    elements.push({ kind: 'box', x: 40, y: 410, w: 120, h: 50, label: '直流系统' });
    value(170, 440, 'DC.UB');
    if (!storage(s)) {
      elements.push({ kind: 'box', x: 620, y: 410, w: 120, h: 50, label: '1号闸门' });
      value(500, 440, 'GATE1.OPEN');
    }
    return { width: 800, height: 480, elements };
  }
  const code = unit(s);
  elements.push({ kind: 'text', x: 20, y: 30, text: `${s.name} ${unitName(1)}单元图` });
  elements.push({ kind: 'bus', x1: 100, y1: 80, x2: 500, y2: 80 });
  line(300, 80, 300, 120);
  elements.push({ kind: 'breaker', x: 280, y: 120, w: 40, h: 30, label: 'QF1' });
  line(300, 150, 300, 190);
  elements.push({ kind: 'unit', x: 240, y: 190, w: 120, h: 90, label: unitName(1) });
  const codes = storage(s) ? ['P', 'SOC', 'TB'] : ['P', 'Q', 'TS', 'GV'];
  for (const [index, point] of codes.entries()) value(400, 200 + index * 25, `${code}.${point}`);
  if (!storage(s)) {
    elements.push({ kind: 'box', x: 60, y: 300, w: 140, h: 50, label: '1号闸门' });
    value(60, 370, 'GATE1.OPEN');
    value(60, 395, 'GATE1.UPL');
  }
  return { width: 600, height: 420, elements };
}

export const DEMO_VIDEO = 'demo-video.webm';
export const VIDEO_BASE = '/api/hzinfo-video/file/';

export interface VideoSeed {
  videoId: string;
  name: string;
  englishName: string;
  url: string;
  poster: string;
}

/** Two cameras per station, both showing the served demo video (one real recording is enough for a demo). */
export function videosOf(s: SeedStation): VideoSeed[] {
  const names: [string, string][] = storage(s)
    ? [
        ['电池舱监控', 'battery cabin camera'],
        ['升压站监控', 'substation camera'],
      ]
    : [
        ['大坝全景', 'dam camera'],
        ['厂房机组', 'powerhouse camera'],
      ];
  return names.map(([name, englishName], index) => ({
    videoId: `${s.deptId}${index + 1}`,
    name,
    englishName,
    url: `${VIDEO_BASE}${DEMO_VIDEO}`,
    poster: `${VIDEO_BASE}poster-${index + 1}.svg`,
  }));
}

export type Outcome = 'normal' | 'abnormal' | 'unknown';
type Text = [zh: string, en: string];

export interface FaultSeed {
  fdpId: string;
  record: Text;
  deviceCode: string;
  /** The step the diagnosis stopped at (the abnormal one). */
  ord: number;
  /** Hours before now the fault was recorded. */
  hoursAgo: number;
  errorInfo: Text;
  steps: { name: Text; detail: Text; outcome: Outcome }[];
  conclusion: Text;
}

/** Three faults per station, newest first, each with a diagnosis process of four steps. */
export function faultsOf(s: SeedStation): FaultSeed[] {
  const code = unit(s);
  const unitFault: Omit<FaultSeed, 'fdpId'> = storage(s)
    ? {
        record: ['1号储能变流器IGBT过温', 'Converter 1 IGBT over-temperature'],
        deviceCode: code,
        ord: 3,
        hoursAgo: 2,
        errorInfo: [
          'IGBT 模块温度 92 ℃，超过告警限值 85 ℃',
          'IGBT module at 92 ℃, above the 85 ℃ alarm limit',
        ],
        steps: [
          step(
            ['检查温度采集回路', 'Check the temperature sensing'],
            ['采集值与巡检测温一致', 'Matches the handheld reading'],
            'normal',
          ),
          step(
            ['检查充放电功率', 'Check the charge power'],
            ['功率在额定范围内', 'Within the rated power'],
            'normal',
          ),
          step(['检查冷却风机', 'Check the cooling fans'], ['2号风机停转', 'Fan 2 has stopped'], 'abnormal'),
          step(
            ['检查散热器积尘', 'Check the heat sink'],
            ['待停机后检查', 'To check after shutdown'],
            'unknown',
          ),
        ],
        conclusion: [
          '2号冷却风机故障导致散热不足，建议降功率运行并更换风机',
          'Fan 2 failed; run at reduced power and replace the fan',
        ],
      }
    : {
        record: ['1号机组定子温度偏高', 'Unit 1 stator over-temperature'],
        deviceCode: code,
        ord: 3,
        hoursAgo: 2,
        errorInfo: ['定子温度 82.5 ℃，超过告警限值 80 ℃', 'Stator at 82.5 ℃, above the 80 ℃ alarm limit'],
        steps: [
          step(
            ['检查测温元件', 'Check the RTDs'],
            ['三支测温元件读数一致', 'The three RTDs agree'],
            'normal',
          ),
          step(
            ['检查冷却水流量', 'Check the cooling water flow'],
            ['流量 120 m³/h，正常', '120 m³/h, normal'],
            'normal',
          ),
          step(
            ['检查空气冷却器温差', 'Check the air cooler ΔT'],
            ['进出口温差仅 3 ℃', 'Only 3 ℃ across the cooler'],
            'abnormal',
          ),
          step(['检查三相电流平衡', 'Check the phase balance'], ['待复核', 'To be checked'], 'unknown'),
        ],
        conclusion: [
          '空气冷却器堵塞导致冷却效果下降，建议安排停机清洗冷却器',
          'The air cooler is clogged; plan a stop to clean it',
        ],
      };
  const faults: Omit<FaultSeed, 'fdpId'>[] = [
    unitFault,
    {
      record: ['1号主变顶层油温高', 'Main transformer top-oil temperature high'],
      deviceCode: 'T1',
      ord: 2,
      hoursAgo: 26,
      errorInfo: ['顶层油温 71 ℃，超过告警限值 70 ℃', 'Top oil at 71 ℃, above the 70 ℃ alarm limit'],
      steps: [
        step(['核对负荷电流', 'Check the load current'], ['负荷 85%，正常', '85% load, normal'], 'normal'),
        step(
          ['检查冷却器投入情况', 'Check the coolers in service'],
          ['1组冷却器未投入', 'Cooler group 1 is off'],
          'abnormal',
        ),
        step(['油色谱分析', 'Dissolved gas analysis'], ['各组分正常', 'All gases normal'], 'normal'),
        step(['红外测温', 'Infrared survey'], ['未发现局部过热', 'No hot spot found'], 'normal'),
      ],
      conclusion: [
        '冷却器自动投入回路故障，已手动投入，建议检修控制回路',
        'The cooler start circuit failed; started by hand, repair the circuit',
      ],
    },
    {
      record: ['直流系统绝缘降低', 'DC system insulation low'],
      deviceCode: 'DC',
      ord: 4,
      hoursAgo: 72,
      errorInfo: [
        '正极对地绝缘 18 kΩ，低于告警值 25 kΩ',
        'Positive to earth at 18 kΩ, below the 25 kΩ limit',
      ],
      steps: [
        step(
          ['确认绝缘监测装置', 'Check the insulation monitor'],
          ['装置自检正常', 'Self test passed'],
          'normal',
        ),
        step(['拉路查找接地支路', 'Find the earthed feeder'], ['定位至3号馈线', 'Feeder 3'], 'normal'),
        step(['检查馈线电缆', 'Check the feeder cable'], ['电缆外观正常', 'Cable looks sound'], 'normal'),
        step(
          ['检查端子箱', 'Check the terminal box'],
          ['端子箱受潮', 'The terminal box is damp'],
          'abnormal',
        ),
      ],
      conclusion: [
        '端子箱受潮引起绝缘下降，已加热除湿，建议更换密封条',
        'Damp terminal box; dried out, replace its seal',
      ],
    },
  ];
  return faults.map((f, index) => ({ ...f, fdpId: `${s.deptId}${index + 1}` }));
}

/** When a fault was recorded: whole hours before now, so every view of it shows the same time. */
export const faultTime = (now: number, hoursAgo: number) =>
  Math.floor(now / 3_600_000) * 3_600_000 - hoursAgo * 3_600_000;

function step(name: Text, detail: Text, outcome: Outcome) {
  return { name, detail, outcome };
}
