/**
 * Who read whose record: opening a patient, their appointments or an appointment's journey
 * leaves an access-log row (who, which patient, when, from where, through which route and
 * screen); an export leaves one row with its filter and row count. Super admins and admins read
 * the log, newest first, paged; nobody else does.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { dbTargets, demoFacilities, startTestApp, DEMO_EMAILS, type TestApp } from './helper';
import { logConfig } from '../../src/server/logs/config';

/** The log buffer is written after the answer: give the response hooks a turn, then flush. */
const settle = async (t: TestApp) => {
  await new Promise((r) => setImmediate(r));
  await t.app.logs.flush();
};

describe.each(dbTargets())('patient access log (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let superadmin: string;
  let faskes: string;
  let adminId: number;
  let patientId: number;
  let facilities: { own: number; other: number };

  const accessLog = async (id: number, query = '', token = superadmin) => {
    const res = await t.request(token, {
      method: 'GET',
      url: `/api/master/patients/${id}/access-log${query}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return { body: res.json(), range: res.headers['content-range'] };
  };
  const rowsOf = async (id: number) =>
    (await t.db.query('SELECT * FROM patient_access_logs WHERE patient_id = $1 ORDER BY id', [id])).rows;
  const appNow = async () => (await t.db.query<{ at: string }>(`SELECT app_now()::text AS at`)).rows[0].at;

  beforeAll(async () => {
    t = await startTestApp(kind, { patients: 20 });
    admin = await t.login(DEMO_EMAILS.admin);
    superadmin = await t.login(DEMO_EMAILS.super_admin);
    faskes = await t.login(DEMO_EMAILS.medical_facility);
    adminId = (await t.db.query('SELECT id FROM web_admins WHERE email = $1', [DEMO_EMAILS.admin])).rows[0]
      .id;
    facilities = await demoFacilities(t);
    // A patient with appointments, of another facility than the demo facility user's.
    patientId = (
      await t.db.query(
        `SELECT p.id FROM patients p WHERE p.medical_facility_id <> $1
            AND EXISTS (SELECT 1 FROM appointments a WHERE a.patient_id = p.id) ORDER BY p.id LIMIT 1`,
        [facilities.own],
      )
    ).rows[0].id;
  });
  afterAll(() => t?.close());

  it('writes who opened the record, when, from where and through which screen', async () => {
    const before = await appNow();
    const res = await t.request(admin, {
      method: 'GET',
      url: `/api/master/patients/${patientId}`,
      headers: { 'x-screen': `/master/patients/${patientId}` },
      remoteAddress: '10.1.2.3',
    });
    expect(res.statusCode).toBe(200);
    await settle(t);
    const after = await appNow();

    const { body } = await accessLog(patientId);
    const first = body.data[0];
    expect(first).toMatchObject({
      action: 'VIEW',
      user_id: adminId,
      username: 'admin',
      user_email: DEMO_EMAILS.admin,
      patient_id: patientId,
      route: 'GET /api/master/patients/:id',
      screen: `/master/patients/${patientId}`,
      ip_address: '10.1.2.3',
      filter: null,
      row_count: null,
    });
    expect(first.user_name).toEqual(expect.any(String));
    expect(Date.parse(first.at)).toBeGreaterThanOrEqual(Date.parse(before));
    expect(Date.parse(first.at)).toBeLessThanOrEqual(Date.parse(after));

    // A record that is not there was not read.
    const missing = await t.request(admin, { method: 'GET', url: '/api/master/patients/999999' });
    expect(missing.statusCode).toBe(404);
    await settle(t);
    expect(await rowsOf(999999)).toHaveLength(0);
  });

  it("logs the patient's appointments, an appointment and its journey under the patient", async () => {
    const own = (
      await t.db.query(
        'SELECT id FROM appointments WHERE patient_id = $1 ORDER BY scheduled_date DESC, id DESC',
        [patientId],
      )
    ).rows.map((r) => r.id);
    const listed = await t.request(admin, {
      method: 'GET',
      url: `/api/master/patients/${patientId}/appointments`,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().map((a: any) => a.id)).toEqual(own);

    const one = await t.request(admin, { method: 'GET', url: `/api/master/appointments/${own[0]}` });
    expect(one.statusCode).toBe(200);
    const journeys = await t.request(admin, {
      method: 'GET',
      url: `/api/master/appointments/${own[0]}/journeys`,
    });
    expect(journeys.statusCode).toBe(200);
    await settle(t);

    const { body } = await accessLog(patientId, '?limit=3');
    expect(body.data.map((e: any) => [e.action, e.route, e.appointment_id])).toEqual([
      ['JOURNEYS', 'GET /api/master/appointments/:id/journeys', own[0]],
      ['APPOINTMENT', 'GET /api/master/appointments/:id', own[0]],
      ['APPOINTMENTS', 'GET /api/master/patients/:id/appointments', null],
    ]);

    const missing = await t.request(admin, {
      method: 'GET',
      url: '/api/master/patients/999999/appointments',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('logs an export once, with its filter and how many rows it sent', async () => {
    const before = (await t.db.query(`SELECT count(*)::int AS n FROM patient_access_logs`)).rows[0].n;
    const res = await t.request(admin, {
      method: 'GET',
      url: '/api/master/patients/export?gender=P',
      headers: { 'x-screen': '/master/patients' },
    });
    expect(res.statusCode).toBe(200);
    const sent =
      res.body
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .filter(Boolean).length - 1;
    const women = (await t.db.query(`SELECT count(*)::int AS n FROM patients WHERE gender = 'P'`)).rows[0].n;
    expect(sent).toBe(women);
    await settle(t);

    const after = (await t.db.query(`SELECT count(*)::int AS n FROM patient_access_logs`)).rows[0].n;
    expect(after - before).toBe(1);
    const all = await t.request(superadmin, {
      method: 'GET',
      url: '/api/master/patients/access-log?action=EXPORT',
    });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data[0]).toMatchObject({
      action: 'EXPORT',
      patient_id: null,
      route: 'GET /api/master/patients/export',
      screen: '/master/patients',
      filter: { gender: 'P' },
      row_count: women,
      username: 'admin',
    });
  });

  it('lists the log newest first, a page at a time', async () => {
    const { rows } = await t.db.query('SELECT id FROM patients WHERE id <> $1 ORDER BY id LIMIT 1', [
      patientId,
    ]);
    const id = rows[0].id;
    for (const screen of ['/a', '/b', '/c']) {
      const res = await t.request(admin, {
        method: 'GET',
        url: `/api/master/patients/${id}`,
        headers: { 'x-screen': screen },
      });
      expect(res.statusCode).toBe(200);
      await settle(t);
    }
    const first = await accessLog(id, '?page=1&limit=2', admin);
    expect(first.body.data.map((e: any) => e.screen)).toEqual(['/c', '/b']);
    expect(first.body.pagination).toMatchObject({ total: 3, totalPages: 2, page: 1, limit: 2 });
    expect(first.range).toBe('patient-access-log 0-1/3');
    const second = await accessLog(id, '?page=2&limit=2');
    expect(second.body.data.map((e: any) => e.screen)).toEqual(['/a']);
    expect(second.range).toBe('patient-access-log 2-2/3');

    const bad = await t.request(superadmin, {
      method: 'GET',
      url: `/api/master/patients/${id}/access-log?limit=0`,
    });
    expect(bad.statusCode).toBe(400);
    const unknown = await t.request(superadmin, {
      method: 'GET',
      url: '/api/master/patients/999999/access-log',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses the log to staff, viewers and facility users', async () => {
    for (const role of ['staff', 'viewer', 'medical_facility'] as const) {
      const token = await t.login(DEMO_EMAILS[role]);
      for (const url of [`/api/master/patients/${patientId}/access-log`, '/api/master/patients/access-log']) {
        const res = await t.request(token, { method: 'GET', url });
        expect(res.statusCode, `${role} ${url}`).toBe(403);
      }
    }
  });

  it("logs a facility user's reads within their facility, and nothing out of their reach", async () => {
    const { rows } = await t.db.query(
      `UPDATE patients SET medical_facility_id = $1
        WHERE id = (SELECT id FROM patients WHERE id <> $2 ORDER BY id DESC LIMIT 1) RETURNING id`,
      [facilities.own, patientId],
    );
    const ownPatient = rows[0].id;
    const faskesId = (
      await t.db.query('SELECT id FROM web_admins WHERE email = $1', [DEMO_EMAILS.medical_facility])
    ).rows[0].id;
    const before = (await rowsOf(patientId)).length;

    const mine = await t.request(faskes, { method: 'GET', url: `/api/master/patients/${ownPatient}` });
    expect(mine.statusCode).toBe(200);
    for (const url of [
      `/api/master/patients/${patientId}`,
      `/api/master/patients/${patientId}/appointments`,
    ]) {
      const res = await t.request(faskes, { method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
    await settle(t);

    expect((await rowsOf(ownPatient)).map((r) => [r.user_id, r.action])).toEqual([[faskesId, 'VIEW']]);
    expect((await rowsOf(patientId)).length).toBe(before);
  });
});

describe('patient access log switched off (PATIENT_ACCESS_LOG=0)', () => {
  it('writes no row', async () => {
    const t = await startTestApp('pglite', {
      patients: 3,
      config: { logs: { ...logConfig({}), patientAccess: false } },
    });
    try {
      const admin = await t.login(DEMO_EMAILS.admin);
      const { rows } = await t.db.query('SELECT id FROM patients ORDER BY id LIMIT 1');
      const res = await t.request(admin, { method: 'GET', url: `/api/master/patients/${rows[0].id}` });
      expect(res.statusCode).toBe(200);
      await settle(t);
      expect((await t.db.query('SELECT count(*)::int AS n FROM patient_access_logs')).rows[0].n).toBe(0);
      expect(logConfig({ PATIENT_ACCESS_LOG: '0' }).patientAccess).toBe(false);
      expect(logConfig({}).patientAccess).toBe(true);
    } finally {
      await t.close();
    }
  });
});
