import { useTexts } from '@ops/ui';
import { NS } from '../texts';
import type { Dept } from './user-api';
import './texts';

/**
 * The tenant's departments and stations (docs/api.md section 9) as a list of choices, nested as the tree
 * is; "all" first. The chosen one is marked `aria-current`.
 */
export function DeptTree({
  depts,
  chosen,
  onChoose,
}: {
  depts: readonly Dept[];
  chosen: string;
  onChoose: (deptId: string) => void;
}) {
  const { t } = useTexts(NS);
  const item = (id: string, label: string) => (
    <button
      type="button"
      className="ops-sys-tree__item"
      aria-current={chosen === id ? 'true' : undefined}
      onClick={() => onChoose(id)}
    >
      {label}
    </button>
  );
  const branch = (nodes: readonly Dept[]) => (
    <ul>
      {nodes.map((dept) => (
        <li key={dept.id}>
          {item(dept.id, dept.name)}
          {dept.children.length > 0 && branch(dept.children)}
        </li>
      ))}
    </ul>
  );
  return (
    <nav className="ops-sys-tree" aria-label={t('users.tree')}>
      <ul>
        <li>{item('', t('users.allDepts'))}</li>
      </ul>
      {branch(depts)}
    </nav>
  );
}
