/**
 * Logs at city scale, over HTTP on loopback.
 *
 *   DATABASE_URL=postgres://... npm run bench:logs     (a city loaded by `npm run seed`)
 *   options: --connections 32 --duration 10 --rounds 2 --runs 50 --warmup 5
 *            --load N (first add N log rows: npm run seed -- --logs N) --server-dir <checkout>
 *            --months M (the loaded rows spread over M months instead of 30 days) --api-only
 *            (load API request rows only) --only overhead|endpoints|load (load only)
 *            --cleanup-months K (after the endpoints, the retention cleanup keeping K months, timed)
 *            --size N (first bring the request log to N rows, e.g. 50M, over --months months, default
 *            13: each month's partition filled by INSERT ... SELECT generate_series up to its share)
 *            --refill (first empty the request-log summary and time its fill behind the served
 *            console, the metrics timed meanwhile)
 *
 *   e.g. 5 million request-log rows over 13 months, then the log screens:
 *   DATABASE_URL=postgres://.../dkj_h_logs npm run bench:logs -- --load 5000000 --months 13 --api-only --only endpoints
 *   or 50 million, loaded month by month (21 GB with the indexes, 26 minutes on 2 cores; resumable,
 *   and a smaller size loaded before only gets the difference):
 *   DATABASE_URL=postgres://.../dkj_logs50 npm run bench:logs -- --size 50M --only endpoints
 *
 * 1. Logging overhead: the first master patients page under `connections` concurrent clients
 *    (autocannon) for `duration` seconds, with the API request log on and off
 *    (LOG_API_REQUESTS=0), alternating `rounds` times so both see the same machine. Budget:
 *    throughput with logging on at least 90 % of off.
 * 2. The log endpoints at the database's log size (a million rows after --load 1000000):
 *    stats, metrics and errors over 24 hours and 7 days, the first page of each list and of
 *    some filters, `runs` calls each after `warmup`, one after another. Budget: p95 <= 100 ms
 *    for stats, metrics and errors, <= 50 ms for a list page.
 *
 * Starts the real server as its own process and signs in as the demo admin. Exit code 1 when
 * over budget.
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { signIn, startBenchServer } from './harness.js';
import { openDb } from '../src/server/db/db.js';
import { prepareDatabase } from '../src/server/setup.js';
import { growRequestLog, loadLogRows } from '../src/server/seed/entities/logs.js';

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '32' },
    duration: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '2' },
    runs: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '5' },
    load: { type: 'string' },
    months: { type: 'string' },
    'api-only': { type: 'boolean', default: false },
    'cleanup-months': { type: 'string' },
    size: { type: 'string' },
    refill: { type: 'boolean', default: false },
    only: { type: 'string' },
    'server-dir': { type: 'string' },
    password: { type: 'string', default: process.env.DEMO_PASSWORD ?? 'demo12345' },
  },
});
const LIST_URL = '/api/master/patients?page=1&limit=10';
const BUDGET = { share: 0.9, aggregateMs: 100, listMs: 50 };

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

async function loadAverage() {
  const { readFile } = await import('node:fs/promises');
  return (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');
}

async function server(databaseUrl: string, logging: boolean) {
  return startBenchServer(values['server-dir'] ?? '.', {
    DATABASE_URL: databaseUrl,
    LOG_API_REQUESTS: logging ? '1' : '0',
  });
}

async function throughput(base: string, token: string) {
  const r = await autocannon({
    url: base + LIST_URL,
    connections: Number(values.connections),
    duration: Number(values.duration),
    headers: { authorization: `Bearer ${token}` },
    timeout: 10,
  });
  return { rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx + r.errors + r.timeouts };
}

async function overhead(databaseUrl: string) {
  const rounds = Number(values.rounds);
  const results: Record<'on' | 'off', { rps: number; p99: number; non2xx: number }[]> = { on: [], off: [] };
  for (let i = 0; i < rounds; i++) {
    for (const mode of ['off', 'on'] as const) {
      const s = await server(databaseUrl, mode === 'on');
      try {
        const token = await signIn(s.base, 'admin@demo.local', values.password!);
        // Warm the connection pools and plans before measuring.
        await autocannon({
          url: s.base + LIST_URL,
          connections: 8,
          duration: 2,
          headers: { authorization: `Bearer ${token}` },
        });
        results[mode].push(await throughput(s.base, token));
      } finally {
        await s.stop();
      }
    }
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const on = mean(results.on.map((r) => r.rps));
  const off = mean(results.off.map((r) => r.rps));
  console.log(
    `\nLogging overhead: GET ${LIST_URL}, ${values.connections} connections, ${values.duration} s x ${rounds} rounds each (load average ${await loadAverage()})\n`,
  );
  console.log('logging   req/s (each round)              mean req/s   p99 ms (each)     errors');
  for (const mode of ['off', 'on'] as const) {
    const rs = results[mode];
    console.log(
      `${mode.padEnd(10)}${rs
        .map((r) => fmt(r.rps))
        .join(', ')
        .padEnd(32)}${fmt(mean(rs.map((r) => r.rps))).padStart(10)}   ${rs
        .map((r) => String(r.p99))
        .join(', ')
        .padEnd(18)}${rs.reduce((a, r) => a + r.non2xx, 0)}`,
    );
  }
  const share = on / off;
  const ok = share >= BUDGET.share && results.on.every((r) => r.non2xx === 0);
  console.log(
    `\nthroughput with logging on: ${(share * 100).toFixed(1)} % of off (budget >= ${BUDGET.share * 100} %) ${ok ? 'PASS' : 'FAIL'}`,
  );
  return ok;
}

/** Rows of each log, the request log's monthly partitions, and a week six months back (Jakarta dates). */
async function logSizes(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT (SELECT count(*) FROM api_request_logs)::int AS api, (SELECT count(*) FROM activity_logs)::int AS activity,
              (SELECT count(*) FROM login_history)::int AS login, (SELECT count(*) FROM system_logs)::int AS system,
              (SELECT count(*) FROM security_events)::int AS security,
              (SELECT count(*) FROM pg_inherits WHERE inhparent = 'api_request_logs'::regclass)::int AS partitions,
              pg_size_pretty((SELECT sum(pg_total_relation_size(inhrelid)) FROM pg_inherits
                               WHERE inhparent = 'api_request_logs'::regclass)) AS api_size,
              to_char((app_now() - interval '6 months') AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM-DD') AS week_from,
              to_char((app_now() - interval '6 months' + interval '6 days') AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM-DD') AS week_to`,
    );
    return rows[0];
  } finally {
    await client.end();
  }
}

