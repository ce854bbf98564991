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
import { RESOURCES } from '../../src/domain/resources/index';
import { listIndexes } from '../../src/server/resources/indexes';
import { forgetRollupState, rebuildStaleRollups } from '../../src/server/maintenance/rollups';
import { Maintenance } from '../../src/server/maintenance/index';
import { PERFORMANCE_REBUILDING } from '../../src/server/routes/performance';
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
      expect(await systemLog(`%${search.name}%`)).toEqual([
        expect.stringMatching(`^Membangun indeks daftar ${search.name} \\(appointments\\)`),
        expect.stringMatching(`^Indeks daftar ${search.name} selesai dalam [\\d.]+ detik$`),
      ]);
    } finally {
      await other.close();
    }
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
    const releaseMonitoring = await hold('LOCK TABLE patient_rollup IN ROW SHARE MODE');
    const releasePerformance = await hold('LOCK TABLE appointment_performance IN ACCESS SHARE MODE');
    const done = t.app.maintenance.start();
    await until('the rebuild to start', async () =>
      (await health()).maintenance.tasks.some((s: string) => s.includes('patient_rollup')),
    );
    expect(await figures(t, token)).toEqual(expected);

    // The monitoring rollups are rebuilt; the performance rebuild waits for its table.
    await releaseMonitoring();
    await until('the monitoring rollups', async () =>
      (await t.db.query<{ n: number }>('SELECT cardinality(rebuilt) AS n FROM rollup_state')).rows[0].n === 3
        ? (await health()).maintenance.tasks.some((s: string) => s.includes('performance'))
        : false,
    );
    expect((await t.request(token, { method: 'GET', url: PERFORMANCE })).statusCode).toBe(503);
    // A booking and its check-in are written at once, not after the rebuild.
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO appointments (medical_facility_id, nik, name, scheduled_date, poly_code, health_insurance, created_by, doctor_name)
       VALUES (1, '3171010101900001', 'Pasien Selama Pemeliharaan', app_now(), 'UMU', 'Umum', 'test', 'dr. Uji')
       RETURNING id`,
    );
    await t.db.query(
      `INSERT INTO appointment_journeys (appointment_id, event_id, is_completed, timestamp_start, timestamp_end, title)
       VALUES ($1, 'checkin', true, app_now() - interval '20 minutes', app_now() - interval '15 minutes', 'Check-in')`,
      [rows[0].id],
    );

    await releasePerformance();
    await done;
    expect((await t.db.query('SELECT stale, rebuilt FROM rollup_state')).rows).toEqual([
      { stale: false, rebuilt: [] },
    ]);
    expect((await t.db.query('SELECT count(*)::int AS n FROM performance_pending')).rows[0].n).toBe(0);
    forgetRollupState(t.db);
    const after = await figures(t, token);
    const stats = (f: Record<string, unknown>) => f['/api/dashboard/stats'] as { totalAppointments: number };
    expect(stats(after).totalAppointments).toBe(stats(expected).totalAppointments + 1);
    expect({ ...after, '/api/dashboard/stats': null, '/api/dashboard/appointments-by-date': null }).toEqual({
      ...expected,
      '/api/dashboard/stats': null,
      '/api/dashboard/appointments-by-date': null,
    });
    // The rollups hold what a rebuild from scratch gives, the booking written meanwhile included.
    const performance = async () =>
      (
        await t.db.query(
          `SELECT (SELECT json_agg(p ORDER BY appointment_id) FROM appointment_performance p) AS rows,
                  (SELECT json_agg(d ORDER BY unit_id, day) FROM performance_daily d WHERE appointments > 0) AS daily,
                  (SELECT json_agg(m ORDER BY unit_id, day) FROM performance_mtd m WHERE appointments > 0) AS mtd`,
        )
      ).rows[0];
    const kept = await performance();
    expect(kept.rows.some((r: { appointment_id: number }) => r.appointment_id === rows[0].id)).toBe(true);
    await t.db.query('SELECT refresh_rollups()');
    expect(await performance()).toEqual(kept);
    expect((await t.request(token, { method: 'GET', url: PERFORMANCE })).statusCode).toBe(200);
    const lines = await systemLog('Rollup % dibangun ulang:%');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toMatch(/^Rollup performance dibangun ulang: \d+ baris dalam [\d.]+ detik$/);
  });
});
