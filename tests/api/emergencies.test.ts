import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { dbTargets, startTestApp, DEMO_EMAILS, type TestApp } from './helper';

const URL = '/api/master/emergencies';
/** A word no generated name contains: searching it finds only our rows. */
const MARK = 'Qorvantis';
const PHONE_MESSAGE = 'Nomor telepon tidak valid (contoh: 081234567890 atau +6281234567890)';

const emergency = (overrides: Record<string, unknown> = {}) => ({
  fullname: `Rina ${MARK}`,
  phone: '081234567890',
  latitude: -6.175392,
  longitude: 106.827153,
  accuracy: 12.5,
  ...overrides,
});

const csvRows = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);

describe.each(dbTargets())('master emergencies API (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let faskes: string;
  let staff: string;

  const api = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.request(token, { method, url, payload });

  beforeAll(async () => {
    t = await startTestApp(kind, { patients: 30 });
    admin = await t.login(DEMO_EMAILS.admin);
    faskes = await t.login(DEMO_EMAILS.medical_facility);
    staff = await t.login(DEMO_EMAILS.staff);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the demo emergencies newest first, ten a page', async () => {
    const res = await api(admin, 'GET', `${URL}?page=1&limit=10`);
    expect(res.statusCode).toBe(200);
    const { data, pagination } = res.json();
    const total = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM emergencies')).rows[0].n;
    expect(total).toBeGreaterThanOrEqual(40);
    expect(pagination).toMatchObject({ total, totalPages: Math.ceil(total / 10) });
    expect(data).toHaveLength(10);
    const created = data.map((r: any) => r.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    expect(Object.keys(data[0]).sort()).toEqual(
      ['accuracy', 'created_at', 'fullname', 'id', 'latitude', 'longitude', 'phone', 'version'].sort(),
    );
  });

  it('creates, reads, updates and deletes an emergency, logging each write', async () => {
    const created = await api(admin, 'POST', URL, emergency());
    expect(created.statusCode).toBe(201);
    const row = created.json();
    expect(row).toMatchObject({ ...emergency(), id: expect.any(Number), created_at: expect.any(String) });

    const got = await api(admin, 'GET', `${URL}/${row.id}`);
    expect(got.json()).toEqual(row);

    const updated = await api(admin, 'PUT', `${URL}/${row.id}`, {
      ...got.json(),
      fullname: `Rina ${MARK} Edited`,
      accuracy: null,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: row.id, fullname: `Rina ${MARK} Edited`, accuracy: null });

    expect((await api(admin, 'DELETE', `${URL}/${row.id}`)).statusCode).toBe(200);
    expect((await api(admin, 'GET', `${URL}/${row.id}`)).statusCode).toBe(404);
    const { rows: logs } = await t.db.query(
      `SELECT action FROM activity_logs WHERE table_name = 'emergencies' AND record_id = $1 ORDER BY id`,
      [String(row.id)],
    );
    expect(logs.map((l) => l.action)).toEqual(['CREATE', 'UPDATE', 'DELETE']);
  });

  it('finds rows by name and by the start of the phone number', async () => {
    const a = (
      await api(admin, 'POST', URL, emergency({ fullname: `Ayu ${MARK}search`, phone: '089912340001' }))
    ).json();
    const b = (
      await api(admin, 'POST', URL, emergency({ fullname: `Bima ${MARK}search`, phone: '089912340002' }))
    ).json();
    const byName = (await api(admin, 'GET', `${URL}?search=${MARK}search`)).json();
    expect(byName.data.map((r: any) => r.id).sort()).toEqual([a.id, b.id].sort());
    expect(byName.pagination.total).toBe(2);
    const byPhone = (await api(admin, 'GET', `${URL}?search=089912340002`)).json();
    expect(byPhone.data.map((r: any) => r.id)).toEqual([b.id]);
  });

  describe('validation', () => {
    const create = (body: object) => api(admin, 'POST', URL, body);

    it('names every missing required field; accuracy may be left out', async () => {
      const res = await create({});
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors).sort()).toEqual(['fullname', 'latitude', 'longitude', 'phone']);
      expect(res.json().errors.fullname).toBe('Wajib diisi');
      const { accuracy: _a, ...noAccuracy } = emergency();
      const ok = await create(noAccuracy);
      expect(ok.statusCode).toBe(201);
      expect(ok.json().accuracy).toBeNull();
    });

    it('accepts latitude ±90 and longitude ±180 and refuses a step past them', async () => {
      for (const [latitude, longitude] of [
        [90, 180],
        [-90, -180],
      ]) {
        expect((await create(emergency({ latitude, longitude }))).statusCode).toBe(201);
      }
      for (const [field, value] of [
        ['latitude', 90.0001],
        ['latitude', -90.0001],
        ['longitude', 180.0001],
        ['longitude', -180.0001],
      ] as const) {
        const res = await create(emergency({ [field]: value }));
        expect(res.statusCode).toBe(400);
        expect(Object.keys(res.json().errors)).toEqual([field]);
        expect(res.json().errors[field]).toMatch(/^(Minimal|Maksimal) -?\d+$/);
      }
      expect((await create(emergency({ latitude: 'north' }))).json().errors.latitude).toBe(
        'Harus berupa angka',
      );
    });

    it('accepts accuracy 0 and refuses a negative one', async () => {
      expect((await create(emergency({ accuracy: 0 }))).statusCode).toBe(201);
      const res = await create(emergency({ accuracy: -0.1 }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ accuracy: 'Minimal 0' });
    });

    it('checks the phone number: 0, 62 or +62 then 8 to 13 digits', async () => {
      for (const phone of ['081234567890', '+6281234567890', '6281234567890', '02112345678', '81234567']) {
        const res = await create(emergency({ phone }));
        expect(res.statusCode, phone).toBe(201);
      }
      for (const phone of ['0812-3456', '12345', 'abc', '+1 555 0100', '0081234567', '08123456789012345']) {
        const res = await create(emergency({ phone }));
        expect(res.statusCode, phone).toBe(400);
        expect(res.json().errors.phone, phone).toMatch(/^(Nomor telepon tidak valid|Maksimal 20 karakter)/);
      }
      expect((await create(emergency({ phone: '0812ab34567' }))).json().errors).toEqual({
        phone: PHONE_MESSAGE,
      });
    });

    it('leaves the stored row unchanged when an update is refused', async () => {
      const row = (await create(emergency({ fullname: `Keep ${MARK}` }))).json();
      const res = await api(admin, 'PUT', `${URL}/${row.id}`, { ...row, latitude: 91 });
      expect(res.statusCode).toBe(400);
      expect((await api(admin, 'GET', `${URL}/${row.id}`)).json().latitude).toBe(row.latitude);
    });
  });

  it('exports the matching rows as CSV with Indonesian headers', async () => {
    await api(admin, 'POST', URL, emergency({ fullname: `Csv ${MARK}export`, phone: '087700001111' }));
    const res = await api(admin, 'GET', `${URL}/export?search=${MARK}export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const rows = csvRows(res.body);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('Nama Lengkap');
    expect(rows[0]).toContain('Nomor Telepon');
    expect(rows[0]).not.toContain('fullname');
    expect(rows[1]).toContain(`Csv ${MARK}export`);
  });

  it('is open to the medical_facility role (its menu has master emergencies) and closed to staff', async () => {
    const list = await api(faskes, 'GET', `${URL}?limit=1`);
    expect(list.statusCode).toBe(200);
    const created = await api(faskes, 'POST', URL, emergency({ fullname: `Faskes ${MARK}` }));
    expect(created.statusCode).toBe(201);
    expect((await api(staff, 'GET', URL)).statusCode).toBe(403);
    expect((await api(staff, 'POST', URL, emergency())).statusCode).toBe(403);
    expect((await api(staff, 'DELETE', `${URL}/${created.json().id}`)).statusCode).toBe(403);
  });
});