async function endpoints(databaseUrl: string) {
  const sizes = await logSizes(databaseUrl);
  const s = await server(databaseUrl, true);
  const runs = Number(values.runs);
  const warmup = Number(values.warmup);
  const requests: [kind: 'aggregate' | 'list', url: string][] = [
    ['aggregate', '/api/logs/stats?period=7d'],
    ['aggregate', '/api/logs/stats?period=30d'],
    ['aggregate', '/api/logs/api-metrics?period=24h'],
    ['aggregate', '/api/logs/api-metrics?period=7d'],
    ['aggregate', '/api/logs/api-metrics?period=30d'],
    ['aggregate', '/api/logs/api-errors?period=24h'],
    ['aggregate', '/api/logs/api-errors?period=7d'],
    ['list', '/api/logs/activity?page=1&limit=25'],
    ['list', '/api/logs/activity?page=1&limit=25&action=UPDATE&table_name=patients'],
    ['list', '/api/logs/activity?page=40&limit=25'],
    ['list', '/api/logs/login-history?page=1&limit=25'],
    ['list', '/api/logs/login-history?page=1&limit=25&status=FAILED'],
    ['list', '/api/logs/system?page=1&limit=25'],
    ['list', '/api/logs/system?page=1&limit=25&level=ERROR'],
    ['list', '/api/logs/security-events?page=1&limit=25'],
    ['list', '/api/logs/security-events?page=1&limit=25&is_resolved=false'],
    ['list', '/api/logs/api-requests?page=1&limit=25'],
    ['list', '/api/logs/api-requests?page=40&limit=25'],
    ['list', '/api/logs/api-requests?page=1&limit=25&statusClass=5xx'],
    ['list', '/api/logs/api-requests?page=1&limit=25&method=POST'],
    ['list', '/api/logs/api-requests?page=1&limit=25&userId=2'],
    ['list', '/api/logs/api-requests?page=1&limit=25&url=patients'],
    ['list', '/api/logs/api-requests?page=1&limit=25&dateFrom=2020-01-01&dateTo=2099-12-31'],
    ['list', `/api/logs/api-requests?page=1&limit=25&dateFrom=${sizes.week_from}&dateTo=${sizes.week_to}`],
    [
      'list',
      `/api/logs/api-requests?page=1&limit=25&statusClass=5xx&dateFrom=${sizes.week_from}&dateTo=${sizes.week_to}`,
    ],
  ];
  const out: { kind: string; url: string; p50: number; p95: number; status: number; budget: number }[] = [];
  try {
    const token = await signIn(s.base, 'admin@demo.local', values.password!);
    const headers = { authorization: `Bearer ${token}` };
    for (const [kind, url] of requests) {
      const times: number[] = [];
      let status = 0;
      for (let i = 0; i < warmup + runs; i++) {
        const start = performance.now();
        const res = await fetch(s.base + url, { headers });
        await res.arrayBuffer();
        if (i >= warmup) times.push(performance.now() - start);
        status = res.status;
      }
      times.sort((a, b) => a - b);
      const budget = kind === 'aggregate' ? BUDGET.aggregateMs : BUDGET.listMs;
      out.push({ kind, url, p50: pct(times, 50), p95: pct(times, 95), status, budget });
    }
  } finally {
    await s.stop();
  }
  console.log(
    `\nLog endpoints: api_request_logs ${fmt(sizes.api)} (${sizes.partitions} partitions, ${sizes.api_size}), activity_logs ${fmt(sizes.activity)}, login_history ${fmt(sizes.login)}, ` +
      `system_logs ${fmt(sizes.system)}, security_events ${fmt(sizes.security)} rows; ${runs} calls each after ${warmup} warm-up (load average ${await loadAverage()})\n`,
  );
  console.log(`${'request'.padEnd(82)}  p50 ms   p95 ms  status  budget`);
  let failed = 0;
  for (const r of out) {
    const ok = r.p95 <= r.budget && r.status === 200;
    if (!ok) failed++;
    console.log(
      `${r.url.padEnd(82)}${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)}  ${String(r.status).padStart(6)}  ${`<= ${r.budget}`.padStart(6)} ${ok ? 'PASS' : 'FAIL'}`,
    );
  }
  console.log(failed ? `\n${failed} over budget.` : '\nAll within budget.');
  return failed === 0;
}

