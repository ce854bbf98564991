/**
 * A server on PostgreSQL serves at once on a database that lacks a list index or whose rollups a
 * bulk load left stale: the index is built and the rollups rebuilt behind it (app.maintenance),
 * lists and the dashboard answer meanwhile with the right figures, performance analytics says it
 * is being rebuilt, and writes do not wait. Locks held by the test keep the background work
 * waiting for as long as the test looks at the server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { dbTargets, startTestApp, DEMO_EMAILS, type TestApp } from './helper';
import { RESOURCES } from '../../src/resources/index';
import { listIndexes, SEARCH_STATISTICS } from '../../src/server/resources/indexes';
import { forgetRollupState, rebuildStaleRollups } from '../../src/server/maintenance/rollups';
import { Maintenance } from '../../src/server/maintenance/index';
import { PERFORMANCE_REBUILDING } from '../../src/server/routes/performance';
import { DASHBOARD_REBUILDING } from '../../src/server/routes/dashboard/shared';
import { openDb, type Db } from '../../src/server/db/db';

const DASHBOARD = [
  '/api/dashboard/stats',
  '/api/dashboard/appointments-by-date',
  '/api/dashboard/patient-demographics',
  '/api/dashboard/geographic',
  '/api/dashboard/geographic?level=kabupaten',
  '/api/dashboard/mental-health',
];
const PERFORMANCE = '/api/analytics/performance?dateRange=365';

const appointmentsDecl = RESOURCES.find((d) => d.table === 'appointments')!;
const indexNamed = (kind: string) =>
  listIndexes(appointmentsDecl).find((i) => i.name.includes(`_list_${kind}_`))!;

/** Waits until `ok` returns a truthy value (checking every 50 ms, at most 20 s). */
async function until<T>(what: string, ok: () => Promise<T>): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const v = await ok();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`still waiting for ${what}`);
}

/** The rollups as a bulk load that stopped before rebuilding them leaves them: wrong, and marked stale. */
async function leaveRollupsStale(db: Db) {
  await db.exec(`DELETE FROM patient_rollup; DELETE FROM appointment_daily; DELETE FROM mental_health_daily;
                 TRUNCATE performance_daily; UPDATE rollup_state SET stale = true`);
  forgetRollupState(db);
}

/** Every rollup's rows that count something, in order. */
async function rollups(db: Db) {
  const { rows } = await db.query(
    `SELECT (SELECT json_agg(r ORDER BY gender, birth_year, insurance, kecamatan_code) FROM patient_rollup r
              WHERE count <> 0) AS patients,
            (SELECT json_agg(r ORDER BY day) FROM appointment_daily r WHERE count <> 0) AS days,
            (SELECT json_agg(r ORDER BY day, assessment_id) FROM mental_health_daily r WHERE started <> 0) AS mental,
            (SELECT json_agg(r ORDER BY medical_facility_id, day, rating) FROM satisfaction_facility_daily r
              WHERE responses <> 0) AS satisfaction,
            (SELECT json_agg(r ORDER BY appointment_id) FROM appointment_performance r) AS performance,
            (SELECT json_agg(r ORDER BY unit_id, day) FROM performance_daily r WHERE appointments > 0) AS daily,
            (SELECT json_agg(r ORDER BY unit_id, day) FROM performance_mtd r WHERE appointments > 0) AS mtd`,
  );
  return rows[0];
}

