import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbTargets, startTestApp, DEMO_EMAILS, type TestApp } from './helper';
import { openDb, type Db } from '../../src/server/db/db';
import { prepareDatabase } from '../../src/server/setup';
import { makeNik, validateNik } from '../../src/domain/nik';
import { JAKARTA_KECAMATAN } from '../../src/domain/jakarta';
import { facilityRows, planCity, type CityOptions } from '../../src/server/seed/generate';
import { drawPatients, patientRanges, type DrawBatch } from '../../src/server/seed/entities/patients';
import { agdReportRows, emergencyRows, mentalHealthRows } from '../../src/server/seed/entities/events';
import { BinaryCopyWriter } from '../../src/server/seed/binary';
import { FACILITIES, TABLES_BY_NAME, encodePatientRange, patientBatches } from '../../src/server/seed/tables';
import { EncoderPool } from '../../src/server/seed/encoder-pool';
import { loadCity } from '../../src/server/seed/city';
import { resetDemoData } from '../../src/server/seed/load';
import { JAKARTA_BOX } from '../../src/server/seed/city-data';
import { DEMO_FACILITY_NAME } from '../../src/server/seed/demo-accounts';
import {
  DEMO_APP_USER_PASSWORD,
  USER_COLUMNS,
  userCount,
  userRows,
} from '../../src/server/seed/entities/users';
import { DELIVERY_COLUMNS, deliveryCount, deliveryRows } from '../../src/server/seed/entities/deliveries';
import { DELIVERY_STATUSES } from '../../src/resources/delivery';
import { verifyPassword } from '../../src/server/security/passwords';

/** The stored app users and deliveries, as the generator gives them (timestamps as ISO text). */
async function appUsersAndDeliveries(db: Db) {
  const read = async (table: string, columns: readonly (readonly [string, string])[]) =>
    (await db.query(`SELECT ${columns.map(([c]) => c).join(', ')} FROM ${table} ORDER BY id`)).rows.map(
      (row) =>
        Object.fromEntries(columns.map(([c]) => [c, row[c] instanceof Date ? row[c].toISOString() : row[c]])),
    );
  return { users: await read('users', USER_COLUMNS), deliveries: await read('deliveries', DELIVERY_COLUMNS) };
}

/** Every demo user shares one hash, of the demo app password; the rows are the generated ones. */
async function expectGeneratedAppUsers(db: Db, options: CityOptions) {
  const plan = planCity(options);
  const stored = await appUsersAndDeliveries(db);
  const hashes = new Set(stored.users.map((u) => u.password_hash));
  expect(hashes.size).toBe(1);
  const [hash] = hashes as Set<string>;
  expect(await verifyPassword(DEMO_APP_USER_PASSWORD, hash)).toBe(true);
  expect(stored.users).toEqual([...userRows(plan, hash)]);
  expect(stored.deliveries).toEqual([...deliveryRows(plan)]);
}

const NOW = new Date('2026-03-10T04:30:00Z'); // 11:30 in Jakarta, a Tuesday
const first = <T>(it: Iterator<T>) => it.next().value as T;
const generate = (options: CityOptions) => {
  const plan = planCity(options);
  return {
    facilities: facilityRows(plan),
    batch: first(patientBatches(plan)),
    emergencies: [...emergencyRows(plan)].slice(0, 5),
    agd: [...agdReportRows(plan)].slice(0, 5),
    mental: [...mentalHealthRows(plan, [1, 2, 3, 4, 5, 6, 7, 8])].slice(0, 5),
  };
};

