/**
 * Log history: 30 days of plausible traffic for the demo's first start (working-hours API
 * calls with a few 4xx and 5xx, writes and patient views, sign-ins, system logs, security
 * events with one brute-force episode), and the same generator at scale for `npm run seed --
 * --logs N` (benchmarks at a million rows). Rows are drawn by PostgreSQL itself
 * (generate_series, random()), so a million rows need no round trip per row. History ends an
 * hour before the clock (app_now(), migration 019), at any hour: real traffic is added on top,
 * and no sign-in limit counts a demo failure.
 */
import type { Db, Queryable } from '../../db/db.js';
import { ensureLogPartitions } from '../../logs/partitions.js';

/** Calls of the demo traffic: method, route pattern, a concrete URL, relative weight. */
const ROUTES: [string, string, string, number][] = [
  ['GET', '/api/auth/me', '/api/auth/me', 30],
  ['GET', '/api/dashboard/stats', '/api/dashboard/stats', 14],
  ['GET', '/api/master/patients', '/api/master/patients?page=1&limit=10', 12],
  ['GET', '/api/master/patients/:id', '/api/master/patients/{id}', 8],
  ['GET', '/api/master/appointments', '/api/master/appointments?page=1&limit=10', 8],
  ['GET', '/api/admin/medical-facilities', '/api/admin/medical-facilities?limit=100', 5],
  ['PUT', '/api/master/patients/:id', '/api/master/patients/{id}', 3],
  ['POST', '/api/master/patients', '/api/master/patients', 2],
  ['GET', '/api/logs/stats', '/api/logs/stats?period=7d', 3],
  ['GET', '/api/logs/api-requests', '/api/logs/api-requests?page=1&limit=25', 2],
  ['POST', '/api/auth/login', '/api/auth/login', 4],
  ['GET', '/api/master/poli', '/api/master/poli?page=1&limit=10', 3],
  ['DELETE', '/api/master/appointments/:id', '/api/master/appointments/{id}', 1],
];

export interface LogCounts {
  api: number;
  activity: number;
  login: number;
  system: number;
  security: number;
}

/** The demo's first start: a few thousand rows over 30 days. */
export const DEMO_LOG_COUNTS: LogCounts = { api: 3000, activity: 900, login: 450, system: 300, security: 40 };

/** `--logs N`: N API requests and N activity rows, a quarter of that in the other logs. */
export function bulkLogCounts(n: number): LogCounts {
  return {
    api: n,
    activity: n,
    login: Math.ceil(n / 4),
    system: Math.ceil(n / 4),
    security: Math.ceil(n / 20),
  };
}

/** A time in the last `days` days (ending an hour ago), mostly in Jakarta working hours. */
const TIME = (days: number) =>
  `(date_trunc('day', app_now() - interval '1 hour' - random() * interval '${days} days')
     + CASE WHEN random() < 0.85 THEN interval '0 hours' + random() * interval '11 hours'
            ELSE random() * interval '24 hours' END)`;
/** History ends an hour before the clock: later times are moved back a day. */
const HISTORY_END = `app_now() - interval '1 hour'`;
/**
 * Rows 1..$1, each with its time `t`. The time is drawn once (OFFSET 0 keeps the planner from
 * copying the drawing into each place the shift reads it, where every copy would draw anew).
 */
const TIMED_ROWS = (days: number) =>
  `(SELECT n, CASE WHEN t0 > ${HISTORY_END} THEN t0 - interval '1 day' ELSE t0 END AS t
      FROM (SELECT n, ${TIME(days)} AS t0 FROM generate_series(1, $1::int) n OFFSET 0) drawn)`;

const IPS = `(ARRAY['36.72.14.9','114.124.200.18','182.253.77.40','103.10.66.21','180.244.3.150','110.136.90.7'])`;
const AGENTS = `(ARRAY['Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0','Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) Safari/605.1','Mozilla/5.0 (X11; Linux x86_64) Firefox/127.0','Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Mobile'])`;
const pick = (arr: string) => `${arr}[1 + floor(random() * array_length(${arr}, 1))::int]`;

