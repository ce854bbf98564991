/**
 * The logs partitioned by UTC month (migration 027): each row in its month's partition, a row
 * past every partition kept by the DEFAULT one and moved when its month is made, retention
 * that drops whole months (and their rollup figures) and logs each drop, the log queries
 * reading only the months of their period, and the migration of a database that already has
 * rows, which keeps every row, id and rollup figure and the log screens' answers.
 */
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import {
  dbTargets,
  dropTestSchema,
  startTestApp,
  testConfig,
  DEMO_EMAILS,
  type DbKind,
  type TestApp,
} from './helper';
import { buildApp } from '../../src/server/app';
import { dbOptions } from '../../src/server/config';
import { logConfig } from '../../src/server/logs/config';
import { openDb, type Db, type Queryable } from '../../src/server/db/db';
import { MIGRATIONS_DIR } from '../../src/server/db/migrate';
import { prepareDatabase } from '../../src/server/setup';
import { seedOnFirstStart } from '../../src/server/seed/demo';
import { seedDemoLogs } from '../../src/server/seed/entities/logs';
import { ensureLogPartitions } from '../../src/server/logs/partitions';
import { LOG_TABLES, type LogTable } from '../../src/server/logs/retention';

const TABLES = Object.entries(LOG_TABLES) as [LogTable, string][];
const DAY_MS = 24 * 3600_000;

/** The partition name of the UTC month `ms` falls in. */
const partitionOf = (table: string, ms: number) => {
  const d = new Date(ms);
  return `${table}_p${d.getUTCFullYear()}_${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};
const clockMs = async (q: Queryable) =>
  Number(
    (await q.query<{ ms: string }>(`SELECT (extract(epoch FROM app_now()) * 1000)::bigint AS ms`)).rows[0].ms,
  );
const exists = async (q: Queryable, relation: string) =>
  (await q.query<{ r: string | null }>('SELECT to_regclass($1)::text AS r', [relation])).rows[0].r !== null;
const count = async (q: Queryable, table: string) =>
  Number((await q.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);

/** Every log row's month next to its partition: how many sit elsewhere, and how many there are. */
async function placement(q: Queryable, table: string, column: string) {
  const { rows } = await q.query<{ wrong: string; n: string }>(
    `SELECT count(*) FILTER (WHERE tableoid::regclass::text <> '${table}_p' || to_char(${column} AT TIME ZONE 'UTC', 'YYYY_MM')) AS wrong,
            count(*) AS n FROM ${table}`,
  );
  return { wrong: Number(rows[0].wrong), n: Number(rows[0].n) };
}

/** The rollups against the rows they count: every figure equal. */
async function rollupsAgree(q: Queryable) {
  const { rows } = await q.query(
    `SELECT (SELECT coalesce(sum(n), 0) FROM log_hourly_counts WHERE kind = 'activity')::int AS activity,
            (SELECT count(*) FROM activity_logs)::int AS activity_rows,
            (SELECT coalesce(sum(n), 0) FROM log_hourly_counts WHERE kind = 'login')::int AS login,
            (SELECT count(*) FROM login_history)::int AS login_rows,
            (SELECT coalesce(sum(n), 0) FROM log_hourly_counts WHERE kind = 'system')::int AS system,
            (SELECT count(*) FROM system_logs)::int AS system_rows,
            (SELECT coalesce(sum(n), 0) FROM log_hourly_counts WHERE kind = 'security_open')::int AS open,
            (SELECT count(*) FROM security_events WHERE NOT is_resolved)::int AS open_rows,
            (SELECT coalesce(sum(n), 0) FROM api_request_daily)::int AS api_daily,
            (SELECT coalesce(sum(n), 0) FROM api_request_hourly)::int AS api_hourly,
            (SELECT count(*) FROM api_request_logs)::int AS api_rows`,
  );
  const r = rows[0];
  expect(r.activity).toBe(r.activity_rows);
  expect(r.login).toBe(r.login_rows);
  expect(r.system).toBe(r.system_rows);
  expect(r.open).toBe(r.open_rows);
  expect(r.api_daily).toBe(r.api_rows);
  expect(r.api_hourly).toBe(r.api_rows);
}

/** One row in each log at `at` (an SQL expression), through the parent tables as the server writes. */
async function oneRowEach(q: Queryable, at: string, note: string) {
  await q.query(
    `INSERT INTO activity_logs (action, table_name, record_id, created_at) VALUES ('UPDATE', 'patients', '${note}', ${at})`,
  );
  await q.query(
    `INSERT INTO login_history (email, status, failure_reason, login_time) VALUES ('${note}@demo.local', 'FAILED', 'x', ${at})`,
  );
  await q.query(
    `INSERT INTO system_logs (level, category, message, created_at) VALUES ('INFO', 'API', '${note}', ${at})`,
  );
  await q.query(
    `INSERT INTO security_events (event_type, severity, description, created_at) VALUES ('FAILED_LOGIN', 'LOW', '${note}', ${at})`,
  );
  await q.query(
    `INSERT INTO api_request_logs (request_id, request_time, method, url, route_pattern, status_code, duration_ms)
     VALUES ('${note}', ${at}, 'GET', '/api/${note}', '/api/${note}', 200, 12.5)`,
  );
}

/** The plan's relations (EXPLAIN without ANALYZE still removes the partitions pruned at start). */
async function relationsRead(q: Queryable, sql: string, params: unknown[] = []) {
  const { rows } = await q.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${sql}`, params);
  const raw = rows[0]['QUERY PLAN'];
  const names = new Set<string>();
  const walk = (node: any) => {
    if (node['Relation Name']) names.add(node['Relation Name']);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk((typeof raw === 'string' ? JSON.parse(raw) : raw)[0].Plan);
  return [...names];
}

