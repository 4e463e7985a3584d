/**
 * Dictionary form values the console refuses before sending and the server refuses with 400 (docs/api.md
 * section 6): one table, fed to the form's rules (src/dicts/dict-rules.test.ts) and to the server
 * (packages/server/test/dict-admin.test.ts), so the two cannot drift apart. Plain data: no imports.
 */
export type DictCaseField = 'code' | 'dictKey' | 'dictValue' | 'sort' | 'remark';

export const BAD_DICT_VALUES: ReadonlyArray<readonly [field: DictCaseField, value: string]> = [
  ['code', ''],
  ['code', '1x'],
  ['code', 'a b'],
  ['code', 'a<b'],
  ['code', `a${'b'.repeat(64)}`],
  ['dictKey', ''],
  ['dictKey', '  '],
  ['dictKey', 'k'.repeat(65)],
  ['dictKey', 'a`b'],
  ['dictValue', ''],
  ['dictValue', '   '],
  ['dictValue', '<b>'],
  ['dictValue', 'v'.repeat(65)],
  ['sort', '-1'],
  ['sort', '100001'],
  ['sort', '1.5'],
  ['sort', 'x'],
  ['remark', 'r'.repeat(201)],
  ['remark', 'a`b'],
];

/** Values both accept (each on its own, the other fields valid). */
export const GOOD_DICT_VALUES: ReadonlyArray<readonly [field: DictCaseField, value: string]> = [
  ['code', 'model_func.type-2'],
  ['dictKey', 'k'.repeat(64)],
  ['dictKey', ' key with blanks '],
  ['dictValue', '中文'],
  ['sort', '0'],
  ['sort', '100000'],
  ['remark', ''],
  ['remark', 'r'.repeat(200)],
];
