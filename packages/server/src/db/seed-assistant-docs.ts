/**
 * The assistant's per-tenant seed (issue 26): the data instructs (dataInstruct/list) and the knowledge
 * documents with their pictures. Demo documents only: nothing in them is sensitive, so their files are
 * served without a token (docs/api.md).
 */

export const INSTRUCT_DEMO_PATH = '/api/hzgglm-model-business/demo/instruct/health';

export type InstructKind = 'energy' | 'alarms' | 'health' | 'record';

export interface InstructSeed {
  id: string;
  kind: InstructKind;
  name: string;
  englishName: string;
  description: string;
  apiUrl: string;
}

/** The tenant's four instructs; an id is the tenant id followed by two digits. */
export function instructsOf(tenantId: string, storage: boolean): InstructSeed[] {
  const energy = storage ? '放电量' : '发电量';
  return [
    {
      id: `${tenantId}01`,
      kind: 'energy',
      name: `日${energy}统计`,
      englishName: 'daily energy report',
      description: `统计各电站今日${energy}并排名`,
      apiUrl: '',
    },
    {
      id: `${tenantId}02`,
      kind: 'alarms',
      name: '告警汇总',
      englishName: 'alarm summary',
      description: '汇总当前未读告警',
      apiUrl: '',
    },
    {
      id: `${tenantId}03`,
      kind: 'health',
      name: '设备健康评估',
      englishName: 'device health check',
      description: '评估首个电站各设备的健康状况（外部接口）',
      apiUrl: INSTRUCT_DEMO_PATH,
    },
    {
      id: `${tenantId}04`,
      kind: 'record',
      name: '运行日志记录',
      englishName: 'shift log record',
      description: '按当前实时数据生成运行日志',
      apiUrl: '',
    },
  ];
}

/** The tenant an instruct id belongs to, or null for an id of no instruct shape. */
export const instructTenant = (id: string) => (/^[0-9]{6}0[1-9]$/.test(id) ? id.slice(0, 6) : null);

export const KNOWLEDGE_BASE = '/api/hzgglm-model-business/knowledge/file/';

export interface KnowledgeSeed {
  file: string;
  name: string;
  englishName: string;
  keywords: string[];
  /** Pages of ASCII lines (the PDF's standard font has no CJK glyphs). */
  pages: string[][];
}

export const KNOWLEDGE: readonly KnowledgeSeed[] = [
  {
    file: 'unit-vibration.pdf',
    name: '水轮发电机组振动处理规程',
    englishName: 'Hydro unit vibration procedure',
    keywords: ['振动', '摆度', 'vibration'],
    pages: [
      [
        'Hydro unit vibration procedure',
        '',
        '1. Scope',
        'Applies to vertical Francis units of the hydropower stations.',
        'Alarm: bearing vibration above 0.10 mm; trip above 0.16 mm.',
      ],
      [
        '2. Immediate actions',
        'a) Read the vibration and swing of the upper, lower and turbine bearings.',
        'b) Move the unit out of the rough zone (guide vane 35% to 55%).',
        'c) If vibration keeps rising, reduce load and prepare a normal stop.',
      ],
      [
        '3. Causes to check',
        '- Hydraulic: draft tube vortex, cavitation, blocked trash rack.',
        '- Mechanical: unbalance, loose bearing shoes, misalignment.',
        '- Electrical: unbalanced air gap, rotor winding short circuit.',
      ],
    ],
  },
  {
    file: 'transformer-oil.pdf',
    name: '主变油温异常处理指南',
    englishName: 'Transformer oil temperature guide',
    keywords: ['油温', '主变', '变压器', 'transformer', 'oil'],
    pages: [
      [
        'Transformer oil temperature guide',
        '',
        'Top-oil alarm at 70 C, trip at 85 C (ONAF cooling).',
        'Compare the reading with the load current and the ambient temperature.',
      ],
      [
        'Checks',
        '1. Coolers in service, fans and pumps running.',
        '2. Oil level and the Buchholz relay.',
        '3. Dissolved gas analysis when the rise is not explained by load.',
      ],
    ],
  },
  {
    file: 'battery-safety.pdf',
    name: '储能电池舱安全运行手册',
    englishName: 'Battery cabin safety manual',
    keywords: ['电池', '储能', '荷电', 'battery', 'soc'],
    pages: [
      [
        'Battery cabin safety manual',
        '',
        'Keep the state of charge between 10% and 95%.',
        'Cell temperature alarm at 45 C; stop charging above 50 C.',
      ],
      [
        'On a thermal alarm',
        '1. Stop charging and discharging of the affected rack.',
        '2. Check the HVAC and the cooling fans.',
        '3. Keep the fire suppression system armed; do not open the cabin.',
      ],
    ],
  },
];

export interface PictureSeed {
  file: string;
  title: string;
  conclusion: [zh: string, en: string];
  /** Spec §3 picture source: 0 pDecCloud, 1 v3, 2 v4 (each base serves every picture). */
  picSource: 0 | 1 | 2;
  /** Bar heights (0..1) of the drawn chart. */
  bars: number[];
}

export const PICTURES: readonly PictureSeed[] = [
  {
    file: 'vibration-spectrum.svg',
    title: 'Vibration spectrum, upper bearing',
    conclusion: [
      '频谱以 1 倍转频为主，判断为转子质量不平衡',
      'The 1x running speed dominates: rotor unbalance',
    ],
    picSource: 0,
    bars: [0.9, 0.35, 0.2, 0.12, 0.08, 0.05],
  },
  {
    file: 'oil-temperature.svg',
    title: 'Top-oil temperature, last 24 h',
    conclusion: [
      '油温随负荷同步上升，冷却器投入后回落',
      'Oil follows the load and falls once the coolers run',
    ],
    picSource: 1,
    bars: [0.4, 0.45, 0.55, 0.7, 0.85, 0.6],
  },
  {
    file: 'thermal-image.svg',
    title: 'Infrared image, converter cabinet',
    conclusion: ['柜内右上角温度偏高，与风机停转位置一致', 'Hot spot top right, where the stopped fan is'],
    picSource: 2,
    bars: [0.3, 0.35, 0.5, 0.65, 0.95, 0.4],
  },
];

export const PICTURE_BASES = [
  '/api/hzinfo-pdec-cloud/file/',
  '/api/hzinfo-v3/file/',
  '/api/hzinfo-v4/file/',
] as const;