describe.each(dbTargets())('log partitions (%s)', (kind) => {
  let t: TestApp;
  let superadmin: string;

  beforeAll(async () => {
    t = await startTestApp(kind, { patients: 5 });
    superadmin = await t.login(DEMO_EMAILS.super_admin);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("writes each log row into its UTC month's partition", async () => {
    await ensureLogPartitions(t.db);
    const failed = await t.request(null, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: DEMO_EMAILS.admin, password: 'bukan-sandinya' },
    });
    expect(failed.statusCode).toBe(401); // a failed sign-in and its security event
    const { rows } = await t.db.query('SELECT id FROM patients ORDER BY id LIMIT 1');
    const res = await t.request(superadmin, {
      method: 'PATCH',
      url: `/api/master/patients/${rows[0].id}`,
      payload: { full_name: 'Partisi Bulanan' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.logs.flush();
    await seedDemoLogs(t.db); // 30 days of history, across a month's end
    for (const [table, column] of TABLES) {
      const { wrong, n } = await placement(t.db, table, column);
      expect(n, table).toBeGreaterThan(0);
      expect(wrong, table).toBe(0);
      expect(await count(t.db, `${table}_default`), table).toBe(0);
    }
    await rollupsAgree(t.db);
  });

  it('still writes a row whose month has no partition, and moves it into its month when that is made', async () => {
    const far = (await clockMs(t.db)) + 6 * 366 * DAY_MS;
    // The clock of one transaction set six years ahead, as a test or a demo sets NOW.
    const ids = await t.db.transaction(async (tx) => {
      await tx.query(`SELECT set_config('dkj.clock_offset_ms', $1, true)`, [String(far - Date.now())]);
      await oneRowEach(tx, 'app_now()', 'jauh');
      const out: Record<string, number> = {};
      for (const [table] of TABLES)
        out[table] = Number((await tx.query(`SELECT max(id) AS id FROM ${table}`)).rows[0].id);
      return out;
    });
    for (const [table] of TABLES) {
      const { rows } = await t.db.query(
        `SELECT tableoid::regclass::text AS part FROM ${table} WHERE id = $1`,
        [ids[table]],
      );
      expect(rows[0].part, table).toBe(`${table}_default`);
    }
    await rollupsAgree(t.db);
    const { rows: made } = await t.db.query<{ log_partition: string; moved: string }>(
      `SELECT * FROM ensure_log_partitions(to_timestamp($1 / 1000.0), to_timestamp($1 / 1000.0))`,
      [far],
    );
    expect(made.map((m) => [m.log_partition, Number(m.moved)]).sort()).toEqual(
      TABLES.map(([table]) => [partitionOf(table, far), 1]).sort(),
    );
    for (const [table, column] of TABLES) {
      const { rows } = await t.db.query(
        `SELECT tableoid::regclass::text AS part FROM ${table} WHERE id = $1`,
        [ids[table]],
      );
      expect(rows[0].part, table).toBe(partitionOf(table, far));
      expect(await count(t.db, `${table}_default`), table).toBe(0);
      expect((await placement(t.db, table, column)).wrong, table).toBe(0);
    }
    await rollupsAgree(t.db);
    // Made again: nothing to do.
    const again = await t.db.query(
      `SELECT * FROM ensure_log_partitions(to_timestamp($1 / 1000.0), to_timestamp($1 / 1000.0))`,
      [far],
    );
    expect(again.rows).toEqual([]);
  });

  it("reads only the months of a period's partitions", async () => {
    await t.db.query(`SELECT * FROM ensure_log_partitions(app_now() - interval '15 months', app_now())`);
    const now = await clockMs(t.db);
    const since = now - 24 * 3600_000;
    const months = (table: string) =>
      Array.from({ length: 16 }, (_, i) => {
        const d = new Date(now);
        return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - i, 1);
      }).map((start) => ({ name: partitionOf(table, start), start }));
    // The request log's metrics over 24 hours and its list from a date: months ending before
    // the period are not read.
    const plans = [
      await relationsRead(
        t.db,
        `SELECT count(*) FROM api_request_logs WHERE request_time >= app_now() - make_interval(hours => $1)`,
        [24],
      ),
      await relationsRead(
        t.db,
        `SELECT id FROM api_request_logs WHERE request_time >= $1::timestamptz ORDER BY request_time DESC, id DESC LIMIT 25`,
        [new Date(since).toISOString()],
      ),
    ];
    for (const read of plans) {
      expect(read).toContain(partitionOf('api_request_logs', now));
      for (const m of months('api_request_logs')) {
        const end = new Date(m.start);
        end.setUTCMonth(end.getUTCMonth() + 1);
        if (end.getTime() <= since) expect(read).not.toContain(m.name);
      }
    }
    // The stats' part-hour of each log reads one month (two at a month's first hour) and the default.
    const stats = await relationsRead(
      t.db,
      `SELECT count(*) FROM login_history WHERE login_time >= app_now() - make_interval(hours => $1)
          AND login_time < date_trunc('hour', app_now() - make_interval(hours => $1)) + interval '1 hour'`,
      [168],
    );
    expect(stats.length).toBeLessThanOrEqual(3);
  });

  it('drops whole months older than the retention, with their figures, and logs each drop', async () => {
    await t.db.query(`SELECT * FROM ensure_log_partitions(app_now() - interval '15 months', app_now())`);
    const now = await clockMs(t.db);
    await oneRowEach(t.db, `app_now() - interval '14 months'`, 'lama14');
    await oneRowEach(t.db, `app_now() - interval '13 months'`, 'lama13');
    await oneRowEach(t.db, `app_now() - interval '11 months'`, 'lama11');
    const admin = await t.login(DEMO_EMAILS.admin);
    // The rows of past days: what the test's own requests log meanwhile is not counted.
    const past = async (table: LogTable) =>
      count(t.db, `${table} WHERE ${LOG_TABLES[table]} < app_now() - interval '1 day'`);
    const before = Object.fromEntries(await Promise.all(TABLES.map(async ([tb]) => [tb, await past(tb)])));
    await rollupsAgree(t.db);

    expect(
      (await t.request(admin, { method: 'POST', url: '/api/logs/cleanup', payload: {} })).statusCode,
    ).toBe(403);
    const res = await t.request(superadmin, { method: 'POST', url: '/api/logs/cleanup', payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ months: 12, days: null, total: 10 });
    const cutoffMonth = new Date(now);
    cutoffMonth.setUTCMonth(cutoffMonth.getUTCMonth() - 12, 1);
    expect(body.cutoff).toBe(
      new Date(Date.UTC(cutoffMonth.getUTCFullYear(), cutoffMonth.getUTCMonth(), 1)).toISOString(),
    );
    for (const [table] of TABLES) {
      expect(body.deleted[table], table).toBe(2);
      expect(await past(table), table).toBe(before[table] - 2);
      for (const ago of [13, 14, 15]) {
        const d = new Date(now);
        d.setUTCMonth(d.getUTCMonth() - ago, 1);
        expect(await exists(t.db, partitionOf(table, d.getTime())), `${table} -${ago}`).toBe(false);
        expect(body.dropped.map((p: any) => p.log_partition)).toContain(partitionOf(table, d.getTime()));
      }
      const kept = new Date(now);
      kept.setUTCMonth(kept.getUTCMonth() - 11, 1);
      expect(await exists(t.db, partitionOf(table, kept.getTime())), table).toBe(true);
    }
    await rollupsAgree(t.db);
    await t.app.logs.flush();
    const logged = await t.request(superadmin, {
      method: 'GET',
      url: '/api/logs/system?category=DATABASE&limit=100',
    });
    const messages = logged.json().data.map((r: any) => r.message as string);
    for (const p of body.dropped) {
      expect(
        messages.some((m: string) => m.startsWith(`Partisi log ${p.log_partition} dihapus`)),
        p.log_partition,
      ).toBe(true);
    }
    expect(messages.some((m: string) => m.startsWith('Retensi log (12 bulan): 10 baris'))).toBe(true);
  });

  it('deletes the rows older than the days asked within the month that straddles the cut', async () => {
    await oneRowEach(t.db, `app_now() - interval '50 days'`, 'hari50');
    await oneRowEach(t.db, `app_now() - interval '40 days'`, 'hari40');
    const res = await t.request(superadmin, {
      method: 'POST',
      url: '/api/logs/cleanup',
      payload: { days: 45 },
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const [table, column] of TABLES) {
      const { rows } = await t.db.query(
        `SELECT count(*) FILTER (WHERE ${column} < $1::timestamptz)::int AS older,
                count(*) FILTER (WHERE ${table}::text LIKE '%hari40%')::int AS kept,
                count(*) FILTER (WHERE ${table}::text LIKE '%hari50%')::int AS gone FROM ${table}`,
        [res.json().cutoff],
      );
      expect(rows[0], table).toEqual({ older: 0, kept: 1, gone: 0 });
    }
    await rollupsAgree(t.db);
  });
});

/** Rows over about fourteen months in each log, written before migration 027 (into the tables as they were). */
async function historyBefore027(q: Queryable) {
  const at = (step: string) => `app_now() - interval '2 hours' - g * interval '${step}'`;
  await q.query(
    `INSERT INTO activity_logs (admin_id, username, action, table_name, record_id, created_at)
     SELECT (SELECT min(id) FROM web_admins), 'admin', (ARRAY['CREATE','UPDATE','DELETE','VIEW'])[1 + g % 4],
            (ARRAY['patients','appointments'])[1 + g % 2], g::text, ${at('7 hours 13 minutes')}
       FROM generate_series(1, 1400) g`,
  );
  await q.query(
    `INSERT INTO login_history (admin_id, email, username, status, failure_reason, ip_address, login_time)
     SELECT (SELECT min(id) FROM web_admins), 'admin@demo.local', 'admin', (ARRAY['SUCCESS','FAILED','BLOCKED'])[1 + g % 3],
            CASE WHEN g % 3 = 1 THEN 'wrong password' END, '10.0.0.' || g % 7, ${at('17 hours')}
       FROM generate_series(1, 600) g`,
  );
  await q.query(
    `INSERT INTO system_logs (level, category, message, created_at)
     SELECT (ARRAY['INFO','WARNING','ERROR','CRITICAL'])[1 + g % 4], (ARRAY['API','DATABASE','AUTH'])[1 + g % 3],
            'riwayat ' || g, ${at('20 hours')}
       FROM generate_series(1, 500) g`,
  );
  await q.query(
    `INSERT INTO security_events (event_type, severity, description, email, is_resolved, created_at)
     SELECT 'FAILED_LOGIN', (ARRAY['LOW','MEDIUM','HIGH','CRITICAL'])[1 + g % 4], 'riwayat ' || g, 'admin@demo.local',
            g % 3 = 0, ${at('2 days 1 hour')}
       FROM generate_series(1, 200) g`,
  );
  await q.query(
    `INSERT INTO api_request_logs (request_id, request_time, method, url, route_pattern, status_code, duration_ms, user_id)
     SELECT 'r' || g, ${at('3 hours 19 minutes')}, (ARRAY['GET','POST','PUT','DELETE'])[1 + g % 4],
            '/api/master/patients/' || g, '/api/master/patients/:id', (ARRAY[200,200,200,404,500])[1 + g % 5],
            1 + (g * 37 % 400) / 3.0, (SELECT min(id) FROM web_admins)
       FROM generate_series(1, 3000) g`,
  );
}

/** Every row of every log, the rollups and where the ids go on: one fingerprint each. */
async function fingerprint(q: Queryable) {
  const out: Record<string, unknown> = {};
  for (const [table, column] of TABLES) {
    const { rows } = await q.query(
      `SELECT count(*)::int AS n, md5(string_agg(x::text, '|' ORDER BY id)) AS rows,
              min(${column}) AS first, max(id)::int AS last_id FROM ${table} x`,
    );
    out[table] = rows[0];
  }
  for (const [rollup, order] of [
    ['log_hourly_counts', 'kind, hour'],
    ['api_request_hourly', 'hour, method, route_pattern, duration_ms'],
    ['api_request_daily', 'day, method, route_pattern, duration_ms'],
  ])
    out[rollup] = (
      await q.query(
        `SELECT count(*)::int AS n, md5(string_agg(x::text, '|' ORDER BY ${order})) AS rows FROM ${rollup} x`,
      )
    ).rows[0];
  return out;
}

/**
 * An answer without its total where that is the planner's estimate (past a thousand rows): the
 * migration analyzes the new tables, so the estimate may get better; the rows must not change.
 */
function exactPart(answer: any) {
  const { pagination, ...rest } = answer;
  if (rest.estimated) return { ...rest, total: undefined, totalPages: undefined };
  if (pagination?.estimated)
    return { ...rest, pagination: { ...pagination, total: undefined, totalPages: undefined } };
  return answer;
}

describe.each(dbTargets())('migration 027 on a database with log rows (%s)', (kind: DbKind) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dkj-before-027-'));
  // The screens compared before and after must not see the test's own requests.
  const config = testConfig({ logs: { ...logConfig({}), apiRequests: false } });
  const schema = `t_${randomBytes(6).toString('hex')}`;
  let db: Db;
  let app: FastifyInstance | undefined;

  beforeAll(async () => {
    // Every migration but 027: the database as a release before it left it (the later ones
    // partition no log: 030 adds the request log's summary to its trigger; and this release's
    // code expects them).
    for (const f of readdirSync(MIGRATIONS_DIR))
      if (!f.startsWith('027_')) copyFileSync(path.join(MIGRATIONS_DIR, f), path.join(dir, f));
    db =
      kind === 'postgres'
        ? await openDb({ ...dbOptions({ ...config, databaseUrl: process.env.TEST_DATABASE_URL }), schema })
        : await openDb({ bare: true });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
    if (kind === 'postgres') await dropTestSchema(schema);
  });

  const start = async () => {
    app = await buildApp({ config, db });
    await app.ready();
    return app;
  };
  const get = async (token: string, url: string) => {
    const res = await app!.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };

  it('keeps every row, id and rollup figure, and the log screens answer the same', async () => {
    expect(await prepareDatabase(db, { migrationsDir: dir })).not.toContain('027_log_partitions.sql');
    await seedOnFirstStart(db, config, 5);
    await historyBefore027(db);
    const cut = new Date((await clockMs(db)) - 3600_000).toISOString();
    const screens = [
      `/api/logs/activity?limit=100&end_date=${cut}`,
      `/api/logs/activity?limit=25&action=DELETE&table_name=patients&end_date=${cut}`,
      '/api/logs/login-history?limit=100&status=FAILED',
      `/api/logs/system?limit=100&level=ERROR&end_date=${cut}`,
      '/api/logs/security-events?limit=100&is_resolved=false',
      `/api/logs/api-requests?limit=100&dateTo=${cut}`,
      `/api/logs/api-requests?limit=25&page=3&statusClass=5xx&method=POST`,
      '/api/logs/api-metrics?period=365d',
      '/api/logs/api-errors?period=90d',
    ];
    await start();
    const login = await app!.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: DEMO_EMAILS.super_admin, password: config.demoPassword },
    });
    const token = login.json().token as string;
    const answers: unknown[] = [];
    for (const url of screens) answers.push(exactPart(await get(token, url)));
    const stats = await get(token, '/api/logs/stats?period=365d');
    await app!.close();
    app = undefined;
    const before = await fingerprint(db);

    expect(await prepareDatabase(db)).toContain('027_log_partitions.sql');
    expect(await fingerprint(db)).toEqual(before);
    for (const [table, column] of TABLES) {
      expect(await count(db, `${table}_default`), table).toBe(0);
      expect((await placement(db, table, column)).wrong, table).toBe(0);
    }
    await start();
    for (const [i, url] of screens.entries())
      expect(exactPart(await get(token, url)), url).toEqual(answers[i]);
    const after = await get(token, '/api/logs/stats?period=365d');
    expect({ ...after, system: null }).toEqual({ ...stats, system: null });

    // A row found by id, a login closed by its session's end, and ids that go on.
    const open = (await get(token, '/api/logs/security-events?is_resolved=false&limit=1')).data[0];
    const resolved = await app!.inject({
      method: 'PATCH',
      url: `/api/logs/security-events/${open.id}/resolve`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({
      id: open.id,
      is_resolved: true,
      resolved_by_username: 'superadmin',
    });
    const out = await app!.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(200);
    const { rows } = await db.query(
      `SELECT logout_time IS NOT NULL AS closed FROM login_history WHERE status = 'SUCCESS' AND session_id IS NOT NULL`,
    );
    expect(rows).toEqual([{ closed: true }]);
    await db.query(
      `INSERT INTO system_logs (level, category, message) VALUES ('INFO', 'API', 'sesudah migrasi')`,
    );
    const last = await db.query(`SELECT id FROM system_logs WHERE message = 'sesudah migrasi'`);
    expect(Number(last.rows[0].id)).toBeGreaterThan((before.system_logs as { last_id: number }).last_id);
    await rollupsAgree(db);
  }, 120_000);
});
