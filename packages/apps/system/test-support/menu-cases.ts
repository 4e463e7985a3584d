/**
 * Menu form values the console refuses before sending and the server refuses with 400 (docs/api.md
 * section 5): one table, fed to the form's rules (src/menus/menu-rules.test.ts) and to the server
 * (packages/server/test/menu-admin.test.ts), so the two cannot drift apart. Plain data: no imports.
 */
export type MenuCaseField = 'name' | 'code' | 'path' | 'appCode' | 'source' | 'sort';

export const BAD_MENU_VALUES: ReadonlyArray<readonly [field: MenuCaseField, value: string]> = [
  ['name', ''],
  ['name', 'x'.repeat(65)],
  ['name', '<b>电站</b>'],
  ['name', 'a`b'],
  ['code', ''],
  ['code', '1abc'],
  ['code', '_abc'],
  ['code', 'a b'],
  ['code', "a' OR 1=1"],
  ['code', `a${'b'.repeat(64)}`],
  ['path', 'station/index'],
  ['path', '//evil.example/x'],
  ['path', '/\\evil'],
  ['path', 'javascript:alert(1)'],
  ['path', `/${'p'.repeat(300)}`],
  ['appCode', '-monitor'],
  ['appCode', 'Station'],
  ['appCode', 'a.b'],
  ['appCode', 'a_b'],
  ['appCode', 'a/b'],
  ['appCode', `a${'b'.repeat(64)}`],
  ['source', 's'.repeat(65)],
  ['sort', '-1'],
  ['sort', '100001'],
  ['sort', '1.5'],
  ['sort', 'abc'],
];

/** Values both accept (each on its own, the other fields valid). */
export const GOOD_MENU_VALUES: ReadonlyArray<readonly [field: MenuCaseField, value: string]> = [
  ['name', 'x'.repeat(64)],
  ['name', '电量报表'],
  ['code', 'a'],
  ['code', `A${'b'.repeat(63)}`],
  ['code', 'energy_report-2'],
  ['path', ''],
  ['path', '/station-monitor/report/index'],
  ['path', 'https://www.nea.gov.cn/'],
  ['appCode', ''],
  ['appCode', 'station-monitor'],
  ['appCode', `a${'b'.repeat(63)}`],
  ['source', ''],
  ['source', 'icon-monitor'],
  ['sort', '0'],
  ['sort', '100000'],
];