const ROUTE_ROWS = `(SELECT * FROM (VALUES ${ROUTES.map(
  ([m, p, u, w], i) => `(${i}, '${m}', '${p}', '${u}', ${w})`,
).join(', ')}) AS r(i, method, pattern, url, weight))`;
const WEIGHTS = ROUTES.flatMap(([, , , w], i) => Array(w).fill(i));
const ADMINS = `(SELECT array_agg(id ORDER BY id) AS ids, array_agg(username ORDER BY id) AS names,
                        array_agg(email ORDER BY id) AS emails FROM web_admins WHERE role <> 'medical_facility')`;

/**
 * API requests from `timed`, rows (n, t): a route by its weight, a few 4xx and 5xx answers,
 * durations of a few to a few hundred milliseconds (5xx around a second); `agents`: with a
 * browser's user agent.
 */
const apiRequests = (timed: string, agents = true) =>
  `INSERT INTO api_request_logs (request_id, request_time, method, url, route_pattern, status_code, duration_ms,
                                 user_id, username, ip_address, user_agent)
   SELECT md5(random()::text || g.n)::uuid::text, g.t, r.method, replace(r.url, '{id}', (1 + g.n % 500)::text),
          r.pattern, g.status,
          round((CASE WHEN g.status >= 500 THEN 800 ELSE 4 END + (-ln(1 - random())) *
                 CASE WHEN r.method = 'GET' THEN 25 ELSE 60 END)::numeric, 2),
          CASE WHEN g.status = 401 THEN NULL ELSE a.ids[1 + g.n % array_length(a.ids, 1)] END,
          CASE WHEN g.status = 401 THEN NULL ELSE a.names[1 + g.n % array_length(a.names, 1)] END,
          ${pick(IPS)}, ${agents ? pick(AGENTS) : 'NULL'}
     FROM (SELECT n, t,
                  (ARRAY[${WEIGHTS.join(',')}])[1 + floor(random() * ${WEIGHTS.length})::int] AS ri,
                  (SELECT CASE WHEN x < 0.006 THEN 500 WHEN x < 0.008 THEN 503 WHEN x < 0.02 THEN 404
                               WHEN x < 0.035 THEN 400 WHEN x < 0.045 THEN 403 WHEN x < 0.05 THEN 401
                               ELSE 200 END FROM (SELECT random() + n * 0 AS x) s) AS status
             FROM ${timed} h) g
     JOIN ${ROUTE_ROWS} r ON r.i = g.ri CROSS JOIN ${ADMINS} a`;

