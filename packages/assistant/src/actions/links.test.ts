import { expect } from '@esm-bundle/chai';
import { PATHS } from '@ops/shared';
import { consolePath, diagnosisPath } from './links';

const queryOf = (path: string | null) => {
  expect(path).to.be.a('string');
  const [where, query] = String(path).split('?');
  return { where, query: Object.fromEntries(new URLSearchParams(query)) };
};

describe('assistant action links', () => {
  it('builds the diagnosis page of a fault with the query of spec §2', () => {
    const path = diagnosisPath(
      'result_diagnose',
      { stationId: 's1', fdpId: 'f1', recordname: '1号机组过热', device: '1号机组', ord: 2 },
      { func: 'result_diagnose' },
    );
    expect(queryOf(path)).to.deep.equal({
      where: PATHS.diagnosis,
      query: {
        func: 'result_diagnose',
        stationId: 's1',
        fdpId: 'f1',
        recordname: '1号机组过热',
        device: '1号机组',
        ord: '2',
      },
    });
  });

  it('takes what params lacks from the item, and names no page without a fault', () => {
    const item = {
      func: 'choose_fault',
      fdpId: 'f2',
      stationId: 's2',
      record_name: '渗漏',
      device_name: '闸门',
      ord: 1,
    };
    expect(queryOf(diagnosisPath('choose_fault', null, item)).query).to.deep.equal({
      func: 'choose_fault',
      stationId: 's2',
      fdpId: 'f2',
      recordname: '渗漏',
      device: '闸门',
      ord: '1',
    });
    expect(
      queryOf(diagnosisPath('result_diagnose', { record_name: '甲', device_name: '乙', fdpId: 'f' }, {}))
        .query,
    ).to.include({ recordname: '甲', device: '乙' });
    expect(diagnosisPath('result_diagnose', { stationId: 's1' }, { func: 'result_diagnose' })).to.equal(null);
    expect(diagnosisPath('result_diagnose', 'fdpId=f1', { func: 'result_diagnose' })).to.equal(null);
  });

  it('encodes the query: a value cannot add a parameter or leave the page', () => {
    const path = diagnosisPath('result_diagnose', { fdpId: 'f1&stationId=evil#x', device: 'a b/c' }, {});
    const { where, query } = queryOf(path);
    expect(where).to.equal(PATHS.diagnosis);
    expect(query.fdpId).to.equal('f1&stationId=evil#x');
    expect(query.stationId).to.equal('');
    expect(query.device).to.equal('a b/c');
    expect(path).to.not.include('#');
  });

  it('opens only the console’s own paths, keeping their query and hash', () => {
    const kept: [string, string][] = [
      ['/alarm', '/alarm'],
      ['  /alarm/list  ', '/alarm/list'],
      ['/alarm?level=1&x=%E4%B8%80#top', '/alarm?level=1&x=%E4%B8%80#top'],
      ['/a/../b', '/b'],
    ];
    for (const [path, expected] of kept) expect(consolePath(path), path).to.equal(expected);
    const refused: unknown[] = [
      '//evil.example/x',
      'https://x',
      'http://console.invalid/x',
      'javascript:alert(1)',
      ' javascript:alert(1)',
      'alarm',
      './alarm',
      '../alarm',
      '?x=1',
      '#top',
      '',
      '   ',
      '/alarm list',
      '/alarm\tlist',
      '/alarm\nlist',
      '/\\evil.example',
      '/a\\b',
      null,
      undefined,
      7,
      { path: '/alarm' },
      ['/alarm'],
    ];
    for (const path of refused) expect(consolePath(path), JSON.stringify(path)).to.equal(null);
  });
});
