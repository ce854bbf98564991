/**
 * Performance Analytics latency over HTTP at city scale (1M patients, ~5M appointments).
 *
 *   DATABASE_URL=postgres://.../dkj_bench npm run bench:performance   (a database loaded by `npm run seed`)
 *   options: --runs 30 --warmup 3 --server-dir <checkout>
 *
 * Starts the real server as its own process (its first start on the database builds the
 * performance rollups of migration 009), signs in as the demo admin and calls
 * GET /api/analytics/performance for each date range (7, 30, 90, 365 days) with no filter, the
 * busiest facility, one doctor, one appointment type and facility plus type, `runs` times each
 * one after another, and the filter options. Prints p50/p95 against the budget (p95 <= 200 ms).
 * Exit code 1 when over budget.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { signIn, startServer } from './harness.js';
import { DATE_RANGES } from '../src/domain/performance.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '3' },
    'server-dir': { type: 'string' },
  },
});
const runs = Number(values.runs);
const warmup = Number(values.warmup);
const BUDGET_MS = 200;

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error('Set DATABASE_URL to a database loaded by `npm run seed`.');
    return 2;
  }
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'dkj-performance-'));
  const started = performance.now();
  const server = await startServer(path.resolve(values['server-dir'] ?? '.'), {
    DATABASE_URL: databaseUrl,
    DATA_DIR: tmp,
    SECRET_KEY: '0'.repeat(64),
    STATIC_DIR: path.join(tmp, 'no-console'),
  });
  console.log(`server ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  try {
    const token = await signIn(server.base, 'admin@demo.local', process.env.DEMO_PASSWORD ?? 'demo12345');
    const headers = { authorization: `Bearer ${token}` };
    const call = async (url: string) => {
      const start = performance.now();
      const res = await fetch(server.base + url, { headers });
      const body = await res.json();
      return { ms: performance.now() - start, status: res.status, body };
    };
    const measure = async (url: string) => {
      const times: number[] = [];
      let last = { status: 0, body: undefined as any };
      for (let i = 0; i < warmup + runs; i++) {
        const r = await call(url);
        if (i >= warmup) times.push(r.ms);
        last = r;
      }
      times.sort((a, b) => a - b);
      return { p50: pct(times, 50), p95: pct(times, 95), status: last.status, body: last.body };
    };

    // Filters taken from the city itself: its busiest facility, that facility's busiest doctor,
    // the most common appointment type.
    const options = await measure('/api/analytics/performance/filter-options');
    const city = (await call('/api/analytics/performance?dateRange=365')).body;
    const facility = city.facilityPerformance.length
      ? [...city.facilityPerformance].sort((a: any, b: any) => b.totalAppointments - a.totalAppointments)[0]
      : null;
    const facilityId = facility?.facilityId ?? options.body.facilities[0]?.id;
    const doctor =
      options.body.doctors.find((d: any) => d.facilityId === facilityId) ?? options.body.doctors[0];
    const type = options.body.appointmentTypes.includes('Umum') ? 'Umum' : options.body.appointmentTypes[0];
    const filters: [string, string][] = [
      ['no filter', ''],
      [`facility ${facilityId}`, `&medicalFacility=${facilityId}`],
      [`doctor ${doctor?.id}`, `&doctor=${doctor?.id}`],
      [`type ${type}`, `&appointmentType=${encodeURIComponent(type)}`],
      [`facility + type`, `&medicalFacility=${facilityId}&appointmentType=${encodeURIComponent(type)}`],
    ];

    const rows: { range: string; filter: string; p50: number; p95: number; status: number; total: string }[] =
      [
        {
          range: '-',
          filter: `filter-options (${options.body.doctors.length} doctors)`,
          p50: options.p50,
          p95: options.p95,
          status: options.status,
          total: '',
        },
      ];
    for (const days of DATE_RANGES) {
      for (const [label, query] of filters) {
        const r = await measure(`/api/analytics/performance?dateRange=${days}${query}`);
        rows.push({
          range: `${days} d`,
          filter: label,
          p50: r.p50,
          p95: r.p95,
          status: r.status,
          total: (r.body?.overview?.totalAppointments ?? 0).toLocaleString('en-US'),
        });
      }
    }

    console.log(
      `\nPostgreSQL (DATABASE_URL): ${runs} calls each after ${warmup} warm-up, over HTTP; budget p95 <= ${BUDGET_MS} ms\n`,
    );
    console.log(`${'range'.padEnd(8)}${'filter'.padEnd(34)}  p50 ms   p95 ms  status  appointments`);
    let failed = 0;
    for (const r of rows) {
      const ok = r.p95 <= BUDGET_MS && r.status === 200;
      if (!ok) failed++;
      console.log(
        `${r.range.padEnd(8)}${r.filter.padEnd(34)}${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)}  ${String(r.status).padStart(6)}  ${r.total.padStart(12)}  ${ok ? 'PASS' : 'FAIL'}`,
      );
    }
    console.log(failed ? `\n${failed} over budget.` : '\nAll within budget.');
    return failed ? 1 : 0;
  } finally {
    await server.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

process.exitCode = await main();