/** Rows of each log over the last `days` days, drawn with seed `seed`, into their months' partitions. */
export async function generateLogs(q: Queryable, counts: LogCounts, days = 30, seed = 0.42) {
  await ensureLogPartitions(q, days + 2, 0);
  await q.query('SELECT setseed($1)', [seed]);
  await q.query(apiRequests(TIMED_ROWS(days)), [counts.api]);

  await q.query(
    `INSERT INTO activity_logs (admin_id, username, action, table_name, record_id, ip_address, user_agent,
                                response_status, old_values, new_values, created_at)
     SELECT a.ids[1 + g.n % array_length(a.ids, 1)], a.names[1 + g.n % array_length(a.names, 1)], g.action,
            -- VIEW is for patient records only, as the capture writes it.
            CASE WHEN g.action = 'VIEW' THEN 'patients' ELSE g.tbl END, (1 + g.n % 500)::text, ${pick(IPS)}, ${pick(AGENTS)},
            CASE g.action WHEN 'CREATE' THEN 201 ELSE 200 END,
            CASE WHEN g.action IN ('UPDATE', 'DELETE')
                 THEN jsonb_build_object('id', 1 + g.n % 500, 'status', 'scheduled', 'phone_number', '0812' || lpad((g.n % 9999999)::text, 7, '0')) END,
            CASE WHEN g.action IN ('CREATE', 'UPDATE')
                 THEN jsonb_build_object('id', 1 + g.n % 500, 'status', 'confirmed', 'phone_number', '0813' || lpad((g.n % 9999999)::text, 7, '0')) END,
            g.t
       FROM (SELECT n, t,
                    (ARRAY['VIEW','VIEW','VIEW','UPDATE','UPDATE','CREATE','DELETE'])[1 + floor(random() * 7)::int] AS action,
                    (ARRAY['patients','patients','appointments','users','web_admins'])[1 + floor(random() * 5)::int] AS tbl
               FROM ${TIMED_ROWS(days)} h) g CROSS JOIN ${ADMINS} a`,
    [counts.activity],
  );

  await q.query(
    `INSERT INTO login_history (admin_id, email, username, status, failure_reason, ip_address, user_agent,
                                login_time, logout_time, session_duration_minutes)
     SELECT CASE WHEN g.failed THEN NULL ELSE a.ids[g.k] END, a.emails[g.k], a.names[g.k],
            CASE WHEN g.failed THEN 'FAILED' ELSE 'SUCCESS' END,
            CASE WHEN g.failed THEN 'wrong password' END, ${pick(IPS)}, ${pick(AGENTS)}, g.t,
            -- A session ends before the history does.
            CASE WHEN g.failed THEN NULL ELSE least(g.t + make_interval(mins => g.mins), ${HISTORY_END}) END,
            CASE WHEN g.failed THEN NULL
                 ELSE floor(extract(epoch FROM least(make_interval(mins => g.mins), ${HISTORY_END} - g.t)) / 60)::int END
       FROM (SELECT n, t, random() < 0.12 AS failed,
                    5 + floor(random() * 240)::int AS mins,
                    1 + n % (SELECT count(*)::int FROM web_admins WHERE role <> 'medical_facility') AS k
               FROM ${TIMED_ROWS(days)} h) g CROSS JOIN ${ADMINS} a`,
    [counts.login],
  );

  await q.query(
    `INSERT INTO system_logs (level, category, message, ip_address, request_id, created_at)
     SELECT s.level, s.category, s.message, CASE WHEN s.category IN ('API', 'AUTH') THEN ${pick(IPS)} END,
            CASE WHEN s.level = 'ERROR' THEN md5(random()::text)::uuid::text END, g.t
       FROM (SELECT n, t, floor(random() * 8)::int AS kind
               FROM ${TIMED_ROWS(days)} h) g
       JOIN (VALUES
         (0, 'INFO', 'API', 'Server API dimulai'),
         (1, 'INFO', 'DATABASE', 'Retensi log (90 hari): 0 baris dihapus (terjadwal)'),
         (2, 'WARNING', 'PERFORMANCE', 'Permintaan lambat: GET /api/master/appointments?page=1&limit=10&search=siti 1320 ms'),
         (3, 'ERROR', 'API', 'GET /api/dashboard/stats dijawab 500: Terjadi kesalahan pada server'),
         (4, 'ERROR', 'DATABASE', 'GET /api/master/patients dijawab 503: canceling statement due to statement timeout'),
         (5, 'WARNING', 'AUTH', 'Percobaan masuk ditolak: akun atau alamat IP sedang diblokir'),
         (6, 'INFO', 'SECURITY', 'Security event ditandai selesai'),
         (7, 'DEBUG', 'API', 'Koneksi basis data dibuka kembali')
       ) AS s(kind, level, category, message) ON s.kind = g.kind`,
    [counts.system],
  );

  await q.query(
    `INSERT INTO security_events (event_type, severity, description, email, ip_address, is_resolved,
                                  resolved_at, resolved_by_username, created_at)
     SELECT g.type, g.severity,
            CASE g.type WHEN 'FAILED_LOGIN' THEN 'Percobaan masuk gagal untuk ' || a.emails[g.k] || ' dari ' || g.ip
                        ELSE 'Admin ditolak 10 kali dalam 5 menit saat membuka fitur di luar perannya' END,
            a.emails[g.k], g.ip, g.resolved, CASE WHEN g.resolved THEN least(g.t + interval '2 hours', ${HISTORY_END}) END,
            CASE WHEN g.resolved THEN 'superadmin' END, g.t
       FROM (SELECT n, t, random() < 0.6 AS resolved, ${pick(IPS)} AS ip,
                    CASE WHEN n % 5 = 0 THEN 'SUSPICIOUS_ACTIVITY' ELSE 'FAILED_LOGIN' END AS type,
                    CASE WHEN n % 5 = 0 THEN 'MEDIUM' ELSE 'LOW' END AS severity,
                    1 + n % (SELECT count(*)::int FROM web_admins WHERE role <> 'medical_facility') AS k
               FROM ${TIMED_ROWS(days)} h) g CROSS JOIN ${ADMINS} a`,
    [counts.security],
  );
}

