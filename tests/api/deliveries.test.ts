import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { dbTargets, startTestApp, DEMO_EMAILS, type TestApp } from './helper';
import { DELIVERY_STATUSES } from '../../src/resources/delivery';

const URL = '/api/master/delivery';
/** A word no generated value contains: searching it finds only our rows. */
const MARK = 'QRV';

const csvRows = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);

describe.each(dbTargets())('master delivery API (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let faskes: string;
  let userId: number;
  let facilityId: number;
  let seq = 0;

  const api = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.request(token, { method, url, payload });
  const delivery = (overrides: Record<string, unknown> = {}) => ({
    order_id: `ORD-${MARK}-${++seq}`,
    delivery_id: `DLV-${MARK}-${seq}`,
    user_id: userId,
    medical_facility_id: facilityId,
    hospital_address: 'Jl. Tanah Abang I No. 1, Gambir',
    hospital_latitude: -6.1766,
    hospital_longitude: 106.8145,
    medicine_count: 3,
    medicine_weight: 0.4,
    patient_nik: '3171015705900001',
    patient_address: 'Jl. Kebon Sirih No. 5',
    patient_kota: 'Jakarta Pusat',
    patient_kecamatan: 'Menteng',
    patient_kode_pos: '10340',
    patient_latitude: -6.1862,
    patient_longitude: 106.8341,
    delivery_price: 25000,
    ...overrides,
  });

  beforeAll(async () => {
    t = await startTestApp(kind, { patients: 30 });
    admin = await t.login(DEMO_EMAILS.admin);
    faskes = await t.login(DEMO_EMAILS.medical_facility);
    const u = await api(admin, 'POST', '/api/master/users', {
      name: 'Pemesan Obat',
      email: 'pemesan.qrv@example.com',
      password: 'rahasia123',
      has_medicine_delivery: true,
    });
    userId = u.json().id;
    facilityId = (await t.db.query<{ id: number }>('SELECT min(id)::int AS id FROM medical_facilities'))
      .rows[0].id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates a delivery as PENDING, reads, updates and deletes it', async () => {
    const body = delivery();
    const created = await api(admin, 'POST', URL, body);
    expect(created.statusCode).toBe(201);
    const row = created.json();
    expect(row).toMatchObject({ ...body, id: expect.any(Number), delivery_status: 'PENDING' });
    expect(typeof row.medicine_weight).toBe('number');

    const got = await api(admin, 'GET', `${URL}/${row.id}`);
    expect(got.json()).toEqual(row);

    const updated = await api(admin, 'PUT', `${URL}/${row.id}`, {
      ...got.json(),
      delivery_status: 'shipped',
      medicine_weight: 1.25,
      delivery_id: '',
      patient_latitude: null,
      patient_longitude: null,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      delivery_status: 'shipped',
      medicine_weight: 1.25,
      delivery_id: null,
      patient_latitude: null,
    });

    expect((await api(admin, 'DELETE', `${URL}/${row.id}`)).statusCode).toBe(200);
    expect((await api(admin, 'GET', `${URL}/${row.id}`)).statusCode).toBe(404);
    const { rows: logs } = await t.db.query(
      `SELECT action FROM activity_logs WHERE table_name = 'deliveries' AND record_id = $1 ORDER BY id`,
      [String(row.id)],
    );
    expect(logs.map((l) => l.action)).toEqual(['CREATE', 'UPDATE', 'DELETE']);
  });

  it('accepts every status of the spec and nothing else', async () => {
    for (const status of DELIVERY_STATUSES) {
      const res = await api(admin, 'POST', URL, delivery({ delivery_status: status }));
      expect(res.statusCode, status).toBe(201);
      expect(res.json().delivery_status).toBe(status);
    }
    for (const status of ['pending', 'LOST', '']) {
      const res = await api(admin, 'POST', URL, delivery({ delivery_status: status }));
      expect(res.statusCode, status).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['delivery_status']);
    }
  });

  it('names every missing required field; delivery_id, patient coordinates and price are optional', async () => {
    const res = await api(admin, 'POST', URL, {});
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(
      [
        'order_id',
        'user_id',
        'medical_facility_id',
        'hospital_address',
        'hospital_latitude',
        'hospital_longitude',
        'medicine_count',
        'medicine_weight',
        'patient_nik',
        'patient_address',
        'patient_kota',
        'patient_kecamatan',
        'patient_kode_pos',
      ].sort(),
    );
    const {
      delivery_id: _d,
      patient_latitude: _a,
      patient_longitude: _o,
      delivery_price: _p,
      ...required
    } = delivery();
    const ok = await api(admin, 'POST', URL, required);
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ delivery_id: null, patient_latitude: null, delivery_price: null });
  });

  it('range-checks coordinates at their bounds', async () => {
    const fields = ['hospital_latitude', 'patient_latitude'];
    for (const f of fields) {
      expect((await api(admin, 'POST', URL, delivery({ [f]: 90 }))).statusCode, f).toBe(201);
      expect((await api(admin, 'POST', URL, delivery({ [f]: -90 }))).statusCode, f).toBe(201);
      const res = await api(admin, 'POST', URL, delivery({ [f]: 90.0001 }));
      expect(res.statusCode, f).toBe(400);
      expect(res.json().errors).toEqual({ [f]: 'Maksimal 90' });
    }
    for (const f of ['hospital_longitude', 'patient_longitude']) {
      expect((await api(admin, 'POST', URL, delivery({ [f]: 180 }))).statusCode, f).toBe(201);
      const res = await api(admin, 'POST', URL, delivery({ [f]: -180.0001 }));
      expect(res.statusCode, f).toBe(400);
      expect(res.json().errors).toEqual({ [f]: 'Minimal -180' });
    }
  });

  it('checks counts, weight, price, NIK and postal code', async () => {
    const refused: [string, unknown, string][] = [
      ['medicine_count', 0, 'Minimal 1'],
      ['medicine_count', 1.5, 'Harus berupa bilangan bulat'],
      ['medicine_weight', 0, 'Minimal 0.01'],
      ['delivery_price', -1, 'Minimal 0'],
      ['patient_nik', '317101570590000', 'Harus 16 digit angka'],
      ['patient_nik', '31710157059000AB', 'Harus 16 digit angka'],
      ['patient_kode_pos', '1034', 'Harus 5 digit angka'],
      ['user_id', 'abc', 'Harus berupa bilangan bulat'],
    ];
    for (const [field, value, message] of refused) {
      const res = await api(admin, 'POST', URL, delivery({ [field]: value }));
      expect(res.statusCode, `${field}=${value}`).toBe(400);
      expect(res.json().errors, `${field}=${value}`).toEqual({ [field]: message });
    }
    for (const [field, value] of [
      ['medicine_count', 1],
      ['medicine_weight', 0.1],
      ['delivery_price', 0],
    ] as const) {
      const res = await api(admin, 'POST', URL, delivery({ [field]: value }));
      expect(res.statusCode, `${field}=${value}`).toBe(201);
      expect(res.json()[field]).toBe(value);
    }
  });

  it('refuses an unknown user or facility on its field, and a duplicate order id', async () => {
    const noUser = await api(admin, 'POST', URL, delivery({ user_id: 999999 }));
    expect(noUser.statusCode).toBe(400);
    expect(Object.keys(noUser.json().errors)).toEqual(['user_id']);
    const noFacility = await api(admin, 'POST', URL, delivery({ medical_facility_id: 999999 }));
    expect(noFacility.statusCode).toBe(400);
    expect(Object.keys(noFacility.json().errors)).toEqual(['medical_facility_id']);
    const first = await api(admin, 'POST', URL, delivery({ order_id: `ORD-${MARK}-TWIN` }));
    expect(first.statusCode).toBe(201);
    const twin = await api(admin, 'POST', URL, delivery({ order_id: `ORD-${MARK}-TWIN` }));
    expect([400, 409]).toContain(twin.statusCode);
    expect(Object.keys(twin.json().errors)).toEqual(['order_id']);
  });

  it('searches order ids and filters by status; exports with Indonesian headers', async () => {
    const tag = `${MARK}FIND`;
    await api(admin, 'POST', URL, delivery({ order_id: `ORD-${tag}-1`, delivery_status: 'delivered' }));
    await api(admin, 'POST', URL, delivery({ order_id: `ORD-${tag}-2`, delivery_status: 'cancelled' }));
    await api(admin, 'POST', URL, delivery({ order_id: `ORD-${tag}-3`, delivery_status: 'delivered' }));
    const found = (await api(admin, 'GET', `${URL}?search=${tag}`)).json();
    expect(found.pagination.total).toBe(3);
    const delivered = (await api(admin, 'GET', `${URL}?search=${tag}&delivery_status=delivered`)).json();
    expect(delivered.data.map((r: any) => r.order_id).sort()).toEqual([`ORD-${tag}-1`, `ORD-${tag}-3`]);
    expect((await api(admin, 'GET', `${URL}?search=${tag}&delivery_status=shipped`)).json().data).toEqual([]);

    const csv = await api(admin, 'GET', `${URL}/export?search=${tag}&delivery_status=cancelled`);
    expect(csv.statusCode).toBe(200);
    const rows = csvRows(csv.body);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('NIK Pasien');
    expect(rows[0]).toContain('Berat Obat (kg)');
    expect(rows[1]).toContain(`ORD-${tag}-2`);
  });

  it('refuses the medical_facility role, even for its own facility (delivery is for admins only)', async () => {
    const own = (
      await t.db.query<{ id: number }>('SELECT medical_facility_id AS id FROM web_admins WHERE email = $1', [
        DEMO_EMAILS.medical_facility,
      ])
    ).rows[0].id;
    const row = (await api(admin, 'POST', URL, delivery({ medical_facility_id: own }))).json();
    expect((await api(faskes, 'GET', URL)).statusCode).toBe(403);
    expect((await api(faskes, 'GET', `${URL}/${row.id}`)).statusCode).toBe(403);
    expect((await api(faskes, 'POST', URL, delivery({ medical_facility_id: own }))).statusCode).toBe(403);
    expect((await api(faskes, 'PUT', `${URL}/${row.id}`, row)).statusCode).toBe(403);
    expect((await api(faskes, 'DELETE', `${URL}/${row.id}`)).statusCode).toBe(403);
    expect((await api(faskes, 'GET', `${URL}/export`)).statusCode).toBe(403);
  });
});
