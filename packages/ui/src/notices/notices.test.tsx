import { expect } from '@esm-bundle/chai';
import type { Http } from '@ops/shared';
import {
  type AlarmFilters,
  type AlarmMessage,
  alarmQuery,
  EMPTY_ALARM_FILTERS,
  NOTICE_API,
  type Notice,
  type ReadTarget,
} from '@ops/shared/rules';
import type { Load } from '@ops/ui/load';
import { fireEvent, waitFor, within } from '@testing-library/dom';
import { cleanup, inAct, render } from '../../test-support';
import { AlarmFilterForm } from './filters';
import { AlarmTable, NoticeTable } from './lists';
import { type MarkRead, useMarkRead } from './use-mark-read';
import { type NoticeList, type Query, useNoticeList } from './use-notice-list';

// The caller's texts stand in as their keys; a bound names its field and maximum.
const t = (key: string, params?: Record<string, unknown>) =>
  params ? `${key}(${params.field},${params.max})` : key;

/** A list on its first page, as `useNoticeList` gives it. */
const page = <T,>(load: Load<{ records: T[]; total: number }>, retry = () => {}) => ({
  load,
  retry,
  page: 1,
  setPage: () => {},
});
const done = <T,>(records: T[]) => page<T>({ state: 'done', data: { records, total: records.length } });
const notice = (id: string, isReal: number): Notice => ({
  id,
  title: `公告${id}`,
  content: '<b>内容</b>',
  type: '1',
  releaseTime: '2026-11-20 08:00:00',
  isReal,
});
const alarm = (id: string, link: string): AlarmMessage => ({
  id,
  businessClassify: 'alarm',
  subject: `告警${id}`,
  content: '越限',
  status: 0,
  pushTime: '2026-11-20 08:00:00',
  link,
});
const texts = { t, lang: 'zh', failed: () => 'failed' };
const columns = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((th) => th.textContent);

