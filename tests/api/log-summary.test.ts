/**
 * The request-log summary (migration 030): the API metrics it gives equal those computed from
 * the request log itself and from the per-millisecond rollups, for every period and method; the
 * log's trigger keeps it exact through inserts and deletes; retention drops its rows with the
 * months; a database that had request logs before it gets it filled (by the migration when it
 * is small, else month by month beside the log writer and the retention), and the metrics
 * answer the same from the rollups meanwhile.
 */
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { dbTargets, demoFacilities, startTestApp, DEMO_EMAILS, type TestApp } from './helper';
import { openDb, type Queryable } from '../../src/server/db/db';
import { migrate, MIGRATIONS_DIR } from '../../src/server/db/migrate';
import { prepareDatabase } from '../../src/server/setup';
import { logConfig } from '../../src/server/logs/config';
import { loadLogRows } from '../../src/server/seed/entities/logs';
import { metricsFrom, summaryFilled, type ApiMetric } from '../../src/server/logs/api-metrics';
import { AGAIN, fillLogSummary, fillMonth } from '../../src/server/maintenance/log-summary';
import { Maintenance } from '../../src/server/maintenance/index';
import { RESOURCES } from '../../src/resources/index';

const PERIODS = [1, 5, 24, 36, 7 * 24, 30 * 24, 90 * 24, 365 * 24];

/** Every row and histogram bucket of the summary against what the per-millisecond rollups give. */
async function summaryAgrees(q: Queryable) {
  const keys = 'span, at, method, route_pattern';
  const buckets = (t: string) =>
    `SELECT ${keys}, b, c FROM ${t}, unnest(hist) WITH ORDINALITY u(c, b) WHERE c <> 0`;
  const { rows } = await q.query(
    `SELECT
       (SELECT count(*) FROM (SELECT ${keys}, n, ok FROM api_request_summary
                              EXCEPT ALL SELECT ${keys}, n, ok FROM api_request_summary_live) x)::int AS extra,
       (SELECT count(*) FROM (SELECT ${keys}, n, ok FROM api_request_summary_live
                              EXCEPT ALL SELECT ${keys}, n, ok FROM api_request_summary) x)::int AS missing,
       (SELECT count(*) FROM (${buckets('api_request_summary')}
                              EXCEPT ALL ${buckets('api_request_summary_live')}) x)::int AS extra_buckets,
       (SELECT count(*) FROM (${buckets('api_request_summary_live')}
                              EXCEPT ALL ${buckets('api_request_summary')}) x)::int AS missing_buckets,
       (SELECT coalesce(max(abs(s.sum_ms - l.sum_ms)), 0) FROM api_request_summary s
          JOIN api_request_summary_live l USING (${keys}))::float8 AS sum_diff,
       (SELECT count(*) FROM api_request_summary)::int AS n`,
  );
  const { sum_diff, n, ...diff } = rows[0];
  expect(diff).toEqual({ extra: 0, missing: 0, extra_buckets: 0, missing_buckets: 0 });
  expect(sum_diff).toBeLessThan(0.01);
  return n as number;
}

/**
 * The same figures: all equal, the average to within its last digit where its sum came from the
 * per-millisecond rollups (their sums are single precision): the rollups themselves, and the
 * hours a fill took from them.
 */
function sameFigures(actual: ApiMetric[], expected: ApiMetric[], what: string, exact: boolean) {
  if (exact) return expect(actual, what).toEqual(expected);
  expect(
    actual.map((m) => ({ ...m, avg_duration_ms: 0 })),
    what,
  ).toEqual(expected.map((m) => ({ ...m, avg_duration_ms: 0 })));
  for (const [i, m] of actual.entries())
    expect(Math.abs(m.avg_duration_ms - expected[i].avg_duration_ms), what).toBeLessThan(0.0101);
}

/** The summary's metrics equal the request log's, and the rollups', for each period and method. */
async function metricsAgree(q: Queryable, methods: (string | undefined)[], { filled = false } = {}) {
  for (const hours of PERIODS)
    for (const method of methods) {
      const what = `${hours}h ${method ?? 'all'}`;
      const log = await metricsFrom(q, 'log', { hours, method });
      if (!method) expect(log.length, what).toBeGreaterThan(0);
      sameFigures(await metricsFrom(q, 'summary', { hours, method }), log, what, !filled);
      sameFigures(await metricsFrom(q, 'rollups', { hours, method }), log, what, false);
    }
}