/**
 * One brute-force episode three days ago: six wrong passwords for the admin account from one
 * address within four minutes, the block, the BRUTE_FORCE event and its system log.
 */
export async function generateBruteForceEpisode(q: Queryable) {
  const at = `date_trunc('hour', app_now() - interval '3 days') + interval '2 hours'`;
  const ip = '45.153.34.12';
  const agent = 'python-requests/2.31';
  await q.query(
    `INSERT INTO login_history (email, username, status, failure_reason, ip_address, user_agent, login_time)
     SELECT 'admin@demo.local', 'admin', CASE WHEN n <= 5 THEN 'FAILED' ELSE 'BLOCKED' END,
            CASE WHEN n <= 5 THEN 'wrong password' ELSE 'too many failed attempts' END, $1, $2,
            ${at} + make_interval(secs => n * 40)
       FROM generate_series(1, 6) n`,
    [ip, agent],
  );
  await q.query(
    `INSERT INTO security_events (event_type, severity, description, email, ip_address, created_at)
     SELECT 'FAILED_LOGIN', CASE WHEN n >= 3 THEN 'MEDIUM' ELSE 'LOW' END,
            'Percobaan masuk gagal untuk admin@demo.local dari ' || $1 || ' (' || n || ' berturut-turut)',
            'admin@demo.local', $1, ${at} + make_interval(secs => n * 40)
       FROM generate_series(1, 5) n
     UNION ALL
     SELECT 'BRUTE_FORCE', 'HIGH',
            'Login diblokir sementara setelah 5 percobaan gagal untuk admin@demo.local (5 dari IP ini) dalam 15 menit',
            'admin@demo.local', $1, ${at} + interval '200 seconds'`,
    [ip],
  );
  await q.query(
    `INSERT INTO system_logs (level, category, message, ip_address, created_at)
     VALUES ('WARNING', 'AUTH', 'Percobaan masuk ditolak: akun atau alamat IP sedang diblokir', $1,
             ${at} + interval '240 seconds')`,
    [ip],
  );
}

/** The demo's first start: 30 days of history and the brute-force episode. */
export async function seedDemoLogs(q: Queryable) {
  await generateLogs(q, DEMO_LOG_COUNTS);
  await generateBruteForceEpisode(q);
}

/**
 * `npm run seed -- --logs N`: bulk history over 30 days (or `days`), in chunks of 100,000 API
 * requests (one transaction each, so a chunk's statements share its random seed), then ANALYZE
 * so that the planner knows the new sizes. `apiOnly`: the API request log alone (the bench of
 * its partitions at tens of millions of rows).
 */
export async function loadLogRows(
  db: Db,
  n: number,
  onProgress?: (done: number, total: number) => void,
  { days = 30, apiOnly = false }: { days?: number; apiOnly?: boolean } = {},
) {
  const chunk = 100_000;
  const total = apiOnly ? { api: n, activity: 0, login: 0, system: 0, security: 0 } : bulkLogCounts(n);
  for (let done = 0, i = 0; done < n; done += chunk, i++) {
    const part = Math.min(chunk, n - done);
    const share = (x: number) => Math.round((x * part) / n);
    const counts = {
      api: share(total.api),
      activity: share(total.activity),
      login: share(total.login),
      system: share(total.system),
      security: share(total.security),
    };
    await db.transaction((tx) => generateLogs(tx, counts, days, ((i * 0.137) % 1) - 0.5));
    onProgress?.(done + part, n);
  }
  for (const t of ['api_request_logs', 'activity_logs', 'login_history', 'system_logs', 'security_events'])
    await db.query(`ANALYZE ${t}`);
  return total;
}

/** Rows of one statement of growRequestLog (its transition table is read by the rollups' trigger). */
const GROW_CHUNK = 1_000_000;

/**
 * `npm run bench:logs -- --size N`: the request log brought to N rows over the last `months`
 * months (ending an hour before the clock), each UTC month's partition filled up to its share by
 * INSERT ... SELECT generate_series in chunks, times in order through the month so that every
 * index grows at its end; rows already there count, so a larger size adds only the difference
 * (and a month that had rows gets its indexes built again). Without user agents, to keep 50
 * million rows within about 20 GB. Returns the rows added.
 */
