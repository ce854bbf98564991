import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { dbTargets, startTestApp, DEMO_EMAILS, type TestApp } from './helper';
import { APPOINTMENT_END_BEFORE_START } from '../../src/resources/appointments';
import { PATTERN_MESSAGES } from '../../src/domain/validation';

const URL = '/api/master/appointments';
const HHMM = PATTERN_MESSAGES['^([01][0-9]|2[0-3]):[0-5][0-9]$'];
/** A name no generated patient has: searching it finds only our rows. */
const MARK = 'Zevranto';

describe.each(dbTargets())('master appointments API (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let faskes: string;
  let viewer: string;
  let own: number;
  let other: number;

  const api = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.request(token, { method, url, payload });
  const appointment = (overrides: Record<string, unknown> = {}) => ({
    nik: '3171011705900001',
    name: `Siti ${MARK}`,
    scheduled_date: '2026-12-01T02:00:00.000Z',
    medical_facility_id: other,
    poly_code: 'UMU',
    poly_name: 'Umum',
    health_insurance: 'BPJS',
    created_by: 'tester',
    start_time: '09:00',
    end_time: '10:00',
    new_patient: true,
    ...overrides,
  });

  beforeAll(async () => {
    t = await startTestApp(kind, { patients: 40 });
    admin = await t.login(DEMO_EMAILS.admin);
    faskes = await t.login(DEMO_EMAILS.medical_facility);
    viewer = await t.login(DEMO_EMAILS.viewer);
    const { rows } = await t.db.query(
      `SELECT a.medical_facility_id AS own,
              (SELECT min(f.id) FROM medical_facilities f WHERE f.id <> a.medical_facility_id) AS other
         FROM web_admins a WHERE a.email = $1`,
      [DEMO_EMAILS.medical_facility],
    );
    own = rows[0].own;
    other = rows[0].other;
  });
  afterAll(() => t?.close());

  it('lists the demo appointments, newest schedule first, ten a page, with a total', async () => {
    const res = await api(admin, 'GET', `${URL}?page=1&limit=10`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(10);
    expect(body.pagination.total).toBeGreaterThan(10);
    const dates = body.data.map((r: any) => r.scheduled_date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(body.data[0]).toHaveProperty('version');
  });

  it('creates, reads, updates and deletes an appointment, with an activity log row per write', async () => {
    const created = await api(admin, 'POST', URL, appointment());
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const got = await api(admin, 'GET', `${URL}/${id}`);
    expect(got.json()).toMatchObject({ name: `Siti ${MARK}`, start_time: '09:00', new_patient: true });
    const put = await api(
      admin,
      'PUT',
      `${URL}/${id}`,
      appointment({ name: `Rina ${MARK}`, new_patient: false }),
    );
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ name: `Rina ${MARK}`, new_patient: false });
    const found = await api(admin, 'GET', `${URL}?search=rina%20${MARK.toLowerCase()}`);
    expect(found.json().data.map((r: any) => r.id)).toEqual([id]);
    // Digits: a NIK from its start.
    const byNik = (await api(admin, 'GET', `${URL}?search=3171011705900001&limit=100`)).json();
    expect(byNik.data.map((r: any) => r.id)).toContain(id);
    expect(byNik.data.every((r: any) => r.nik.startsWith('3171011705900001'))).toBe(true);
    expect((await api(admin, 'DELETE', `${URL}/${id}`)).statusCode).toBeLessThan(300);
    expect((await api(admin, 'GET', `${URL}/${id}`)).statusCode).toBe(404);
    const logs = await t.db.query(
      `SELECT action FROM activity_logs WHERE table_name = 'appointments' AND record_id = $1 ORDER BY id`,
      [String(id)],
    );
    expect(logs.rows.map((r) => r.action)).toEqual(['CREATE', 'UPDATE', 'DELETE']);
  });

  it('refuses a missing required field, a malformed NIK, a time not HH:MM and an end before the start', async () => {
    const missing = await api(admin, 'POST', URL, appointment({ poly_code: undefined }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.poly_code).toBe('Wajib diisi');

    const nik = await api(admin, 'POST', URL, appointment({ nik: '317101170590000' }));
    expect(nik.statusCode).toBe(400);
    expect(nik.json().errors.nik).toBe('Harus 16 digit angka');

    for (const bad of ['9:00', '24:00', '09:60']) {
      const res = await api(admin, 'POST', URL, appointment({ start_time: bad }));
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errors.start_time).toBe(HHMM);
    }
    const ok = await api(admin, 'POST', URL, appointment({ start_time: '23:58', end_time: '23:59' }));
    expect(ok.statusCode).toBe(201);

    const same = await api(admin, 'POST', URL, appointment({ start_time: '10:00', end_time: '10:00' }));
    expect(same.statusCode).toBe(400);
    expect(same.json().errors.end_time).toBe(APPOINTMENT_END_BEFORE_START);

    const insurance = await api(admin, 'POST', URL, appointment({ health_insurance: 'JKN' }));
    expect(insurance.statusCode).toBe(400);
    expect(insurance.json().errors.health_insurance).toMatch(/BPJS/);
  });

  it('filters by insurance and by facility, each row matching', async () => {
    const bpjs = (await api(admin, 'GET', `${URL}?health_insurance=Umum&limit=50`)).json();
    expect(bpjs.data.length).toBeGreaterThan(0);
    expect(bpjs.data.every((r: any) => r.health_insurance === 'Umum')).toBe(true);
    const byFacility = (await api(admin, 'GET', `${URL}?medical_facility_id=${own}&limit=50`)).json();
    expect(byFacility.data.every((r: any) => r.medical_facility_id === own)).toBe(true);
  });

  it('scopes a medical_facility user to their facility: list, read, create and journeys', async () => {
    const list = (await api(faskes, 'GET', `${URL}?limit=100`)).json();
    expect(list.data.length).toBeGreaterThan(0);
    expect(list.data.every((r: any) => r.medical_facility_id === own)).toBe(true);

    const foreign = (await api(admin, 'GET', `${URL}?medical_facility_id=${other}&limit=1`)).json().data[0];
    expect((await api(faskes, 'GET', `${URL}/${foreign.id}`)).statusCode).toBe(404);
    expect((await api(faskes, 'GET', `${URL}/${foreign.id}/journeys`)).statusCode).toBe(404);

    const created = await api(faskes, 'POST', URL, appointment({ medical_facility_id: other }));
    expect(created.statusCode).toBe(201);
    expect(created.json().medical_facility_id).toBe(own);

    const options = (await api(faskes, 'GET', `${URL}/filter-options`)).json();
    expect(options.medical_facilities.map((f: any) => f.id)).toEqual([own]);
  });

  it('answers the filter options: facilities, parameter types and the three insurances', async () => {
    const res = await api(admin, 'GET', `${URL}/filter-options`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.health_insurance_types).toEqual(['BPJS', 'Asuransi Swasta', 'Umum']);
    const facilities = (await t.db.query('SELECT count(*)::int AS n FROM medical_facilities')).rows[0].n;
    expect(body.medical_facilities).toHaveLength(facilities);
    expect(body.medical_facilities[0]).toEqual(
      expect.objectContaining({ id: expect.any(Number), name: expect.any(String) }),
    );
    expect(Array.isArray(body.param_types)).toBe(true);
  });

  it('filters by a facility parameter: only appointments of facilities having it', async () => {
    await t.db.query(
      `INSERT INTO facility_params (medical_facility_id, type, value, description)
       VALUES ($1, 'zz_test_type', 'zz_test_value', 'test')`,
      [own],
    );
    const byType = (await api(admin, 'GET', `${URL}?param_type=zz_test_type&limit=100`)).json();
    expect(byType.data.length).toBeGreaterThan(0);
    expect(byType.data.every((r: any) => r.medical_facility_id === own)).toBe(true);
    const byValue = (await api(admin, 'GET', `${URL}?param_value=zz_test_value&limit=100`)).json();
    expect(byValue.pagination.total).toBe(byType.pagination.total);
    const none = (await api(admin, 'GET', `${URL}?param_type=zz_no_such_type`)).json();
    expect(none.data).toEqual([]);
    const options = (await api(admin, 'GET', `${URL}/filter-options`)).json();
    expect(options.param_types).toContain('zz_test_type');
  });

  it("gives an appointment's journey events in order, with blocked attempts", async () => {
    const { rows } = await t.db.query(
      `SELECT appointment_id AS id, count(*)::int AS n FROM appointment_journeys
        GROUP BY appointment_id ORDER BY count(*) DESC LIMIT 1`,
    );
    const res = await api(admin, 'GET', `${URL}/${rows[0].id}/journeys`);
    expect(res.statusCode).toBe(200);
    const events = res.json();
    expect(events).toHaveLength(rows[0].n);
    expect(events[0]).toEqual(
      expect.objectContaining({
        event_id: expect.any(String),
        title: expect.any(String),
        is_completed: expect.any(Boolean),
        blocked_attempts_count: expect.any(Number),
      }),
    );
    const starts = events.map((e: any) => e.timestamp_start).filter(Boolean);
    expect([...starts].sort()).toEqual(starts);

    const fresh = await api(admin, 'POST', URL, appointment());
    const empty = await api(admin, 'GET', `${URL}/${fresh.json().id}/journeys`);
    expect(empty.json()).toEqual([]);
    expect((await api(admin, 'GET', `${URL}/999999999/journeys`)).statusCode).toBe(404);
  });

  it('refuses roles without the master appointments menu', async () => {
    expect((await api(viewer, 'GET', URL)).statusCode).toBe(403);
    expect((await api(viewer, 'GET', `${URL}/filter-options`)).statusCode).toBe(403);
  });

  it('exports every matching row as CSV with Indonesian headers', async () => {
    const res = await api(admin, 'GET', `${URL}/export?health_insurance=BPJS`);
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toContain('Nama Pasien');
    const total = (await api(admin, 'GET', `${URL}?health_insurance=BPJS&limit=1`)).json().pagination.total;
    expect(lines.length - 1).toBe(total);
  });
});