describe('demo city generator', () => {
  it('is a pure function of seed, size and now', () => {
    const a = generate({ patients: 200, seed: 7, now: NOW });
    const b = generate({ patients: 200, seed: 7, now: NOW });
    expect(b).toEqual(a);
    expect(a.batch.patients.length).toBe(200);
    expect(a.batch.appointments.length).toBeGreaterThan(500);
    const other = generate({ patients: 200, seed: 8, now: NOW });
    expect(other.batch.patients[50].identity_number).not.toBe(a.batch.patients[50].identity_number);
    // Patients do not depend on the time of day, only on the date.
    const later = generate({ patients: 200, seed: 7, now: new Date('2026-03-10T09:00:00Z') });
    expect(later.batch.patients).toEqual(a.batch.patients);
  });

  it('gives every patient a valid, unique NIK of their kecamatan, birth date and gender', () => {
    const plan = planCity({ patients: 3000, seed: 11, now: NOW });
    const niks = new Set<string>();
    const kecamatan = new Map(JAKARTA_KECAMATAN.map((k) => [k.code, k]));
    const ages: number[] = [];
    const insurance: Record<string, number> = {};
    for (const batch of patientBatches(plan, undefined, 500)) {
      for (const p of batch.patients) {
        expect(
          validateNik(p.identity_number, { dateOfBirth: p.date_of_birth, gender: p.gender }),
          p.identity_number,
        ).toBeNull();
        expect(p.identity_number.slice(0, 6)).toBe(p.kecamatan_code.replace(/\./g, ''));
        expect(
          makeNik(p.kecamatan_code, p.date_of_birth, p.gender, Number(p.identity_number.slice(12))),
        ).toBe(p.identity_number);
        expect(kecamatan.get(p.kecamatan_code)?.name).toBe(p.district);
        expect(p.province).toBe('DKI Jakarta');
        niks.add(p.identity_number);
        ages.push(2026 - Number(p.date_of_birth.slice(0, 4)));
        insurance[p.insurance] = (insurance[p.insurance] ?? 0) + 1;
      }
    }
    expect(niks.size).toBe(3000);
    const share = (f: (a: number) => boolean) => ages.filter(f).length / ages.length;
    expect(share((a) => a >= 65)).toBeGreaterThan(0.05);
    expect(share((a) => a >= 65)).toBeLessThan(0.1);
    expect(share((a) => a >= 20 && a <= 45)).toBeGreaterThan(0.35);
    expect(insurance.BPJS / 3000).toBeCloseTo(0.7, 1);
    expect(insurance.Umum / 3000).toBeCloseTo(0.18, 1);
  });

  it('draws the same patients range by range (as the encoder threads do) as in one go', async () => {
    const plan = planCity({ patients: 2500, seed: 5, now: NOW, journeyDays: 30 });
    const ids = { facility: 3, patient: 10, appointment: 100 };
    const flat = (batches: DrawBatch[]) => ({
      patients: batches.flatMap((b) => b.patients),
      appointments: batches.flatMap((b) => b.appointments),
      journeys: batches.flatMap((b) => b.journeys),
    });
    const whole = flat([...drawPatients(plan, ids, 700)]);
    const ranges = [...patientRanges(plan, ids, 600)];
    expect(ranges.map((r) => [r.from, r.to])).toEqual([
      [0, 600],
      [600, 1200],
      [1200, 1800],
      [1800, 2400],
      [2400, 2500],
    ]);
    expect(flat(ranges.flatMap((r) => [...drawPatients(plan, ids, 700, r)]))).toEqual(whole);

    // Threads write the same COPY bytes as this one.
    const small = ranges.slice(0, 3);
    const here = small.map((r) => encodePatientRange(plan, ids, r));
    const pool = new EncoderPool(2, { patients: 2500, seed: 5, now: NOW.getTime(), journeyDays: 30 });
    try {
      const there = await Promise.all(small.map((r) => pool.encode(r, ids)));
      expect(there.map((e) => e.rows)).toEqual(here.map((e) => e.rows));
      // Compared as digests: a deep comparison of megabytes of buffers takes long.
      const digest = (chunks: Buffer[]) => createHash('sha256').update(Buffer.concat(chunks)).digest('hex');
      for (const table of ['patients', 'appointments', 'journeys'] as const) {
        expect(there.map((e) => digest(e[table]))).toEqual(here.map((e) => digest(e[table])));
      }
    } finally {
      await pool.close();
    }
  });

  it('writes rows in the binary COPY format, text as UTF-8', () => {
    const w = new BinaryCopyWriter(64); // small buffers: the stream spans several
    const row = {
      id: 7,
      name: 'Klinik Ibu & Anak “Sehat” – Cempaka Putih',
      type: null,
      email: 'klinik@faskes.demo.local',
      phone: '021-5550123',
      online: true,
      kecamatan_code: '31.71.03',
      address: 'Jl. Percetakan Negara No. 1',
      code: 'FAS00007',
    };
    FACILITIES.encode(w, row);
    FACILITIES.encode(w, { ...row, id: 8, type: 'KLINIK', online: false });
    const out = Buffer.concat(w.finish());
    expect(out.subarray(0, 11).toString('latin1')).toBe('PGCOPY\n\xff\r\n\0');
    let at = 19;
    const rows: unknown[][] = [];
    for (let fields = out.readInt16BE(at); fields !== -1; fields = out.readInt16BE(at)) {
      at += 2;
      const values: unknown[] = [];
      for (let f = 0; f < fields; f++) {
        const length = out.readInt32BE(at);
        at += 4;
        values.push(length < 0 ? null : out.subarray(at, at + length));
        at += Math.max(0, length);
      }
      rows.push(values);
    }
    expect(at + 2).toBe(out.length);
    const decoded = rows.map(([id, name, type, email, phone, online, kecamatan, address, code]) => ({
      id: (id as Buffer).readInt32BE(0),
      name: (name as Buffer).toString('utf8'),
      type: type && (type as Buffer).toString('utf8'),
      email: (email as Buffer).toString('utf8'),
      phone: (phone as Buffer).toString('utf8'),
      online: (online as Buffer)[0] === 1,
      kecamatan_code: (kecamatan as Buffer).toString('utf8'),
      address: (address as Buffer).toString('utf8'),
      code: (code as Buffer).toString('utf8'),
    }));
    expect(decoded).toEqual([row, { ...row, id: 8, type: 'KLINIK', online: false }]);
  });

  it('keeps SOS calls inside Jakarta and AGD reports near their kecamatan', () => {
    const plan = planCity({ patients: 5000, now: NOW });
    for (const e of emergencyRows(plan)) {
      expect(e.latitude).toBeGreaterThanOrEqual(JAKARTA_BOX.latMin);
      expect(e.latitude).toBeLessThanOrEqual(JAKARTA_BOX.latMax);
      expect(e.longitude).toBeGreaterThanOrEqual(JAKARTA_BOX.lonMin);
      expect(e.longitude).toBeLessThanOrEqual(JAKARTA_BOX.lonMax);
      expect(Date.parse(e.created_at)).toBeLessThanOrEqual(NOW.getTime());
    }
    for (const r of agdReportRows(plan)) {
      if (r.kecamatan_code.startsWith('31.01')) continue; // Kepulauan Seribu lies out at sea
      expect(r.latitude).toBeGreaterThanOrEqual(JAKARTA_BOX.latMin);
      expect(r.latitude).toBeLessThanOrEqual(JAKARTA_BOX.latMax);
      expect(r.longitude).toBeGreaterThanOrEqual(JAKARTA_BOX.lonMin);
      expect(r.longitude).toBeLessThanOrEqual(JAKARTA_BOX.lonMax);
    }
  });
});

