import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { dbTargets, startTestApp, DEMO_EMAILS, type TestApp } from './helper';
import { FACILITY_REQUIRED } from '../../src/resources/web-admins';
import {
  CANNOT_DEACTIVATE_SELF,
  CANNOT_DELETE_SELF,
  EMAIL_TAKEN,
  LAST_SUPER_ADMIN_DEACTIVATE,
  LAST_SUPER_ADMIN_DELETE,
  LAST_SUPER_ADMIN_ROLE,
  USERNAME_TAKEN,
} from '../../src/resources/web-admins/hooks';

const URL = '/api/master/web-admins';
const PASSWORD = 'Rahasia-Sekali-123';

let seq = 0;
function webAdmin(overrides: Record<string, unknown> = {}) {
  seq++;
  return {
    username: `admin${seq}x`,
    email: `admin${seq}x@dinkes.test`,
    password: PASSWORD,
    full_name: `Admin Uji ${seq}`,
    role: 'admin',
    ...overrides,
  };
}

describe.each(dbTargets())('master web admins API (%s)', (kind) => {
  let t: TestApp;
  let superToken: string;
  let superId: number;
  let facilityId: number;

  type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  const api = (token: string, method: Method, url: string, payload?: object) =>
    t.request(token, { method, url, payload });
  const me = (token: string) => t.request(token, { method: 'GET', url: '/api/auth/me' });
  const create = async (overrides: Record<string, unknown> = {}) => {
    const body = webAdmin(overrides);
    const res = await api(superToken, 'POST', URL, body);
    expect(res.statusCode, res.body).toBe(201);
    return { ...res.json(), password: body.password } as Record<string, any>;
  };
  const loginAs = (row: Record<string, any>) => t.login(row.email, PASSWORD);
  const activeSupers = async () =>
    (
      await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM web_admins WHERE role = 'super_admin' AND is_active`,
      )
    ).rows[0].n;

  beforeAll(async () => {
    t = await startTestApp(kind, { patients: 5 });
    superToken = await t.login(DEMO_EMAILS.super_admin);
    superId = (await me(superToken)).json().id;
    facilityId = (await t.db.query('SELECT min(id) AS id FROM medical_facilities')).rows[0].id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates, lists, edits and deletes a web admin; the password is never answered', async () => {
    const body = webAdmin({ full_name: 'Rina Kartika' });
    const created = await api(superToken, 'POST', URL, body);
    expect(created.statusCode, created.body).toBe(201);
    const row = created.json();
    const { password: _p, ...visible } = body;
    expect(row).toMatchObject({ ...visible, id: expect.any(Number), is_active: true, last_login: null });
    expect(row).not.toHaveProperty('password');
    expect(row).not.toHaveProperty('password_hash');

    // The password given works for sign-in, and sign-in shows in last_login.
    await t.login(body.email, PASSWORD);
    const got = await api(superToken, 'GET', `${URL}/${row.id}`);
    expect(got.json().last_login).toEqual(expect.any(String));

    const list = await api(superToken, 'GET', `${URL}?search=rina%20kart`);
    expect(list.json().data.map((r: any) => r.id)).toEqual([row.id]);
    expect(JSON.stringify(list.json())).not.toMatch(/password/);
    const byRole = await api(superToken, 'GET', `${URL}?role=super_admin&limit=100`);
    expect(byRole.json().data.every((r: any) => r.role === 'super_admin')).toBe(true);

    // Edit with a blank password: the stored one stays.
    const edited = await api(superToken, 'PUT', `${URL}/${row.id}`, {
      ...got.json(),
      full_name: 'Rina K.',
      role: 'staff',
      password: '',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ full_name: 'Rina K.', role: 'staff' });
    await t.login(body.email, PASSWORD);

    const deleted = await api(superToken, 'DELETE', `${URL}/${row.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await api(superToken, 'GET', `${URL}/${row.id}`)).statusCode).toBe(404);
  });

  it('keeps the password out of exports and the activity log', async () => {
    const row = await create({ username: 'ekspor.uji' });
    const secondPassword = 'Kata-Sandi-Baru-456';
    const changed = await api(superToken, 'PATCH', `${URL}/${row.id}`, { password: secondPassword });
    expect(changed.statusCode, changed.body).toBe(200);

    const csv = await api(superToken, 'GET', `${URL}/export?search=ekspor.uji`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('ekspor.uji');
    expect(csv.body).not.toContain(PASSWORD);
    expect(csv.body).not.toContain(secondPassword);
    expect(csv.body).not.toMatch(/argon2|scrypt|\$/);

    const { rows: logs } = await t.db.query(
      `SELECT old_values, new_values, details FROM activity_logs WHERE table_name = 'web_admins' AND record_id = $1`,
      [String(row.id)],
    );
    expect(logs).toHaveLength(2);
    const text = JSON.stringify(logs);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(secondPassword);
    expect(text).not.toMatch(/argon2|scrypt/);
    expect(text).not.toContain('password_hash');
  });

  it('requires a password of at least 8 characters on create only', async () => {
    const short = await api(superToken, 'POST', URL, webAdmin({ password: 'pendek' }));
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.password).toMatch(/8/);
    const none = await api(superToken, 'POST', URL, { ...webAdmin(), password: undefined });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toHaveProperty('password');
  });

  it('answers 409 on the field for a username or email already taken', async () => {
    const first = await create();
    const sameName = await api(superToken, 'POST', URL, webAdmin({ username: first.username.toUpperCase() }));
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().errors).toEqual({ username: USERNAME_TAKEN });
    const sameEmail = await api(superToken, 'POST', URL, webAdmin({ email: first.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().errors).toEqual({ email: EMAIL_TAKEN });

    const second = await create();
    const clash = await api(superToken, 'PATCH', `${URL}/${second.id}`, { email: first.email });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors).toEqual({ email: EMAIL_TAKEN });
    // Its own values are not a clash.
    const own = await api(superToken, 'PATCH', `${URL}/${second.id}`, { email: second.email });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('gives creates racing for one username one success and the same 409 for the others', async () => {
    const username = `race${Date.now().toString(36)}`;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => api(superToken, 'POST', URL, webAdmin({ username }))),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((r) => r.statusCode === 409)) {
      expect(a.json().errors).toEqual({ username: USERNAME_TAKEN });
    }
  });

  it('asks for a facility exactly when the role is medical_facility', async () => {
    const without = await api(superToken, 'POST', URL, webAdmin({ role: 'medical_facility' }));
    expect(without.statusCode).toBe(400);
    expect(without.json().errors).toEqual({ medical_facility_id: FACILITY_REQUIRED });

    const withFacility = await create({ role: 'medical_facility', medical_facility_id: facilityId });
    expect(withFacility.medical_facility_id).toBe(facilityId);
    // Their session is scoped to that facility.
    expect((await me(await loginAs(withFacility))).json()).toMatchObject({ medical_facility_id: facilityId });

    // Taking the facility away from a medical_facility account is refused ...
    const cleared = await api(superToken, 'PATCH', `${URL}/${withFacility.id}`, {
      medical_facility_id: null,
    });
    expect(cleared.statusCode).toBe(400);
    // ... and another role keeps no facility.
    const staff = await api(superToken, 'PATCH', `${URL}/${withFacility.id}`, { role: 'staff' });
    expect(staff.statusCode, staff.body).toBe(200);
    expect(staff.json()).toMatchObject({ role: 'staff', medical_facility_id: null });
  });

  it('lets nobody delete or deactivate themselves', async () => {
    const del = await api(superToken, 'DELETE', `${URL}/${superId}`);
    expect(del.statusCode).toBe(400);
    expect(del.json().error).toBe(CANNOT_DELETE_SELF);

    const off = await api(superToken, 'PATCH', `${URL}/${superId}`, { is_active: false });
    expect(off.statusCode).toBe(400);
    expect(off.json().errors).toEqual({ is_active: CANNOT_DEACTIVATE_SELF });
    expect((await me(superToken)).statusCode).toBe(200);
  });

  it('keeps the last active super admin: no delete, deactivation or other role', async () => {
    // The menu-role manager may give web admins to admins too: then an admin tries.
    await t.db.query(`INSERT INTO role_menu_access (role, menu_path) VALUES ('admin', $1)`, [
      '/master/web-admins',
    ]);
    try {
      const adminToken = await t.login(DEMO_EMAILS.admin);
      expect(await activeSupers()).toBe(1);
      const before = (await api(superToken, 'GET', `${URL}/${superId}`)).json();

      const del = await api(adminToken, 'DELETE', `${URL}/${superId}`);
      expect(del.statusCode).toBe(409);
      expect(del.json().error).toBe(LAST_SUPER_ADMIN_DELETE);
      const off = await api(adminToken, 'PATCH', `${URL}/${superId}`, { is_active: false });
      expect(off.statusCode).toBe(409);
      expect(off.json().errors).toEqual({ is_active: LAST_SUPER_ADMIN_DEACTIVATE });
      const { version: _v, ...record } = before;
      const demote = await api(adminToken, 'PUT', `${URL}/${superId}`, { ...record, role: 'admin' });
      expect(demote.statusCode).toBe(409);
      expect(demote.json().errors).toEqual({ role: LAST_SUPER_ADMIN_ROLE });
      // Nor can the last super admin step down themselves.
      const self = await api(superToken, 'PATCH', `${URL}/${superId}`, { role: 'staff' });
      expect(self.statusCode).toBe(409);
      expect(self.json().errors).toEqual({ role: LAST_SUPER_ADMIN_ROLE });
      // Nothing changed, and the super admin is still signed in.
      expect((await api(superToken, 'GET', `${URL}/${superId}`)).json()).toEqual(before);
      expect((await me(superToken)).statusCode).toBe(200);

      // With a second active super admin, either may go.
      const second = await create({ role: 'super_admin' });
      expect((await api(adminToken, 'PATCH', `${URL}/${second.id}`, { role: 'admin' })).statusCode).toBe(200);
      expect(await activeSupers()).toBe(1);
      // An inactive super admin does not count.
      const dormant = await create({ role: 'super_admin', is_active: false });
      expect(await activeSupers()).toBe(1);
      expect((await api(adminToken, 'PATCH', `${URL}/${superId}`, { role: 'admin' })).statusCode).toBe(409);
      expect((await api(adminToken, 'DELETE', `${URL}/${dormant.id}`)).statusCode).toBe(200);
    } finally {
      await t.db.query(`DELETE FROM role_menu_access WHERE role = 'admin' AND menu_path = $1`, [
        '/master/web-admins',
      ]);
    }
  });

  /**
   * Runs two writes so that both are past their access check and inside their transactions
   * before either may go on: on PostgreSQL the web-admin rows are held locked until both wait
   * for them. (PGlite runs one transaction at a time: there the writes simply take turns.)
   */
  async function together<T>(fire: () => Promise<T>): Promise<T> {
    if (t.kind !== 'postgres') return fire();
    let pending: Promise<T> | undefined;
    await t.db.transaction(async (tx) => {
      await tx.query('SELECT id FROM web_admins FOR UPDATE');
      pending = fire();
      for (let i = 0; i < 500; i++) {
        const { rows } = await t.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE wait_event_type = 'Lock' AND query LIKE '%web_admins%' AND datname = current_database()`,
        );
        if (rows[0].n >= 2) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error('the two writes never both waited for the lock');
    });
    return pending!;
  }

  it('never leaves zero super admins when the last two demote each other at once', async () => {
    const second = await create({ role: 'super_admin' });
    const changes: Record<string, unknown>[] = [
      { role: 'admin' },
      { is_active: false },
      { role: 'viewer' },
      { is_active: false },
      { role: 'staff' },
      { is_active: false },
    ];
    for (const change of changes) {
      await t.db.query(`UPDATE web_admins SET role = 'super_admin', is_active = true WHERE id = ANY($1)`, [
        [superId, second.id],
      ]);
      expect(await activeSupers()).toBe(2);
      const [a, b] = [await t.login(DEMO_EMAILS.super_admin), await loginAs(second)];
      const answers = await together(() =>
        Promise.all([
          api(a, 'PATCH', `${URL}/${second.id}`, change),
          api(b, 'PATCH', `${URL}/${superId}`, change),
        ]),
      );
      expect(answers.map((r) => r.statusCode).sort(), JSON.stringify(change)).toEqual([200, 409]);
      expect(answers.find((r) => r.statusCode === 409)!.json().errors).toHaveProperty(Object.keys(change)[0]);
      expect(await activeSupers()).toBe(1);
    }
    await t.db.query(`UPDATE web_admins SET role = 'super_admin', is_active = true WHERE id = $1`, [superId]);
    await t.db.query(`UPDATE web_admins SET role = 'admin' WHERE id = $1`, [second.id]);
    superToken = await t.login(DEMO_EMAILS.super_admin);
  });

  it("ends an admin's sessions at once when deactivated, deleted or given a new password", async () => {
    const off = await create({ role: 'staff' });
    const offToken = await loginAs(off);
    expect((await me(offToken)).statusCode).toBe(200);
    expect((await api(superToken, 'PATCH', `${URL}/${off.id}`, { is_active: false })).statusCode).toBe(200);
    expect((await me(offToken)).statusCode).toBe(401);
    // Active again: the old session stays ended; signing in again works.
    expect((await api(superToken, 'PATCH', `${URL}/${off.id}`, { is_active: true })).statusCode).toBe(200);
    expect((await me(offToken)).statusCode).toBe(401);
    expect((await me(await loginAs(off))).statusCode).toBe(200);

    const gone = await create({ role: 'staff' });
    const goneToken = await loginAs(gone);
    expect((await api(superToken, 'DELETE', `${URL}/${gone.id}`)).statusCode).toBe(200);
    expect((await me(goneToken)).statusCode).toBe(401);

    const moved = await create({ role: 'staff' });
    const movedTokens = [await loginAs(moved), await loginAs(moved)];
    const newPassword = 'Sandi-Pengganti-789';
    expect((await api(superToken, 'PATCH', `${URL}/${moved.id}`, { password: newPassword })).statusCode).toBe(
      200,
    );
    for (const token of movedTokens) expect((await me(token)).statusCode).toBe(401);
    await expect(loginAs(moved)).rejects.toThrow(/401/);
    expect((await me(await t.login(moved.email, newPassword))).statusCode).toBe(200);

    // Other edits leave sessions alone.
    const kept = await create({ role: 'staff' });
    const keptToken = await loginAs(kept);
    expect((await api(superToken, 'PATCH', `${URL}/${kept.id}`, { full_name: 'Nama Baru' })).statusCode).toBe(
      200,
    );
    expect((await me(keptToken)).statusCode).toBe(200);

    // A super admin changing their own password keeps the session they did it from.
    const own = await api(superToken, 'PATCH', `${URL}/${superId}`, { password: 'Sandi-Super-Baru-1' });
    expect(own.statusCode).toBe(200);
    expect((await me(superToken)).statusCode).toBe(200);
  });

  it('is for super admins only: other roles get 403', async () => {
    for (const role of ['admin', 'staff', 'viewer', 'medical_facility'] as const) {
      const token = await t.login(DEMO_EMAILS[role]);
      expect((await api(token, 'GET', URL)).statusCode, role).toBe(403);
      expect((await api(token, 'POST', URL, webAdmin())).statusCode, role).toBe(403);
      expect((await api(token, 'DELETE', `${URL}/${superId}`)).statusCode, role).toBe(403);
    }
  });
});