describe('@ops/ui/notices', () => {
  afterEach(cleanup);

  it('filters: a subject over 50 characters is refused; a search loads page 1, again even unchanged', async () => {
    const warned: string[] = [];
    const asked: Query[] = [];
    let list!: NoticeList<AlarmFilters, AlarmMessage>;
    const signal = new AbortController().signal;
    function Probe() {
      list = useNoticeList(
        EMPTY_ALARM_FILTERS,
        alarmQuery,
        async (query) => {
          asked.push(query);
          return { records: [], total: 0 };
        },
        signal,
      );
      return <AlarmFilterForm texts={texts} list={list} name="probe" warn={(text) => warned.push(text)} />;
    }
    const { container } = await render(<Probe />);
    await inAct(() => list.setPage(3));
    expect(asked).to.deep.equal([
      { current: 1, size: 10, status: '0' },
      { current: 3, size: 10, status: '0' },
    ]);
    const subject = within(container).getByRole('textbox', { name: 'subject' });
    const search = within(container).getByRole('button', { name: 'search' });
    fireEvent.change(subject, { target: { value: 'x'.repeat(51) } });
    fireEvent.click(search);
    expect(warned).to.deep.equal(['tooLong(subject,50)']);
    expect(asked).to.have.length(2);

    fireEvent.change(subject, { target: { value: '水位' } });
    fireEvent.click(search);
    fireEvent.click(search);
    expect(asked.slice(2), 'the same search loads again').to.deep.equal([
      { current: 1, size: 10, subject: '水位', status: '0' },
      { current: 1, size: 10, subject: '水位', status: '0' },
    ]);

    fireEvent.click(within(container).getByRole('button', { name: 'reset' }));
    expect(list.filters).to.deep.equal(EMPTY_ALARM_FILTERS);
    expect(asked.at(-1)).to.deep.equal({ current: 1, size: 10, status: '0' });
    expect(within(container).queryByRole('combobox', { name: 'businessClassify' })).to.equal(null);
  });

  it('notices: the columns, read marks, and mark read on the unread rows only', async () => {
    const marked: ReadTarget[] = [];
    const mark = { run: async (target: ReadTarget) => marked.push(target) && target, busy: false };
    const { container } = await render(
      <NoticeTable
        texts={texts}
        caption="公告列表"
        list={done([notice('1', 0), notice('2', 1)])}
        types={[{ key: '1', zh: '通知', en: 'Notice' }]}
        titleWidth="20%"
        mark={mark as unknown as MarkRead}
      />,
    );
    const table = await waitFor(() => within(container).getByRole('table', { name: '公告列表' }));
    expect(columns(table)).to.deep.equal([
      'titleField',
      'content',
      'type',
      'releaseTime',
      'isReal',
      'actions',
    ]);
    expect(table.textContent).to.contain('<b>内容</b>').and.contain('通知').and.contain('unread');
    const buttons = within(table).getAllByRole('button', { name: /^markRead/ });
    expect(buttons).to.have.length(1);
    fireEvent.click(buttons[0]!);
    expect(marked).to.deep.equal([{ kind: 'notice', ids: ['1'] }]);
  });

  it('alarm messages: a classification column over every classification; open only a safe link', async () => {
    const opened: string[] = [];
    const props = {
      texts: { ...texts, lang: 'en' },
      list: done([alarm('1', '/station-monitor'), alarm('2', 'javascript:alert(1)')]),
    };
    const one = await render(<AlarmTable {...props} caption="one" onOpen={(link) => opened.push(link)} />);
    const table = await waitFor(() => within(one.container).getByRole('table', { name: 'one' }));
    expect(columns(table)).to.deep.equal(['subject', 'content', 'pushTime', 'status', 'actions']);
    const open = within(table).getAllByRole('button', { name: /^open/ });
    expect(open).to.have.length(1);
    fireEvent.click(open[0]!);
    expect(opened).to.deep.equal(['/station-monitor']);

    const every = await render(
      <AlarmTable {...props} caption="every" classes={[{ key: 'alarm', zh: '告警消息', en: 'Alarm' }]} />,
    );
    const all = await waitFor(() => within(every.container).getByRole('table', { name: 'every' }));
    expect(columns(all)).to.deep.equal(['businessClassify', 'subject', 'content', 'pushTime', 'status']);
    expect(all.textContent).to.contain('Alarm');
  });

  it('a failed list shows its message and Retry', async () => {
    let retries = 0;
    const { container } = await render(
      <NoticeTable
        texts={{ ...texts, failed: (reason) => `加载失败：${reason}` }}
        caption="公告列表"
        list={page<Notice>({ state: 'failed', reason: '服务器内部错误' }, () => {
          retries += 1;
        })}
        types={[]}
        titleWidth="20%"
        mark={{ run: async () => undefined, busy: false } as unknown as MarkRead}
      />,
    );
    expect(within(container).getByRole('alert').textContent).to.equal('加载失败：服务器内部错误');
    fireEvent.click(within(container).getByRole('button', { name: 'retry' }));
    expect(retries).to.equal(1);
  });

  it('mark read: one call, then onMarked with what was marked', async () => {
    const posted: unknown[] = [];
    const http = {
      post: async (url: string, body: unknown) => {
        posted.push([url, body]);
        return { data: { code: 200, success: true } };
      },
    } as unknown as Http;
    const marked: ReadTarget[] = [];
    let mark!: MarkRead;
    function Probe() {
      mark = useMarkRead(http, (target) => marked.push(target));
      return null;
    }
    await render(<Probe />);
    await inAct(async () => {
      await mark.run({ kind: 'message', businessClassify: 'alarm' });
    });
    expect(posted).to.deep.equal([[NOTICE_API.readAlarms, { businessClassify: 'alarm' }]]);
    expect(marked).to.deep.equal([{ kind: 'message', businessClassify: 'alarm' }]);
  });
});
