/**
 * The whole menu tree of the console (spec part 1 §2) and the default role access
 * (part 1 §6), with the entries declared resources bring (ResourceDeclaration.menu). The
 * sidebar, the console's route guard and the server's access check all read this file; the
 * role-to-menu matrix itself is stored in the database, seeded from `defaultMenuPaths`.
 */

import { RESOURCES } from '../resources';
import type { ResourceDeclaration } from './resource';

export const ROLES = ['viewer', 'staff', 'admin', 'super_admin', 'medical_facility'] as const;
export type Role = (typeof ROLES)[number];

/** An unknown or missing role is treated as viewer. */
export function normalizeRole(role: unknown): Role {
  return (ROLES as readonly unknown[]).includes(role) ? (role as Role) : 'viewer';
}

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

const ALL: Role[] = ['viewer', 'staff', 'admin', 'super_admin', 'medical_facility'];
const STAFF: Role[] = ['staff', 'admin', 'super_admin', 'medical_facility'];
const ADMINS: Role[] = ['admin', 'super_admin'];
const OPERATORS: Role[] = ['admin', 'super_admin', 'medical_facility'];
const SUPER: Role[] = ['super_admin'];

const leaf = (id: string, path: string, icon: string, roles: Role[]): MenuItem => ({
  id,
  labelKey: `app.menu.${id}`,
  icon,
  path,
  roles,
});

const group = (id: string, icon: string, submenu: MenuItem[]): MenuItem => ({
  id,
  labelKey: `app.menu.${id}`,
  icon,
  roles: ALL.filter((r) => submenu.some((s) => s.roles.includes(r))),
  submenu,
});

/** The menu id of a declared resource's entry: 'master/medicines' → 'master_medicines'. */
export const declaredMenuId = (name: string) => name.replace(/[^a-z0-9]+/gi, '_').toLowerCase();

/** The entries declared resources bring (ResourceDeclaration.menu), in one group or at the top. */
const declared = (group?: string): MenuItem[] =>
  RESOURCES.filter((d) => d.menu && d.menu.group === group).map((d) =>
    leaf(declaredMenuId(d.name), d.menus[0], d.menu!.icon, d.menu!.roles),
  );

export const MENU: MenuItem[] = [
  leaf('dashboard', '/dashboard', 'dashboard', ALL),
  leaf('patients', '/patients', 'people', STAFF),
  leaf('appointments', '/appointments', 'event', STAFF),
  leaf('medical_facilities', '/medical-facilities', 'local_hospital', STAFF),
  leaf('emergency_reports', '/emergency-reports', 'emergency', STAFF),
  leaf('mental_health', '/mental-health', 'psychology', STAFF),
  leaf('geographic', '/geographic', 'map', STAFF),
  leaf('logs_monitoring', '/logs-monitoring', 'monitor_heart', ADMINS),
  leaf('api_logs', '/logs/api-logs', 'receipt_long', ADMINS),
  leaf('performance_analytics', '/performance-analytics', 'insights', ADMINS),
  leaf('menu_role_manager', '/menu-role-manager', 'admin_panel_settings', SUPER),
  ...declared(undefined),
  group('api_simulator_group', 'api', [
    leaf('api_simulator', '/api-simulator', 'api', OPERATORS),
    leaf('simulator_patients', '/simulator/patients', 'person', OPERATORS),
    leaf('simulator_doctors', '/simulator/doctors', 'medical_services', OPERATORS),
    leaf('simulator_schedules', '/simulator/schedules', 'schedule', OPERATORS),
    leaf('simulator_appointments', '/simulator/appointments', 'event_note', OPERATORS),
    leaf('simulator_facilities', '/simulator/facilities', 'apartment', OPERATORS),
    leaf('simulator_poli', '/simulator/poli', 'meeting_room', OPERATORS),
    leaf('simulator_api_keys', '/simulator/api-keys', 'vpn_key', OPERATORS),
    leaf('simulator_mobile', '/simulator/mobile', 'smartphone', OPERATORS),
    leaf('simulator_delivery', '/simulator/delivery', 'local_shipping', OPERATORS),
    ...declared('api_simulator_group'),
  ]),
  group('master_data_group', 'storage', [
    leaf('master_emergencies', '/master/emergencies', 'emergency', OPERATORS),
    leaf('master_appointments', '/master/appointments', 'event', OPERATORS),
    leaf('master_patients', '/master/patients', 'people', OPERATORS),
    leaf('master_users', '/master/users', 'group', ADMINS),
    leaf('master_delivery', '/master/delivery', 'local_shipping', ADMINS),
    leaf('master_medical_facilities', '/master/medical-facilities', 'local_hospital', OPERATORS),
    leaf('master_medical_facilities_integrated', '/master/medical-facilities-integrated', 'hub', OPERATORS),
    leaf('master_web_admins', '/master/web-admins', 'manage_accounts', SUPER),
    leaf('master_domain_config', '/master/domain-config', 'dns', SUPER),
    leaf('master_journey_config', '/master/journey-config', 'route', SUPER),
    leaf('master_poli', '/master/poli', 'meeting_room', OPERATORS),
    ...declared('master_data_group'),
  ]),
];

/** Paths that every signed-in user may open, whatever the matrix says. */
export const ALWAYS_ALLOWED = ['/', '/dashboard'];

/**
 * The console's name of a resource: its menu path without the slash, so that its screen lives at
 * the spec's route (/simulator/facilities for the API's admin/simulator/facilities,
 * /master/journey-config for admin/journey-config); the data provider calls the API's path.
 */
export const consoleNameOf = (decl: ResourceDeclaration): string =>
  decl.menus[0] && MENU_PATHS.includes(decl.menus[0]) ? decl.menus[0].slice(1) : decl.name;

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
