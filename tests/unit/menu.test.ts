import { describe, it, expect } from 'vitest';
import { RESOURCES } from '../../src/resources';
import {
  ALWAYS_ALLOWED,
  MENU,
  MENU_PATHS,
  defaultMenuPaths,
  isMenuItemActive,
  isPathAllowed,
  menuLeaves,
  visibleMenu,
  type MenuItem,
} from '../../src/domain/menu';
import { ROLES, normalizeRole } from '../../src/domain/roles';

const ANALYSIS = [
  '/dashboard',
  '/patients',
  '/appointments',
  '/medical-facilities',
  '/emergency-reports',
  '/mental-health',
  '/geographic',
];
const SIMULATOR = [
  '/api-simulator',
  '/simulator/patients',
  '/simulator/doctors',
  '/simulator/schedules',
  '/simulator/appointments',
  '/simulator/facilities',
  '/simulator/poli',
  '/simulator/api-keys',
  '/simulator/mobile',
  '/simulator/delivery',
];
const MASTER_OPERATOR = [
  '/master/emergencies',
  '/master/appointments',
  '/master/patients',
  '/master/medical-facilities',
  '/master/medical-facilities-integrated',
  '/master/poli',
];
const MASTER_ADMIN_ONLY = ['/master/users', '/master/delivery'];
const MASTER_SUPER_ONLY = ['/master/web-admins', '/master/domain-config', '/master/journey-config'];
const MONITORING = ['/logs-monitoring', '/logs/api-logs', '/performance-analytics'];

const sorted = (xs: readonly string[]) => [...xs].sort();

describe('normalizeRole', () => {
  it('keeps the five known roles', () => {
    for (const role of ROLES) expect(normalizeRole(role)).toBe(role);
    expect([...ROLES].sort()).toEqual(['admin', 'medical_facility', 'staff', 'super_admin', 'viewer']);
  });

  it('treats anything else as viewer', () => {
    for (const value of [
      undefined,
      null,
      '',
      'auditor',
      'ADMIN',
      'Super_Admin',
      ' admin',
      42,
      {},
      ['admin'],
    ]) {
      expect(normalizeRole(value)).toBe('viewer');
    }
  });
});

describe('defaultMenuPaths (the role table)', () => {
  it('viewer: only the dashboard', () => {
    expect(defaultMenuPaths('viewer')).toEqual(['/dashboard']);
  });

  it('staff: the seven analysis items', () => {
    expect(sorted(defaultMenuPaths('staff'))).toEqual(sorted(ANALYSIS));
  });

  it('medical_facility: analysis, the whole API simulator and the operator master data', () => {
    const paths = defaultMenuPaths('medical_facility');
    expect(sorted(paths)).toEqual(sorted([...ANALYSIS, ...SIMULATOR, ...MASTER_OPERATOR]));
    for (const p of [...MASTER_ADMIN_ONLY, ...MASTER_SUPER_ONLY, ...MONITORING, '/menu-role-manager']) {
      expect(paths).not.toContain(p);
    }
  });

  it('admin: staff + monitoring + simulator + master except the super admin items', () => {
    const paths = defaultMenuPaths('admin');
    expect(sorted(paths)).toEqual(
      sorted([...ANALYSIS, ...MONITORING, ...SIMULATOR, ...MASTER_OPERATOR, ...MASTER_ADMIN_ONLY]),
    );
    for (const p of [...MASTER_SUPER_ONLY, '/menu-role-manager']) expect(paths).not.toContain(p);
  });

  it('super_admin: everything', () => {
    expect(sorted(defaultMenuPaths('super_admin'))).toEqual(sorted(MENU_PATHS));
    expect(sorted(MENU_PATHS)).toEqual(
      sorted([
        ...ANALYSIS,
        ...MONITORING,
        '/menu-role-manager',
        ...SIMULATOR,
        ...MASTER_OPERATOR,
        ...MASTER_ADMIN_ONLY,
        ...MASTER_SUPER_ONLY,
      ]),
    );
  });

  it('every role has the dashboard, and the roles nest viewer < staff < medical_facility/admin < super_admin', () => {
    const sets = Object.fromEntries(ROLES.map((r) => [r, new Set(defaultMenuPaths(r))]));
    for (const role of ROLES) expect(sets[role].has('/dashboard')).toBe(true);
    const within = (a: string, b: string) => [...sets[a]].every((p) => sets[b].has(p));
    expect(within('viewer', 'staff')).toBe(true);
    expect(within('staff', 'medical_facility')).toBe(true);
    expect(within('staff', 'admin')).toBe(true);
    expect(within('medical_facility', 'admin')).toBe(true);
    expect(within('admin', 'super_admin')).toBe(true);
  });
});

describe('the menu tree', () => {
  it('has unique ids and paths, labels under app.menu and leaves with a path', () => {
    const all: MenuItem[] = [];
    const walk = (items: MenuItem[]) =>
      items.forEach((i) => {
        all.push(i);
        if (i.submenu) walk(i.submenu);
      });
    walk(MENU);
    const ids = all.map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(MENU_PATHS).size).toBe(MENU_PATHS.length);
    for (const item of all) {
      expect(item.labelKey).toBe(`app.menu.${item.id}`);
      expect(item.icon).toEqual(expect.any(String));
      if (item.submenu) expect(item.path).toBeUndefined();
      else expect(item.path).toMatch(/^\/[a-z-/]+$/);
    }
    expect(menuLeaves().map((l) => l.path)).toEqual(MENU_PATHS);
  });

  it('has every menu path a resource declaration names (a typo would make each of its routes 403)', () => {
    for (const decl of RESOURCES) {
      expect(decl.menus.length, decl.name).toBeGreaterThan(0);
      for (const m of decl.menus) expect(MENU_PATHS, `${decl.name}: ${m}`).toContain(m);
    }
  });

  it('gives a group the union of its children’s roles', () => {
    for (const g of MENU.filter((i) => i.submenu)) {
      const union = new Set(g.submenu!.flatMap((s) => s.roles));
      expect(sorted(g.roles)).toEqual(sorted([...union]));
    }
  });
});

