/**
 * GET /api/dashboard/*: every aggregate is checked two ways, against the base tables (counted
 * here with SQL of our own, so the trigger-kept rollups are checked too) and as the difference
 * our inserted rows make. The demo seed and future generators may have filled the tables, so
 * nothing assumes they start empty.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { dbTargets, startTestApp, DEMO_EMAILS, type TestApp } from './helper';
import { AGE_GROUPS, ageGroup } from '../../src/domain/analytics';
import { JAKARTA_AREAS } from '../../src/domain/jakarta';

/** A word no generated name contains: our rows are recognisable. */
const MARK = 'Zelvorin';
const BASE = '/api/dashboard';
const ENDPOINTS = [
  'stats',
  'appointments-by-date',
  'medical-facilities',
  'patient-demographics',
  'emergency-reports',
  'mental-health',
  'geographic',
] as const;
const VIEWER_ALLOWED = new Set([
  'stats',
  'appointments-by-date',
  'medical-facilities',
  'patient-demographics',
]);

type Counted = { count: number };
type AreaRow = {
  area_code: string;
  area_name: string;
  population: number;
  area_km2: number;
  patients: number;
  facilities: number;
  total: number;
};

/** 'YYYY-MM-DD' plus n days. */
function addDays(day: string, n: number) {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}
/** 'YYYY-MM' of the month n months before the month of day. */
function monthBefore(day: string, n: number) {
  const [y, m] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 - n, 1)).toISOString().slice(0, 7);
}
/** A list of {key, count} as a map, for differences. */
const byKey = <T>(rows: (T & Counted)[], key: (r: T) => string) =>
  new Map(rows.map((r) => [key(r), r.count]));