/** The super admin's retention cleanup keeping `months` months: whole partitions dropped, timed. */
async function cleanup(databaseUrl: string, months: number) {
  const s = await server(databaseUrl, true);
  try {
    const token = await signIn(s.base, 'superadmin@demo.local', values.password!);
    const start = performance.now();
    const res = await fetch(`${s.base}/api/logs/cleanup`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ months }),
    });
    const ms = performance.now() - start;
    const body = (await res.json()) as {
      dropped: { log_partition: string; row_count: number }[];
      total: number;
    };
    console.log(
      `\nRetention cleanup keeping ${months} months: ${res.status} in ${ms.toFixed(0)} ms; ${fmt(body.total ?? 0)} rows, ` +
        `${body.dropped?.length ?? 0} partitions dropped (${(body.dropped ?? [])
          .map((p) => `${p.log_partition} ${fmt(p.row_count)}`)
          .join(', ')})`,
    );
    return res.status === 200;
  } finally {
    await s.stop();
  }
}

/** `50M`, `5m`, `500k`, `1000000`: a number of rows. */
function parseSize(text: string): number {
  const m = /^(\d+(?:\.\d+)?)([kKmM]?)$/.exec(text.trim());
  if (!m) throw new Error(`--size: ${text} is not a number of rows (e.g. 50M)`);
  return Math.round(Number(m[1]) * ({ k: 1e3, m: 1e6 }[m[2].toLowerCase()] ?? 1));
}