describe('isPathAllowed', () => {
  it('always allows / and /dashboard', () => {
    expect(ALWAYS_ALLOWED).toEqual(['/', '/dashboard']);
    expect(isPathAllowed('/', [])).toBe(true);
    expect(isPathAllowed('/dashboard', [])).toBe(true);
    expect(isPathAllowed('/dashboard/', [])).toBe(true);
  });

  it('allows a menu path and anything below it', () => {
    const allowed = ['/master/patients', '/geographic'];
    expect(isPathAllowed('/master/patients', allowed)).toBe(true);
    expect(isPathAllowed('/master/patients/', allowed)).toBe(true);
    expect(isPathAllowed('/master/patients/12', allowed)).toBe(true);
    expect(isPathAllowed('/master/patients/create', allowed)).toBe(true);
    expect(isPathAllowed('/master/patients/12/show', allowed)).toBe(true);
    expect(isPathAllowed('/geographic', allowed)).toBe(true);
  });

  it('refuses everything else, including look-alike prefixes', () => {
    const allowed = ['/master/medical-facilities', '/patients'];
    expect(isPathAllowed('/master/medical-facilities-integrated', allowed)).toBe(false);
    expect(isPathAllowed('/master/medical-facilities-integrated/3', allowed)).toBe(false);
    expect(isPathAllowed('/patientsx', allowed)).toBe(false);
    expect(isPathAllowed('/master', allowed)).toBe(false);
    expect(isPathAllowed('/master/patients', allowed)).toBe(false);
    expect(isPathAllowed('/menu-role-manager', [])).toBe(false);
    expect(isPathAllowed('/dashboardx', [])).toBe(false);
  });

  it('agrees with the role table', () => {
    expect(isPathAllowed('/master/patients/7', defaultMenuPaths('medical_facility'))).toBe(true);
    expect(isPathAllowed('/master/web-admins', defaultMenuPaths('admin'))).toBe(false);
    expect(isPathAllowed('/master/web-admins', defaultMenuPaths('super_admin'))).toBe(true);
    expect(isPathAllowed('/geographic', defaultMenuPaths('viewer'))).toBe(false);
  });
});

describe('visibleMenu', () => {
  const ids = (items: MenuItem[]): string[] =>
    items.flatMap((i) => (i.submenu ? [i.id, ...ids(i.submenu).map((c) => `${i.id}/${c}`)] : [i.id]));

  it('shows a viewer only the dashboard', () => {
    expect(ids(visibleMenu(defaultMenuPaths('viewer')))).toEqual(['dashboard']);
    // The dashboard is shown whatever the matrix says.
    expect(ids(visibleMenu([]))).toEqual(['dashboard']);
  });

  it('shows staff the analysis items and no groups', () => {
    const menu = visibleMenu(defaultMenuPaths('staff'));
    expect(menu.every((i) => !i.submenu)).toBe(true);
    expect(menu.map((i) => i.path)).toEqual(ANALYSIS);
  });

  it('shows a group only with the children that are allowed', () => {
    const menu = visibleMenu(['/master/patients', '/simulator/poli']);
    expect(ids(menu)).toEqual([
      'dashboard',
      'api_simulator_group',
      'api_simulator_group/simulator_poli',
      'master_data_group',
      'master_data_group/master_patients',
    ]);
    // The tree itself is not modified.
    expect(MENU.find((i) => i.id === 'master_data_group')!.submenu!.length).toBe(11);
  });

  it('shows the medical facility operator the master items of the role table', () => {
    const master = visibleMenu(defaultMenuPaths('medical_facility')).find(
      (i) => i.id === 'master_data_group',
    )!;
    expect(master.submenu!.map((i) => i.path)).toEqual(MASTER_OPERATOR);
  });

  it('shows a super admin the whole tree', () => {
    expect(visibleMenu(defaultMenuPaths('super_admin'))).toEqual(MENU);
  });
});

describe('isMenuItemActive', () => {
  it('is active on the path and below it', () => {
    expect(isMenuItemActive('/master/patients', '/master/patients')).toBe(true);
    expect(isMenuItemActive('/master/patients/12', '/master/patients')).toBe(true);
    expect(isMenuItemActive('/master/patients/create', '/master/patients')).toBe(true);
  });

  it('is not active on a look-alike or a parent path', () => {
    expect(isMenuItemActive('/master/medical-facilities-integrated', '/master/medical-facilities')).toBe(
      false,
    );
    expect(isMenuItemActive('/master', '/master/patients')).toBe(false);
    expect(isMenuItemActive('/patients', '/master/patients')).toBe(false);
    expect(isMenuItemActive('/dashboard', '/')).toBe(false);
    expect(isMenuItemActive('/simulator/patients', '/patients')).toBe(false);
  });
});
