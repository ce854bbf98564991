import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { dbTargets, startTestApp, DEMO_EMAILS, type TestApp } from './helper';
import { now } from '../../src/domain/clock';
import { RANGE_END_BEFORE_START } from '../../src/domain/resource';

const URL = '/api/master/users';
/** A word no generated name or e-mail contains: searching it finds only our rows. */
const MARK = 'qorvantis';

let seq = 0;
const user = (overrides: Record<string, unknown> = {}) => ({
  name: `Dewi ${MARK}`,
  email: `dewi.${MARK}${++seq}@example.com`,
  password: 'rahasia123',
  verified: true,
  has_medicine_delivery: false,
  ...overrides,
});

const csvRows = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);

describe.each(dbTargets())('master users API (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let faskes: string;

  const api = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.request(token, { method, url, payload });
  const storedHash = async (id: number) =>
    (await t.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [id]))
      .rows[0]?.password_hash;

  beforeAll(async () => {
    t = await startTestApp(kind, { patients: 30 });
    admin = await t.login(DEMO_EMAILS.admin);
    faskes = await t.login(DEMO_EMAILS.medical_facility);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates, reads, updates and deletes a user; the password is stored hashed and never answered', async () => {
    const body = user({ name: `Dewi ${MARK} Crud`, has_medicine_delivery: true });
    const created = await api(admin, 'POST', URL, body);
    expect(created.statusCode).toBe(201);
    const row = created.json();
    const { password: _p, ...visible } = body;
    expect(row).toMatchObject({ ...visible, id: expect.any(Number), email_verified_at: expect.any(String) });
    expect(row).not.toHaveProperty('password');
    expect(row).not.toHaveProperty('password_hash');
    expect(created.body).not.toContain('rahasia123');
    const hash = await storedHash(row.id);
    expect(hash).toMatch(/^\$argon2id\$/);

    const got = await api(admin, 'GET', `${URL}/${row.id}`);
    expect(got.json()).toEqual(row);
    expect(got.body).not.toContain('password');

    // The edit form sends the record back with a blank password: the stored one stays.
    const updated = await api(admin, 'PUT', `${URL}/${row.id}`, {
      ...got.json(),
      name: `Dewi ${MARK} Edited`,
      verified: false,
      password: '',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: `Dewi ${MARK} Edited`, verified: false });
    expect(await storedHash(row.id)).toBe(hash);

    // A new password replaces the hash.
    const changed = await api(admin, 'PUT', `${URL}/${row.id}`, {
      ...updated.json(),
      password: 'barupass99',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).not.toContain('barupass99');
    const newHash = await storedHash(row.id);
    expect(newHash).not.toBe(hash);

    expect((await api(admin, 'DELETE', `${URL}/${row.id}`)).statusCode).toBe(200);
    expect((await api(admin, 'GET', `${URL}/${row.id}`)).statusCode).toBe(404);

    const { rows: logs } = await t.db.query<{ action: string; old_values: unknown; new_values: unknown }>(
      `SELECT action, old_values, new_values FROM activity_logs WHERE table_name = 'users' AND record_id = $1 ORDER BY id`,
      [String(row.id)],
    );
    expect(logs.map((l) => l.action)).toEqual(['CREATE', 'UPDATE', 'UPDATE', 'DELETE']);
    const logged = JSON.stringify(logs);
    expect(logged).not.toContain('rahasia123');
    expect(logged).not.toContain('barupass99');
    expect(logged).not.toContain(hash);
  });

  it('stamps email_verified_at when a user is verified and clears it when unverified', async () => {
    const unverified = await api(admin, 'POST', URL, user({ verified: false }));
    expect(unverified.json()).toMatchObject({ verified: false, email_verified_at: null });
    const verified = await api(admin, 'POST', URL, user({ verified: true }));
    const stamp = verified.json().email_verified_at;
    expect(now() - Date.parse(stamp)).toBeLessThan(60_000);

    // Edited while still verified: the first stamp stays.
    const renamed = await api(admin, 'PUT', `${URL}/${verified.json().id}`, {
      ...verified.json(),
      name: 'Baru',
    });
    expect(renamed.json().email_verified_at).toBe(stamp);
    const off = await api(admin, 'PUT', `${URL}/${verified.json().id}`, {
      ...renamed.json(),
      verified: false,
    });
    expect(off.json()).toMatchObject({ verified: false, email_verified_at: null });
    const on = await api(admin, 'PUT', `${URL}/${unverified.json().id}`, {
      ...unverified.json(),
      verified: true,
    });
    expect(on.json().email_verified_at).toEqual(expect.any(String));
  });

  it('requires a password of at least 8 characters on create, and only on create', async () => {
    const missing = await api(admin, 'POST', URL, { name: 'X', email: `nopass.${MARK}@example.com` });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ password: 'Wajib diisi' });

    const seven = await api(admin, 'POST', URL, user({ password: '1234567' }));
    expect(seven.statusCode).toBe(400);
    expect(seven.json().errors).toEqual({ password: 'Minimal 8 karakter' });

    const eight = await api(admin, 'POST', URL, user({ password: '12345678' }));
    expect(eight.statusCode).toBe(201);

    const { password: _p, ...noPassword } = eight.json();
    expect((await api(admin, 'PUT', `${URL}/${eight.json().id}`, noPassword)).statusCode).toBe(200);
    const shortEdit = await api(admin, 'PUT', `${URL}/${eight.json().id}`, {
      ...noPassword,
      password: 'short',
    });
    expect(shortEdit.statusCode).toBe(400);
    expect(shortEdit.json().errors).toEqual({ password: 'Minimal 8 karakter' });
  });

  it('names the missing name and email and refuses a malformed email', async () => {
    const res = await api(admin, 'POST', URL, { password: 'rahasia123' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'name']);
    const bad = await api(admin, 'POST', URL, user({ email: 'not-an-email' }));
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['email']);
  });

  it('answers a duplicate email (in any case) with an error on the email field, never 500', async () => {
    const first = await api(admin, 'POST', URL, user({ email: `twin.${MARK}@example.com` }));
    expect(first.statusCode).toBe(201);
    const again = await api(admin, 'POST', URL, user({ email: `TWIN.${MARK}@Example.com` }));
    expect([400, 409]).toContain(again.statusCode);
    expect(again.json().errors).toEqual({ email: expect.stringMatching(/sudah terdaftar/) });

    const other = (await api(admin, 'POST', URL, user())).json();
    const clash = await api(admin, 'PUT', `${URL}/${other.id}`, {
      ...other,
      email: `twin.${MARK}@example.com`,
    });
    expect([400, 409]).toContain(clash.statusCode);
    expect(Object.keys(clash.json().errors)).toEqual(['email']);
  });

  it('searches name and email and filters by verification', async () => {
    const mark = `${MARK}list`;
    const made: { id: number; verified: boolean }[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await api(admin, 'POST', URL, user({ name: `Nama ${mark} ${i}`, verified: i % 2 === 0 }));
      made.push(res.json());
    }
    const byEmail = await api(
      admin,
      'POST',
      URL,
      user({ name: 'Tanpa Tanda', email: `${mark}.mail@example.com` }),
    );
    const all = (await api(admin, 'GET', `${URL}?search=${mark}`)).json();
    expect(all.pagination.total).toBe(6);
    expect(all.data.map((r: any) => r.id)).toContain(byEmail.json().id);
    for (const r of all.data) expect(r).not.toHaveProperty('password');

    const verified = (await api(admin, 'GET', `${URL}?search=${mark}&verified=true`)).json();
    expect(verified.pagination.total).toBe(4);
    expect(verified.data.every((r: any) => r.verified === true)).toBe(true);
    const unverified = (await api(admin, 'GET', `${URL}?search=${mark}&verified=false`)).json();
    expect(unverified.data.map((r: any) => r.id).sort()).toEqual(
      made
        .filter((m) => !m.verified)
        .map((m) => m.id)
        .sort(),
    );
    expect((await api(admin, 'GET', `${URL}?verified=maybe`)).statusCode).toBe(400);
  });

  it("filters by the days of creation, Jakarta's days, and refuses a range that ends before it starts", async () => {
    // Users written at 23:30 and 00:30 Jakarta time on two consecutive days (16:30 and 17:30 UTC).
    const { rows } = await t.db.query<{ id: number }>(
      `UPDATE users SET created_at = CASE WHEN id = (SELECT min(id) FROM users) THEN '2026-03-09T16:30:00Z'::timestamptz
                                          ELSE '2026-03-09T17:30:00Z'::timestamptz END
        WHERE id IN (SELECT id FROM users ORDER BY id LIMIT 2) RETURNING id`,
    );
    const [late, early] = rows.map((r) => r.id).sort((a, b) => a - b);
    const ids = async (query: string) =>
      (await api(admin, 'GET', `${URL}?limit=100&${query}`)).json().data.map((r: any) => r.id);
    // 23:30 on 9 March and 00:30 on 10 March in Jakarta.
    expect(await ids('created_at_from=2026-03-09&created_at_to=2026-03-09')).toEqual([late]);
    expect(await ids('created_at_from=2026-03-10&created_at_to=2026-03-10')).toEqual([early]);
    expect((await ids('created_at_from=2026-03-09&created_at_to=2026-03-10')).sort()).toEqual(
      [late, early].sort(),
    );
    const backwards = await api(admin, 'GET', `${URL}?created_at_from=2026-03-10&created_at_to=2026-03-09`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toEqual({ created_at_to: RANGE_END_BEFORE_START });
    expect((await api(admin, 'GET', `${URL}?created_at_from=2026-13-45`)).statusCode).toBe(400);
  });

  it('exports users as CSV with Indonesian headers and without any password', async () => {
    const mark = `${MARK}csv`;
    await api(admin, 'POST', URL, user({ name: `Ekspor ${mark}`, password: 'csvsecret1' }));
    const res = await api(admin, 'GET', `${URL}/export?search=${mark}`);
    expect(res.statusCode).toBe(200);
    const rows = csvRows(res.body);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('Nama');
    expect(rows[0]).toContain('Terverifikasi');
    expect(rows[0].toLowerCase()).not.toContain('password');
    expect(res.body).not.toContain('csvsecret1');
    expect(res.body).not.toContain('$argon2');
  });

  it('refuses the medical_facility role (users are for admins only)', async () => {
    const some = (await api(admin, 'POST', URL, user())).json();
    expect((await api(faskes, 'GET', URL)).statusCode).toBe(403);
    expect((await api(faskes, 'GET', `${URL}/${some.id}`)).statusCode).toBe(403);
    expect((await api(faskes, 'POST', URL, user())).statusCode).toBe(403);
    expect((await api(faskes, 'DELETE', `${URL}/${some.id}`)).statusCode).toBe(403);
    expect((await api(faskes, 'GET', `${URL}/export`)).statusCode).toBe(403);
  });
});
