import { expect } from '@esm-bundle/chai';
import { PAGE_PATHS, pageOf, realtimePath, stationOf } from './pages';

describe('pages: which page a path shows', () => {
  const table: Array<[string, string]> = [
    ['/station-monitor/overview/index', 'overview'],
    ['/station-monitor/overview/index/', 'overview'],
    ['/station-monitor', 'overview'],
    ['/station-monitor/', 'overview'],
    ['/station-monitor/index', 'overview'],
    ['/station-monitor/realtime/index', 'realtime'],
    ['/station-monitor/alarm/index', 'alarms'],
    ['/station-monitor/alarm/statistics', 'alarm-stats'],
    ['/station-monitor/alarm/statistics/', 'alarm-stats'],
    ['/station-monitor/visual/index', 'visual'],
    ['/station-monitor/visual/index/', 'visual'],
    // Paths that are no page at all (the logs are the system app's: /system/log/...).
    ['/station-monitor/logs/usual', 'not-found'],
    ['/station-monitor/logs/error', 'not-found'],
    ['/station-monitor/alarm/statistics/extra', 'not-found'],
    ['/station-monitor/alarm', 'not-found'],
    ['/station-monitor/visual', 'not-found'],
    ['/station-monitor/overview', 'not-found'],
    ['/station-monitor/overview/index/extra', 'not-found'],
    ['/station-monitorx/overview/index', 'not-found'],
    ['/other/overview/index', 'not-found'],
    ['/', 'not-found'],
  ];
  for (const [path, page] of table) {
    it(`${path} -> ${page}`, () => expect(pageOf(path)).to.equal(page));
  }

  it('names every page path after its page', () => {
    for (const [page, path] of Object.entries(PAGE_PATHS)) expect(pageOf(path)).to.equal(page);
  });
});

describe('pages: the realtime page of a station', () => {
  it('puts the station in the query, encoded', () => {
    expect(realtimePath('HS0001')).to.equal('/station-monitor/realtime/index?station=HS0001');
    expect(realtimePath(null)).to.equal('/station-monitor/realtime/index');
    expect(realtimePath('')).to.equal('/station-monitor/realtime/index');
  });

  it('reads a well-formed station id from the query and nothing else', () => {
    expect(stationOf('?station=HS0001')).to.equal('HS0001');
    expect(stationOf('?x=1&station=ES0012')).to.equal('ES0012');
    expect(stationOf('')).to.equal(null);
    expect(stationOf('?station=')).to.equal(null);
    expect(stationOf('?station=HS0001%27%20OR%201%3D1')).to.equal(null);
    expect(stationOf(`?station=${'A'.repeat(21)}`)).to.equal(null);
    expect(stationOf(realtimePath('HS0002').slice(realtimePath('HS0002').indexOf('?')))).to.equal('HS0002');
  });
});
