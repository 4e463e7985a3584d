import { expect } from '@esm-bundle/chai';
import { UNIT_1 } from '../../../../test/support/devices';
import {
  auditQuery,
  bySite,
  type ControlFunction,
  lastValueOf,
  parseAuditPage,
  parseDevices,
  requestOf,
} from './rules';

const ANSWER = [
  {
    ...UNIT_1,
    functions: [
      {
        name: '启停控制',
        signage: 'G1_START',
        modelClassifyId: 1,
        options: [
          { value: 0, label: '启动' },
          { value: 1, label: '停止' },
          { value: 'x', label: 'junk' },
        ],
        lastValue: '{"value":1}',
        lastTime: '2026-06-01 12:00:00',
      },
      { name: '坏的', signage: 'BAD', modelClassifyId: 7 },
      {
        name: '功率调节',
        signage: 'G1_SET',
        modelClassifyId: 3,
        params: [{ paramsCode: 'P', paramsName: '有功功率设定值', useCoefficient: 1 }],
        minValue: 0,
        maxValue: 100,
      },
    ],
  },
  {
    deviceCode: 'HS0002-G1',
    deviceName: '1号机组',
    projectId: 'HS0002',
    projectName: '白石窑水电站',
    functions: [],
  },
  {
    deviceCode: 'HS0001-DC',
    deviceName: '直流系统',
    projectId: 'HS0001',
    projectName: '飞来峡水电站',
    functions: [],
  },
  { deviceName: 'no code' },
  'junk',
];

describe('device-control rules', () => {
  const devices = parseDevices(ANSWER);

  it('reads the devices answer, leaving out what does not fit', () => {
    expect(devices.map((d) => d.deviceCode)).to.deep.equal(['HS0001-G1', 'HS0002-G1', 'HS0001-DC']);
    expect(devices[0]!.functions.map((f) => f.signage)).to.deep.equal(['G1_START', 'G1_SET']);
    expect(devices[0]!.functions[0]!.options).to.deep.equal([
      { value: 0, label: '启动' },
      { value: 1, label: '停止' },
    ]);
    expect(parseDevices(null)).to.deep.equal([]);
  });

  it('groups devices by site in the server’s order', () => {
    expect(bySite(devices).map((s) => [s.projectName, s.devices.map((d) => d.deviceCode)])).to.deep.equal([
      ['飞来峡水电站', ['HS0001-G1', 'HS0001-DC']],
      ['白石窑水电站', ['HS0002-G1']],
    ]);
  });

  it('opens the parcel with the whole item', () => {
    const device = devices[0]!;
    expect(requestOf(device, device.functions[1]!)).to.deep.equal({
      projectId: 'HS0001',
      projectName: '飞来峡水电站',
      deviceCode: 'HS0001-G1',
      deviceName: '1号机组',
      name: '功率调节',
      signage: 'G1_SET',
      modelClassifyId: 3,
      options: [],
      params: [{ paramsCode: 'P', paramsName: '有功功率设定值', paramsValue: '', useCoefficient: 1 }],
      minValue: 0,
      maxValue: 100,
    });
  });

  it('describes the last command the device took', () => {
    const base: ControlFunction = {
      name: 'x',
      signage: 'X',
      modelClassifyId: 1,
      options: [{ value: 1, label: '停止' }],
      params: [{ paramsCode: 'Q', paramsName: '无功功率' }],
      minValue: null,
      maxValue: null,
      lastValue: null,
      lastTime: null,
    };
    const table: [Partial<ControlFunction>, ReturnType<typeof lastValueOf>][] = [
      [{}, { kind: 'none' }],
      [{ lastValue: '{"value":1}' }, { kind: 'option', label: '停止' }],
      [{ lastValue: '{"value":5}' }, { kind: 'none' }],
      // Type 0 records the dictKey as text (spec §7).
      [
        { modelClassifyId: 0, options: [{ value: '2', label: '检修' }], lastValue: '{"value":"2"}' },
        { kind: 'option', label: '检修' },
      ],
      [{ lastValue: 'not json' }, { kind: 'none' }],
      [
        { modelClassifyId: 2, lastValue: '{"value":3}' },
        { kind: 'breaker', step: 3 },
      ],
      [{ modelClassifyId: 4, lastValue: '{"value":1}' }, { kind: 'executed' }],
      [
        { modelClassifyId: 3, lastValue: '{"Q":5,"P":2}' },
        { kind: 'params', text: '无功功率 5，P 2' },
      ],
    ];
    for (const [change, expected] of table)
      expect(lastValueOf({ ...base, ...change })).to.deep.equal(expected);
  });

  it('reads an audit page and asks for a page and a device', () => {
    const page = parseAuditPage({
      records: [
        {
          id: '7',
          result: 'failed',
          deviceCode: 'HS0001-DC',
          signage: 'DC_QF',
          latencyMs: 4,
          idempotencyKey: 'k',
        },
        { id: '8', result: 'exploded' },
        { result: 'success' },
      ],
      total: 21,
    });
    expect(page.total).to.equal(21);
    expect(page.rows.map((r) => [r.id, r.result, r.deviceName, r.functionName, r.latencyMs])).to.deep.equal([
      ['7', 'failed', 'HS0001-DC', 'DC_QF', 4],
    ]);
    expect(parseAuditPage('junk')).to.deep.equal({ rows: [], total: 0 });
    expect(auditQuery(1, '')).to.deep.equal({ current: '1', size: '10' });
    expect(auditQuery(3, 'HS0001-G1')).to.deep.equal({ current: '3', size: '10', deviceCode: 'HS0001-G1' });
  });
});