describe.each(dbTargets())('demo city in the database (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  const one = async <T = Record<string, any>>(sql: string, params?: unknown[]) =>
    (await t.db.query<T>(sql, params)).rows[0];
  const get = async (url: string) => {
    const res = await t.request(admin, { method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    t = await startTestApp(kind, { patients: 300 });
    admin = await t.login(DEMO_EMAILS.admin);
  });
  afterAll(() => t?.close());

  it('has a Puskesmas in every kecamatan, an RSUD in every kota, and every facility type', async () => {
    const missing = await t.db.query(
      `SELECT a.name FROM areas a WHERE a.level = 'kecamatan' AND NOT EXISTS
         (SELECT 1 FROM medical_facilities f WHERE f.type = 'PUSKESMAS' AND f.kecamatan_code = a.code
             AND f.name = 'Puskesmas Kecamatan ' || a.name)`,
    );
    expect(missing.rows).toEqual([]);
    const kotaWithoutRsud = await t.db.query(
      `SELECT a.name FROM areas a WHERE a.level = 'kabupaten' AND NOT EXISTS
         (SELECT 1 FROM medical_facilities f WHERE f.type = 'RSUD' AND left(f.kecamatan_code, 5) = a.code)`,
    );
    expect(kotaWithoutRsud.rows).toEqual([]);
    const types = (await get('/api/dashboard/medical-facilities')) as { facility_type: string | null }[];
    expect(types.map((r) => r.facility_type).sort()).toEqual(
      ['APOTEK', 'KLINIK', 'PUSKESMAS', 'RSUD', 'RS_SWASTA', null].sort(),
    );
  });

  it('links the facility operator to a Puskesmas that has patients', async () => {
    const row = await one(
      `SELECT f.name, (SELECT count(*)::int FROM patients p WHERE p.medical_facility_id = f.id) AS patients
         FROM web_admins a JOIN medical_facilities f ON f.id = a.medical_facility_id WHERE a.email = $1`,
      [DEMO_EMAILS.medical_facility],
    );
    expect(row).toMatchObject({ name: DEMO_FACILITY_NAME });
    expect(row.patients).toBeGreaterThan(0);
  });

  it('keeps the rollups equal to the base tables', async () => {
    const patients = await one(
      `SELECT (SELECT count(*)::int FROM patients) AS base, (SELECT sum(count)::int FROM patient_rollup) AS rollup,
              (SELECT count(*)::int FROM (
                 SELECT gender, extract(year FROM date_of_birth)::int, coalesce(insurance, ''), coalesce(kecamatan_code, ''), count(*)::int
                   FROM patients GROUP BY 1, 2, 3, 4
                 EXCEPT SELECT gender, birth_year, insurance, kecamatan_code, count FROM patient_rollup) d) AS differences`,
    );
    expect(patients).toEqual({ base: 300, rollup: 300, differences: 0 });
    const days = await one(
      `SELECT (SELECT count(*)::int FROM appointments) AS base, (SELECT sum(count)::int FROM appointment_daily) AS rollup,
              (SELECT count(*)::int FROM (
                 SELECT (scheduled_date AT TIME ZONE 'Asia/Jakarta')::date, count(*)::int FROM appointments GROUP BY 1
                 EXCEPT SELECT day, count FROM appointment_daily) d) AS differences`,
    );
    expect(days.base).toBeGreaterThan(1000);
    expect(days).toEqual({ base: days.base, rollup: days.base, differences: 0 });
    const stats = await get('/api/dashboard/stats');
    expect(stats).toMatchObject({ totalPatients: 300, totalAppointments: days.base });
    // The triggers are back on after the load.
    await t.db.query(
      `INSERT INTO appointments (medical_facility_id, nik, name, scheduled_date, poly_code, health_insurance, created_by)
       VALUES (1, '3171010101900001', 'Uji Rollup', app_now(), 'UMU', 'Umum', 'test')`,
    );
    expect((await get('/api/dashboard/stats')).totalAppointments).toBe(days.base + 1);
  });

  it('rebuilds at the next start rollups that a load committed without rebuilding (stopped half way)', async () => {
    expect(await one('SELECT stale FROM rollup_state')).toEqual({ stale: false });
    const before = await one(`SELECT (SELECT sum(count)::int FROM patient_rollup) AS patients,
                                     (SELECT sum(appointments)::int FROM performance_daily) AS appointments`);
    await t.db.exec('TRUNCATE patient_rollup, performance_daily; UPDATE rollup_state SET stale = true');
    await prepareDatabase(t.db);
    expect(await one('SELECT stale FROM rollup_state')).toEqual({ stale: false });
    expect(
      await one(`SELECT (SELECT sum(count)::int FROM patient_rollup) AS patients,
                        (SELECT sum(appointments)::int FROM performance_daily) AS appointments`),
    ).toEqual(before);
    expect(before.patients).toBeGreaterThan(0);
  });

  it('draws every chart of the dashboard with data', async () => {
    const byDate = (await get('/api/dashboard/appointments-by-date')) as { count: number }[];
    expect(byDate).toHaveLength(30);
    expect(byDate.filter((d) => d.count === 0)).toEqual([]);
    const demographics = await get('/api/dashboard/patient-demographics');
    expect(demographics.byGender).toHaveLength(2);
    expect(demographics.byAge.every((g: { count: number }) => g.count > 0)).toBe(true);
    expect(demographics.byInsurance.map((r: { insurance: string }) => r.insurance).sort()).toEqual([
      'Asuransi Swasta',
      'BPJS',
      'Umum',
    ]);
    const agd = (await get('/api/dashboard/emergency-reports')) as { category: string; count: number }[];
    expect(agd).toHaveLength(8);
    expect(agd[0].category).toBe('Kecelakaan Lalu Lintas');
    const mental = await get('/api/dashboard/mental-health');
    expect(mental.monthlyTrend).toHaveLength(6);
    expect(mental.monthlyTrend.every((m: { response_count: number }) => m.response_count > 0)).toBe(true);
    expect(
      new Set(mental.monthlyTrend.map((m: { wellness_score: number }) => m.wellness_score)).size,
    ).toBeGreaterThan(1);
    expect(mental.participation.rate).toBeGreaterThanOrEqual(75);
    expect(mental.participation.rate).toBeLessThanOrEqual(95);
    expect(mental.satisfaction.rate).toBeGreaterThanOrEqual(65);
    expect(mental.satisfaction.rate).toBeLessThanOrEqual(90);
    const geo = await get('/api/dashboard/geographic?level=kabupaten');
    expect(geo.unassignedPatients).toBe(0);
    expect(geo.areas.every((a: { patients: number }) => a.patients > 0)).toBe(true);
  });

  it('writes journeys whose steps follow each other in time', async () => {
    const bad = await one(
      `SELECT count(*) FILTER (WHERE timestamp_end < timestamp_start)::int AS backwards,
              count(*) FILTER (WHERE is_completed AND duration_minutes <> round(extract(epoch FROM timestamp_end - timestamp_start) / 60))::int AS wrong_duration,
              count(*) FILTER (WHERE NOT is_completed AND timestamp_end IS NOT NULL)::int AS open_with_end,
              count(*) FILTER (WHERE title_en IS NULL)::int AS untitled
         FROM appointment_journeys`,
    );
    expect(bad).toEqual({ backwards: 0, wrong_duration: 0, open_with_end: 0, untitled: 0 });
    const overlapping = await one(
      `SELECT count(*)::int AS n FROM (
         SELECT timestamp_start < lag(timestamp_end) OVER (PARTITION BY appointment_id ORDER BY timestamp_start) AS overlap
           FROM appointment_journeys) s WHERE overlap`,
    );
    expect(overlapping.n).toBe(0);
    const completed = await one(
      `SELECT count(*)::int AS n,
              count(*) FILTER (WHERE EXISTS (SELECT 1 FROM appointment_journeys j WHERE j.appointment_id = a.id
                                              AND j.event_id = 'completion' AND j.is_completed))::int AS finished
         FROM appointments a WHERE a.status = 'completed'`,
    );
    expect(completed.n).toBeGreaterThan(0);
    expect(completed.finished).toBe(completed.n);
    const future = await one(
      `SELECT count(*)::int AS n FROM appointments WHERE scheduled_date > app_now() + interval '1 day'`,
    );
    expect(future.n).toBe(0);
  });
});

