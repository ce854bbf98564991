/**
 * Dashboard latency over HTTP at city scale.
 *
 *   DATABASE_URL=postgres://... npm run bench -- [--patients 1000000] [--appointments-per-patient 5]
 *                                               [--journey-days 7] [--reload] [--runs 50] [--warmup 10]
 *   npm run bench -- --pglite [--patients N]     (the default demo size on PGlite, seeded fresh)
 *
 * PostgreSQL: loads the demo city at that size unless it is already there (--reload forces it),
 * starts the real server (buildApp) on 127.0.0.1 at a free port, signs in as the demo admin,
 * warms up, then calls every GET /api/dashboard/* route `runs` times one after another, and the
 * dashboard screen's four calls (stats, appointments-by-date, medical-facilities,
 * patient-demographics) in parallel `runs` times. Prints p50/p95/max and checks the budget:
 * each endpoint p95 <= 100 ms (--budget N: N ms), the whole dashboard p95 <= 250 ms. Exit code 1 when over budget.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDb, type Db } from '../src/server/db/db.js';
import { prepareDatabase } from '../src/server/setup.js';
import { DEFAULT_DEMO_PATIENTS, ensureDemoAccounts, seedOnFirstStart } from '../src/server/seed/demo.js';
import { DEMO_EMAIL_BY_ROLE } from '../src/server/seed/demo-accounts.js';
import { loadCity } from '../src/server/seed/city.js';
import { resetDemoData, type LoadProgress } from '../src/server/seed/load.js';

const DEFAULT_BUDGET = { endpointP95: 100, dashboardP95: 250 };
/** What the dashboard screen asks for, all at once. */
const DASHBOARD_CALLS = [
  '/api/dashboard/stats',
  '/api/dashboard/appointments-by-date',
  '/api/dashboard/medical-facilities',
  '/api/dashboard/patient-demographics',
];
/** Extra variants measured besides each route's default. */
const VARIANTS = ['/api/dashboard/geographic?level=kabupaten', '/api/dashboard/geographic?level=provinsi'];

const { values } = parseArgs({
  options: {
    pglite: { type: 'boolean', default: false },
    patients: { type: 'string' },
    'appointments-per-patient': { type: 'string', default: '5' },
    'journey-days': { type: 'string', default: '7' },
    reload: { type: 'boolean', default: false },
    runs: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '10' },
    budget: { type: 'string' },
  },
});
const num = (s: string) => Number(s.replace(/[_,]/g, ''));
/** --budget N: each endpoint's p95 budget in ms (bench:full-size holds them to 50). */
const BUDGET = { ...DEFAULT_BUDGET, ...(values.budget ? { endpointP95: num(values.budget) } : {}) };
const runs = Math.min(1000, Math.max(1, num(values.runs!)));
const warmup = Math.min(1000, Math.max(0, num(values.warmup!)));
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  return { p50: percentile(s, 50), p95: percentile(s, 95), max: s[s.length - 1] };
}

async function loadIfNeeded(db: Db, databaseUrl: string, patients: number): Promise<void> {
  const { rows } = await db.query<{ patients: number; appointments: number }>(
    `SELECT (SELECT count(*) FROM patients)::int AS patients, (SELECT count(*) FROM appointments)::int AS appointments`,
  );
  if (rows[0].patients === patients && rows[0].appointments > 0 && !values.reload) {
    console.log(
      `Data already loaded: ${fmt(rows[0].patients)} patients, ${fmt(rows[0].appointments)} appointments.`,
    );
    return;
  }
  console.log(`Loading ${fmt(patients)} patients (was ${fmt(rows[0].patients)}) ...`);
  await db.transaction((tx) => resetDemoData(tx));
  let last = 0;
  const summary = await loadCity(db, {
    databaseUrl,
    patients,
    appointmentsPerPatient: num(values['appointments-per-patient']!),
    journeyDays: num(values['journey-days']!),
    finish: (tx) => ensureDemoAccounts(tx, loadConfig().demoPassword),
    onProgress: (p: LoadProgress) => {
      if (p.phase === 'patients' && p.elapsedMs - last < 10_000) return;
      last = p.elapsedMs;
      process.stderr.write(
        `  ${p.phase}: ${fmt(p.patients)} patients, ${fmt(p.appointments)} appointments, ` +
          `${fmt(p.rows / (p.elapsedMs / 1000))} rows/s, ${(p.elapsedMs / 1000).toFixed(0)} s\n`,
      );
    },
  });
  const rowsTotal = summary.patients + summary.appointments + summary.journeys;
  console.log(
    `Loaded in ${(summary.ms / 1000).toFixed(0)} s: ${fmt(summary.patients)} patients, ${fmt(summary.appointments)} appointments, ` +
      `${fmt(summary.journeys)} journey steps (${fmt(rowsTotal / (summary.ms / 1000))} rows/s).`,
  );
}

