import { expect } from '@esm-bundle/chai';
import { centreView, unreadIds } from './rules';

describe('message centre rules (spec §2 /noticeinfo/info)', () => {
  it('reads type and name from the query', () => {
    const cases: [string, ReturnType<typeof centreView>][] = [
      ['', { kind: 'notices', type: '', name: '' }],
      [
        '?type=notice&name=%E9%80%9A%E7%9F%A5%E5%85%AC%E5%91%8A',
        { kind: 'notices', type: '', name: '通知公告' },
      ],
      [
        '?type=alarm&name=%E5%91%8A%E8%AD%A6%E6%B6%88%E6%81%AF',
        { kind: 'messages', type: 'alarm', name: '告警消息' },
      ],
      ['?type=defect', { kind: 'messages', type: 'defect', name: '' }],
      ['?type=%3Cscript%3E&name=x', { kind: 'notices', type: '', name: 'x' }],
      ['?type=a-b', { kind: 'notices', type: '', name: '' }],
      [`?name=${'n'.repeat(80)}`, { kind: 'notices', type: '', name: 'n'.repeat(50) }],
    ];
    for (const [search, view] of cases) expect(centreView(search), search).to.deep.equal(view);
  });

  it('lists the unread rows of a page', () => {
    const rows = [
      { id: '1', read: true },
      { id: '2', read: false },
      { id: '3', read: false },
    ];
    expect(unreadIds(rows, (r) => !r.read)).to.deep.equal(['2', '3']);
    expect(unreadIds([], () => true)).to.deep.equal([]);
  });
});