export async function growRequestLog(
  db: Db,
  size: number,
  months: number,
  onProgress?: (month: string, done: number, total: number) => void,
): Promise<number> {
  await ensureLogPartitions(db, Math.ceil(months * 31) + 2, 0);
  const { rows } = await db.query<{ month: string; lo: string; hi: string; share: number }>(
    `WITH span AS (SELECT app_now() - make_interval(months => $1::int) AS lo, ${HISTORY_END} AS hi),
          m AS (SELECT greatest(s.lo, (m AT TIME ZONE 'UTC')) AS lo,
                       least(s.hi, ((m + interval '1 month') AT TIME ZONE 'UTC')) AS hi, s.lo AS s0, s.hi AS s1, m
                  FROM span s, generate_series(date_trunc('month', s.lo AT TIME ZONE 'UTC'),
                                               s.hi AT TIME ZONE 'UTC', interval '1 month') m)
     SELECT to_char(m, 'YYYY-MM') AS month, lo::text AS lo, hi::text AS hi,
            round($2::bigint * extract(epoch FROM hi - lo) / extract(epoch FROM s1 - s0))::bigint AS share
       FROM m ORDER BY m`,
    [months, size],
  );
  let added = 0;
  for (const m of rows) {
    const have = await db.query<{ n: number }>(
      'SELECT count(*) AS n FROM api_request_logs WHERE request_time >= $1::timestamptz AND request_time < $2::timestamptz',
      [m.lo, m.hi],
    );
    const missing = Number(m.share) - Number(have.rows[0].n);
    for (let done = 0; done < missing; done += GROW_CHUNK) {
      const n = Math.min(GROW_CHUNK, missing - done);
      // Rows done..done+n of the month's missing ones, evenly through it.
      const timed = `(SELECT n, $2::timestamptz + (($4::bigint + n - 1 + random()) / $5::float8)
                                                 * ($3::timestamptz - $2::timestamptz) AS t
                        FROM generate_series(1, $1::int) n OFFSET 0)`;
      await db.transaction(async (tx) => {
        await tx.query('SELECT setseed($1)', [((added * 7.3e-7) % 1) - 0.5]);
        await tx.query(apiRequests(timed, false), [n, m.lo, m.hi, done, missing]);
      });
      added += n;
      onProgress?.(m.month, done + n, missing);
    }
    // Rows put between those already there leave the month's indexes half full: built again.
    if (missing > 0 && Number(have.rows[0].n) > 0)
      await db.query(`REINDEX TABLE api_request_logs_p${m.month.replace('-', '_')}`);
  }
  await db.query('VACUUM (ANALYZE) api_request_logs');
  return added;
}

/** The seed script's `--logs N`: loads, reports progress and sizes on stderr, returns the exit code. */
export async function seedLogRows(db: Db, n: number): Promise<number> {
  if (n < 1) {
    console.error('--logs: give the number of API request rows to add (e.g. --logs 1000000)');
    return 2;
  }
  const started = performance.now();
  const total = await loadLogRows(db, n, (done, all) =>
    process.stderr.write(`  logs ${done.toLocaleString('en-US')}/${all.toLocaleString('en-US')}\n`),
  );
  const { rows } = await db.query<Record<string, number>>(
    `SELECT (SELECT count(*) FROM api_request_logs)::int AS api_request_logs,
            (SELECT count(*) FROM activity_logs)::int AS activity_logs,
            (SELECT count(*) FROM login_history)::int AS login_history,
            (SELECT count(*) FROM system_logs)::int AS system_logs,
            (SELECT count(*) FROM security_events)::int AS security_events`,
  );
  const added = Object.values(total).reduce((a, b) => a + b, 0);
  console.error(
    `added ${added.toLocaleString('en-US')} log rows in ${((performance.now() - started) / 1000).toFixed(1)} s; now: ` +
      Object.entries(rows[0])
        .map(([t, c]) => `${t} ${c.toLocaleString('en-US')}`)
        .join(', '),
  );
  return 0;
}