describe('demo app users and deliveries', () => {
  it('are a pure function of seed, size and now, sized to the city', () => {
    const plan = planCity({ patients: 5000, seed: 7, now: NOW });
    const users = [...userRows(plan, 'h')];
    const deliveries = [...deliveryRows(plan)];
    expect([...userRows(planCity({ patients: 5000, seed: 7, now: NOW }), 'h')]).toEqual(users);
    expect([...deliveryRows(planCity({ patients: 5000, seed: 7, now: NOW }))]).toEqual(deliveries);
    expect(users).toHaveLength(300);
    expect(deliveries).toHaveLength(100);
    expect(userCount(planCity({ patients: 1_000_000, now: NOW }))).toBe(60_000);
    expect(deliveryCount(planCity({ patients: 1_000_000, now: NOW }))).toBe(5_000);
    expect(deliveryCount(planCity({ patients: 30, now: NOW }))).toBe(100);
    expect([...deliveryRows(planCity({ patients: 5000, seed: 8, now: NOW }))][0]).not.toEqual(deliveries[0]);
  });

  it('give unique e-mails, deliveries by delivery users to Jakarta with valid fields', () => {
    const plan = planCity({ patients: 20_000, seed: 3, now: NOW });
    const users = [...userRows(plan, 'h')];
    expect(new Set(users.map((u) => u.email.toLowerCase())).size).toBe(users.length);
    const verified = users.filter((u) => u.verified).length / users.length;
    expect(verified).toBeGreaterThan(0.7);
    expect(verified).toBeLessThan(0.9);
    for (const u of users) {
      expect(u.email_verified_at === null).toBe(!u.verified);
      if (u.email_verified_at) expect(u.email_verified_at > u.created_at).toBe(true);
      expect(u.created_at <= NOW.toISOString()).toBe(true);
    }
    const byId = new Map(users.map((u) => [u.id, u]));
    const deliveries = [...deliveryRows(plan)];
    expect(deliveries).toHaveLength(100);
    expect(new Set(deliveries.map((d) => d.order_id)).size).toBe(deliveries.length);
    const statuses = new Set(deliveries.map((d) => d.delivery_status));
    expect(statuses.has('delivered')).toBe(true);
    for (const d of deliveries) {
      expect(byId.get(d.user_id)?.has_medicine_delivery).toBe(true);
      expect(plan.facilities[d.medical_facility_id - 1]?.address).toBe(d.hospital_address);
      expect(DELIVERY_STATUSES).toContain(d.delivery_status);
      expect(d.patient_nik).toMatch(/^31\d{14}$/);
      expect(d.patient_kode_pos).toMatch(/^\d{5}$/);
      expect(d.medicine_weight).toBeGreaterThanOrEqual(0.1);
      expect(d.hospital_latitude).toBeGreaterThan(JAKARTA_BOX.latMin - 0.05);
      expect(d.hospital_latitude).toBeLessThan(JAKARTA_BOX.latMax + 0.05);
      expect(d.patient_latitude === null).toBe(d.patient_longitude === null);
      expect(d.created_at <= NOW.toISOString()).toBe(true);
      expect(d.updated_at >= d.created_at).toBe(true);
      if (d.delivery_status === 'PENDING') expect(d.delivery_id).toBeNull();
    }
  });
});