async function figures(t: TestApp, token: string) {
  const out: Record<string, unknown> = {};
  for (const url of DASHBOARD) {
    const res = await t.request(token, { method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    out[url] = res.json();
  }
  return out;
}

describe.each(dbTargets())('stale rollups (%s)', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { patients: 150 });
    token = await t.login(DEMO_EMAILS.super_admin);
  });
  afterAll(() => t?.close());

  it('are read from the base tables until rebuilt, with the same figures; performance analytics waits', async () => {
    const expected = await figures(t, token);
    const performance = (await t.request(token, { method: 'GET', url: PERFORMANCE })).json();
    expect((expected['/api/dashboard/stats'] as { totalPatients: number }).totalPatients).toBe(150);

    await leaveRollupsStale(t.db);
    expect(await figures(t, token)).toEqual(expected);
    const waiting = await t.request(token, { method: 'GET', url: PERFORMANCE });
    expect(waiting.statusCode).toBe(503);
    expect(waiting.headers['retry-after']).toBe('30');
    expect(waiting.json().message).toBe(PERFORMANCE_REBUILDING);

    expect(await rebuildStaleRollups(t.db)).toBe(true);
    expect((await t.db.query('SELECT stale, rebuilt FROM rollup_state')).rows).toEqual([
      { stale: false, rebuilt: [] },
    ]);
    expect(await figures(t, token)).toEqual(expected);
    expect((await t.request(token, { method: 'GET', url: PERFORMANCE })).json()).toEqual(performance);
  });
});

