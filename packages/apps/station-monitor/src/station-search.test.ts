import { expect } from '@esm-bundle/chai';
import { setLanguage, validationMessage } from '@ops/shared';
import { EMPTY_SEARCH, stationQuery, validateStationSearch } from './station-search';
import './texts';

const long = 'x'.repeat(21);

describe('station search: the site search limits of spec §5', () => {
  afterEach(() => setLanguage('zh'));

  it('lets empty and 20-character fields through', () => {
    expect(validateStationSearch(EMPTY_SEARCH)).to.deep.equal({ ok: true });
    const twenty = 'y'.repeat(20);
    expect(
      validateStationSearch({ stationId: twenty, stationName: '站'.repeat(20), linkman: twenty }),
    ).to.deep.equal({ ok: true });
  });

  const labels = { stationId: '站点编号', stationName: '电站名称', linkman: '联系人' } as const;
  for (const field of ['stationId', 'stationName', 'linkman'] as const) {
    it(`refuses 21 characters in ${field}, with a warning naming the field by its label`, () => {
      const result = validateStationSearch({ ...EMPTY_SEARCH, [field]: long });
      expect(result.ok).to.equal(false);
      if (result.ok) return;
      expect(result.field).to.equal(field);
      expect(validationMessage(result)).to.equal(`${labels[field]}不能超过 20 个字符`);
    });
  }

  it('names the first too-long field in form order, in the current language', () => {
    const result = validateStationSearch({ stationId: '', stationName: long, linkman: long });
    if (result.ok) throw new Error('expected a failure');
    expect(result.field).to.equal('stationName');
    setLanguage('en');
    expect(validationMessage(result)).to.equal('Station name must be at most 20 characters');
  });

  it('counts characters, not bytes', () => {
    expect(validateStationSearch({ ...EMPTY_SEARCH, linkman: '张'.repeat(21) }).ok).to.equal(false);
    expect(validateStationSearch({ ...EMPTY_SEARCH, linkman: '😀'.repeat(20) }).ok).to.equal(true);
  });
});

describe('station search: the list call', () => {
  it('asks for the page and size, leaving blank fields out', () => {
    expect(stationQuery(EMPTY_SEARCH, 1, 10)).to.deep.equal({ current: 1, size: 10 });
    expect(stationQuery({ stationId: '   ', stationName: '', linkman: '\t' }, 3, 10)).to.deep.equal({
      current: 3,
      size: 10,
    });
  });

  it('sends the station name as the list’s deptName, every field as typed', () => {
    expect(stationQuery({ stationId: 'HS00', stationName: ' 飞来峡', linkman: '周强' }, 2, 10)).to.deep.equal(
      {
        current: 2,
        size: 10,
        stationId: 'HS00',
        deptName: ' 飞来峡',
        linkman: '周强',
      },
    );
  });
});