/** after - before for every key of either map, zero differences left out. */
function diff(before: Map<string, number>, after: Map<string, number>) {
  const out: Record<string, number> = {};
  for (const k of new Set([...before.keys(), ...after.keys()])) {
    const d = (after.get(k) ?? 0) - (before.get(k) ?? 0);
    if (d) out[k] = d;
  }
  return out;
}
const sortBy = <T>(rows: T[], key: (r: T) => string) =>
  [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
/** Counts never increase down the list. */
function expectDescending(rows: Counted[]) {
  for (let i = 1; i < rows.length; i++) expect(rows[i].count).toBeLessThanOrEqual(rows[i - 1].count);
}

describe.each(dbTargets())('dashboard API (%s)', (kind) => {
  let t: TestApp;
  let staff: string;
  let viewer: string;
  let seq = 0;

  const get = async (path: string, token = staff) => {
    const res = await t.request(token, { method: 'GET', url: `${BASE}/${path}` });
    expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    return res.json();
  };
  const q = async <T = Record<string, any>>(sql: string, params: unknown[] = []) =>
    (await t.db.query<T>(sql, params)).rows;
  /** Today in Asia/Jakarta, as the database sees it. */
  const today = async () =>
    (await q<{ d: string }>(`SELECT (app_now() AT TIME ZONE 'Asia/Jakarta')::date AS d`))[0].d;

  async function insertPatient(p: {
    gender: 'L' | 'P';
    dob: string;
    insurance?: string | null;
    district?: string | null;
  }) {
    seq++;
    const [row] = await q<{ id: number; kecamatan_code: string | null }>(
      `INSERT INTO patients (identity_type, identity_number, full_name, place_of_birth, date_of_birth,
                             gender, marital_status, insurance, district, created_by)
       VALUES ('Passport', $1, $2, 'Jakarta', $3, $4, 'Menikah', $5, $6, 'test')
       RETURNING id, kecamatan_code`,
      [`${MARK}${seq}`, `Pasien ${MARK} ${seq}`, p.dob, p.gender, p.insurance ?? null, p.district ?? null],
    );
    return row;
  }
  async function insertFacility(type: string | null, kecamatan: string | null = null) {
    seq++;
    const [row] = await q<{ id: number }>(
      `INSERT INTO medical_facilities (name, email, type, kecamatan_code) VALUES ($1, $2, $3, $4) RETURNING id`,
      [`Faskes ${MARK} ${seq}`, `faskes${seq}@dashboard.test`, type, kecamatan],
    );
    return row.id;
  }
  /** An appointment at a local Jakarta time ('YYYY-MM-DD HH:MM:SS'). */
  async function insertAppointment(facility: number, jakartaTime: string) {
    seq++;
    const [row] = await q<{ id: number }>(
      `INSERT INTO appointments (medical_facility_id, nik, name, scheduled_date, poly_code, health_insurance, created_by)
       VALUES ($1, $2, $3, $4::timestamp AT TIME ZONE 'Asia/Jakarta', 'UMUM', 'BPJS', 'test')
       RETURNING id`,
      [facility, `31710101019000${String(seq).padStart(2, '0')}`, `Pasien ${MARK} ${seq}`, jakartaTime],
    );
    return row.id;
  }

  // ---- what the endpoints should answer, computed from the base tables -------------------

  async function expectedStats() {
    const [r] = await q(
      `SELECT (SELECT count(*)::int FROM patients) AS "totalPatients",
              (SELECT count(*)::int FROM appointments) AS "totalAppointments",
              (SELECT count(*)::int FROM medical_facilities) AS "totalMedicalFacilities",
              (SELECT count(*)::int FROM emergencies) AS "totalEmergencies",
              (SELECT count(*)::int FROM agd_reports) AS "totalReports"`,
    );
    return r;
  }

  async function expectedAppointmentsByDate(day: string) {
    const rows = await q<{ day: string; n: number }>(
      `SELECT to_char(scheduled_date AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM-DD') AS day, count(*)::int AS n
         FROM appointments GROUP BY 1`,
    );
    const counts = new Map(rows.map((r) => [r.day, r.n]));
    return Array.from({ length: 30 }, (_, i) => {
      const d = addDays(day, i - 29);
      return { appointment_date: d, count: counts.get(d) ?? 0 };
    });
  }

  async function expectedDemographics(day: string) {
    const thisYear = Number(day.slice(0, 4));
    const rows = await q<{ gender: string; dob: string; insurance: string | null }>(
      `SELECT gender, to_char(date_of_birth, 'YYYY-MM-DD') AS dob, insurance FROM patients`,
    );
    const gender = new Map<string, number>();
    const age = new Map<string, number>(AGE_GROUPS.map((g) => [g, 0]));
    const insurance = new Map<string, number>();
    const inc = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
    for (const r of rows) {
      inc(gender, r.gender === 'L' ? 'Laki-laki' : 'Perempuan');
      inc(age, ageGroup(thisYear - Number(r.dob.slice(0, 4))));
      inc(insurance, r.insurance || 'Tidak diketahui');
    }
    return {
      byGender: sortBy(
        [...gender].map(([g, count]) => ({ gender: g, count })),
        (r) => r.gender,
      ),
      byAge: [...age].map(([age_group, count]) => ({ age_group, count })),
      byInsurance: sortBy(
        [...insurance].map(([i, count]) => ({ insurance: i, count })),
        (r) => r.insurance,
      ),
    };
  }

  async function expectedGeographic(level: 'provinsi' | 'kabupaten' | 'kecamatan') {
    const patients = await q<{ code: string | null }>(`SELECT kecamatan_code AS code FROM patients`);
    const facilities = await q<{ code: string | null }>(
      `SELECT kecamatan_code AS code FROM medical_facilities`,
    );
    const within = (codes: { code: string | null }[], area: string) =>
      codes.filter((c) => c.code && (c.code === area || c.code.startsWith(`${area}.`))).length;
    const areas: AreaRow[] = JAKARTA_AREAS.filter((a) => a.level === level)
      .map((a) => {
        const p = within(patients, a.code);
        const f = within(facilities, a.code);
        return {
          area_code: a.code,
          area_name: a.name,
          population: a.population,
          area_km2: a.area_km2,
          patients: p,
          facilities: f,
          total: p + f,
        };
      })
      .sort((a, b) => (a.area_code < b.area_code ? -1 : 1));
    return { areas, unassignedPatients: patients.filter((p) => !p.code).length };
  }

  /** Every patient-based aggregate matches the base tables. */
  async function expectPatientAggregatesExact() {
    const day = await today();
    const stats = await get('stats');
    expect(stats.totalPatients).toBe((await expectedStats()).totalPatients);
    const demo = await get('patient-demographics');
    const want = await expectedDemographics(day);
    expect(demo.byGender).toEqual(want.byGender);
    expect(demo.byAge).toEqual(want.byAge);
    expect(sortBy(demo.byInsurance, (r: { insurance: string }) => r.insurance)).toEqual(want.byInsurance);
    for (const level of ['provinsi', 'kabupaten', 'kecamatan'] as const) {
      const geo = await get(`geographic?level=${level}`);
      const g = await expectedGeographic(level);
      expect(geo.areas, level).toEqual(g.areas);
      expect(geo.unassignedPatients, level).toBe(g.unassignedPatients);
    }
  }

  /** appointments-by-date and the appointment total match the base table. */
  async function expectAppointmentAggregatesExact() {
    const day = await today();
    expect(await get('appointments-by-date')).toEqual(await expectedAppointmentsByDate(day));
    expect((await get('stats')).totalAppointments).toBe((await expectedStats()).totalAppointments);
  }

  beforeAll(async () => {
    t = await startTestApp(kind, { patients: 0 });
    staff = await t.login(DEMO_EMAILS.staff);
    viewer = await t.login(DEMO_EMAILS.viewer);
  });
  afterAll(async () => {
    await t?.close();
  });

  // ---- access --------------------------------------------------------------------------------

  it('lets viewers read the dashboard aggregates only, staff all of them, anonymous none', async () => {
    for (const path of ENDPOINTS) {
      const url = `${BASE}/${path}`;
      expect((await t.request(null, { method: 'GET', url })).statusCode, `anonymous ${path}`).toBe(401);
      expect((await t.request('not-a-token', { method: 'GET', url })).statusCode, `bad token ${path}`).toBe(
        401,
      );
      expect((await t.request(staff, { method: 'GET', url })).statusCode, `staff ${path}`).toBe(200);
      expect((await t.request(viewer, { method: 'GET', url })).statusCode, `viewer ${path}`).toBe(
        VIEWER_ALLOWED.has(path) ? 200 : 403,
      );
    }
  });

  // ---- stats -------------------------------------------------------------------------------

  it('counts totals from the base tables, and our rows add exactly what they are', async () => {
    const before = await get('stats');
    expect(before).toEqual(await expectedStats());

    const facility = await insertFacility('KLINIK');
    await insertPatient({ gender: 'L', dob: '1980-01-01', insurance: 'BPJS' });
    await insertPatient({ gender: 'P', dob: '2001-06-30' });
    const day = await today();
    await insertAppointment(facility, `${day} 09:00:00`);
    await insertAppointment(facility, `${addDays(day, -100)} 09:00:00`); // outside any window
    await q(
      `INSERT INTO emergencies (fullname, phone, latitude, longitude)
       VALUES ($1, '0811', -6.2, 106.8), ($1, '0812', -6.1, 106.9)`,
      [`SOS ${MARK}`],
    );
    await q(`INSERT INTO agd_reports (category, description) VALUES ('Kecelakaan', $1)`, [MARK]);

    const after = await get('stats');
    expect(after).toEqual(await expectedStats());
    expect({
      totalPatients: after.totalPatients - before.totalPatients,
      totalAppointments: after.totalAppointments - before.totalAppointments,
      totalMedicalFacilities: after.totalMedicalFacilities - before.totalMedicalFacilities,
      totalEmergencies: after.totalEmergencies - before.totalEmergencies,
      totalReports: after.totalReports - before.totalReports,
    }).toEqual({
      totalPatients: 2,
      totalAppointments: 2,
      totalMedicalFacilities: 1,
      totalEmergencies: 2,
      totalReports: 1,
    });
  });

  // ---- appointments by date ------------------------------------------------------------------

  it('lists the last 30 days of Asia/Jakarta, zero-filled, ending today', async () => {
    const day = await today();
    const before = await get('appointments-by-date');
    expect(before).toHaveLength(30);
    expect(before.map((r: { appointment_date: string }) => r.appointment_date)).toEqual(
      Array.from({ length: 30 }, (_, i) => addDays(day, i - 29)),
    );
    for (const r of before) expect(Number.isInteger(r.count) && r.count >= 0).toBe(true);
    expect(before).toEqual(await expectedAppointmentsByDate(day));

    const facility = await insertFacility('PUSKESMAS');
    // Local Jakarta times right at the edges of days: the UTC date differs for the early ones.
    await insertAppointment(facility, `${day} 00:00:00`);
    await insertAppointment(facility, `${day} 06:59:59`);
    await insertAppointment(facility, `${day} 23:59:59`);
    await insertAppointment(facility, `${addDays(day, -1)} 23:59:59`);
    await insertAppointment(facility, `${addDays(day, -5)} 12:00:00`);
    await insertAppointment(facility, `${addDays(day, -29)} 00:00:00`); // first day of the window
    await insertAppointment(facility, `${addDays(day, -29)} 03:00:00`);
    await insertAppointment(facility, `${addDays(day, -30)} 23:59:59`); // the day before: outside
    await insertAppointment(facility, `${addDays(day, 1)} 00:00:00`); // tomorrow: outside

    const after = await get('appointments-by-date');
    expect(after).toHaveLength(30);
    expect(after).toEqual(await expectedAppointmentsByDate(day));
    const d = diff(
      byKey(before, (r: { appointment_date: string }) => r.appointment_date),
      byKey(after, (r: { appointment_date: string }) => r.appointment_date),
    );
    expect(d).toEqual({
      [day]: 3,
      [addDays(day, -1)]: 1,
      [addDays(day, -5)]: 1,
      [addDays(day, -29)]: 2,
    });
    expect(after[0].appointment_date).toBe(addDays(day, -29));
    expect(after[29].appointment_date).toBe(day);
  });

  it('keeps appointment counts exact when appointments move, are deleted or cascade away', async () => {
    const day = await today();
    const facility = await insertFacility('RSUD');
    const a = await insertAppointment(facility, `${addDays(day, -3)} 12:00:00`);
    const b = await insertAppointment(facility, `${addDays(day, -3)} 13:00:00`);
    await insertAppointment(facility, `${addDays(day, -7)} 08:00:00`);
    await expectAppointmentAggregatesExact();

    const before = byKey(await get('appointments-by-date'), (r: any) => r.appointment_date);
    const move = async (id: number, local: string) =>
      q(`UPDATE appointments SET scheduled_date = $2::timestamp AT TIME ZONE 'Asia/Jakarta' WHERE id = $1`, [
        id,
        local,
      ]);

    await move(a, `${addDays(day, -10)} 00:30:00`);
    await expectAppointmentAggregatesExact();
    let now = byKey(await get('appointments-by-date'), (r: any) => r.appointment_date);
    expect(diff(before, now)).toEqual({ [addDays(day, -3)]: -1, [addDays(day, -10)]: 1 });

    await move(a, `${addDays(day, -45)} 10:00:00`); // out of the window
    await expectAppointmentAggregatesExact();
    now = byKey(await get('appointments-by-date'), (r: any) => r.appointment_date);
    expect(diff(before, now)).toEqual({ [addDays(day, -3)]: -1 });

    // Writes that leave the date alone change nothing.
    await q(`UPDATE appointments SET status = 'done', poly_name = 'Umum' WHERE id = $1`, [b]);
    await q(`UPDATE appointments SET scheduled_date = scheduled_date WHERE id = $1`, [b]);
    await expectAppointmentAggregatesExact();

    const total = (await get('stats')).totalAppointments;
    await q(`DELETE FROM appointments WHERE id = $1`, [b]);
    await expectAppointmentAggregatesExact();
    now = byKey(await get('appointments-by-date'), (r: any) => r.appointment_date);
    expect(diff(before, now)).toEqual({ [addDays(day, -3)]: -2 });
    expect((await get('stats')).totalAppointments).toBe(total - 1);

    // Deleting the facility deletes its appointments (ON DELETE CASCADE), rollup included.
    await q(`DELETE FROM medical_facilities WHERE id = $1`, [facility]);
    await expectAppointmentAggregatesExact();
    now = byKey(await get('appointments-by-date'), (r: any) => r.appointment_date);
    expect(diff(before, now)).toEqual({ [addDays(day, -3)]: -2, [addDays(day, -7)]: -1 });
    expect((await get('stats')).totalAppointments).toBe(total - 3);
  });

  // ---- medical facilities --------------------------------------------------------------------

  it('groups facilities by type, a missing type as null', async () => {
    const key = (r: { facility_type: string | null }) => r.facility_type ?? '<null>';
    const before = await get('medical-facilities');
    await insertFacility('KLINIK');
    await insertFacility('KLINIK');
    await insertFacility('APOTEK');
    await insertFacility(null);
    await insertFacility(null);
    await insertFacility(null);
    const after = await get('medical-facilities');

    expect(diff(byKey(before, key), byKey(after, key))).toEqual({ KLINIK: 2, APOTEK: 1, '<null>': 3 });
    const base = await q<{ facility_type: string | null; count: number }>(
      `SELECT type AS facility_type, count(*)::int AS count FROM medical_facilities GROUP BY type`,
    );
    expect(sortBy(after, key)).toEqual(sortBy(base, key));
    expect(after.filter((r: { facility_type: string | null }) => r.facility_type === null)).toHaveLength(1);
    expectDescending(after);
  });

  // ---- patient demographics ------------------------------------------------------------------

  it('counts patients by gender label, calendar-year age group and insurance', async () => {
    const day = await today();
    const y = Number(day.slice(0, 4));
    const before = await get('patient-demographics');
    expect(before.byAge.map((r: { age_group: string }) => r.age_group)).toEqual([...AGE_GROUPS]);

    // Age is this year minus the birth year, whatever the birthday: 31 December of y-65 is 65+.
    await insertPatient({ gender: 'L', dob: `${y - 65}-12-31`, insurance: 'BPJS' }); // 65+
    await insertPatient({ gender: 'P', dob: `${y - 64}-01-01`, insurance: 'BPJS' }); // 51-64
    await insertPatient({ gender: 'P', dob: `${y - 90}-06-15`, insurance: 'Umum' }); // 65+
    await insertPatient({ gender: 'L', dob: `${y - 5}-12-31`, insurance: 'Asuransi Swasta' }); // 0-5
    await insertPatient({ gender: 'L', dob: `${y - 6}-01-01`, insurance: null }); // 6-17
    await insertPatient({ gender: 'P', dob: `${y - 18}-01-01`, insurance: null }); // 18-35
    await insertPatient({ gender: 'P', dob: `${y - 50}-12-31`, insurance: 'Umum' }); // 36-50
    await insertPatient({ gender: 'P', dob: `${y}-01-01`, insurance: 'BPJS' }); // 0-5

    const after = await get('patient-demographics');
    const want = await expectedDemographics(day);
    expect(after.byGender).toEqual(want.byGender);
    expect(after.byAge).toEqual(want.byAge);
    expect(sortBy(after.byInsurance, (r: { insurance: string }) => r.insurance)).toEqual(want.byInsurance);

    expect(after.byGender.map((r: { gender: string }) => r.gender)).toEqual(['Laki-laki', 'Perempuan']);
    expect(
      diff(
        byKey(before.byGender, (r: { gender: string }) => r.gender),
        byKey(after.byGender, (r: { gender: string }) => r.gender),
      ),
    ).toEqual({ 'Laki-laki': 3, Perempuan: 5 });
    expect(
      diff(
        byKey(before.byAge, (r: { age_group: string }) => r.age_group),
        byKey(after.byAge, (r: { age_group: string }) => r.age_group),
      ),
    ).toEqual({ '0-5': 2, '6-17': 1, '18-35': 1, '36-50': 1, '51-64': 1, '65+': 2 });
    expect(
      diff(
        byKey(before.byInsurance, (r: { insurance: string }) => r.insurance),
        byKey(after.byInsurance, (r: { insurance: string }) => r.insurance),
      ),
    ).toEqual({ BPJS: 3, Umum: 2, 'Asuransi Swasta': 1, 'Tidak diketahui': 2 });
    expect(after.byAge.map((r: { age_group: string }) => r.age_group)).toEqual([...AGE_GROUPS]);
    expectDescending(after.byInsurance);
  });

  it('keeps patient aggregates exact when gender, insurance or birth date change and on delete', async () => {
    const y = Number((await today()).slice(0, 4));
    const p = await insertPatient({
      gender: 'L',
      dob: `${y - 30}-03-03`,
      insurance: 'BPJS',
      district: 'Gambir',
    });
    expect(p.kecamatan_code).toBe('31.71.01');
    await expectPatientAggregatesExact();
    const before = await get('patient-demographics');
    const changes = async () => {
      const now = await get('patient-demographics');
      return {
        gender: diff(
          byKey(before.byGender, (r: any) => r.gender),
          byKey(now.byGender, (r: any) => r.gender),
        ),
        age: diff(
          byKey(before.byAge, (r: any) => r.age_group),
          byKey(now.byAge, (r: any) => r.age_group),
        ),
        insurance: diff(
          byKey(before.byInsurance, (r: any) => r.insurance),
          byKey(now.byInsurance, (r: any) => r.insurance),
        ),
      };
    };

    await q(`UPDATE patients SET gender = 'P' WHERE id = $1`, [p.id]);
    await expectPatientAggregatesExact();
    expect(await changes()).toEqual({ gender: { 'Laki-laki': -1, Perempuan: 1 }, age: {}, insurance: {} });

    await q(`UPDATE patients SET insurance = NULL WHERE id = $1`, [p.id]);
    await expectPatientAggregatesExact();
    expect((await changes()).insurance).toEqual({ BPJS: -1, 'Tidak diketahui': 1 });

    await q(`UPDATE patients SET date_of_birth = $2 WHERE id = $1`, [p.id, `${y - 70}-12-31`]);
    await expectPatientAggregatesExact();
    expect((await changes()).age).toEqual({ '18-35': -1, '65+': 1 });

    // Several columns at once, and a write that changes none of them.
    await q(
      `UPDATE patients SET gender = 'L', insurance = 'Umum', date_of_birth = $2, full_name = 'X' WHERE id = $1`,
      [p.id, `${y - 10}-01-01`],
    );
    await q(`UPDATE patients SET phone_number = '0812' WHERE id = $1`, [p.id]);
    await expectPatientAggregatesExact();
    expect(await changes()).toEqual({
      gender: {},
      age: { '18-35': -1, '6-17': 1 },
      insurance: { BPJS: -1, Umum: 1 },
    });

    const total = (await get('stats')).totalPatients;
    await q(`DELETE FROM patients WHERE id = $1`, [p.id]);
    await expectPatientAggregatesExact();
    expect((await get('stats')).totalPatients).toBe(total - 1);
    expect(await changes()).toEqual({
      gender: { 'Laki-laki': -1 },
      age: { '18-35': -1 },
      insurance: { BPJS: -1 },
    });
  });

  // ---- emergency reports -------------------------------------------------------------------

  it('counts AGD reports by category, largest first', async () => {
    const before = await get('emergency-reports');
    const cats = { [`Kecelakaan ${MARK}`]: 3, [`Serangan Jantung ${MARK}`]: 1, Kebakaran: 2 };
    for (const [category, n] of Object.entries(cats))
      for (let i = 0; i < n; i++)
        await q(`INSERT INTO agd_reports (category, kecamatan_code) VALUES ($1, '31.71.01')`, [category]);
    const after = await get('emergency-reports');

    const key = (r: { category: string }) => r.category;
    expect(diff(byKey(before, key), byKey(after, key))).toEqual(cats);
    const base = await q<{ category: string; count: number }>(
      `SELECT category, count(*)::int AS count FROM agd_reports GROUP BY category`,
    );
    expect(sortBy(after, key)).toEqual(sortBy(base, key));
    expectDescending(after);
    expect((await get('stats')).totalReports).toBe(base.reduce((n, r) => n + r.count, 0));
  });

  // ---- mental health -----------------------------------------------------------------------

  it('summarises assessments, the six-month trend in Jakarta months, participation and satisfaction', async () => {
    const day = await today();
    const month = (n: number) => monthBefore(day, n); // 'YYYY-MM', n months ago
    const before = await get('mental-health');

    const assessment = async (name: string, type: string) =>
      (
        await q<{ id: number }>(
          `INSERT INTO mental_health_assessments (assessment_name, assessment_type) VALUES ($1, $2) RETURNING id`,
          [name, type],
        )
      )[0].id;
    const normal = await assessment(`Kondisi Normal ${MARK}`, 'screening');
    const baik = await assessment(`Kesejahteraan BAIK ${MARK}`, 'wellbeing');
    const depresi = await assessment(`Depresi ${MARK}`, 'depression');
    await assessment(`Kecemasan ${MARK}`, 'anxiety'); // never answered
    /** A response at a local Jakarta time. */
    const respond = (
      assessmentId: number,
      jakartaTime: string,
      r: { completed?: boolean; score?: number | null; satisfaction?: number | null },
    ) =>
      q(
        `INSERT INTO mental_health_responses (assessment_id, completed, score, satisfaction, created_at)
         VALUES ($1, $2, $3, $4, $5::timestamp AT TIME ZONE 'Asia/Jakarta')`,
        [assessmentId, r.completed ?? true, r.score ?? null, r.satisfaction ?? null, jakartaTime],
      );

    // This month: 3 completed + 1 started 'normal', and one 'baik' at 01:00 on the 1st (still
    // the last day of the previous month in UTC).
    await respond(normal, `${day} 00:00:00`, { score: 80, satisfaction: 5 });
    await respond(normal, `${day} 00:00:00`, { score: 70, satisfaction: 4 });
    await respond(normal, `${day} 00:00:00`, { score: 91 });
    await respond(normal, `${day} 00:00:00`, { completed: false });
    await respond(baik, `${month(0)}-01 01:00:00`, { score: 60, satisfaction: 3 });
    // Two months ago mid-month, and 03:00 on the 1st of the oldest month of the window.
    await respond(depresi, `${month(2)}-15 12:00:00`, { score: 40, satisfaction: 2 });
    await respond(depresi, `${month(5)}-01 03:00:00`, { score: 50, satisfaction: 4 });
    // Before the window: the last evening of the month before it.
    await respond(depresi, `${addDays(`${month(5)}-01`, -1)} 23:00:00`, { score: 10, satisfaction: 5 });

    const after = await get('mental-health');

    // responsesByAssessment: completed responses of all time, per assessment.
    const ours = after.responsesByAssessment.filter((r: { assessment_name: string }) =>
      r.assessment_name.includes(MARK),
    );
    expect(sortBy(ours, (r: any) => r.assessment_name)).toEqual([
      {
        assessment_name: `Depresi ${MARK}`,
        assessment_type: 'depression',
        response_count: 3,
        avg_score: 33.3,
      },
      {
        assessment_name: `Kecemasan ${MARK}`,
        assessment_type: 'anxiety',
        response_count: 0,
        avg_score: null,
      },
      {
        assessment_name: `Kesejahteraan BAIK ${MARK}`,
        assessment_type: 'wellbeing',
        response_count: 1,
        avg_score: 60,
      },
      {
        assessment_name: `Kondisi Normal ${MARK}`,
        assessment_type: 'screening',
        response_count: 3,
        avg_score: 80.3,
      },
    ]);
    const baseByAssessmentSql = `SELECT a.assessment_name, a.assessment_type,
              (SELECT count(*)::int FROM mental_health_responses r WHERE r.assessment_id = a.id AND r.completed)
                AS response_count,
              (SELECT round(avg(score), 1)::float8 FROM mental_health_responses r
                WHERE r.assessment_id = a.id AND r.completed) AS avg_score
         FROM mental_health_assessments a`;
    const baseByAssessment = await q(baseByAssessmentSql);
    expect(sortBy(after.responsesByAssessment, (r: any) => r.assessment_name)).toEqual(
      sortBy(baseByAssessment, (r: any) => r.assessment_name),
    );
    expectDescending(
      after.responsesByAssessment.map((r: { response_count: number }) => ({ count: r.response_count })),
    );

    // monthlyTrend: six Jakarta months, oldest first, ending with the current one.
    expect(after.monthlyTrend.map((m: { month: string }) => m.month)).toEqual([5, 4, 3, 2, 1, 0].map(month));
    const trendBase = await q<{ month: string; response_count: number; well_count: number; avg: number }>(
      `SELECT to_char(r.created_at AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM') AS month,
              count(*)::int AS response_count,
              count(*) FILTER (WHERE a.assessment_name ~* '(normal|baik)')::int AS well_count,
              round(avg(r.score), 1)::float8 AS avg
         FROM mental_health_responses r JOIN mental_health_assessments a ON a.id = r.assessment_id
        WHERE r.completed GROUP BY 1`,
    );
    expect(after.monthlyTrend).toEqual(
      [5, 4, 3, 2, 1, 0].map((n) => {
        const b = trendBase.find((r) => r.month === month(n));
        const responses = b?.response_count ?? 0;
        const well = b?.well_count ?? 0;
        return {
          month: month(n),
          response_count: responses,
          well_count: well,
          wellness_score: responses ? Math.round((well / responses) * 100) : 0,
          avg_score: b?.avg ?? null,
        };
      }),
    );
    const trendDiff = (key: 'response_count' | 'well_count') =>
      diff(
        new Map(before.monthlyTrend.map((m: any) => [m.month, m[key]])),
        new Map(after.monthlyTrend.map((m: any) => [m.month, m[key]])),
      );
    expect(trendDiff('response_count')).toEqual({ [month(0)]: 4, [month(2)]: 1, [month(5)]: 1 });
    expect(trendDiff('well_count')).toEqual({ [month(0)]: 4 });

    // Participation and satisfaction over the responses of the six months.
    expect({
      started: after.participation.started - before.participation.started,
      completed: after.participation.completed - before.participation.completed,
      rated: after.satisfaction.rated - before.satisfaction.rated,
      satisfied: after.satisfaction.satisfied - before.satisfaction.satisfied,
    }).toEqual({ started: 7, completed: 6, rated: 5, satisfied: 3 });
    const [rates] = await q<{ started: number; completed: number; rated: number; satisfied: number }>(
      `SELECT count(*)::int AS started, count(*) FILTER (WHERE completed)::int AS completed,
              count(satisfaction)::int AS rated, count(*) FILTER (WHERE satisfaction >= 4)::int AS satisfied
         FROM mental_health_responses
        WHERE to_char(created_at AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM') >= $1`,
      [month(5)],
    );
    expect(after.participation).toEqual({
      rate: Math.round((rates.completed / rates.started) * 100),
      completed: rates.completed,
      started: rates.started,
    });
    expect(after.satisfaction).toEqual({
      rate: Math.round((rates.satisfied / rates.rated) * 100),
      satisfied: rates.satisfied,
      rated: rates.rated,
    });

    // The per-day rollup the endpoint reads follows updates and deletes of responses.
    await q(
      `UPDATE mental_health_responses SET completed = true, score = 65, satisfaction = 4
        WHERE assessment_id = $1 AND NOT completed`,
      [normal],
    );
    await q(
      `UPDATE mental_health_responses SET created_at = created_at - interval '40 days', assessment_id = $2
        WHERE assessment_id = $1 AND score = 40`,
      [depresi, baik],
    );
    await q('DELETE FROM mental_health_responses WHERE assessment_id = $1 AND score = 70', [normal]);
    const rollupVsBase = `
      SELECT day, assessment_id, started, completed, score_sum, scored, rated, satisfied FROM mental_health_daily
       WHERE started <> 0 OR completed <> 0 OR rated <> 0 OR score_sum <> 0
      EXCEPT
      SELECT (created_at AT TIME ZONE 'Asia/Jakarta')::date, assessment_id, count(*)::int,
             count(*) FILTER (WHERE completed)::int, coalesce(sum(score) FILTER (WHERE completed), 0)::bigint,
             count(score) FILTER (WHERE completed)::int, count(satisfaction)::int,
             count(*) FILTER (WHERE satisfaction >= 4)::int
        FROM mental_health_responses GROUP BY 1, 2`;
    expect(await q(rollupVsBase)).toEqual([]);
    const baseVsRollup = `
      SELECT (created_at AT TIME ZONE 'Asia/Jakarta')::date AS day, assessment_id FROM mental_health_responses
      EXCEPT SELECT day, assessment_id FROM mental_health_daily WHERE started > 0`;
    expect(await q(baseVsRollup)).toEqual([]);
    const changed = await get('mental-health');
    expect(sortBy(changed.responsesByAssessment, (r: any) => r.assessment_name)).toEqual(
      sortBy(await q(baseByAssessmentSql), (r: any) => r.assessment_name),
    );
  });

  // ---- geographic --------------------------------------------------------------------------

  it('aggregates patients and facilities per area at each level', async () => {
    const levels = { provinsi: 1, kabupaten: 6, kecamatan: 44 } as const;
    const before: Record<string, any> = {};
    for (const level of Object.keys(levels)) before[level] = await get(`geographic?level=${level}`);

    const gambir = await insertPatient({ gender: 'L', dob: '1990-01-01', district: 'Gambir' });
    const gambir2 = await insertPatient({ gender: 'P', dob: '1991-01-01', district: '  gambir ' });
    const cakung = await insertPatient({ gender: 'P', dob: '1992-01-01', district: 'Cakung' });
    const bogor = await insertPatient({ gender: 'L', dob: '1993-01-01', district: 'Bogor Tengah' });
    const none = await insertPatient({ gender: 'L', dob: '1994-01-01', district: null });
    expect([gambir, gambir2, cakung, bogor, none].map((p) => p.kecamatan_code)).toEqual([
      '31.71.01',
      '31.71.01',
      '31.75.06',
      null,
      null,
    ]);
    await insertFacility('PUSKESMAS', '31.71.01'); // Gambir
    await insertFacility('KLINIK', '31.01.01'); // Kepulauan Seribu Utara
    await insertFacility('APOTEK', null);

    const expectedDelta: Record<string, Record<string, { patients: number; facilities: number }>> = {
      provinsi: { '31': { patients: 3, facilities: 2 } },
      kabupaten: {
        '31.71': { patients: 2, facilities: 1 },
        '31.75': { patients: 1, facilities: 0 },
        '31.01': { patients: 0, facilities: 1 },
      },
      kecamatan: {
        '31.71.01': { patients: 2, facilities: 1 },
        '31.75.06': { patients: 1, facilities: 0 },
        '31.01.01': { patients: 0, facilities: 1 },
      },
    };

    for (const [level, n] of Object.entries(levels)) {
      const geo = await get(`geographic?level=${level}`);
      expect(geo.level).toBe(level);
      expect(geo.areas).toHaveLength(n);
      expect(geo.patientsByArea).toHaveLength(n);
      expect(geo.facilitiesByArea).toHaveLength(n);
      const g = await expectedGeographic(level as keyof typeof levels);
      expect(geo.areas).toEqual(g.areas);
      expect(geo.unassignedPatients).toBe(g.unassignedPatients);
      expect(geo.unassignedPatients - before[level].unassignedPatients).toBe(2);
      for (const a of geo.areas as AreaRow[]) expect(a.total).toBe(a.patients + a.facilities);

      // Differences per area are exactly ours.
      const delta: Record<string, { patients: number; facilities: number }> = {};
      for (const a of geo.areas as AreaRow[]) {
        const old = (before[level].areas as AreaRow[]).find((o) => o.area_code === a.area_code)!;
        const dp = a.patients - old.patients;
        const df = a.facilities - old.facilities;
        if (dp || df) delta[a.area_code] = { patients: dp, facilities: df };
      }
      expect(delta, level).toEqual(expectedDelta[level]);

      // The ranked lists hold the same counts, largest first, ties by name.
      for (const [list, key] of [
        ['patientsByArea', 'patients'],
        ['facilitiesByArea', 'facilities'],
      ] as const) {
        const ranked = geo[list] as { area_code: string; area_name: string; count: number }[];
        expect(sortBy(ranked, (r) => r.area_code)).toEqual(
          (geo.areas as AreaRow[]).map((a) => ({
            area_code: a.area_code,
            area_name: a.area_name,
            count: a[key],
          })),
        );
        for (let i = 1; i < ranked.length; i++) {
          const [p, c] = [ranked[i - 1], ranked[i]];
          expect(
            p.count > c.count || (p.count === c.count && p.area_name.localeCompare(c.area_name) <= 0),
          ).toBe(true);
        }
      }
    }

    const prov = (await get('geographic?level=provinsi')).areas[0];
    expect(prov).toMatchObject({ area_code: '31', area_name: 'DKI Jakarta' });
    const stats = await get('stats');
    const geo = await get('geographic?level=provinsi');
    expect(prov.patients + geo.unassignedPatients).toBe(stats.totalPatients);
  });

  it('defaults to kecamatan and refuses an unknown level', async () => {
    const geo = await get('geographic');
    expect(geo.level).toBe('kecamatan');
    expect(geo.areas).toHaveLength(44);
    for (const level of ['desa', 'PROVINSI', '']) {
      const res = await t.request(staff, { method: 'GET', url: `${BASE}/geographic?level=${level}` });
      expect(res.statusCode, `level=${level}`).toBe(400);
    }
  });

  // Only the district is written (as PUT /api/master/patients/:id does): the locate trigger
  // moves the patient to another kecamatan, and the rollup must follow.
  it('keeps the area of a patient exact when only the district changes', async () => {
    const p = await insertPatient({ gender: 'P', dob: '1975-07-07', insurance: 'BPJS', district: 'Gambir' });
    await expectPatientAggregatesExact();
    const before = await get('geographic?level=kecamatan');
    const count = (geo: { areas: AreaRow[] }, code: string) =>
      geo.areas.find((a) => a.area_code === code)!.patients;

    // The location trigger moves the patient to Cakung; the rollup must follow.
    await q(`UPDATE patients SET district = 'Cakung' WHERE id = $1`, [p.id]);
    expect((await q(`SELECT kecamatan_code FROM patients WHERE id = $1`, [p.id]))[0].kecamatan_code).toBe(
      '31.75.06',
    );
    await expectPatientAggregatesExact();
    let now = await get('geographic?level=kecamatan');
    expect(count(now, '31.71.01') - count(before, '31.71.01')).toBe(-1);
    expect(count(now, '31.75.06') - count(before, '31.75.06')).toBe(1);

    // A district outside Jakarta leaves the patient unassigned.
    await q(`UPDATE patients SET district = 'Depok' WHERE id = $1`, [p.id]);
    await expectPatientAggregatesExact();
    now = await get('geographic?level=kecamatan');
    expect(now.unassignedPatients - before.unassignedPatients).toBe(1);

    await q(`DELETE FROM patients WHERE id = $1`, [p.id]);
    await expectPatientAggregatesExact();
  });
});
