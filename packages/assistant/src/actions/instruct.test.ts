import { expect } from '@esm-bundle/chai';
import {
  directContent,
  findInstruct,
  type Instruct,
  instructRoute,
  instructsOf,
  instructWanted,
} from './instruct';

const page = 'https://console.example';
const instruct = (apiUrl: string): Instruct => ({ id: 'i1', name: '日报', description: '', apiUrl });

describe('assistant instructs (open_instruct, record)', () => {
  it('reads the tenant’s list; entries without an id are left out, a missing name is the id', () => {
    expect(
      instructsOf([
        { id: 'i1', name: '日报', description: '生成日报', apiUrl: '' },
        { id: 2, apiUrl: '/api/instruct/run' },
        { name: '无编号' },
        { id: '  ' },
        'i3',
        null,
        [],
      ]),
    ).to.deep.equal([
      { id: 'i1', name: '日报', description: '生成日报', apiUrl: '' },
      { id: '2', name: '2', description: '', apiUrl: '/api/instruct/run' },
    ]);
    for (const none of [undefined, null, {}, 'x', { data: [] }]) expect(instructsOf(none)).to.deep.equal([]);
  });

  it('says what an item wants run: by id, else by name, and a record’s instance', () => {
    const cases: [Record<string, unknown>, ReturnType<typeof instructWanted>][] = [
      [
        { func: 'open_instruct', data: { id: 'i1', name: '日报' } },
        { id: 'i1', name: '日报', instanceId: '' },
      ],
      [
        { func: 'open_instruct', data: [{ instructId: 7 }] },
        { id: '7', name: '', instanceId: '' },
      ],
      [
        { func: 'open_instruct', params: { name: '日报' } },
        { id: '', name: '日报', instanceId: '' },
      ],
      [
        { func: 'open_instruct', name: '周报', data: 'x' },
        { id: '', name: '周报', instanceId: '' },
      ],
      [
        { func: 'record', record_name: '巡检', instanceId: 'inst-1', data: { id: 'r1', name: '记录' } },
        { id: 'r1', name: '记录', instanceId: 'inst-1' },
      ],
      [
        { func: 'record', data: { id: 'r1', instanceId: 'inst-2' } },
        { id: 'r1', name: '', instanceId: 'inst-2' },
      ],
      [{ func: 'open_instruct' }, null],
      [{ func: 'open_instruct', data: { id: ' ', name: '' } }, null],
    ];
    for (const [item, wanted] of cases)
      expect(instructWanted(item as never), JSON.stringify(item)).to.deep.equal(wanted);
  });

  it('finds the instruct by id first, then by name', () => {
    const list = instructsOf([
      { id: 'i1', name: '日报' },
      { id: 'i2', name: '周报' },
      { id: 'i3', name: '日报' },
    ]);
    expect(findInstruct(list, { id: 'i3', name: '周报' })?.id).to.equal('i3');
    expect(findInstruct(list, { id: 'nope', name: '周报' })?.id).to.equal('i2');
    expect(findInstruct(list, { id: '', name: '日报' })?.id).to.equal('i1');
    expect(findInstruct(list, { id: 'nope', name: '月报' })).to.equal(null);
    expect(findInstruct(list, { id: '', name: '' })).to.equal(null);
    expect(findInstruct([], { id: 'i1', name: '日报' })).to.equal(null);
  });

  it('runs on the server without an apiUrl; POSTs only to the page’s origin or an allowlisted one', () => {
    const allow = ['https://instruct.example'];
    const cases: [string, ReturnType<typeof instructRoute>][] = [
      ['', { kind: 'server' }],
      ['/api/instruct/run', { kind: 'direct', url: '/api/instruct/run' }],
      ['https://console.example/run', { kind: 'direct', url: 'https://console.example/run' }],
      ['https://instruct.example/run?x=1', { kind: 'direct', url: 'https://instruct.example/run?x=1' }],
      ['https://evil.example/run', { kind: 'blocked', url: 'https://evil.example/run' }],
      ['http://instruct.example/run', { kind: 'blocked', url: 'http://instruct.example/run' }],
      [
        'https://instruct.example.evil.example/run',
        { kind: 'blocked', url: 'https://instruct.example.evil.example/run' },
      ],
      ['//evil.example/run', { kind: 'blocked', url: '//evil.example/run' }],
      ['javascript:alert(1)', { kind: 'blocked', url: 'javascript:alert(1)' }],
      ['data:text/plain,x', { kind: 'blocked', url: 'data:text/plain,x' }],
    ];
    for (const [apiUrl, route] of cases)
      expect(instructRoute(instruct(apiUrl), allow, page), apiUrl).to.deep.equal(route);
    expect(instructRoute(instruct('https://instruct.example/run'), [], page).kind).to.equal('blocked');
  });

  it('reads a direct instruct’s markdown: data.content, or data when it is text', () => {
    expect(directContent({ code: 200, data: { content: '# 日报' } })).to.equal('# 日报');
    expect(directContent({ code: 200, data: '**完成**' })).to.equal('**完成**');
    expect(directContent({ data: { content: 3 } })).to.equal('3');
    for (const none of [null, 'x', [], { data: null }, { data: [{ content: 'x' }] }, {}])
      expect(directContent(none), JSON.stringify(none)).to.equal('');
  });
});