describe('loading and reloading', () => {
  it('writes the generated rows, the same again after a reset, and a reset keeps the web admins', async () => {
    const db = await openDb({});
    try {
      await prepareDatabase(db);
      const options = { patients: 120, seed: 99, now: NOW };
      const sample = async () =>
        (
          await db.query(
            `SELECT p.id, p.identity_number, p.full_name, p.date_of_birth, p.medical_facility_id,
                    (SELECT count(*)::int FROM appointments x WHERE x.patient_id = p.id) AS appointments
               FROM patients p ORDER BY p.id LIMIT 20`,
          )
        ).rows;
      await loadCity(db, options);
      const loaded = await sample();
      await expectGeneratedAppUsers(db, options);
      const generated = first(patientBatches(planCity(options)));
      expect(loaded).toEqual(
        generated.patients.slice(0, 20).map((p) => ({
          id: p.id,
          identity_number: p.identity_number,
          full_name: p.full_name,
          date_of_birth: p.date_of_birth,
          medical_facility_id: p.medical_facility_id,
          appointments: generated.appointments.filter((a) => a.patient_id === p.id).length,
        })),
      );

      await db.query(
        `INSERT INTO web_admins (username, email, full_name, role, password_hash)
         VALUES ('kepala', 'kepala@dinkes.go.id', 'Kepala', 'super_admin', 'x')`,
      );
      await db.transaction((tx) => resetDemoData(tx));
      const empty = await db.query(
        `SELECT (SELECT count(*)::int FROM patients) AS p, (SELECT count(*)::int FROM medical_facilities) AS f,
                (SELECT count(*)::int FROM appointments) AS a, (SELECT count(*)::int FROM patient_rollup) AS r,
                (SELECT count(*)::int FROM web_admins) AS admins`,
      );
      expect(empty.rows[0]).toEqual({ p: 0, f: 0, a: 0, r: 0, admins: 1 });
      expect(await appUsersAndDeliveries(db)).toEqual({ users: [], deliveries: [] });
      await loadCity(db, options);
      expect(await sample()).toEqual(loaded);
      await expectGeneratedAppUsers(db, options);
    } finally {
      await db.close();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('bulk load through COPY (postgres)', () => {
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  let db: Db;
  beforeAll(async () => {
    db = await openDb({ databaseUrl: url, schema });
    await prepareDatabase(db);
  });
  afterAll(async () => {
    await db?.close();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    } finally {
      await admin.end();
    }
  });

  /** Indexes, constraints (and whether they are validated) and triggers of the schema. */
  const shape = async () =>
    (
      await db.query(
        `SELECT 'index' AS kind, tablename AS table, indexname AS name, indexdef AS def
           FROM pg_indexes WHERE schemaname = current_schema()
         UNION ALL
         SELECT 'constraint', conrelid::regclass::text, conname, pg_get_constraintdef(c.oid) || ' ' || convalidated
           FROM pg_constraint c WHERE c.connamespace = current_schema()::regnamespace
         UNION ALL
         SELECT 'trigger', tgrelid::regclass::text, tgname, tgenabled::text
           FROM pg_trigger t JOIN pg_class r ON r.oid = t.tgrelid
          WHERE r.relnamespace = current_schema()::regnamespace AND NOT t.tgisinternal
         ORDER BY 1, 2, 3`,
      )
    ).rows;
  const rowsOf = async (table: string) => {
    const columns = TABLES_BY_NAME.get(table)!.columns.map((c) => c.name);
    const { rows } = await db.query(`SELECT ${columns.join(', ')} FROM ${table} ORDER BY id`);
    return rows.map((row) =>
      Object.fromEntries(columns.map((c) => [c, row[c] instanceof Date ? row[c].toISOString() : row[c]])),
    );
  };

  it('leaves everything as it was when the load fails', async () => {
    const before = await shape();
    await expect(
      loadCity(db, {
        patients: 200,
        seed: 3,
        now: NOW,
        databaseUrl: url,
        finish: async () => {
          throw new Error('stop');
        },
      }),
    ).rejects.toThrow('stop');
    expect(await shape()).toEqual(before);
    const counts = await db.query(
      `SELECT (SELECT count(*)::int FROM patients) AS p, (SELECT count(*)::int FROM medical_facilities) AS f`,
    );
    expect(counts.rows[0]).toEqual({ p: 0, f: 0 });
  });

  it('writes exactly the generated rows and gives back every index, key and trigger', async () => {
    const before = await shape();
    const options = { patients: 400, seed: 99, now: NOW, journeyDays: 30 };
    const summary = await loadCity(db, { ...options, databaseUrl: url, threads: 0 });
    expect(await shape()).toEqual(before);
    expect(summary.phases.map((p) => p.phase)).toContain('foreign keys');
    // The rollups were rebuilt after the commit, beside the list indexes.
    expect(summary.phases.find((p) => p.phase === 'rollups and list indexes')?.detail).toMatch(/rollups \d/);
    expect((await db.query('SELECT stale FROM rollup_state')).rows).toEqual([{ stale: false }]);

    const plan = planCity(options);
    const batches = [...patientBatches(plan)];
    expect(await rowsOf('medical_facilities')).toEqual(facilityRows(plan));
    expect(await rowsOf('patients')).toEqual(batches.flatMap((b) => b.patients));
    expect(await rowsOf('appointments')).toEqual(batches.flatMap((b) => b.appointments));
    expect(await rowsOf('appointment_journeys')).toEqual(batches.flatMap((b) => b.journeys));
    expect(await rowsOf('emergencies')).toEqual([...emergencyRows(plan)]);
    expect(await rowsOf('agd_reports')).toEqual([...agdReportRows(plan)]);
    await expectGeneratedAppUsers(db, options);
    const { rows: assessments } = await db.query<{ id: number }>(
      'SELECT id FROM mental_health_assessments ORDER BY id',
    );
    expect(await rowsOf('mental_health_responses')).toEqual([
      ...mentalHealthRows(
        plan,
        assessments.map((a) => a.id),
      ),
    ]);

    const rollups = await db.query(
      `SELECT (SELECT count(*)::int FROM (
                 SELECT gender, extract(year FROM date_of_birth)::int, coalesce(insurance, ''), coalesce(kecamatan_code, ''), count(*)::int
                   FROM patients GROUP BY 1, 2, 3, 4
                 EXCEPT SELECT gender, birth_year, insurance, kecamatan_code, count FROM patient_rollup) d) AS patients,
              (SELECT count(*)::int FROM (
                 SELECT (scheduled_date AT TIME ZONE 'Asia/Jakarta')::date, count(*)::int FROM appointments GROUP BY 1
                 EXCEPT SELECT day, count FROM appointment_daily) d) AS appointments,
              (SELECT sum(count)::int FROM patient_rollup) AS rolled_patients,
              (SELECT sum(started)::int FROM mental_health_daily) AS rolled_responses`,
    );
    expect(rollups.rows[0]).toEqual({
      patients: 0,
      appointments: 0,
      rolled_patients: 400,
      rolled_responses: summary.mentalHealthResponses,
    });
    // New rows get ids after the loaded ones.
    const next = await db.query<{ id: number }>(
      `INSERT INTO appointments (medical_facility_id, nik, name, scheduled_date, poly_code, health_insurance, created_by)
       VALUES (1, '3171010101900001', 'Uji Id', app_now(), 'UMU', 'Umum', 'test') RETURNING id`,
    );
    expect(next.rows[0].id).toBe(summary.appointments + 1);
  });
});
