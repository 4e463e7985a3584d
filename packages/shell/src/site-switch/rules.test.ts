import { expect } from '@esm-bundle/chai';
import {
  applySearch,
  canRemove,
  checkSiteSearch,
  clampPage,
  EMPTY_SEARCH,
  goToPage,
  INITIAL_TABLE,
  isCurrentSite,
  joinChange,
  RETURN_CHANGE,
  readSitePage,
  renamedStation,
  SITE_PAGE_SIZE,
  type Site,
  siteActions,
  siteQuery,
  stationLabel,
} from './rules';

const site = (id: string, extra: Partial<Site> = {}): Site => ({
  id,
  stationId: `HS000${id}`,
  deptName: `站点${id}`,
  linkman: '张三',
  contactNumber: '13800000000',
  tenantId: '100001',
  joined: false,
  ...extra,
});

describe('site switch rules', () => {
  it('pages by 10', () => {
    expect(SITE_PAGE_SIZE).to.equal(10);
  });

  it('accepts search fields of up to 20 characters and names the first longer one in form order', () => {
    expect(
      checkSiteSearch({ stationId: 'x'.repeat(20), deptName: '站'.repeat(20), linkman: '' }),
    ).to.deep.equal({
      ok: true,
    });
    const long = checkSiteSearch({ stationId: '', deptName: 'x'.repeat(21), linkman: 'y'.repeat(21) });
    expect(long.ok).to.equal(false);
    expect(!long.ok && long.field).to.equal('deptName');
    const first = checkSiteSearch({ stationId: 'x'.repeat(21), deptName: 'x'.repeat(21), linkman: '' });
    expect(!first.ok && first.field).to.equal('stationId');
    const linkman = checkSiteSearch({ ...EMPTY_SEARCH, linkman: 'y'.repeat(21) });
    expect(!linkman.ok && linkman.field).to.equal('linkman');
  });

  it('a search that passes goes to page 1; one that fails changes nothing', () => {
    const on3 = { ...INITIAL_TABLE, page: 3 };
    const good = applySearch(on3, { ...EMPTY_SEARCH, deptName: '一级' });
    expect(good.state).to.deep.equal({ applied: { ...EMPTY_SEARCH, deptName: '一级' }, page: 1 });
    const bad = applySearch(on3, { ...EMPTY_SEARCH, linkman: 'y'.repeat(21) });
    expect(bad.state).to.equal(on3);
    expect(bad.check.ok).to.equal(false);
  });

  it('moves only to pages that exist', () => {
    expect(goToPage(INITIAL_TABLE, 3, 22).page).to.equal(3);
    expect(goToPage(INITIAL_TABLE, 4, 22)).to.equal(INITIAL_TABLE);
    expect(goToPage(INITIAL_TABLE, 0, 22)).to.equal(INITIAL_TABLE);
    expect(goToPage(INITIAL_TABLE, 1.5, 22)).to.equal(INITIAL_TABLE);
    expect(goToPage(INITIAL_TABLE, 1, 0)).to.deep.equal(INITIAL_TABLE);
  });

  it('builds the list query: paging by 10, blank fields left out, the rest trimmed', () => {
    expect(siteQuery(INITIAL_TABLE)).to.deep.equal({ current: 1, size: 10 });
    expect(
      siteQuery({ applied: { stationId: ' HS0003 ', deptName: '  ', linkman: '李' }, page: 2 }),
    ).to.deep.equal({ current: 2, size: 10, stationId: 'HS0003', linkman: '李' });
  });

  it('reads a page, keeping only object records and the joined mark', () => {
    const page = readSitePage({
      records: [
        { id: '7', stationId: 'HS0007', deptName: '七站', joined: true, contactNumber: 139 },
        null,
        'x',
      ],
      total: 22,
    });
    expect(page.total).to.equal(22);
    expect(page.records).to.deep.equal([
      {
        id: '7',
        stationId: 'HS0007',
        deptName: '七站',
        linkman: '',
        contactNumber: '139',
        tenantId: '',
        joined: true,
      },
    ]);
    expect(readSitePage(null)).to.deep.equal({ records: [], total: 0 });
  });

  it('offers each action only with its own button (switch_view, switch_add, switch_edit, switch_delete)', () => {
    const none = { join: false, add: false, edit: false, remove: false };
    const table: [Record<string, unknown> | null | undefined, typeof none][] = [
      [{ switch_view: true }, { ...none, join: true }],
      [
        { switch_add: true, switch_edit: true, switch_delete: true },
        { join: false, add: true, edit: true, remove: true },
      ],
      [{ switch_add: true }, { ...none, add: true }],
      [{ switch_edit: true }, { ...none, edit: true }],
      [{ switch_delete: true }, { ...none, remove: true }],
      [null, none],
      [undefined, none],
      [{ switch_view: 'yes', switch_add: 1, switch_delete: 'true' }, none],
    ];
    for (const [permission, expected] of table) {
      expect(siteActions(permission), JSON.stringify(permission)).to.deep.equal(expected);
    }
  });

  it('moves back to the last page when the list shrank below the page shown', () => {
    const on3 = { applied: EMPTY_SEARCH, page: 3 };
    expect(clampPage(on3, 21)).to.equal(on3);
    expect(clampPage(on3, 20)).to.deep.equal({ applied: EMPTY_SEARCH, page: 2 });
    expect(clampPage(on3, 0)).to.deep.equal({ applied: EMPTY_SEARCH, page: 1 });
    expect(clampPage(INITIAL_TABLE, 0)).to.equal(INITIAL_TABLE);
  });

  it('offers delete on any row but the site the console is on', () => {
    expect(canRemove(site('1'))).to.equal(true);
    expect(canRemove(site('1', { joined: true }))).to.equal(false);
  });

  it('joining sets the sub-station whose tenant and dept go out as station headers; returning clears it', () => {
    expect(joinChange(site('3'))).to.deep.equal({
      subStation: { id: '3', name: '站点3', tenantId: '100001', deptId: '3', stationId: 'HS0003' },
    });
    expect(RETURN_CHANGE).to.deep.equal({ subStation: null });
  });

  it('an edit of the site the console is on renames its sub-station (same ids: no station switch)', () => {
    const current = { id: '3', name: '站点3', tenantId: '100001', deptId: '3', stationId: 'HS0003' };
    expect(renamedStation(current, site('3', { deptName: '三号站', stationId: 'HS0033' }))).to.deep.equal({
      subStation: { id: '3', name: '三号站', tenantId: '100001', deptId: '3', stationId: 'HS0033' },
    });
    expect(renamedStation(current, site('4')), 'another site').to.equal(null);
    expect(
      renamedStation(current, site('3', { deptName: '站点3', stationId: 'HS0003' })),
      'unchanged',
    ).to.equal(null);
    expect(renamedStation(null, site('3')), 'on the main site').to.equal(null);
  });

  it('knows the current site by the server’s mark (what the station headers did)', () => {
    expect(isCurrentSite(site('4', { joined: true }))).to.equal(true);
    expect(isCurrentSite(site('4'))).to.equal(false);
  });

  it('labels the current station for the chrome', () => {
    expect(stationLabel(null)).to.equal('');
    expect(stationLabel(joinChange(site('3')).subStation)).to.equal('站点3 (HS0003)');
    expect(stationLabel({ id: '1', name: 'A', tenantId: '1', deptId: '1' })).to.equal('A');
  });
});
