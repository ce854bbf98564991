/**
 * The log API's figures against rows the test wrote itself (metrics, error groups), its
 * filters and refusals, the demo history, and the rule that no route edits or deletes a log
 * row except resolving a security event and the super admin's cleanup.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { InjectOptions } from 'fastify';
import { dbTargets, startTestApp, DEMO_EMAILS, type TestApp } from './helper';
import { bulkLogCounts, loadLogRows, seedDemoLogs } from '../../src/server/seed/entities/logs';
import { now } from '../../src/domain/clock';

/** Nearest-rank percentile, as a reader would compute it by hand. */
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(p * sorted.length) - 1];
};
const round2 = (x: number) => Math.round(x * 100) / 100;

describe.each(dbTargets())('logs API (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let superadmin: string;

  const get = async (url: string, token = admin) => {
    const res = await t.request(token, { method: 'GET', url });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };

  /** API request rows of the test's own, `minutesAgo` before now. */
  async function insertRequests(
    rows: {
      method: string;
      route: string;
      status: number;
      ms: number;
      user: number | null;
      minutesAgo: number;
    }[],
  ) {
    await t.db.query(
      `INSERT INTO api_request_logs (request_id, request_time, method, url, route_pattern, status_code, duration_ms, user_id)
       SELECT md5(random()::text), app_now() - make_interval(mins => r.ago), r.method, r.route, r.route, r.status, r.ms, r.uid
         FROM jsonb_to_recordset($1::jsonb) AS r(method text, route text, status int, ms real, uid int, ago int)`,
      [
        JSON.stringify(
          rows.map((r) => ({
            method: r.method,
            route: r.route,
            status: r.status,
            ms: r.ms,
            uid: r.user,
            ago: r.minutesAgo,
          })),
        ),
      ],
    );
  }

  beforeAll(async () => {
    t = await startTestApp(kind, { patients: 10 });
    await t.db.transaction((tx) => seedDemoLogs(tx));
    admin = await t.login(DEMO_EMAILS.admin);
    superadmin = await t.login(DEMO_EMAILS.super_admin);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('computes metrics per method and route pattern that match the rows', async () => {
    const route = '/api/test-metrics/:id';
    const rows = Array.from({ length: 57 }, (_, i) => ({
      method: 'GET',
      route,
      status: i % 11 === 0 ? 500 : i % 7 === 0 ? 404 : 200,
      ms: ((i * 37) % 200) + (i % 4) * 0.25,
      user: 1 + (i % 3),
      minutesAgo: 5 + (i % 50),
    }));
    const writes = Array.from({ length: 9 }, (_, i) => ({
      method: 'PUT',
      route,
      status: i === 0 ? 409 : 200,
      ms: 100 + i * 10.5,
      user: 1,
      minutesAgo: 10,
    }));
    // Outside a 24-hour period: must not count.
    const old = [{ method: 'GET', route, status: 500, ms: 99999, user: 9, minutesAgo: 3 * 24 * 60 }];
    await insertRequests([...rows, ...writes, ...old]);

    const { metrics } = await get('/api/logs/api-metrics?period=24h', admin);
    for (const [method, group] of [
      ['GET', rows],
      ['PUT', writes],
    ] as const) {
      const m = metrics.find((x: any) => x.url === route && x.method === method);
      const ms = group.map((r) => r.ms);
      expect(m, method).toBeDefined();
      expect(m.total_requests).toBe(group.length);
      expect(m.success_rate_percent).toBeCloseTo(
        (100 * group.filter((r) => r.status < 400).length) / group.length,
        2,
      );
      expect(m.avg_duration_ms).toBeCloseTo(round2(ms.reduce((a, b) => a + b, 0) / ms.length), 2);
      // p95 in whole milliseconds: the nearest-rank value, rounded.
      expect(m.p95_duration_ms).toBe(Math.round(percentile(ms, 0.95)));
    }
    // A week includes the old row.
    const week = await get('/api/logs/api-metrics?period=7d', admin);
    const get7 = week.metrics.find((x: any) => x.url === route && x.method === 'GET');
    expect(get7.total_requests).toBe(rows.length + 1);
    expect(get7.p95_duration_ms).toBe(Math.round(percentile([...rows.map((r) => r.ms), 99999], 0.95)));
  });

  it('counts a period that spans part-hours, hours and whole days exactly once each', async () => {
    const route = '/api/test-metrics-spans';
    // Minutes ago from the part-hour at the start of a week back to now, and one past the week.
    const ages = [
      1,
      59,
      61,
      5 * 60,
      23 * 60,
      25 * 60,
      2 * 1440,
      3 * 1440 + 7,
      6 * 1440,
      7 * 1440 - 30,
      7 * 1440 + 30,
    ];
    const rows = ages.map((minutesAgo, i) => ({
      method: 'GET',
      route,
      status: i % 3 === 0 ? 503 : 200,
      ms: 10 * (i + 1),
      user: 1,
      minutesAgo,
    }));
    await insertRequests(rows);
    for (const [period, hours] of [
      ['24h', 24],
      ['48h', 48],
      ['3d', 72],
      ['7d', 168],
    ] as const) {
      const inside = rows.filter((r) => r.minutesAgo < hours * 60);
      const { metrics } = await get(`/api/logs/api-metrics?period=${period}`);
      const m = metrics.find((x: any) => x.url === route);
      expect(m.total_requests, period).toBe(inside.length);
      expect(m.error_count, period).toBe(inside.filter((r) => r.status >= 400).length);
      expect(m.p95_duration_ms, period).toBe(
        percentile(
          inside.map((r) => r.ms),
          0.95,
        ),
      );
    }
    // Removing the rows (as the retention cleanup does) takes them out of every figure.
    await t.db.query(
      `DELETE FROM api_request_logs WHERE route_pattern = $1 AND request_time < app_now() - interval '2 days'`,
      [route],
    );
    const { metrics } = await get('/api/logs/api-metrics?period=7d');
    const m = metrics.find((x: any) => x.url === route);
    expect(m.total_requests).toBe(rows.filter((r) => r.minutesAgo < 2 * 1440).length);
  });

  it('groups errors by route, method and status with their users and first and last time', async () => {
    const route = '/api/test-errors';
    const rows = [
      { method: 'POST', route, status: 400, ms: 5, user: 1, minutesAgo: 40 },
      { method: 'POST', route, status: 400, ms: 5, user: 2, minutesAgo: 30 },
      { method: 'POST', route, status: 400, ms: 5, user: 2, minutesAgo: 20 },
      { method: 'POST', route, status: 500, ms: 5, user: null, minutesAgo: 15 },
      { method: 'POST', route, status: 201, ms: 5, user: 3, minutesAgo: 10 },
      { method: 'GET', route, status: 400, ms: 5, user: 4, minutesAgo: 5 },
    ];
    await insertRequests(rows);
    const { errors } = await get('/api/logs/api-errors?period=24h');
    const mine = errors.filter((e: any) => e.url === route);
    const expected = new Map<string, { n: number; users: Set<number>; ago: number[] }>();
    for (const r of rows.filter((x) => x.status >= 400)) {
      const k = `${r.method} ${r.status}`;
      const g = expected.get(k) ?? { n: 0, users: new Set<number>(), ago: [] };
      g.n++;
      if (r.user !== null) g.users.add(r.user);
      g.ago.push(r.minutesAgo);
      expected.set(k, g);
    }
    expect(mine).toHaveLength(expected.size);
    for (const e of mine) {
      const g = expected.get(`${e.method} ${e.status_code}`)!;
      expect(e.error_count).toBe(g.n);
      expect(e.affected_users).toBe(g.users.size);
      const first = now() - Math.max(...g.ago) * 60_000;
      const last = now() - Math.min(...g.ago) * 60_000;
      expect(Math.abs(Date.parse(e.first_occurrence) - first)).toBeLessThan(60_000);
      expect(Math.abs(Date.parse(e.last_occurrence) - last)).toBeLessThan(60_000);
    }
  });

  it('filters the request log and answers logs + total', async () => {
    const page = await get(
      '/api/logs/api-requests?page=1&limit=10&method=POST&statusClass=4xx&url=test-errors',
    );
    expect(page.total).toBe(3);
    expect(page.logs).toHaveLength(3);
    for (const l of page.logs) expect(l).toMatchObject({ method: 'POST', status_code: 400 });
    const times = page.logs.map((l: any) => Date.parse(l.request_time));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const byUser = await get('/api/logs/api-requests?userId=4&url=test-errors');
    expect(byUser.logs.map((l: any) => l.user_id)).toEqual([4]);
  });

  it('refuses bad filters with 400 naming the field', async () => {
    for (const [url, field] of [
      ['/api/logs/activity?start_date=2024-02-30', 'start_date'],
      ['/api/logs/system?end_date=kemarin', 'end_date'],
      ['/api/logs/login-history?start_date=2024-05-02&end_date=2024-05-01', 'end_date'],
      ['/api/logs/api-requests?dateFrom=x', 'dateFrom'],
      ['/api/logs/api-metrics?period=0d', 'period'],
      ['/api/logs/api-errors?period=400d', 'period'],
      ['/api/logs/activity?page=100000', 'page'],
    ]) {
      const res = await t.request(admin, { method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors, url).toHaveProperty(field);
    }
    const res = await t.request(admin, { method: 'GET', url: '/api/logs/system?level=LOUD' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('level');
  });

  it('holds 30 days of demo history on every tab, with a brute-force episode and 5xx answers', async () => {
    const stats = await get('/api/logs/stats?period=30d');
    expect(stats.activity.total_activities).toBeGreaterThan(500);
    expect(stats.login.total_logins).toBeGreaterThan(stats.login.successful_logins);
    expect(stats.system.errors).toBeGreaterThan(0);
    expect(stats.security.total_events).toBeGreaterThan(stats.security.unresolved_events);
    const blocked = await get('/api/logs/login-history?status=BLOCKED');
    expect(blocked.data[0]).toMatchObject({ email: DEMO_EMAILS.admin, status: 'BLOCKED' });
    const brute = await get('/api/logs/security-events?event_type=BRUTE_FORCE&severity=HIGH');
    expect(brute.pagination.total).toBeGreaterThanOrEqual(1);
    const fives = await get('/api/logs/api-requests?statusClass=5xx&limit=5');
    expect(fives.total).toBeGreaterThan(0);
    const views = await get('/api/logs/activity?action=VIEW&limit=5');
    for (const v of views.data) expect(v.table_name).toBe('patients');
    // Every demo row, and every time in it (a session's end, a resolution), is at least an
    // hour old by the clock, at any hour of the day: real traffic comes on top.
    const { rows } = await t.db.query(
      `WITH h AS (SELECT app_now() - interval '1 hour' AS e)
       SELECT (SELECT count(*) FROM login_history, h WHERE ip_address <> '127.0.0.1'
                  AND (login_time > e OR logout_time > e))::int AS login,
              (SELECT count(*) FROM api_request_logs, h WHERE ip_address <> '127.0.0.1' AND request_time > e)::int AS api,
              (SELECT count(*) FROM activity_logs, h WHERE ip_address <> '127.0.0.1' AND created_at > e)::int AS activity,
              (SELECT count(*) FROM security_events, h WHERE ip_address <> '127.0.0.1'
                  AND (created_at > e OR resolved_at > e))::int AS security,
              (SELECT count(*) FROM system_logs, h WHERE ip_address <> '127.0.0.1' AND created_at > e)::int AS system,
              (SELECT count(*) FROM login_history, h WHERE ip_address <> '127.0.0.1')::int AS demo_logins`,
    );
    expect(rows[0]).toEqual({
      login: 0,
      api: 0,
      activity: 0,
      security: 0,
      system: 0,
      demo_logins: expect.any(Number),
    });
    expect(rows[0].demo_logins).toBeGreaterThan(400);
  });

  it('gives stats equal to counts of the log rows, through resolution and cleanup', async () => {
    const raw = async (hours: number) =>
      (
        await t.db.query(
          `SELECT
             (SELECT count(*) FROM activity_logs WHERE created_at >= app_now() - make_interval(hours => $1))::int AS a,
             (SELECT count(*) FROM login_history WHERE login_time >= app_now() - make_interval(hours => $1))::int AS l,
             (SELECT count(*) FROM login_history WHERE login_time >= app_now() - make_interval(hours => $1) AND status = 'SUCCESS')::int AS ls,
             (SELECT count(*) FROM system_logs WHERE created_at >= app_now() - make_interval(hours => $1))::int AS s,
             (SELECT count(*) FROM system_logs WHERE created_at >= app_now() - make_interval(hours => $1) AND level IN ('ERROR', 'CRITICAL'))::int AS se,
             (SELECT count(*) FROM security_events WHERE created_at >= app_now() - make_interval(hours => $1))::int AS e,
             (SELECT count(*) FROM security_events WHERE created_at >= app_now() - make_interval(hours => $1) AND NOT is_resolved)::int AS eo`,
          [hours],
        )
      ).rows[0];
    // Counted before and after the call: a request's own log rows (a slow answer is a system
    // log) land after its answer, so each figure lies between the two counts.
    const check = async (period: string, hours: number) => {
      const before = await raw(hours);
      const stats = await get(`/api/logs/stats?period=${period}`);
      const after = await raw(hours);
      const figures = {
        a: stats.activity.total_activities,
        l: stats.login.total_logins,
        ls: stats.login.successful_logins,
        s: stats.system.total_logs,
        se: stats.system.errors,
        e: stats.security.total_events,
        eo: stats.security.unresolved_events,
      };
      for (const [k, v] of Object.entries(figures)) {
        expect(v, `${period} ${k}`).toBeGreaterThanOrEqual(before[k]);
        expect(v, `${period} ${k}`).toBeLessThanOrEqual(after[k]);
      }
    };
    await check('7d', 168);
    await check('30d', 720);
    await check('36h', 36);
    const open = await get('/api/logs/security-events?is_resolved=false&limit=3');
    for (const e of open.data) {
      const res = await t.request(admin, {
        method: 'PATCH',
        url: `/api/logs/security-events/${e.id}/resolve`,
      });
      expect(res.statusCode).toBe(200);
    }
    await check('30d', 720);
    const cleaned = await t.request(superadmin, {
      method: 'POST',
      url: '/api/logs/cleanup',
      payload: { days: 10 },
    });
    expect(cleaned.statusCode).toBe(200);
    expect(cleaned.json().total).toBeGreaterThan(0);
    await check('30d', 720);
    await check('7d', 168);
  });

  it('loads bulk log rows for the benches', async () => {
    const before = (
      await t.db.query(`SELECT count(*)::int AS n FROM api_request_logs WHERE ip_address <> '127.0.0.1'`)
    ).rows[0].n;
    await loadLogRows(t.db, 1500);
    const after = (
      await t.db.query(`SELECT count(*)::int AS n FROM api_request_logs WHERE ip_address <> '127.0.0.1'`)
    ).rows[0].n;
    expect(after - before).toBe(bulkLogCounts(1500).api);
  });

  it('has no route that edits or deletes a log row, except resolve and the cleanup', async () => {
    const allowed = ['PATCH /api/logs/security-events/:id/resolve', 'POST /api/logs/cleanup'];
    const writes = t.app.apiRoutes.filter((r) => r.method !== 'GET' && r.method !== 'HEAD');
    expect(
      writes
        .filter((r) => r.url.startsWith('/api/logs'))
        .map((r) => `${r.method} ${r.url}`)
        .sort(),
    ).toEqual([...allowed].sort());
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths)
      .filter(([p]) => p.startsWith('/api/logs'))
      .flatMap(([p, ops]) =>
        Object.keys(ops)
          .filter((m) => m !== 'get' && m !== 'head')
          .map((m) => `${m} ${p}`),
      );
    expect(documented.sort()).toEqual([
      'patch /api/logs/security-events/{id}/resolve',
      'post /api/logs/cleanup',
    ]);

    // Every other write route, called by the super admin, leaves existing log rows as they were.
    const fingerprint = async () => {
      const { rows } = await t.db.query<{ k: string }>(
        `SELECT 'a' || id || md5(concat_ws('|', action, table_name, record_id, old_values::text, new_values::text, created_at)) AS k FROM activity_logs
         UNION ALL SELECT 'l' || id || md5(concat_ws('|', email, status, ip_address, login_time)) FROM login_history
         UNION ALL SELECT 's' || id || md5(concat_ws('|', level, category, message, created_at)) FROM system_logs
         UNION ALL SELECT 'e' || id || md5(concat_ws('|', event_type, severity, description, is_resolved, created_at)) FROM security_events
         UNION ALL SELECT 'r' || id || md5(concat_ws('|', request_id, url, status_code, request_time)) FROM api_request_logs`,
      );
      return new Set(rows.map((r) => r.k));
    };
    await t.app.logs.flush();
    const before = await fingerprint();
    for (const r of writes) {
      if (allowed.includes(`${r.method} ${r.url}`)) continue;
      const token = r.url === '/api/auth/logout' ? await t.login(DEMO_EMAILS.super_admin) : superadmin;
      await t.request(token, {
        method: r.method as InjectOptions['method'],
        url: r.url.replace(/:[A-Za-z_]+/g, '1'),
        payload: {},
      });
    }
    await t.app.logs.flush();
    const after = await fingerprint();
    const lost = [...before].filter((k) => !after.has(k));
    expect(lost).toEqual([]);
    expect(after.size).toBeGreaterThan(before.size);
  }, 120_000);
});
