import { Button, type Column, DataTable, type RowAction, useTexts } from '@ops/ui';
import { useState } from 'react';
import { idsParam, postParams } from '../api';
import type { PageProps } from '../page-props';
import { ErrorState, Loading, PageFrame, useRemove } from '../parts';
import { BUTTONS } from '../permissions';
import { NS } from '../texts';
import { MenuDialog } from './menu-dialog';
import { MENU_URLS, type MenuItem, ROOT, type TreeRow } from './menu-rules';
import './texts';
import { useMenuTree } from './use-menu-tree';

/** What the dialog edits: a new item under a parent, or an existing item. */
type Editing = { item: null; parentId: string } | { item: MenuItem; parentId: string } | null;

/** The tenant's menu tree (lazy: an item's children load when it is expanded), with its writes. */
export function MenusPage({ http, signal, can }: PageProps) {
  const { t } = useTexts(NS);
  const tree = useMenuTree(http, signal);
  const [editing, setEditing] = useState<Editing>(null);
  const remove = useRemove(
    (ids) => postParams(http, MENU_URLS.remove, { ids: idsParam(ids) }),
    () => tree.refresh(),
  );

  const columns: Column<TreeRow>[] = [
    {
      key: 'name',
      title: t('menus.name'),
      render: ({ item, level }) => <NameCell item={item} level={level} tree={tree} />,
    },
    { key: 'code', title: t('menus.code'), width: 150, render: ({ item }) => item.code },
    { key: 'path', title: t('menus.path'), render: ({ item }) => item.path },
    {
      key: 'appCode',
      title: t('menus.appCode'),
      width: 150,
      render: ({ item }) => <span className="ops-sys-nowrap">{item.appCode}</span>,
    },
    {
      key: 'category',
      title: t('menus.category'),
      width: 80,
      render: ({ item }) => (item.category === 2 ? t('menus.button') : t('menus.menu')),
    },
    {
      key: 'isShow',
      title: t('menus.isShow'),
      width: 80,
      render: ({ item }) => (item.isShow === 0 ? t('menus.no') : t('menus.yes')),
    },
    { key: 'sort', title: t('menus.sort'), width: 60, align: 'right', render: ({ item }) => item.sort },
  ];
  const actions: RowAction<TreeRow>[] = [];
  if (can(BUTTONS.menuEdit))
    actions.push({
      key: 'edit',
      label: t('edit'),
      onClick: ({ item }) => setEditing({ item, parentId: item.parentId }),
    });
  if (can(BUTTONS.menuAdd))
    actions.push({
      key: 'add-child',
      label: t('menus.addChild'),
      hidden: ({ item }) => item.category === 2,
      onClick: ({ item }) => setEditing({ item: null, parentId: item.id }),
    });
  if (can(BUTTONS.menuDelete))
    actions.push({
      key: 'remove',
      label: t('remove'),
      danger: true,
      disabled: () => remove.busy,
      onClick: ({ item }) => void remove.ask([item.id], item.name),
    });

  const { root } = tree;
  return (
    <PageFrame
      id="ops-sys-menus"
      heading={t('menus.heading')}
      toolbar={
        can(BUTTONS.menuAdd) && (
          <Button variant="primary" onClick={() => setEditing({ item: null, parentId: ROOT })}>
            {t('menus.add')}
          </Button>
        )
      }
    >
      {root.state === 'failed' ? (
        <ErrorState reason={root.reason} onRetry={() => tree.load(ROOT)} />
      ) : root.state === 'loading' ? (
        <Loading />
      ) : (
        <DataTable<TreeRow>
          caption={t('menus.caption')}
          columns={columns}
          rows={tree.rows}
          rowKey={({ item }) => item.id}
          rowLabel={({ item }) => item.name}
          actions={actions}
          actionsWidth={190}
          emptyText={t('menus.empty')}
          pagination={false}
        />
      )}
      {editing && (
        <MenuDialog
          http={http}
          signal={signal}
          item={editing.item}
          parentId={editing.parentId}
          onClose={() => setEditing(null)}
          onSaved={(parentId) => {
            setEditing(null);
            tree.refresh(parentId);
          }}
        />
      )}
    </PageFrame>
  );
}

/** An item's name, indented by its depth, after the button that expands it when it has children. */
function NameCell({
  item,
  level,
  tree,
}: {
  item: MenuItem;
  level: number;
  tree: ReturnType<typeof useMenuTree>;
}) {
  const { t } = useTexts(NS);
  const open = tree.expanded.has(item.id);
  const children = tree.levels.get(item.id);
  return (
    <span className="ops-sys-tree__name" style={{ paddingInlineStart: `${level * 20}px` }}>
      {item.hasChildren ? (
        <button
          type="button"
          className="ops-ui-link-button ops-sys-tree__toggle"
          aria-expanded={open}
          aria-label={t(open ? 'menus.collapse' : 'menus.expand', { name: item.name })}
          onClick={() => tree.toggle(item)}
        >
          <span aria-hidden="true">{open ? '▾' : '▸'}</span>
        </button>
      ) : (
        <span className="ops-sys-tree__leaf" aria-hidden="true" />
      )}
      <span>{item.name}</span>
      {open && children?.state === 'failed' && (
        <span className="ops-sys-tree__failed">
          {t('menus.childrenFailed', { name: item.name })}
          <button type="button" className="ops-ui-link-button" onClick={() => tree.load(item.id)}>
            {t('retry')}
          </button>
        </span>
      )}
    </span>
  );
}
