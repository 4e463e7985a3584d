import { expect } from '@esm-bundle/chai';
import { parseDevices, parsePage, readAlarm, readStation } from './api';

describe('api: answers', () => {
  it('reads a page of stations, turning missing fields into empty texts', () => {
    const page = parsePage(
      {
        records: [
          { id: '7', stationId: 'HS0001', deptName: '飞来峡水电站', linkman: '周强', contactNumber: null },
          null,
        ],
        total: 22,
      },
      readStation,
    );
    expect(page.total).to.equal(22);
    expect(page.records).to.deep.equal([
      {
        id: '7',
        stationId: 'HS0001',
        deptName: '飞来峡水电站',
        linkman: '周强',
        contactNumber: '',
        remark: '',
      },
    ]);
  });

  it('refuses an answer that is no page', () => {
    expect(() => parsePage(null, readStation)).to.throw(TypeError);
    expect(() => parsePage({ records: 'x' }, readStation)).to.throw(TypeError);
  });

  it('reads devices with their points; a point without data has no value', () => {
    const devices = parseDevices([
      {
        id: '1',
        deviceCode: 'HS0001-DC',
        deviceName: '直流系统',
        deviceType: 'dc',
        points: [
          { realId: 'HS0001.DC.UB', name: '母线电压', unit: 'V', value: 230.4, ts: 1000 },
          { realId: 'HS0001.DC.TB', name: '蓄电池温度', unit: '℃', value: null, ts: null },
        ],
      },
    ]);
    expect(devices[0]?.points.map((p) => [p.realId, p.value, p.ts])).to.deep.equal([
      ['HS0001.DC.UB', 230.4, 1000],
      ['HS0001.DC.TB', null, null],
    ]);
    expect(() => parseDevices({})).to.throw(TypeError);
    expect(parseDevices([{ id: 2, deviceCode: 'X' }])[0]).to.deep.equal({
      id: '2',
      deviceCode: 'X',
      deviceName: '',
      deviceType: '',
      points: [],
    });
  });

  it('reads alarm messages', () => {
    expect(readAlarm({ id: '3', subject: '水位告警', content: 'c', status: 1, pushTime: 't' })).to.deep.equal(
      {
        id: '3',
        subject: '水位告警',
        content: 'c',
        status: 1,
        pushTime: 't',
      },
    );
    expect(readAlarm({ id: '4' }).status).to.equal(0);
  });
});
