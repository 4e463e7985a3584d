import { expect } from '@esm-bundle/chai';
import { fireEvent, within } from '@testing-library/dom';
import { useState } from 'react';
import { cleanup, render } from '../../test-support';
import { ALARM_TABLE_HEIGHT, type Column, DataTable } from './data-table';
import { pageItems } from './pages';

interface Site {
  stationId: string;
  deptName: string;
  linkman: string;
}

const sites: Site[] = Array.from({ length: 23 }, (_, i) => ({
  stationId: `S${String(i + 1).padStart(3, '0')}`,
  deptName: `电站 ${i + 1}`,
  linkman: `联系人 ${i + 1}`,
}));

const columns: Column<Site>[] = [
  { key: 'stationId', title: '站点编号' },
  { key: 'deptName', title: '站点名称' },
  { key: 'linkman', title: '联系人', render: (row) => <em>{row.linkman}</em> },
];

/** The table's rows below its header row. */
const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const firstCells = (table: HTMLElement) =>
  bodyRows(table).map((row) => within(row).getAllByRole('cell')[0].textContent);

describe('pageItems', () => {
  it('lists every page up to 7 and folds the rest around the current page', () => {
    expect(pageItems(1, 3)).to.deep.equal([1, 2, 3]);
    expect(pageItems(1, 7)).to.deep.equal([1, 2, 3, 4, 5, 6, 7]);
    expect(pageItems(1, 20)).to.deep.equal([1, 2, 3, 4, 5, 'gap-after', 20]);
    expect(pageItems(10, 20)).to.deep.equal([1, 'gap-before', 8, 9, 10, 11, 12, 'gap-after', 20]);
    expect(pageItems(20, 20)).to.deep.equal([1, 'gap-before', 16, 17, 18, 19, 20]);
  });
});

