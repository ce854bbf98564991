/** The role × menu matrix the screen edits, and how a draft is made of it and back. */
import { MENU, menuLeaves } from '../../../domain/menu';
import { ROLES, type Role } from '../../../domain/roles';
import { API_URL } from '../../providers/http';

export const T = 'app.menu_role_manager';
export const URL = `${API_URL}/admin/menu-access`;
export const QUERY_KEY = ['admin', 'menu-access'];

export type Matrix = Record<Role, string[]>;
export interface MatrixAnswer {
  version: string;
  matrix: Matrix;
  defaults: Matrix;
  locked: { super_admin: string[] };
}

/** What the screen edits: per role, the leaves that are on and the groups switched on. */
export interface Draft {
  leaves: Record<Role, Set<string>>;
  groups: Record<Role, Set<string>>;
}

const GROUPS = MENU.filter((m) => m.submenu);
export const LEAF_COUNT = menuLeaves().length;

export function draftOf(matrix: Matrix): Draft {
  const leaves = {} as Draft['leaves'];
  const groups = {} as Draft['groups'];
  for (const role of ROLES) {
    leaves[role] = new Set(matrix[role]);
    groups[role] = new Set(
      GROUPS.filter((g) => g.submenu!.some((s) => leaves[role].has(s.path!))).map((g) => g.id),
    );
  }
  return { leaves, groups };
}

export const matrixOf = (draft: Draft): Matrix =>
  Object.fromEntries(
    ROLES.map((r) => [
      r,
      menuLeaves()
        .filter((l) => draft.leaves[r].has(l.path!))
        .map((l) => l.path!),
    ]),
  ) as Matrix;

export const sameMatrix = (a: Matrix, b: Matrix) => ROLES.every((r) => a[r].join() === b[r].join());

/** The dashboard is every role's; the super admin keeps the manager itself. */
export const lockedFor = (role: Role, path: string, answer: MatrixAnswer | undefined) =>
  path === '/dashboard' || (role === 'super_admin' && !!answer?.locked.super_admin.includes(path));
