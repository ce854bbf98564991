import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { dbTargets, startTestApp, DEMO_EMAILS, type TestApp } from './helper';
import { defaultMenuPaths } from '../../src/domain/menu';
import { ROLES } from '../../src/domain/roles';
import { prepareDatabase } from '../../src/server/setup';

const URL = '/api/admin/menu-access';

describe.each(dbTargets())('menu access API (%s)', (kind) => {
  let t: TestApp;
  let superAdmin: string;
  let admin: string;
  let staff: string;

  const current = async () => {
    const res = await t.request(superAdmin, { method: 'GET', url: URL });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { version: string; matrix: Record<string, string[]> };
  };
  const put = (payload: object, headers: Record<string, string> = {}) =>
    t.request(superAdmin, { method: 'PUT', url: URL, payload, headers });
  const restore = () =>
    t.request(superAdmin, { method: 'POST', url: `${URL}/restore-defaults`, payload: {} });

  beforeAll(async () => {
    t = await startTestApp(kind, { patients: 5 });
    superAdmin = await t.login(DEMO_EMAILS.super_admin);
    admin = await t.login(DEMO_EMAILS.admin);
    staff = await t.login(DEMO_EMAILS.staff);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives the super admin the matrix (the defaults at first) with a version, and nobody else', async () => {
    const res = await t.request(superAdmin, { method: 'GET', url: URL });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    for (const role of ROLES) expect([...body.matrix[role]].sort()).toEqual(defaultMenuPaths(role).sort());
    expect(body.version).toMatch(/^[0-9a-f]{16}$/);
    expect(res.headers.etag).toBe(`"${body.version}"`);
    expect((await t.request(admin, { method: 'GET', url: URL })).statusCode).toBe(403);
    expect((await t.request(staff, { method: 'PUT', url: URL, payload: {} })).statusCode).toBe(403);
  });

  it("a saved change applies at the staff user's next request, and restore defaults brings it back", async () => {
    expect((await t.request(staff, { method: 'GET', url: '/api/auth/me' })).json().menus).toContain(
      '/mental-health',
    );
    const { version, matrix } = await current();
    const res = await put({
      role: 'staff',
      menus: matrix.staff.filter((p) => p !== '/mental-health'),
      version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().matrix.staff).not.toContain('/mental-health');
    expect(res.json().version).not.toBe(version);

    const me = await t.request(staff, { method: 'GET', url: '/api/auth/me' });
    expect(me.json().menus).not.toContain('/mental-health');
    const denied = await t.request(staff, { method: 'GET', url: '/api/dashboard/mental-health' });
    expect(denied.statusCode).toBe(403);

    expect((await restore()).statusCode).toBe(200);
    expect((await t.request(staff, { method: 'GET', url: '/api/auth/me' })).json().menus).toContain(
      '/mental-health',
    );
  });

  it('grants a menu path new to a database in use to its default roles at the next start, once', async () => {
    // A database from before '/master/poli' existed, whose super admin took '/mental-health' from staff.
    const { version, matrix } = await current();
    expect(
      (await put({ role: 'staff', menus: matrix.staff.filter((p) => p !== '/mental-health'), version }))
        .statusCode,
    ).toBe(200);
    await t.db.query(`DELETE FROM role_menu_access WHERE menu_path = '/master/poli'`);
    await t.db.query(`DELETE FROM menu_paths_known WHERE menu_path = '/master/poli'`);
    expect((await t.request(admin, { method: 'GET', url: '/api/master/poli' })).statusCode).toBe(403);

    await prepareDatabase(t.db); // what a restart does
    const after = await current();
    for (const role of ROLES) {
      expect(after.matrix[role].includes('/master/poli'), role).toBe(
        defaultMenuPaths(role).includes('/master/poli'),
      );
    }
    expect(after.matrix.staff).not.toContain('/mental-health');
    expect((await t.request(admin, { method: 'GET', url: '/api/master/poli' })).statusCode).toBe(200);

    // The super admin's later change stays through the next starts.
    const taken = await put({
      role: 'admin',
      menus: after.matrix.admin.filter((p) => p !== '/master/poli'),
      version: after.version,
    });
    expect(taken.statusCode, taken.body).toBe(200);
    await prepareDatabase(t.db);
    expect((await current()).matrix.admin).not.toContain('/master/poli');
    expect((await t.request(admin, { method: 'GET', url: '/api/master/poli' })).statusCode).toBe(403);
    expect((await restore()).statusCode).toBe(200);
  });

  it('refuses a save based on an outdated matrix with 412, in Indonesian, with the current matrix', async () => {
    const first = await current();
    // Another super admin saves in between.
    const other = await put(
      { role: 'viewer', menus: ['/dashboard', '/patients'] },
      { 'if-match': `"${first.version}"` },
    );
    expect(other.statusCode, other.body).toBe(200);
    const stale = await put({ role: 'viewer', menus: ['/dashboard'], version: first.version });
    expect(stale.statusCode).toBe(412);
    const body = stale.json();
    expect(body.error).toMatch(/diubah oleh super admin lain/);
    expect(body.matrix.viewer).toEqual(['/dashboard', '/patients']);
    expect(body.version).toBe(other.json().version);
    // Nothing was overwritten.
    expect((await current()).matrix.viewer).toEqual(['/dashboard', '/patients']);
    await restore();
  });

  it('refuses a save without a version, and unknown roles or menus with their fields', async () => {
    const { version } = await current();
    const none = await put({ role: 'viewer', menus: ['/dashboard'] });
    expect(none.statusCode).toBe(428);
    expect(none.json().errors.version).toBeTruthy();
    const bad = await put({ matrix: { viewer: ['/nowhere'], auditor: [] }, version });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      'matrix.viewer': expect.stringContaining('/nowhere'),
      'matrix.auditor': 'Peran tidak dikenal',
    });
    expect((await current()).version).toBe(version);
  });

  it('keeps the menu role manager and the dashboard for the super admin whatever is sent', async () => {
    const { version } = await current();
    const res = await put({ role: 'super_admin', menus: ['/master/poli'], version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().matrix.super_admin).toEqual(['/dashboard', '/menu-role-manager', '/master/poli']);
    // The super admin can still open the manager and repair the matrix.
    const again = await t.request(superAdmin, { method: 'GET', url: URL });
    expect(again.statusCode).toBe(200);
    await restore();
  });

  it('logs every save with the old and the new matrix', async () => {
    const { version, matrix } = await current();
    const menus = [...matrix.medical_facility.filter((p) => p !== '/master/poli')];
    const res = await put({ matrix: { medical_facility: menus }, version });
    expect(res.statusCode).toBe(200);
    const { rows } = await t.db.query(
      `SELECT username, action, record_id, old_values::text AS old, new_values::text AS new
         FROM activity_logs WHERE table_name = 'role_menu_access' ORDER BY id DESC LIMIT 1`,
    );
    expect(rows[0]).toMatchObject({
      username: 'superadmin',
      action: 'UPDATE',
      record_id: 'medical_facility',
    });
    expect(JSON.parse(rows[0].old).matrix.medical_facility).toContain('/master/poli');
    expect(JSON.parse(rows[0].new).matrix.medical_facility).not.toContain('/master/poli');
    expect(JSON.parse(rows[0].new).matrix.admin).toEqual(matrix.admin);
  });
});