describe('DataTable', () => {
  afterEach(cleanup);

  it('selects rows by their named checkboxes and all rows of the page at once', async () => {
    const picks: string[][] = [];
    function Picking() {
      const [selected, setSelected] = useState<string[]>([]);
      return (
        <DataTable
          caption="站点列表"
          columns={columns}
          rows={sites}
          rowKey={(s) => s.stationId}
          rowLabel={(s) => s.deptName}
          selection={{
            selected,
            onChange: (keys) => {
              picks.push(keys);
              setSelected(keys);
            },
          }}
        />
      );
    }
    const { container } = await render(<Picking />);
    const view = within(container);
    const all = view.getByRole('checkbox', { name: '全选本页' }) as HTMLInputElement;
    fireEvent.click(view.getByRole('checkbox', { name: '选择 电站 2' }));
    expect(picks.at(-1)).to.deep.equal(['S002']);
    expect(all.checked).to.equal(false);
    expect(all.indeterminate).to.equal(true);
    fireEvent.click(all);
    expect(picks.at(-1)).to.have.length(10);
    expect(all.checked).to.equal(true);
    expect((view.getByRole('checkbox', { name: '选择 电站 10' }) as HTMLInputElement).checked).to.equal(true);
    // Another page: its rows are not picked; picking all there adds them to the first page's.
    fireEvent.click(view.getByRole('button', { name: '下一页' }));
    expect(all.checked).to.equal(false);
    fireEvent.click(all);
    expect(picks.at(-1)).to.have.length(20);
    fireEvent.click(view.getByRole('checkbox', { name: '选择 电站 11' }));
    expect(picks.at(-1)).to.have.length(19);
    expect(picks.at(-1)).not.to.include('S011');
    fireEvent.click(view.getByRole('checkbox', { name: '选择 电站 11' }));
    fireEvent.click(all);
    expect(picks.at(-1)).to.have.length(10);
    expect(picks.at(-1)).to.include('S001');
  });

  it('has no checkboxes without a selection', async () => {
    const { container } = await render(
      <DataTable caption="站点列表" columns={columns} rows={sites} rowKey={(s) => s.stationId} />,
    );
    expect(within(container).queryAllByRole('checkbox')).to.have.length(0);
  });

  it('shows 10 rows a page with the total, and pages with prev, next and page buttons', async () => {
    const { container } = await render(
      <DataTable caption="站点列表" columns={columns} rows={sites} rowKey={(s) => s.stationId} />,
    );
    const table = within(container).getByRole('table', { name: '站点列表' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).to.deep.equal(['站点编号', '站点名称', '联系人']);
    expect(firstCells(table)).to.have.length(10);
    expect(firstCells(table)[0]).to.equal('S001');
    const pager = within(container).getByRole('navigation', { name: '站点列表 分页' });
    expect(within(pager).getByText('共 23 条')).to.exist;
    expect((within(pager).getByRole('button', { name: '上一页' }) as HTMLButtonElement).disabled).to.equal(
      true,
    );
    expect(within(pager).getByRole('button', { current: 'page' }).getAttribute('aria-label')).to.equal(
      '第 1 页',
    );

    fireEvent.click(within(pager).getByRole('button', { name: '下一页' }));
    expect(firstCells(table)[0]).to.equal('S011');
    expect(within(pager).getByRole('button', { current: 'page' }).getAttribute('aria-label')).to.equal(
      '第 2 页',
    );

    fireEvent.click(within(pager).getByRole('button', { name: '第 3 页' }));
    expect(firstCells(table)).to.deep.equal(['S021', 'S022', 'S023']);
    expect((within(pager).getByRole('button', { name: '下一页' }) as HTMLButtonElement).disabled).to.equal(
      true,
    );
  });

  it('names each row action after its row and calls it with the row', async () => {
    const joined: string[] = [];
    const { container } = await render(
      <DataTable
        caption="站点列表"
        columns={columns}
        rows={sites.slice(0, 3)}
        rowKey={(s) => s.stationId}
        rowLabel={(s) => s.deptName}
        actions={[
          { key: 'join', label: '进入', onClick: (s) => joined.push(s.stationId) },
          {
            key: 'remove',
            label: '删除',
            danger: true,
            onClick: () => {},
            disabled: (s) => s.stationId === 'S001',
          },
        ]}
      />,
    );
    const table = within(container).getByRole('table', { name: '站点列表' });
    expect(within(table).getByRole('columnheader', { name: '操作' })).to.exist;
    fireEvent.click(within(table).getByRole('button', { name: '进入 电站 2' }));
    expect(joined).to.deep.equal(['S002']);
    expect(
      (within(table).getByRole('button', { name: '删除 电站 1' }) as HTMLButtonElement).disabled,
    ).to.equal(true);
    expect(
      (within(table).getByRole('button', { name: '删除 电站 3' }) as HTMLButtonElement).disabled,
    ).to.equal(false);
    expect(within(table).getAllByRole('button', { name: /^进入 / })).to.have.length(3);
  });

  it('shows the empty state and no pager when there are no rows', async () => {
    const { container } = await render(
      <DataTable
        caption="消息"
        columns={columns}
        rows={[]}
        rowKey={(s) => s.stationId}
        emptyText="暂无消息"
      />,
    );
    const table = within(container).getByRole('table', { name: '消息' });
    expect(bodyRows(table)).to.have.length(1);
    expect(bodyRows(table)[0].textContent).to.equal('暂无消息');
    expect(within(container).queryByRole('navigation')).to.equal(null);
  });

  it('shows a loading status and disables paging while loading', async () => {
    const { container, rerender } = await render(
      <DataTable caption="消息" columns={columns} rows={[]} rowKey={(s) => s.stationId} loading />,
    );
    expect(within(container).getByRole('status').textContent).to.equal('加载中');
    expect(within(container).getByRole('table', { name: '消息', busy: true })).to.exist;
    expect(within(container).queryByText('暂无数据')).to.equal(null);
    const firstPage = (loading: boolean) => (
      <DataTable
        caption="消息"
        columns={columns}
        rows={sites.slice(0, 10)}
        total={23}
        rowKey={(s) => s.stationId}
        loading={loading}
      />
    );
    await rerender(firstPage(true));
    expect(
      (within(container).getByRole('button', { name: '第 2 页' }) as HTMLButtonElement).disabled,
    ).to.equal(true);
    await rerender(firstPage(false));
    expect(
      (within(container).getByRole('button', { name: '第 2 页' }) as HTMLButtonElement).disabled,
    ).to.equal(false);
    expect(within(container).queryByRole('status')).to.equal(null);
    expect(firstCells(within(container).getByRole('table', { name: '消息', busy: false }))).to.have.length(
      10,
    );
  });

  it('pages on the server: asks for the page and shows the rows it is given', async () => {
    const asked: number[] = [];
    function ServerPaged() {
      const [page, setPage] = useState(1);
      const rows = sites.slice((page - 1) * 10, page * 10);
      return (
        <DataTable
          caption="告警"
          columns={columns}
          rows={rows}
          rowKey={(s) => s.stationId}
          total={sites.length}
          page={page}
          onPageChange={(p) => {
            asked.push(p);
            setPage(p);
          }}
        />
      );
    }
    const { container } = await render(<ServerPaged />);
    fireEvent.click(within(container).getByRole('button', { name: '第 3 页' }));
    expect(asked).to.deep.equal([3]);
    expect(firstCells(within(container).getByRole('table', { name: '告警' }))).to.deep.equal([
      'S021',
      'S022',
      'S023',
    ]);
  });

  it('keeps a fixed height with a sticky header (the alarm table)', async () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ stationId: `A${i}`, deptName: 'x', linkman: 'y' }));
    const { container } = await render(
      <DataTable
        caption="告警"
        columns={columns}
        rows={many}
        rowKey={(s) => s.stationId}
        height={ALARM_TABLE_HEIGHT}
        pageSize={30}
      />,
    );
    const scroll = container.querySelector('.ops-table__scroll') as HTMLElement;
    expect(scroll.getBoundingClientRect().height).to.equal(525);
    expect(scroll.scrollHeight).to.be.greaterThan(525);
  });
});
