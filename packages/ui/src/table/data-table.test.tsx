import { expect } from '@esm-bundle/chai';
import { useState } from 'react';
import { allByRole, cleanup, click, getByRole, queryByRole, render } from '../test-support';
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

const bodyRows = (root: ParentNode) => [...root.querySelectorAll('tbody tr')] as HTMLTableRowElement[];
const firstCells = (root: ParentNode) => bodyRows(root).map((row) => row.cells[0].textContent);

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

  it('shows 10 rows a page with the total, and pages with prev, next and page buttons', async () => {
    const { container } = await render(
      <DataTable caption="站点列表" columns={columns} rows={sites} rowKey={(s) => s.stationId} />,
    );
    const table = getByRole(container, 'table', '站点列表');
    expect([...table.querySelectorAll('th')].map((th) => th.textContent)).to.deep.equal([
      '站点编号',
      '站点名称',
      '联系人',
    ]);
    expect(firstCells(container)).to.have.length(10);
    expect(firstCells(container)[0]).to.equal('S001');
    expect(container.textContent).to.contain('共 23 条');
    const pager = getByRole(container, 'navigation', '站点列表 分页');
    expect(getByRole(pager, 'button', '上一页').hasAttribute('disabled')).to.equal(true);
    expect(getByRole(pager, 'button', '第 1 页').getAttribute('aria-current')).to.equal('page');

    await click(getByRole(pager, 'button', '下一页'));
    expect(firstCells(container)[0]).to.equal('S011');
    expect(getByRole(pager, 'button', '第 2 页').getAttribute('aria-current')).to.equal('page');

    await click(getByRole(pager, 'button', '第 3 页'));
    expect(firstCells(container)).to.deep.equal(['S021', 'S022', 'S023']);
    expect(getByRole(pager, 'button', '下一页').hasAttribute('disabled')).to.equal(true);
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
    await click(getByRole(container, 'button', '进入 电站 2'));
    expect(joined).to.deep.equal(['S002']);
    expect(getByRole(container, 'button', '删除 电站 1').hasAttribute('disabled')).to.equal(true);
    expect(getByRole(container, 'button', '删除 电站 3').hasAttribute('disabled')).to.equal(false);
    expect(allByRole(container, 'button', /^进入 /)).to.have.length(3);
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
    expect(bodyRows(container)).to.have.length(1);
    expect(bodyRows(container)[0].textContent).to.equal('暂无消息');
    expect(queryByRole(container, 'navigation')).to.equal(null);
  });

  it('shows a loading status and disables paging while loading', async () => {
    const { container, rerender } = await render(
      <DataTable caption="消息" columns={columns} rows={[]} rowKey={(s) => s.stationId} loading />,
    );
    expect(getByRole(container, 'status').textContent).to.equal('加载中');
    expect(getByRole(container, 'table', '消息').getAttribute('aria-busy')).to.equal('true');
    expect(container.textContent).not.to.contain('暂无数据');
    await rerender(
      <DataTable
        caption="消息"
        columns={columns}
        rows={sites.slice(0, 10)}
        total={23}
        rowKey={(s) => s.stationId}
        loading
      />,
    );
    expect(getByRole(container, 'button', '第 2 页').hasAttribute('disabled')).to.equal(true);
    await rerender(
      <DataTable
        caption="消息"
        columns={columns}
        rows={sites.slice(0, 10)}
        total={23}
        rowKey={(s) => s.stationId}
      />,
    );
    expect(getByRole(container, 'button', '第 2 页').hasAttribute('disabled')).to.equal(false);
    expect(queryByRole(container, 'status')).to.equal(null);
    expect(firstCells(container)).to.have.length(10);
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
    await click(getByRole(container, 'button', '第 3 页'));
    expect(asked).to.deep.equal([3]);
    expect(firstCells(container)).to.deep.equal(['S021', 'S022', 'S023']);
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
