/**
 * What the patient access log costs a read, over HTTP on loopback.
 *
 *   npm run bench:access-log -- --pglite [--patients 5000]   (a fresh embedded demo city)
 *   DATABASE_URL=postgres://... npm run bench:access-log      (a city loaded by `npm run seed`)
 *   options: --runs 200 --warmup 20 --rounds 2 --server-dir <checkout>
 *
 * The same requests with the access log on (the default) and off (PATIENT_ACCESS_LOG=0), on a
 * server of their own each, alternating `rounds` times so both see the same machine: a patient
 * by id (each call another patient, as the console's dialog sends it), the patient's
 * appointments, and the first page of the patient list (which reads no record and writes no
 * row: the hook's own cost). `runs` calls each after `warmup`, one after another. Budget: p50 and
 * p95 with the log on at most 10 % above off (or 1 ms, below which loopback noise decides).
 * The rows the bench wrote (screen 'bench:access-log') are removed at the end. Exit code 1 when
 * over budget.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { signIn, startServer } from './harness.js';
import { openDb } from '../src/server/db/db.js';

const { values } = parseArgs({
  options: {
    pglite: { type: 'boolean', default: false },
    patients: { type: 'string', default: '5000' },
    runs: { type: 'string', default: '200' },
    warmup: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '2' },
    'server-dir': { type: 'string' },
    password: { type: 'string', default: process.env.DEMO_PASSWORD ?? 'demo12345' },
  },
});
const SCREEN = 'bench:access-log';
const BUDGET = { share: 1.1, slackMs: 1 };
type Mode = 'on' | 'off';
type Request = { name: string; url: (i: number) => string };

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function loadAverage() {
  const { readFile } = await import('node:fs/promises');
  return (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');
}

/** One server with the access log on or off, and the timings of every request on it. */
async function measure(dataDir: string, databaseUrl: string | undefined, mode: Mode, ids: number[]) {
  const server = await startServer(path.resolve(values['server-dir'] ?? '.'), {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SECRET_KEY: '0'.repeat(64),
    STATIC_DIR: path.join(dataDir, 'no-console'),
    DEMO_PATIENTS: databaseUrl ? undefined : values.patients,
    PATIENT_ACCESS_LOG: mode === 'on' ? '1' : '0',
  });
  const out = new Map<string, number[]>();
  try {
    const token = await signIn(server.base, 'admin@demo.local', values.password!);
    const headers = { authorization: `Bearer ${token}`, 'x-screen': SCREEN };
    if (!ids.length) {
      const res = await fetch(`${server.base}/api/master/patients?page=1&limit=100`, { headers });
      ids.push(...((await res.json()) as { data: { id: number }[] }).data.map((p) => p.id));
    }
    const requests: Request[] = [
      { name: 'GET /api/master/patients/:id', url: (i) => `/api/master/patients/${ids[i % ids.length]}` },
      {
        name: 'GET /api/master/patients/:id/appointments',
        url: (i) => `/api/master/patients/${ids[i % ids.length]}/appointments`,
      },
      { name: 'GET /api/master/patients?page=1&limit=10', url: () => '/api/master/patients?page=1&limit=10' },
    ];
    const warmup = Number(values.warmup);
    for (const r of requests) {
      const times: number[] = [];
      for (let i = 0; i < warmup + Number(values.runs); i++) {
        const start = performance.now();
        const res = await fetch(server.base + r.url(i), { headers });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${r.url(i)}: ${res.status}`);
        if (i >= warmup) times.push(performance.now() - start);
      }
      out.set(r.name, times);
    }
  } finally {
    await server.stop();
  }
  return out;
}

/** The bench's own rows leave the access log again (it may be a shared city). */
async function cleanUp(dataDir: string, databaseUrl: string | undefined) {
  const db = await openDb(databaseUrl ? { databaseUrl } : { dataDir });
  try {
    const res = await db.query('DELETE FROM patient_access_logs WHERE screen = $1', [SCREEN]);
    return res.rowCount;
  } finally {
    await db.close();
  }
}

async function main() {
  const databaseUrl = values.pglite ? undefined : process.env.DATABASE_URL;
  if (!values.pglite && !databaseUrl) {
    console.error('Set DATABASE_URL to a database loaded by `npm run seed`, or pass --pglite.');
    return 2;
  }
  // One data directory for every server: PGlite's city is made once, by the first start.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dkj-access-log-'));
  const ids: number[] = [];
  const times: Record<Mode, Map<string, number[]>> = { on: new Map(), off: new Map() };
  let written = 0;
  try {
    for (let round = 0; round < Number(values.rounds); round++) {
      for (const mode of round % 2 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
        for (const [name, ts] of await measure(dataDir, databaseUrl, mode, ids))
          times[mode].set(name, [...(times[mode].get(name) ?? []), ...ts]);
      }
    }
    written = await cleanUp(dataDir, databaseUrl);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    `\n${values.pglite ? `PGlite (${values.patients} patients)` : 'PostgreSQL (DATABASE_URL)'}: ${values.runs} calls per request and round after ` +
      `${values.warmup} warm-up, ${values.rounds} rounds, one call at a time over HTTP (load average ${await loadAverage()}); ` +
      `${written} access-log rows written and removed\n`,
  );
  console.log(`${'request'.padEnd(44)} p50 off  p50 on   p95 off  p95 on   on/off p95`);
  let failed = 0;
  for (const name of times.on.keys()) {
    const on = [...times.on.get(name)!].sort((a, b) => a - b);
    const off = [...times.off.get(name)!].sort((a, b) => a - b);
    const within = (p: number) =>
      pct(on, p) <= Math.max(pct(off, p) * BUDGET.share, pct(off, p) + BUDGET.slackMs);
    const ok = within(50) && within(95);
    if (!ok) failed++;
    const ms = (n: number) => n.toFixed(2).padStart(8);
    console.log(
      `${name.padEnd(44)}${ms(pct(off, 50))} ${ms(pct(on, 50))} ${ms(pct(off, 95))} ${ms(pct(on, 95))}   ${((pct(on, 95) / pct(off, 95)) * 100).toFixed(0).padStart(5)} % ${ok ? 'PASS' : 'FAIL'}`,
    );
  }
  console.log(
    `\nbudget: with the access log on, p50 and p95 at most ${Math.round((BUDGET.share - 1) * 100)} % (or ${BUDGET.slackMs} ms) above off`,
  );
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
