/**
 * What the patient access log costs a read, over HTTP on loopback.
 *
 *   npm run bench:access-log -- --pglite [--patients 5000]   (a fresh embedded demo city)
 *   DATABASE_URL=postgres://... npm run bench:access-log      (a city loaded by `npm run seed`)
 *   options: --runs 200 --warmup 20 --server-dir <checkout>
 *
 * The same requests to two servers, one with the access log on (the default) and one with it
 * off (PATIENT_ACCESS_LOG=0), call for call so that both see the same machine: a patient
 * by id (each call another patient, as the console's dialog sends it), the patient's
 * appointments, and the first page of the patient list (which reads no record and writes no
 * row: the hook's own cost). `runs` calls each after `warmup`, one after another, and the CPU
 * time each server process used for them (on PGlite that includes the batch INSERT, which runs
 * in the process). Budget: the p50 and the CPU time per call with the log on at most 10 % above
 * off (or 1 ms, below which loopback noise decides); the p95 is printed beside them.
 * The rows the bench wrote (screen 'bench:access-log') are removed at the end. Exit code 1 when
 * over budget.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
    'server-dir': { type: 'string' },
    password: { type: 'string', default: process.env.DEMO_PASSWORD ?? 'demo12345' },
  },
});
const SCREEN = 'bench:access-log';
const BUDGET = { share: 1.1, slackMs: 1 };
type Mode = 'on' | 'off';
const MODES: Mode[] = ['on', 'off'];
/** Each call's time on each server, and the server's CPU time per call. */
type Timings = Record<Mode, number[]> & { cpu: Record<Mode, number> };
type Request = { name: string; url: (i: number) => string };

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function loadAverage() {
  const { readFile } = await import('node:fs/promises');
  return (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');
}

/** A server with the access log on or off, signed in as the demo admin. */
async function serve(dataDir: string, databaseUrl: string | undefined, mode: Mode) {
  const server = await startServer(path.resolve(values['server-dir'] ?? '.'), {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SECRET_KEY: '0'.repeat(64),
    STATIC_DIR: path.join(dataDir, 'no-console'),
    DEMO_PATIENTS: databaseUrl ? undefined : values.patients,
    PATIENT_ACCESS_LOG: mode === 'on' ? '1' : '0',
  });
  const token = await signIn(server.base, 'admin@demo.local', values.password!).catch(async (err) => {
    await server.stop();
    throw err;
  });
  return { server, headers: { authorization: `Bearer ${token}`, 'x-screen': SCREEN } };
}
type Served = Awaited<ReturnType<typeof serve>>;

/** CPU time the server process has used so far, in ms (utime + stime of /proc/<pid>/stat, at 100 ticks a second). */
function cpuMs({ server }: Served) {
  const fields = readFileSync(`/proc/${server.child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** One call's time in ms. */
async function time({ server, headers }: Served, url: string) {
  const start = performance.now();
  const res = await fetch(server.base + url, { headers });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return performance.now() - start;
}

/**
 * Every request on both servers, call for call (off then on, then on then off, ...), so that
 * both meet the same moments of a busy machine.
 */
async function measure(servers: Record<Mode, Served>, ids: number[]) {
  const requests: Request[] = [
    { name: 'GET /api/master/patients/:id', url: (i) => `/api/master/patients/${ids[i % ids.length]}` },
    {
      name: 'GET /api/master/patients/:id/appointments',
      url: (i) => `/api/master/patients/${ids[i % ids.length]}/appointments`,
    },
    { name: 'GET /api/master/patients?page=1&limit=10', url: () => '/api/master/patients?page=1&limit=10' },
  ];
  const warmup = Number(values.warmup);
  const runs = Number(values.runs);
  const out = new Map<string, Timings>();
  for (const r of requests) {
    const t: Timings = { on: [], off: [], cpu: { on: 0, off: 0 } };
    for (let i = 0; i < warmup + runs; i++) {
      if (i === warmup) for (const mode of MODES) t.cpu[mode] = -cpuMs(servers[mode]);
      for (const mode of i % 2 ? MODES : [...MODES].reverse()) {
        const ms = await time(servers[mode], r.url(i));
        if (i >= warmup) t[mode].push(ms);
      }
    }
    // The log buffer's next write (every second) belongs to these calls.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    for (const mode of MODES) t.cpu[mode] = (t.cpu[mode] + cpuMs(servers[mode])) / runs;
    out.set(r.name, t);
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
  // On PGlite each server has its city of its own (the same seed: the same patients).
  const dirs = { off: mkdtempSync(path.join(os.tmpdir(), 'dkj-access-off-')), on: '' };
  dirs.on = databaseUrl ? dirs.off : mkdtempSync(path.join(os.tmpdir(), 'dkj-access-on-'));
  let times = new Map<string, Timings>();
  let written = 0;
  try {
    const off = await serve(dirs.off, databaseUrl, 'off');
    try {
      const on = await serve(dirs.on, databaseUrl, 'on');
      try {
        const res = await fetch(`${on.server.base}/api/master/patients?page=1&limit=100`, {
          headers: on.headers,
        });
        const ids = ((await res.json()) as { data: { id: number }[] }).data.map((p) => p.id);
        times = await measure({ off, on }, ids);
      } finally {
        await on.server.stop();
      }
    } finally {
      await off.server.stop();
    }
    written = await cleanUp(dirs.on, databaseUrl);
  } finally {
    for (const dir of new Set(Object.values(dirs))) rmSync(dir, { recursive: true, force: true });
  }
  console.log(
    `\n${values.pglite ? `PGlite (${values.patients} patients)` : 'PostgreSQL (DATABASE_URL)'}: ${values.runs} calls per request and server after ` +
      `${values.warmup} warm-up, one call at a time over HTTP, alternating servers (load average ${await loadAverage()}); ` +
      `${written} access-log rows written and removed\n`,
  );
  console.log(
    `${'request'.padEnd(44)} p50 off  p50 on   p95 off  p95 on   on/off p95  CPU ms/call off  on   on/off`,
  );
  let failed = 0;
  const ms = (n: number) => n.toFixed(2).padStart(8);
  const share = (on: number, off: number) => `${((on / off) * 100).toFixed(0).padStart(5)} %`;
  for (const [name, t] of times) {
    const on = [...t.on].sort((a, b) => a - b);
    const off = [...t.off].sort((a, b) => a - b);
    const within = (a: number, b: number) => a <= Math.max(b * BUDGET.share, b + BUDGET.slackMs);
    // The verdict reads the median and the CPU time: a p95 of a few hundred calls on a shared
    // machine swings by tens of per cent either way, and is shown for what it is.
    const ok = within(pct(on, 50), pct(off, 50)) && within(t.cpu.on, t.cpu.off);
    if (!ok) failed++;
    console.log(
      `${name.padEnd(44)}${ms(pct(off, 50))} ${ms(pct(on, 50))} ${ms(pct(off, 95))} ${ms(pct(on, 95))}   ${share(pct(on, 95), pct(off, 95))}` +
        `${ms(t.cpu.off).padStart(13)} ${ms(t.cpu.on)} ${share(t.cpu.on, t.cpu.off)} ${ok ? 'PASS' : 'FAIL'}`,
    );
  }
  console.log(
    `\nbudget: with the access log on, p50 and the server's CPU time per call at most ${Math.round((BUDGET.share - 1) * 100)} % (or ${BUDGET.slackMs} ms) above off` +
      (databaseUrl ? ' (the batch INSERT of PostgreSQL itself is not in the CPU figure)' : ''),
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
