import { expect } from '@esm-bundle/chai';
import { controlRequestOf, controlRequests } from './control-items';

const item = {
  projectId: 'p1',
  projectName: '青山水电站',
  deviceCode: 'D01',
  deviceName: '1号机组',
  name: '合闸',
  signage: 'YK01',
  modelClassifyId: 1,
};

describe('assistant remote-control items (confirm_yk, control_device)', () => {
  it('makes the device page’s remote-control:open request of an item', () => {
    expect(controlRequestOf(item)).to.deep.equal(item);
  });

  it('makes one request per valid item, in order; a single object counts as a list of one', () => {
    const second = { ...item, name: '分闸', signage: 'YK02', modelClassifyId: '0' };
    expect(
      controlRequests([item, 'x', null, second]).map((r) => [r.signage, r.modelClassifyId]),
    ).to.deep.equal([
      ['YK01', 1],
      ['YK02', 0],
    ]);
    expect(controlRequests(item)).to.have.length(1);
    for (const none of [undefined, null, 'x', 3, []]) expect(controlRequests(none)).to.deep.equal([]);
  });

  it('drops an item missing its device, signage or name, or with a type outside 0-4', () => {
    const bad: Record<string, unknown>[] = [
      { ...item, deviceCode: '' },
      { ...item, deviceCode: undefined },
      { ...item, signage: '  ' },
      { ...item, signage: null },
      { ...item, name: '' },
      { ...item, name: undefined },
      { ...item, modelClassifyId: 5 },
      { ...item, modelClassifyId: -1 },
      { ...item, modelClassifyId: 1.5 },
      { ...item, modelClassifyId: 'two' },
      { ...item, modelClassifyId: undefined },
      { ...item, modelClassifyId: null },
      { ...item, modelClassifyId: '' },
      { ...item, modelClassifyId: [] },
    ];
    for (const entry of bad) expect(controlRequestOf(entry), JSON.stringify(entry)).to.equal(null);
    for (const type of [0, 1, 2, 3, 4, '4'])
      expect(controlRequestOf({ ...item, modelClassifyId: type })?.modelClassifyId).to.equal(Number(type));
    expect(controlRequests(bad)).to.deep.equal([]);
  });

  it('takes the station’s and device’s fields when the item lacks the project’s', () => {
    const { projectId: _id, projectName: _name, deviceName: _device, ...bare } = item;
    expect(
      controlRequestOf({ ...bare, stationId: 's9', station_name: '白河水电站', device_name: '2号机组' }),
    ).to.deep.include({ projectId: 's9', projectName: '白河水电站', deviceName: '2号机组' });
    expect(controlRequestOf({ ...item, stationId: 's9', station_name: '白河' })).to.deep.include({
      projectId: 'p1',
      projectName: '青山水电站',
    });
    expect(controlRequestOf(bare)).to.deep.include({ projectId: '', projectName: '', deviceName: '' });
  });
});
