/**
 * The whole menu tree of the console (spec part 1 §2) and the default role access
 * (part 1 §6). This file holds what is not a resource (the dashboard, the analyses, the logs,
 * the tools) and the order of the groups; each resource's entry comes from its declaration
 * (ResourceDeclaration.menu, src/resources/<name>/index.ts). The sidebar, the console's route
 * guard and the server's access check all read the tree; the role-to-menu matrix itself is
 * stored in the database, seeded from `defaultMenuPaths`.
 */

import { RESOURCES } from '../resources';
import type { MenuEntry, ResourceDeclaration } from './resource';
import { ROLE_SETS, type Role } from './roles';

export interface MenuItem {
  id: string;
  /** i18n key of the label (app.menu.<id>). */
  labelKey: string;
  /** Icon name, resolved to a component by the console. */
  icon: string;
  /** Route of a leaf item; groups have none. */
  path?: string;
  /** Roles that have the item by default. For a group: the union of its children. */
  roles: Role[];
  submenu?: MenuItem[];
}

const { all: ALL, staff: STAFF, admins: ADMINS, operators: OPERATORS, superAdmin: SUPER } = ROLE_SETS;

type GroupId = NonNullable<MenuEntry['group']>;

/** An entry that is not a resource, with its place among the entries of its group. */
interface Page {
  id: string;
  path: string;
  icon: string;
  roles: Role[];
  order: number;
  group?: GroupId;
}

/** The menu id of an entry at `path`: '/simulator/api-keys' → 'simulator_api_keys'. */
export const menuIdOf = (path: string) =>
  path
    .slice(1)
    .replace(/[^a-z0-9]+/gi, '_')
    .toLowerCase();

/** The menu id of a resource's entry (at its menus[0]). */
export const declaredMenuId = (decl: ResourceDeclaration) => menuIdOf(decl.menus[0]);

const page = (
  order: number,
  id: string,
  path: string,
  icon: string,
  roles: Role[],
  group?: GroupId,
): Page => ({
  id,
  path,
  icon,
  roles,
  order,
  group,
});

const PAGES: Page[] = [
  page(10, 'dashboard', '/dashboard', 'dashboard', ALL),
  page(20, 'patients', '/patients', 'people', STAFF),
  page(30, 'appointments', '/appointments', 'event', STAFF),
  page(40, 'medical_facilities', '/medical-facilities', 'local_hospital', STAFF),
  page(50, 'emergency_reports', '/emergency-reports', 'emergency', STAFF),
  page(60, 'mental_health', '/mental-health', 'psychology', STAFF),
  page(70, 'geographic', '/geographic', 'map', STAFF),
  page(80, 'logs_monitoring', '/logs-monitoring', 'monitor_heart', ADMINS),
  page(90, 'api_logs', '/logs/api-logs', 'receipt_long', ADMINS),
  page(100, 'performance_analytics', '/performance-analytics', 'insights', ADMINS),
  page(110, 'menu_role_manager', '/menu-role-manager', 'admin_panel_settings', SUPER),
  page(10, 'api_simulator', '/api-simulator', 'api', OPERATORS, 'api_simulator_group'),
  page(90, 'simulator_mobile', '/simulator/mobile', 'smartphone', OPERATORS, 'api_simulator_group'),
  page(
    70,
    'master_medical_facilities_integrated',
    '/master/medical-facilities-integrated',
    'hub',
    OPERATORS,
    'master_data_group',
  ),
  page(90, 'master_domain_config', '/master/domain-config', 'dns', SUPER, 'master_data_group'),
];

/** The groups, in the sidebar's order, after the top-level entries. */
const GROUPS: { id: GroupId; icon: string }[] = [
  { id: 'api_simulator_group', icon: 'api' },
  { id: 'master_data_group', icon: 'storage' },
];

const leaf = (id: string, path: string, icon: string, roles: Role[]): MenuItem => ({
  id,
  labelKey: `app.menu.${id}`,
  icon,
  path,
  roles,
});

/** The entries of one group (none: the top level): pages and resources by order, then the unordered. */
function entries(group?: GroupId): MenuItem[] {
  const items = [
    ...PAGES.filter((p) => p.group === group).map((p) => ({
      order: p.order,
      item: leaf(p.id, p.path, p.icon, p.roles),
    })),
    ...RESOURCES.filter((d) => d.menu && d.menu.group === group).map((d) => ({
      order: d.menu!.order ?? Infinity,
      item: leaf(declaredMenuId(d), d.menus[0], d.menu!.icon, d.menu!.roles),
    })),
  ];
  // A stable sort: entries without an order keep the order of RESOURCES.
  return items.sort((a, b) => (a.order === b.order ? 0 : a.order - b.order)).map((e) => e.item);
}

export const MENU: MenuItem[] = [
  ...entries(undefined),
  ...GROUPS.map(({ id, icon }) => {
    const submenu = entries(id);
    return {
      id,
      labelKey: `app.menu.${id}`,
      icon,
      roles: ALL.filter((r) => submenu.some((s) => s.roles.includes(r))),
      submenu,
    };
  }),
];

/** Paths that every signed-in user may open, whatever the matrix says. */
export const ALWAYS_ALLOWED = ['/', '/dashboard'];

/**
 * The console's name of a resource: the path of its menu entry without the slash, so that its
 * screen lives at the spec's route (/simulator/facilities for the API's admin/simulator/facilities,
 * /master/journey-config for admin/journey-config); the data provider calls the API's path.
 */
export const consoleNameOf = (decl: ResourceDeclaration): string =>
  decl.menu ? decl.menus[0].slice(1) : decl.name;

/** Every leaf item, depth first. */
export function menuLeaves(items: MenuItem[] = MENU): MenuItem[] {
  return items.flatMap((item) => (item.submenu ? menuLeaves(item.submenu) : [item]));
}

export const MENU_PATHS: string[] = menuLeaves().map((l) => l.path!);

/** The menu paths a role has by default (the seed of the stored matrix). */
export function defaultMenuPaths(role: Role): string[] {
  return menuLeaves()
    .filter((l) => l.roles.includes(role))
    .map((l) => l.path!);
}

/**
 * The route guard rule: a location is allowed when it is / or /dashboard, or when it is one
 * of the allowed menu paths or lies below one (/master/patients/12 under /master/patients).
 */
export function isPathAllowed(pathname: string, allowedPaths: readonly string[]): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (ALWAYS_ALLOWED.includes(path)) return true;
  return allowedPaths.some((p) => path === p || path.startsWith(p + '/'));
}

/** The menu as one role sees it: leaves it may open, and groups with at least one of them. */
export function visibleMenu(allowedPaths: readonly string[], items: MenuItem[] = MENU): MenuItem[] {
  const out: MenuItem[] = [];
  for (const item of items) {
    if (item.submenu) {
      const submenu = visibleMenu(allowedPaths, item.submenu);
      if (submenu.length) out.push({ ...item, submenu });
    } else if (item.path === '/dashboard' || allowedPaths.includes(item.path!)) {
      out.push(item);
    }
  }
  return out;
}

/** A menu item is active when the location equals its path or lies below it. */
export function isMenuItemActive(pathname: string, itemPath: string): boolean {
  return pathname === itemPath || pathname.startsWith(itemPath + '/');
}