async function main(): Promise<number> {
  const pglite = values.pglite;
  const databaseUrl = pglite ? undefined : process.env.DATABASE_URL;
  if (!pglite && !databaseUrl) {
    console.error('Set DATABASE_URL to a PostgreSQL database for the benchmark, or pass --pglite.');
    return 2;
  }
  const patients = num(values.patients ?? String(pglite ? DEFAULT_DEMO_PATIENTS : 1_000_000));
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'dkj-bench-'));
  const config = loadConfig(
    { ...process.env, DATABASE_URL: databaseUrl ?? '' },
    { dataDir: tmp, secretKey: '0'.repeat(64), staticDir: path.join(tmp, 'no-console') },
  );
  const db = await openDb({ databaseUrl, dataDir: pglite ? path.join(tmp, 'pglite') : undefined });
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    let t = performance.now();
    await prepareDatabase(db);
    if (pglite) {
      console.log(`PGlite in ${tmp}: ${await seedOnFirstStart(db, config, patients)}`);
      console.log(`Migrations + seed: ${((performance.now() - t) / 1000).toFixed(1)} s`);
    } else {
      await loadIfNeeded(db, databaseUrl!, patients);
    }
    const counts = (
      await db.query<Record<string, number>>(
        `SELECT (SELECT count(*) FROM patients)::int AS patients, (SELECT count(*) FROM appointments)::int AS appointments,
                (SELECT count(*) FROM appointment_journeys)::int AS journeys, (SELECT count(*) FROM medical_facilities)::int AS facilities`,
      )
    ).rows[0];

    t = performance.now();
    app = await buildApp({ config, db });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_EMAIL_BY_ROLE.admin, password: config.demoPassword }),
    });
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    const call = async (url: string) => {
      const start = performance.now();
      const res = await fetch(base + url, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
      return performance.now() - start;
    };

    const endpoints = [
      ...app.apiRoutes
        .filter((r) => r.method === 'GET' && r.url.startsWith('/api/dashboard/') && !r.url.includes(':'))
        .map((r) => r.url),
      ...VARIANTS,
    ];
    const results: { name: string; p50: number; p95: number; max: number; budget: number }[] = [];
    for (const url of endpoints) {
      for (let i = 0; i < warmup; i++) await call(url);
      const samples: number[] = [];
      for (let i = 0; i < runs; i++) samples.push(await call(url));
      results.push({
        name: url.replace('/api/dashboard/', ''),
        ...stats(samples),
        budget: BUDGET.endpointP95,
      });
    }
    const whole = async () => {
      const start = performance.now();
      await Promise.all(DASHBOARD_CALLS.map(call));
      return performance.now() - start;
    };
    for (let i = 0; i < warmup; i++) await whole();
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) samples.push(await whole());
    results.push({
      name: 'whole dashboard (4 calls in parallel)',
      ...stats(samples),
      budget: BUDGET.dashboardP95,
    });

    console.log(
      `\n${pglite ? 'PGlite' : 'PostgreSQL'}: ${fmt(counts.patients)} patients, ${fmt(counts.appointments)} appointments, ` +
        `${fmt(counts.journeys)} journey steps, ${fmt(counts.facilities)} facilities; ` +
        `${runs} calls each after ${warmup} warm-up calls, over HTTP on loopback; ${os.cpus().length} CPUs\n`,
    );
    const width = Math.max(...results.map((r) => r.name.length));
    console.log(`${'endpoint'.padEnd(width)}    p50 ms   p95 ms   max ms   budget p95`);
    let failed = 0;
    for (const r of results) {
      const ok = r.p95 <= r.budget;
      if (!ok) failed++;
      console.log(
        `${r.name.padEnd(width)}  ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${r.max
          .toFixed(1)
          .padStart(8)}   ${`${r.budget} ms`.padStart(7)}  ${ok ? 'PASS' : 'FAIL'}`,
      );
    }
    console.log(failed ? `\n${failed} over budget.` : '\nAll within budget.');
    return failed ? 1 : 0;
  } finally {
    await app?.close();
    await db.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

process.exitCode = await main();