/** Request rows of the test's own: unusual durations, no route, the part-hour, the year's edges. */
async function oddRequests(q: Queryable) {
  await q.query(
    `INSERT INTO api_request_logs (request_id, request_time, method, url, route_pattern, status_code, duration_ms)
     SELECT 'odd' || g, app_now() - make_interval(mins => (g * 7919) % (400 * 1440)),
            (ARRAY['GET', 'POST', 'DELETE'])[1 + g % 3], '/api/odd/' || g,
            CASE WHEN g % 5 = 0 THEN NULL ELSE '/api/odd/:id' END, (ARRAY[200, 201, 404, 500])[1 + g % 4],
            (ARRAY[0, 0.4, 0.5, 7.49, 7.5, 8, 9.99, 63.5, 64, 1500.5, 123456.7, 2000000])[1 + g % 12]
       FROM generate_series(1, 400) g
     UNION ALL
     SELECT 'now' || g, app_now() - make_interval(secs => g * 17), 'GET', '/api/odd/now', '/api/odd/:id', 200, g % 90
       FROM generate_series(1, 300) g`,
  );
}

describe.each(dbTargets())('request-log summary (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let superadmin: string;

  beforeAll(async () => {
    // The test's own requests are not logged: the figures compared stay those of its rows.
    t = await startTestApp(kind, { patients: 5, config: { logs: { ...logConfig({}), apiRequests: false } } });
    await loadLogRows(t.db, 6000, undefined, { days: 400, apiOnly: true });
    await oddRequests(t.db);
    admin = await t.login(DEMO_EMAILS.admin);
    superadmin = await t.login(DEMO_EMAILS.super_admin);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('gives the metrics of the request log for every period and method, kept through deletes', async () => {
    expect(await summaryFilled(t.db)).toBe(true);
    expect(await summaryAgrees(t.db)).toBeGreaterThan(100);
    await metricsAgree(t.db, [undefined, 'GET', 'POST']);
    await t.db.query(`DELETE FROM api_request_logs WHERE request_id LIKE 'odd%' AND duration_ms > 1000`);
    await t.db.query(`DELETE FROM api_request_logs WHERE id % 7 = 0`);
    await summaryAgrees(t.db);
    await metricsAgree(t.db, [undefined, 'DELETE']);
    const res = await t.request(admin, { method: 'GET', url: '/api/logs/api-metrics?period=30d' });
    expect(res.json().metrics).toEqual(await metricsFrom(t.db, 'log', { hours: 720 }));
  }, 120_000);

  it('is filled month by month beside writes and drops, answering from the rollups meanwhile', async () => {
    await t.db.query(`DELETE FROM api_request_summary WHERE at < app_now() - interval '20 days'`);
    await t.db.query('UPDATE api_request_summary_state SET filled = false');
    const via = async (period: string) =>
      (await t.request(admin, { method: 'GET', url: `/api/logs/api-metrics?period=${period}` })).json()
        .metrics;
    // Until it is filled again the metrics come from the rollups: the log's figures.
    expect(await summaryFilled(t.db)).toBe(false);
    const hours = 90 * 24;
    sameFigures(await via('90d'), await metricsFrom(t.db, 'log', { hours }), 'meanwhile', false);

    const { rows } = await t.db.query<{ from: string; to: string }>(
      `SELECT to_char(m, 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS from,
              to_char(m + interval '1 month', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS to
         FROM date_trunc('month', (app_now() - interval '60 days') AT TIME ZONE 'UTC') m`,
    );
    const month: [string, string] = [rows[0].from, rows[0].to];
    // Rows written and removed between the month's snapshot and its addition count once.
    const moved = await fillMonth(t.db, month, async () => {
      await t.db.query(
        `INSERT INTO api_request_logs (request_id, request_time, method, url, route_pattern, status_code, duration_ms)
         SELECT 'late' || g, $1::timestamptz + make_interval(hours => g * 5), 'PUT', '/api/late', '/api/late/:id',
                200, g * 3.3 FROM generate_series(1, 100) g`,
        [month[0]],
      );
      await t.db.query(
        `DELETE FROM api_request_logs WHERE request_time >= $1 AND request_time < $2 AND id % 5 = 0`,
        month,
      );
    });
    expect(moved).toBeGreaterThan(0);
    // A retention drop between the snapshot and the addition makes the month start over.
    expect(
      await fillMonth(t.db, month, async () => {
        await t.db.query('UPDATE api_request_summary_state SET filled = filled WHERE NOT filled');
      }),
    ).toBe(AGAIN);
    if (t.db.openSession) {
      // PostgreSQL: the maintenance of a served console fills it, and says so.
      const said: string[] = [];
      await new Maintenance(t.db, RESOURCES, (_level, message) => said.push(message)).start();
      expect(said.join('\n')).toMatch(/Ringkasan log API terisi: [1-9]\d* baris/);
    } else expect(await fillLogSummary(t.db)).toBeGreaterThan(0);
    expect(await fillLogSummary(t.db)).toBeNull();
    await summaryAgrees(t.db);
    await metricsAgree(t.db, [undefined, 'PUT'], { filled: true });
    sameFigures(await via('90d'), await metricsFrom(t.db, 'log', { hours }), 'filled', false);
  }, 120_000);

  it("gives a facility user the metrics of their facility's requests and the stats of their own rows", async () => {
    const { own, other } = await demoFacilities(t);
    await t.db.query(
      `INSERT INTO role_menu_access (role, menu_path) VALUES ('medical_facility', '/logs-monitoring'),
              ('medical_facility', '/logs/api-logs') ON CONFLICT DO NOTHING`,
    );
    const me = (
      await t.db.query(`SELECT id FROM web_admins WHERE email = $1`, [DEMO_EMAILS.medical_facility])
    ).rows[0].id;
    await t.db.query(
      `INSERT INTO api_request_logs (request_id, request_time, method, url, route_pattern, status_code, duration_ms, facility_id)
       SELECT 'fac' || g, app_now() - make_interval(mins => g * 13), 'GET', '/api/fac', '/api/fac/:id',
              CASE WHEN g % 4 = 0 THEN 500 ELSE 200 END, g * 1.7, CASE WHEN g <= 10 THEN $1::int ELSE $2::int END
         FROM generate_series(1, 15) g`,
      [own, other],
    );
    await t.db.query(
      `INSERT INTO activity_logs (admin_id, username, action, table_name, response_status, created_at)
       SELECT CASE WHEN g <= 3 THEN $1::int ELSE (SELECT min(id) FROM web_admins) END, 'x', 'UPDATE', 'patients', 200,
              app_now() - make_interval(hours => g)
         FROM generate_series(1, 8) g`,
      [me],
    );
    const facility = await t.login(DEMO_EMAILS.medical_facility);
    const get = async (url: string) => {
      const res = await t.request(facility, { method: 'GET', url });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const { metrics } = await get('/api/logs/api-metrics?period=24h');
    expect(metrics).toEqual(await metricsFrom(t.db, 'log', { hours: 24, facility: own }));
    expect(metrics.find((m: ApiMetric) => m.url === '/api/fac/:id')).toMatchObject({
      total_requests: 10,
      error_count: 2,
    });
    const stats = await get('/api/logs/stats?period=7d');
    expect(stats.activity.total_activities).toBe(3);
  });

  it('loses the rows of the months retention drops', async () => {
    const res = await t.request(superadmin, {
      method: 'POST',
      url: '/api/logs/cleanup',
      payload: { months: 6 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const dropped = res.json().dropped.filter((p: any) => p.log_table === 'api_request_logs');
    expect(dropped.length).toBeGreaterThan(3);
    const { rows } = await t.db.query(
      `SELECT count(*)::int AS n FROM api_request_summary WHERE at < $1::timestamptz`,
      [res.json().cutoff],
    );
    expect(rows[0].n).toBe(0);
    await summaryAgrees(t.db);
    await metricsAgree(t.db, [undefined], { filled: true });
  }, 120_000);
});

// The migration's SQL is the same on PostgreSQL; PGlite runs it without a server.
describe('migration 030 on a database with request logs (pglite)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dkj-before-030-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('fills the summary of a small log at once', async () => {
    for (const f of readdirSync(MIGRATIONS_DIR))
      if (f < '030') copyFileSync(path.join(MIGRATIONS_DIR, f), path.join(dir, f));
    const db = await openDb({ bare: true });
    try {
      await migrate(db, dir);
      await loadLogRows(db, 3000, undefined, { days: 90, apiOnly: true });
      await oddRequests(db);
      expect(await prepareDatabase(db)).toContain('030_api_request_summary.sql');
      expect(await summaryFilled(db)).toBe(true);
      expect(await summaryAgrees(db)).toBeGreaterThan(100);
      await metricsAgree(db, [undefined], { filled: true });
    } finally {
      await db.close();
    }
  }, 120_000);
});
