import { expect } from '@esm-bundle/chai';
import type { RemoteControlRequest } from '@ops/shared';
import { UNIT_1 } from '../../../test/support/devices';
import { findItem, isComplete } from './item';

const WANTED: RemoteControlRequest = {
  projectId: 'HS0001',
  projectName: '',
  deviceCode: 'HS0001-G1',
  deviceName: '',
  name: '启停控制',
  signage: 'G1_START',
  modelClassifyId: 1,
};

const ANSWER = [
  { deviceCode: 'HS0001-DC', functions: [{ signage: 'G1_START', modelClassifyId: 4 }] },
  {
    ...UNIT_1,
    functions: [
      {
        name: '启停控制',
        signage: 'G1_START',
        modelClassifyId: 1,
        options: [{ value: 0, label: '启动' }, { value: 1, label: '停止' }, { label: 'no value' }],
      },
      {
        name: '功率调节',
        signage: 'G1_SET',
        modelClassifyId: 3,
        params: [{ paramsCode: 'P', paramsName: '有功', useCoefficient: 10 }, { paramsName: 'no code' }],
        minValue: 0,
        maxValue: 100,
      },
      { name: '坏', signage: 'BAD', modelClassifyId: 9 },
    ],
  },
];

describe('remote control item', () => {
  it('needs options for types 0 and 1 and parameters for type 3; others open as they are', () => {
    expect(isComplete(WANTED)).to.equal(false);
    expect(isComplete({ ...WANTED, options: [{ value: 0, label: 'x' }] })).to.equal(true);
    expect(isComplete({ ...WANTED, modelClassifyId: 3 })).to.equal(false);
    expect(isComplete({ ...WANTED, modelClassifyId: 2 })).to.equal(true);
    expect(isComplete({ ...WANTED, modelClassifyId: 4 })).to.equal(true);
  });

  it('looks the item up by device code and signage in the devices answer', () => {
    const found = findItem(ANSWER, WANTED);
    expect(found).to.deep.include({ deviceName: '1号机组', projectName: '飞来峡水电站', modelClassifyId: 1 });
    expect(found?.options).to.deep.equal([
      { value: 0, label: '启动' },
      { value: 1, label: '停止' },
    ]);
    const form = findItem(ANSWER, { ...WANTED, signage: 'G1_SET', modelClassifyId: 3 });
    expect(form?.params).to.deep.equal([
      { paramsCode: 'P', paramsName: '有功', paramsValue: '', useCoefficient: 10 },
    ]);
    expect([form?.minValue, form?.maxValue]).to.deep.equal([0, 100]);
  });

  it('finds nothing for an unknown device, signage or type, or a junk answer', () => {
    expect(findItem(ANSWER, { ...WANTED, deviceCode: 'X' })).to.equal(null);
    expect(findItem(ANSWER, { ...WANTED, signage: 'NOPE' })).to.equal(null);
    expect(findItem(ANSWER, { ...WANTED, signage: 'BAD' })).to.equal(null);
    expect(findItem({ data: [] }, WANTED)).to.equal(null);
  });
});
