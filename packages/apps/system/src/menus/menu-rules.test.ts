import { expect } from '@esm-bundle/chai';
import { BAD_MENU_VALUES, GOOD_MENU_VALUES } from '../../test-support/menu-cases';
import {
  formOf,
  formValid,
  MENU_RULES,
  menuBody,
  parentOptions,
  parentsFor,
  readMenuItem,
  treeRows,
} from './menu-rules';

const item = (id: string, parentId: string, extra: Record<string, unknown> = {}) =>
  readMenuItem({ id, parentId, name: `m${id}`, code: `m${id}`, category: 1, ...extra });

describe('menu rules', () => {
  it('refuses each value the server refuses, and lets through what it accepts', () => {
    const valid = { ...formOf(null), name: '电量报表', code: 'energy_report' };
    expect(formValid(valid)).to.equal(true);
    for (const [field, value] of BAD_MENU_VALUES) {
      expect(MENU_RULES[field](value).ok, `${field} ${JSON.stringify(value)}`).to.equal(false);
      expect(formValid({ ...valid, [field]: value }), field).to.equal(false);
    }
    for (const [field, value] of GOOD_MENU_VALUES)
      expect(MENU_RULES[field](value).ok, `${field} ${JSON.stringify(value)}`).to.equal(true);
    // Stricter than the server only where a person means nothing: a name of spaces.
    expect(MENU_RULES.name('   ').ok).to.equal(false);
  });

  it('reads an item; unknown shapes get the defaults', () => {
    const read = readMenuItem({
      id: 5,
      parentId: '',
      name: 'x',
      category: '2',
      isShow: 0,
      hasChildren: true,
    });
    expect(read).to.deep.include({
      id: '5',
      parentId: '0',
      category: 2,
      isShow: 0,
      hasChildren: true,
      sort: 0,
    });
    expect(readMenuItem({}).isShow).to.equal(1);
  });

  it('lists the tree’s menus as parents, without buttons; an item cannot move under itself', () => {
    const options = parentOptions([
      {
        id: '1',
        title: 'A',
        category: 1,
        children: [
          { id: '2', title: 'B', category: 1, children: [{ id: '3', title: 'C', category: 1 }] },
          { id: '4', title: 'btn', category: 2 },
        ],
      },
      { id: '5', title: 'D', category: 1 },
      'junk',
    ]);
    expect(options.map((o) => o.name)).to.deep.equal(['A', 'B', 'C', 'D']);
    expect(parentsFor(options, '2').map((o) => o.id)).to.deep.equal(['1', '5']);
    expect(parentsFor(options, null)).to.have.length(4);
    expect(parentOptions(null)).to.deep.equal([]);
  });

  it('shows expanded levels under their item, at their depth', () => {
    const children = new Map([
      ['0', [item('1', '0'), item('2', '0')]],
      ['1', [item('11', '1')]],
      ['11', [item('111', '11')]],
    ]);
    const shown = (open: string[]) =>
      treeRows(children, new Set(open)).map(({ item: i, level }) => `${i.id}@${level}`);
    expect(shown([])).to.deep.equal(['1@0', '2@0']);
    expect(shown(['1', '11'])).to.deep.equal(['1@0', '11@1', '111@2', '2@0']);
    // A collapsed parent hides its open children too.
    expect(shown(['11'])).to.deep.equal(['1@0', '2@0']);
  });

  it('sends the form, and for an edit what the form does not show', () => {
    const form = {
      ...formOf(null, '7'),
      name: 'n',
      code: 'c',
      sort: '3',
      category: '2' as const,
      isShow: '0' as const,
    };
    expect(menuBody(form, null)).to.deep.equal({
      parentId: '7',
      name: 'n',
      code: 'c',
      path: '',
      appCode: '',
      source: '',
      sort: 3,
      category: 2,
      isShow: 0,
    });
    const existing = item('9', '7', {
      alias: 'al',
      query: { type: 'notice' },
      iframe: true,
      meta: { roles: ['admin'], keepAlive: true },
      group: 'visual',
      remark: 'r',
    });
    expect(formOf(existing)).to.deep.include({ parentId: '7', name: 'm9', category: '1', isShow: '1' });
    expect(menuBody(formOf(existing), existing)).to.deep.include({
      id: '9',
      alias: 'al',
      query: { type: 'notice' },
      iframe: true,
      isOpen: false,
      keepAlive: true,
      roles: 'admin',
      group: 'visual',
      remark: 'r',
      name: 'm9',
    });
  });
});