describe.each(dbTargets())('stale rollups of a city too large to read per request (%s)', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    // 150 patients and their appointments and responses are "too many" here.
    t = await startTestApp(kind, { patients: 150, config: { dashboardLiveMaxRows: 100 } });
    token = await t.login(DEMO_EMAILS.super_admin);
    await t.db.exec('ANALYZE patients; ANALYZE appointments; ANALYZE mental_health_responses');
  });
  afterAll(() => t?.close());

  it('the dashboard says at once that its figures are being rebuilt, and shows them once they are', async () => {
    const expected = await figures(t, token);
    await leaveRollupsStale(t.db);
    for (const url of DASHBOARD) {
      const res = await t.request(token, { method: 'GET', url });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after'], url).toBe('30');
      expect(res.json().message, url).toBe(DASHBOARD_REBUILDING);
    }
    // Figures of tables without a rollup are still served.
    expect(
      (await t.request(token, { method: 'GET', url: '/api/dashboard/medical-facilities' })).statusCode,
    ).toBe(200);
    expect(await rebuildStaleRollups(t.db)).toBe(true);
    expect(await figures(t, token)).toEqual(expected);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('maintenance behind a served console (postgres)', () => {
  const url = process.env.TEST_DATABASE_URL!;
  let t: TestApp;
  let token: string;
  let schema: string;
  const clients: pg.Client[] = [];
  /** A connection of the test's own in the app's schema, outside any transaction. */
  const connect = async () => {
    const c = new pg.Client({ connectionString: url, options: `-c search_path=${schema},public` });
    await c.connect();
    clients.push(c);
    return c;
  };
  /** A transaction holding `lock` until the returned function commits it. */
  const hold = async (lock: string) => {
    const c = await connect();
    await c.query(`BEGIN; ${lock}`);
    return () => c.query('COMMIT');
  };
  const health = async () => (await t.request(null, { method: 'GET', url: '/api/health' })).json();
  const index = async (name: string) =>
    (
      await t.db.query<{ valid: boolean; unique: boolean; def: string }>(
        `SELECT i.indisvalid AS valid, i.indisunique AS unique, pg_get_indexdef(i.indexrelid) AS def
           FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
          WHERE c.relname = $1 AND c.relnamespace = current_schema()::regnamespace`,
        [name],
      )
    ).rows[0];
  const systemLog = async (like: string) => {
    await t.app.logs.flush();
    const { rows } = await t.db.query<{ message: string }>(
      `SELECT message FROM system_logs WHERE message LIKE $1 ORDER BY id`,
      [like],
    );
    return rows.map((r) => r.message);
  };

  beforeAll(async () => {
    t = await startTestApp('postgres', { patients: 150 });
    token = await t.login(DEMO_EMAILS.super_admin);
    schema = (await t.db.query<{ s: string }>('SELECT current_schema() AS s')).rows[0].s;
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
    await t?.close();
  });

  it('answers health and a search while a dropped list index is built, by one process of two', async () => {
    const search = indexNamed('search');
    await t.db.exec(`DROP INDEX ${search.name}`);
    const word = (
      await t.db.query<{ w: string }>('SELECT split_part(name, $$ $$, 1) AS w FROM appointments LIMIT 1')
    ).rows[0].w;
    // A second process on the same database, looking every 100 ms for the index it may not build.
    const other: Db = await openDb({ databaseUrl: url, schema });
    const otherLines: string[] = [];
    const second = new Maintenance(other, RESOURCES, (_l, m) => otherLines.push(m), 100);
    try {
      const release = await hold('LOCK TABLE appointments IN SHARE UPDATE EXCLUSIVE MODE');
      const done = t.app.maintenance.start();
      await until('the build to start', async () =>
        (await health()).maintenance.tasks.some((s: string) => s.includes(search.name)),
      );
      const secondDone = second.start();
      await until('the second process to wait', async () =>
        second.status().tasks.some((s) => s.includes('proses lain')),
      );
      expect(await health()).toMatchObject({ status: 'ok', maintenance: { running: true } });
      const list = await t.request(token, {
        method: 'GET',
        url: `/api/master/appointments?search=${encodeURIComponent(word)}`,
      });
      expect(list.statusCode).toBe(200);
      expect(list.json().data.length).toBeGreaterThan(0);
      expect((await index(search.name))?.valid ?? false).toBe(false);

      await release();
      await until('the index', async () => (await index(search.name))?.valid);
      await Promise.all([done, secondDone]);
      expect(await health()).toMatchObject({ maintenance: { running: false, tasks: [] } });
      expect(otherLines).toEqual([]);
      // The planner knows how often the searched text matches (it would expect any term in
      // 0.8 % of the rows and read the table instead of the index).
      const stats = await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stats WHERE schemaname = current_schema() AND tablename = $1`,
        [search.name],
      );
      expect(stats.rows[0].n).toBe(1);
      expect(await systemLog(`%${search.name}%`)).toEqual([
        expect.stringMatching(`^Membangun indeks daftar ${search.name} \\(appointments\\)`),
        expect.stringMatching(`^Indeks daftar ${search.name} selesai dalam [\\d.]+ detik$`),
      ]);
    } finally {
      await other.close();
    }
  });

  it('gives a search index an earlier version built the finer statistics of its text, behind the console', async () => {
    const search = indexNamed('search');
    const target = async () =>
      (
        await t.db.query<{ n: number }>(
          `SELECT coalesce(a.attstattarget, -1) AS n FROM pg_attribute a
            WHERE a.attrelid = to_regclass($1) AND a.attnum = 1`,
          [search.name],
        )
      ).rows[0].n;
    expect(await target()).toBe(SEARCH_STATISTICS);
    await t.db.exec(`ALTER INDEX ${search.name} ALTER COLUMN 1 SET STATISTICS -1`);
    await t.app.maintenance.start();
    expect(await target()).toBe(SEARCH_STATISTICS);
    expect(await health()).toMatchObject({ maintenance: { running: false, tasks: [] } });
  });

  it('drops and builds again an index a stopped concurrent build left invalid', async () => {
    const filter = indexNamed('filter_medical_facility_id');
    await t.db.exec(`DROP INDEX ${filter.name}`);
    // A build that fails half way (here: a unique index over repeated values) leaves its index INVALID.
    const c = await connect();
    await expect(
      c.query(`CREATE UNIQUE INDEX CONCURRENTLY ${filter.name} ON appointments (medical_facility_id)`),
    ).rejects.toThrow(/could not create unique index/);
    expect(await index(filter.name)).toMatchObject({ valid: false, unique: true });

    await t.app.maintenance.start();
    const built = await index(filter.name);
    expect(built).toMatchObject({ valid: true, unique: false });
    expect(built.def).toContain('(medical_facility_id, scheduled_date, id)');
  });

  it('rebuilds stale rollups behind the dashboard, which keeps its figures, while writes go on', async () => {
    const expected = await figures(t, token);
    await leaveRollupsStale(t.db);
    // The rebuild of each monitoring rollup waits to apply what it read; the performance rebuild
    // waits for its table.
    const releaseState = await hold('SELECT 1 FROM rollup_state FOR SHARE');
    const releasePerformance = await hold('LOCK TABLE appointment_performance IN ACCESS SHARE MODE');
    const done = t.app.maintenance.start();
    await until('the rebuild to start', async () =>
      (await health()).maintenance.tasks.some((s: string) => s.includes('patient_rollup')),
    );
    expect(await figures(t, token)).toEqual(expected);
    // Written after the rebuild read the patients, before it wrote the rollup: counted once.
    await t.db.query(
      `INSERT INTO patients (identity_type, identity_number, full_name, place_of_birth, date_of_birth, gender,
                             marital_status, created_by, medical_facility_id)
       VALUES ('KTP', '3171015706900003', 'Pasien Selama Pemeliharaan', 'Jakarta', '1990-06-17', 'P', 'Menikah', 'test', 1)`,
    );
    const booking = async () => {
      // A booking and its check-in, written at once, not after the rebuild.
      const { rows } = await t.db.query<{ id: number }>(
        `INSERT INTO appointments (medical_facility_id, nik, name, scheduled_date, poly_code, health_insurance, created_by, doctor_name)
         VALUES (1, '3171015706900003', 'Pasien Selama Pemeliharaan', app_now(), 'UMU', 'Umum', 'test', 'dr. Uji')
         RETURNING id`,
      );
      await t.db.query(
        `INSERT INTO appointment_journeys (appointment_id, event_id, is_completed, timestamp_start, timestamp_end, title)
         VALUES ($1, 'checkin', true, app_now() - interval '20 minutes', app_now() - interval '15 minutes', 'Check-in')`,
        [rows[0].id],
      );
      return rows[0].id;
    };
    const first = await booking();
    await releaseState();
    await until('the monitoring rollups', async () =>
      (await t.db.query<{ n: number }>('SELECT cardinality(rebuilt) AS n FROM rollup_state')).rows[0].n === 4
        ? (await health()).maintenance.tasks.some((s: string) => s.includes('performance'))
        : false,
    );
    expect((await t.request(token, { method: 'GET', url: PERFORMANCE })).statusCode).toBe(503);
    const second = await booking();

    await releasePerformance();
    await done;
    expect((await t.db.query('SELECT stale, rebuilt FROM rollup_state')).rows).toEqual([
      { stale: false, rebuilt: [] },
    ]);
    expect((await t.db.query('SELECT count(*)::int AS n FROM performance_pending')).rows[0].n).toBe(0);
    forgetRollupState(t.db);
    const stats = (await t.request(token, { method: 'GET', url: '/api/dashboard/stats' })).json();
    const before = expected['/api/dashboard/stats'] as { totalPatients: number; totalAppointments: number };
    expect(stats).toMatchObject({
      totalPatients: before.totalPatients + 1,
      totalAppointments: before.totalAppointments + 2,
    });
    // Every rollup holds what a rebuild from scratch gives, the writes made meanwhile included.
    const kept = await rollups(t.db);
    const ids = kept.performance.map((r: { appointment_id: number }) => r.appointment_id);
    expect(ids).toEqual(expect.arrayContaining([first, second]));
    await t.db.query('SELECT refresh_rollups()');
    expect(await rollups(t.db)).toEqual(kept);
    expect((await t.request(token, { method: 'GET', url: PERFORMANCE })).statusCode).toBe(200);
    const lines = await systemLog('Rollup % dibangun ulang:%');
    expect(lines).toHaveLength(5);
    expect(lines[4]).toMatch(/^Rollup performance dibangun ulang: \d+ baris dalam [\d.]+ detik$/);
  });
});
