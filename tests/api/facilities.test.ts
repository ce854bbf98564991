import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { dbTargets, startTestApp, DEMO_EMAILS, type TestApp } from './helper';
import { PASSWORD_CHANGED } from '../../src/server/routes/facility-integration';
import { FACILITY_USER_CANNOT } from '../../src/resources/medical-facilities/hooks';
import { verifyPassword } from '../../src/server/security/passwords';

const URL = '/api/master/medical-facilities';
const MARK = 'Zelvaront';

let seq = 0;
const facility = (overrides: Record<string, unknown> = {}) => ({
  name: `Klinik ${MARK} ${++seq}`,
  email: `klinik${seq}@${MARK.toLowerCase()}.example`,
  password: 'rahasia-123',
  type: 'KLINIK',
  phone: '021-5550123',
  ...overrides,
});

describe.each(dbTargets())('master facilities API (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let faskes: string;
  let own: number;
  let other: number;

  const api = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.request(token, { method, url, payload });
  const stored = async (id: number) =>
    (await t.db.query('SELECT * FROM medical_facilities WHERE id = $1', [id])).rows[0] ?? null;

  beforeAll(async () => {
    t = await startTestApp(kind, { patients: 10 });
    admin = await t.login(DEMO_EMAILS.admin);
    faskes = await t.login(DEMO_EMAILS.medical_facility);
    const { rows } = await t.db.query(
      `SELECT a.medical_facility_id AS own,
              (SELECT min(f.id) FROM medical_facilities f WHERE f.id <> a.medical_facility_id) AS other
         FROM web_admins a WHERE a.email = $1`,
      [DEMO_EMAILS.medical_facility],
    );
    own = rows[0].own;
    other = rows[0].other;
    expect(own).toEqual(expect.any(Number));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates, reads, updates and deletes a facility; the password is hashed and never returned', async () => {
    const body = facility();
    const created = await api(admin, 'POST', URL, body);
    expect(created.statusCode).toBe(201);
    const row = created.json();
    const { password: _p, ...visible } = body;
    expect(row).toMatchObject({ ...visible, online: true, id: expect.any(Number) });
    expect(row).not.toHaveProperty('password');
    expect(row).not.toHaveProperty('password_hash');
    const db = await stored(row.id);
    expect(db.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword('rahasia-123', db.password_hash)).toBe(true);

    const list = await api(admin, 'GET', `${URL}?search=${MARK}&limit=100`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((r: any) => r.id)).toContain(row.id);
    expect(list.body).not.toContain('password');

    // Blank password on edit: unchanged.
    const updated = await api(admin, 'PUT', `${URL}/${row.id}`, {
      ...visible,
      name: `${body.name} Baru`,
      password: '',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().name).toBe(`${body.name} Baru`);
    expect((await stored(row.id)).password_hash).toBe(db.password_hash);

    const removed = await api(admin, 'DELETE', `${URL}/${row.id}`);
    expect(removed.statusCode).toBe(200);
    expect(await stored(row.id)).toBeNull();
    expect((await api(admin, 'GET', `${URL}/${row.id}`)).statusCode).toBe(404);

    const logs = await t.db.query(
      `SELECT action, old_values::text AS old, new_values::text AS new FROM activity_logs
        WHERE table_name = 'medical_facilities' AND record_id = $1 ORDER BY id`,
      [String(row.id)],
    );
    expect(logs.rows.map((l) => l.action)).toEqual(['CREATE', 'UPDATE', 'DELETE']);
    for (const l of logs.rows) {
      expect(`${l.old}${l.new}`).not.toContain('rahasia-123');
      expect(`${l.old}${l.new}`).not.toContain('argon2');
    }
  });

  it('keeps online as set: an edit without it or with false never makes the facility online', async () => {
    const created = (await api(admin, 'POST', URL, facility({ online: false }))).json();
    expect(created.online).toBe(false);
    const { id, online: _o, created_at: _c, updated_at: _u, version: _v, ...rest } = created;
    const withoutOnline = await api(admin, 'PUT', `${URL}/${id}`, { ...rest, phone: '021-5550999' });
    expect(withoutOnline.statusCode).toBe(200);
    expect(withoutOnline.json().online).toBe(false);
    const withFalse = await api(admin, 'PUT', `${URL}/${id}`, { ...rest, online: false });
    expect(withFalse.json().online).toBe(false);
    expect((await stored(id)).online).toBe(false);
    const on = await api(admin, 'PUT', `${URL}/${id}`, { ...rest, online: true });
    expect(on.json().online).toBe(true);
  });

  it('answers 400 with the failing fields', async () => {
    const noPassword = await api(admin, 'POST', URL, facility({ password: undefined }));
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().errors).toMatchObject({ password: 'Wajib diisi' });
    const bad = await api(
      admin,
      'POST',
      URL,
      facility({ type: 'RUMAH', email: 'bukan-email', name: '', password: 'pendek' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['email', 'name', 'password', 'type']);
    expect(bad.json().errors.type).toMatch(/PUSKESMAS, RSUD, RS_SWASTA, KLINIK, APOTEK/);
  });

  it('sets a new password through PUT /{id}/password (at least 8 characters)', async () => {
    const { id } = (await api(admin, 'POST', URL, facility())).json();
    const short = await api(admin, 'PUT', `${URL}/${id}/password`, { password: 'pendek' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.password).toBe('Minimal 8 karakter');
    const ok = await api(admin, 'PUT', `${URL}/${id}/password`, { password: 'sandi-baru-456' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: PASSWORD_CHANGED });
    expect(await verifyPassword('sandi-baru-456', (await stored(id)).password_hash)).toBe(true);
    expect(
      (await api(admin, 'PUT', `${URL}/999999/password`, { password: 'sandi-baru-456' })).statusCode,
    ).toBe(404);
    const logs = await t.db.query(
      `SELECT new_values::text AS v FROM activity_logs WHERE table_name = 'medical_facilities' AND record_id = $1`,
      [String(id)],
    );
    expect(logs.rows.map((r) => r.v).join()).not.toContain('sandi-baru-456');
  });

  it('shows a medical_facility user only their own facility, which they may edit but not delete', async () => {
    const list = await api(faskes, 'GET', `${URL}?limit=100`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((r: any) => r.id)).toEqual([own]);
    expect((await api(faskes, 'GET', `${URL}/${other}`)).statusCode).toBe(404);
    const mine = (await api(faskes, 'GET', `${URL}/${own}`)).json();
    const { id: _i, created_at: _c, updated_at: _u, version: _v, ...rest } = mine;

    const foreign = await api(faskes, 'PUT', `${URL}/${other}`, { ...rest, phone: '021-5551111' });
    expect(foreign.statusCode).toBe(404);
    const edited = await api(faskes, 'PUT', `${URL}/${own}`, { ...rest, phone: '021-7654321' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id: own, phone: '021-7654321' });

    expect(
      (await api(faskes, 'PUT', `${URL}/${other}/password`, { password: 'sandi-baru-456' })).statusCode,
    ).toBe(404);
    expect(
      (await api(faskes, 'PUT', `${URL}/${own}/password`, { password: 'sandi-baru-456' })).statusCode,
    ).toBe(200);

    const add = await api(faskes, 'POST', URL, facility());
    expect(add.statusCode).toBe(403);
    expect(add.json().message).toBe(FACILITY_USER_CANNOT);
    expect((await api(faskes, 'DELETE', `${URL}/${own}`)).statusCode).toBe(403);
    expect((await api(faskes, 'DELETE', `${URL}/${other}`)).statusCode).toBe(404);
    expect(await stored(other)).not.toBeNull();
    expect(await stored(own)).not.toBeNull();

    const exported = await api(faskes, 'GET', `${URL}/export`);
    expect(exported.statusCode).toBe(200);
    expect(exported.body.trim().split('\n')).toHaveLength(2); // header + their facility
    expect(exported.body).not.toMatch(/argon2|password/i);
  });

  it('is closed to roles without the master facility menus', async () => {
    const staff = await t.login(DEMO_EMAILS.staff);
    expect((await api(staff, 'GET', URL)).statusCode).toBe(403);
    expect(
      (await api(staff, 'PUT', `${URL}/${own}/password`, { password: 'sandi-baru-456' })).statusCode,
    ).toBe(403);
  });
});
