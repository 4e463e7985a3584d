/**
 * One table of values per form field, read by two tests: the form's rules (src/tenants/tenant-rules.test.ts,
 * src/users/user-rules.test.ts) must refuse every `bad` value and accept every `good` one, and the
 * reference server (packages/server/test/system-rules.test.ts) must answer 400 to each `bad` value and
 * take each `good` one. So the form and the server refuse exactly the same values. Values are as the form
 * sends them (it trims text), hence no surrounding blanks here. Plain data: imported by the server's tests.
 */

export interface FieldCases {
  bad: readonly string[];
  good: readonly string[];
}

const repeat = (text: string, n: number) => text.repeat(n);

/** docs/api.md section 10: POST tenant/submit. */
export const TENANT_CASES = {
  tenantName: {
    bad: ['', '   ', repeat('名', 51), 'a<b', 'a>b', 'a`b'],
    good: ['新租户', repeat('名', 50), 'Wind & Sun 2'],
  },
  domain: {
    bad: ['bad domain', 'a_b.com', 'http://x.com', 'x.com:123456', `${repeat('a', 64)}.com`, 'a..com'],
    good: ['', 'ops.example.com', 'localhost:8080', 'tenant-7.example.cn'],
  },
  kind: { bad: ['unknown', 'Hydropower'], good: ['hydropower', 'water', 'energy-storage'] },
  linkman: { bad: [repeat('人', 21), '<b>'], good: ['', '王五', repeat('人', 20)] },
  contactNumber: {
    bad: ['12345', '15412345678', '1380000000', '138000000011', '0751-123456', '751-1234567', 'abc'],
    good: ['', '13812345678', '19912345678', '0751-1234567', '07511234567', '010-12345678'],
  },
  address: { bad: [repeat('址', 101), 'a`b'], good: ['', repeat('址', 100)] },
} as const satisfies Record<string, FieldCases>;

/** docs/api.md section 10: POST tenant/setting. */
export const SETTING_CASES = {
  accountNumber: {
    bad: ['', '-2', 'abc', '1.5', '1234567', '+5'],
    good: ['-1', '0', '50', '999999'],
  },
  expireTime: {
    bad: ['2026-13-01', '2026-02-30', '2026/01/01', 'tomorrow', '26-01-01', '2026-12-31 24:00:00'],
    good: ['', '2026-12-31', '2028-02-29', '2026-12-31 23:59:59'],
  },
} as const satisfies Record<string, FieldCases>;

/** docs/api.md section 4: POST user/submit (and update, without the account). */
export const USER_CASES = {
  account: {
    bad: ['', 'a', repeat('a', 33), 'ab cd', '张三', 'a<b', 'a/b'],
    good: ['ab', repeat('a', 32), 'a.b_c-d@e'],
  },
  realName: {
    bad: ['', '   ', '张', '张三四五六七', 'a<b'],
    good: ['张三', '张三四五六', 'Li Na'],
  },
  name: { bad: [repeat('名', 21), 'a<b'], good: ['', repeat('名', 20)] },
  phone: {
    bad: ['12345678901', '15412345678', '1380000000', '138000000001', 'abc'],
    good: ['', '13812345678', '19912345678'],
  },
  email: {
    bad: ['a@b', 'a@b.c', 'a b@c.com', `${repeat('x', 35)}@a.com`, 'a<b@c.com', 'a@b_c.com'],
    good: ['', 'a.b@example.com', `${repeat('x', 34)}@a.com`],
  },
} as const satisfies Record<string, FieldCases>;