/**
 * The request-log summary emptied (a database whose logs predate it), then filled by the
 * maintenance of a served console: how long that takes, and the metrics' times meanwhile.
 */
async function refill(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('BEGIN');
  await client.query('TRUNCATE api_request_summary');
  await client.query('UPDATE api_request_summary_state SET filled = false');
  await client.query('COMMIT');
  const s = await server(databaseUrl, true);
  const started = performance.now();
  const times: number[] = [];
  try {
    const token = await signIn(s.base, 'admin@demo.local', values.password!);
    for (;;) {
      const { rows } = await client.query('SELECT filled FROM api_request_summary_state');
      if (rows[0].filled) break;
      const t = performance.now();
      const res = await fetch(`${s.base}/api/logs/api-metrics?period=7d`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await res.arrayBuffer();
      if (res.status === 200) times.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 1000));
    }
  } finally {
    await s.stop();
    await client.end();
  }
  times.sort((a, b) => a - b);
  console.log(
    `\nSummary fill behind the served console: ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
      `metrics over 7 days meanwhile (from the per-millisecond rollups): ${times.length} calls, ` +
      `p50 ${times.length ? pct(times, 50).toFixed(0) : '-'} ms, p95 ${times.length ? pct(times, 95).toFixed(0) : '-'} ms`,
  );
  return true;
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error(
      'Set DATABASE_URL to a database loaded by `npm run seed` (and `npm run seed -- --logs 1000000`).',
    );
    return 2;
  }
  if (values.size) {
    const size = parseSize(values.size);
    // A new database: the server's first start makes the demo accounts the rows name.
    await (await server(databaseUrl, true)).stop();
    const db = await openDb({ databaseUrl });
    try {
      const started = performance.now();
      let last = started;
      const added = await growRequestLog(db, size, Number(values.months ?? 13), (month, done, all) => {
        const now = performance.now();
        process.stderr.write(
          `  ${month}: ${fmt(done)}/${fmt(all)} (${((now - last) / 1000).toFixed(1)} s)\n`,
        );
        last = now;
      });
      console.error(
        `${fmt(added)} request-log rows added in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    } finally {
      await db.close();
    }
  }
  if (values.load) {
    const db = await openDb({ databaseUrl });
    try {
      await prepareDatabase(db);
      const started = performance.now();
      const months = values.months ? Number(values.months) : 0;
      await loadLogRows(
        db,
        Number(values.load),
        (done, all) => process.stderr.write(`  logs ${fmt(done)}/${fmt(all)}\n`),
        { days: months ? Math.round(months * 30.44) : 30, apiOnly: values['api-only'] },
      );
      console.error(`log rows loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    } finally {
      await db.close();
    }
  }
  let ok = true;
  if (values.refill) ok = (await refill(databaseUrl)) && ok;
  if (!values.only || values.only === 'overhead') ok = (await overhead(databaseUrl)) && ok;
  if (!values.only || values.only === 'endpoints') ok = (await endpoints(databaseUrl)) && ok;
  if (values['cleanup-months']) ok = (await cleanup(databaseUrl, Number(values['cleanup-months']))) && ok;
  return ok ? 0 : 1;
}

process.exitCode = await main();
