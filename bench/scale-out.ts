/**
 * Past one process, on this machine and the 1M city:
 *
 *   npm run bench:scale-out            (DATABASE_URL: default the local dkj_bench, loaded by `npm run seed`)
 *   options: --connections 32 --duration 10 --keep-replica
 *
 * Sets up a streaming replica of the local PostgreSQL 15 cluster on port 5433 (bench/replica.ts;
 * reused when present), HAProxy from Debian's package with deploy/haproxy.cfg (installed when
 * missing), and API processes with DATABASE_READ_URL pointing at the replica. Prints:
 *  - throughput of the load bench's read mix (bench/mix.ts: /api/auth/me, the first patients
 *    page, a search and the seven dashboards, cycled by --connections clients, beside one writer
 *    creating 20 patients/s on a session of its own) through HAProxy over two processes, against
 *    one process alone, and where the CPU went;
 *  - the share of heavy reads the replica served (the processes' own counts from /api/health,
 *    and the replica's pg_stat_database);
 *  - read-your-writes: 100 patients created through process A, each searched at once through
 *    process B with the same session;
 *  - under load, process B killed with SIGKILL: failed requests before and after HAProxy marks
 *    it down;
 *  - under load, the replica stopped (how soon reads are on the primary; failed requests) and
 *    started again (how soon reads return to it).
 * Budgets: two processes >= 1.6x one, >= 90 % of heavy reads on the replica, 100 of 100 writes
 * read back, 0 failed requests after a process is marked down, reads off a stopped replica
 * within 5 s with 0 failed requests after. Exit code 1 when over budget. The replica is dropped
 * at the end (pg_dropcluster) unless --keep-replica.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { freePort, signIn, startServer, type RunningServer } from './harness.js';
import { DASHBOARDS, newPatient } from './mix.js';
import { cpuBetween, cpuSample, dropReplica, ensureReplica, machineBusySeconds } from './replica.js';
import { replicaDisk, replicaUrl, startReplica, stopReplica } from './replica.js';
import { runMix, type MixResult } from './scale-out-mix.js';

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '32' },
    duration: { type: 'string', default: '10' },
    'keep-replica': { type: 'boolean', default: false },
    password: { type: 'string', default: process.env.DEMO_PASSWORD ?? 'demo12345' },
  },
});
const connections = Number(values.connections);
const duration = Number(values.duration);
const primaryUrl = process.env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/dkj_bench';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const step = (what: string) => process.stderr.write(`  ${what}\n`);
const READS = [
  '/api/auth/me',
  '/api/master/patients?page=1&limit=10',
  '/api/master/patients?page=1&limit=10&search=budi',
];
const READ_PATHS = [...READS, ...DASHBOARDS.map((d) => `/api/dashboard/${d}`)];

interface Health {
  primary: { heavy_reads: number };
  replicas: { in_use: boolean; heavy_reads: number }[];
}
const health = async (s: RunningServer) => (await (await fetch(`${s.base}/api/health`)).json()) as Health;
/** Heavy reads both processes have run on the replica and on the primary. */
async function heavyReads(servers: RunningServer[]) {
  const all = await Promise.all(servers.map(health));
  return {
    replica: all.reduce((a, h) => a + h.replicas[0].heavy_reads, 0),
    primary: all.reduce((a, h) => a + h.primary.heavy_reads, 0),
  };
}

async function dbStats(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query(
      `SELECT xact_commit::float8 AS xacts, tup_returned::float8 AS returned FROM pg_stat_database WHERE datname = current_database()`,
    );
    return rows[0] as { xacts: number; returned: number };
  } finally {
    await c.end();
  }
}

/** CPU of each part of the machine during `fn`, in cores busy on average. */
async function cpuDuring<T>(api: RunningServer[], fn: () => Promise<T>) {
  const pids = api.map((s) => s.child.pid);
  const db = new URL(primaryUrl).pathname.slice(1);
  // The primary's work for this bench: its backends on this database, the WAL sender feeding
  // the replica, and its background processes; backends of other databases are other work.
  const ours = new RegExp(
    `15/main: (\\S+ ${db} |walsender|checkpointer|background writer|walwriter|autovacuum|logical|stats)`,
  );
  const groups = {
    'API processes': (pid: number) => pids.includes(pid),
    HAProxy: (_: number, cmd: string) => cmd.startsWith('haproxy'),
    [`PostgreSQL primary (${db})`]: (_: number, cmd: string) =>
      ours.test(cmd) || /postgresql\/15\/main/.test(cmd),
    'PostgreSQL replica': (_: number, cmd: string) => /15\/replica1/.test(cmd),
    'load generator (this bench)': (pid: number) => pid === process.pid,
  };
  const before = { cpu: cpuSample(groups), busy: machineBusySeconds(), at: performance.now() };
  const result = await fn();
  const after = { cpu: cpuSample(groups), busy: machineBusySeconds(), at: performance.now() };
  const secs = (after.at - before.at) / 1000;
  const used = cpuBetween(before.cpu, after.cpu);
  const parts = Object.fromEntries(Object.keys(groups).map((g) => [g, (used[g] ?? 0) / secs]));
  const known = Object.values(parts).reduce((a, b) => a + b, 0);
  parts['everything else (other work on the machine)'] = Math.max(
    0,
    (after.busy - before.busy) / secs - known,
  );
  return { result, cpu: parts };
}

function haproxyConfig(front: number, stats: number, a: number, b: number, dir: string) {
  const text = readFileSync('deploy/haproxy.cfg', 'utf8')
    .replace('bind 127.0.0.1:8080', `bind 127.0.0.1:${front}`)
    .replace('bind 127.0.0.1:8404', `bind 127.0.0.1:${stats}`)
    .replace('server api1 127.0.0.1:3001', `server api1 127.0.0.1:${a}`)
    .replace('server api2 127.0.0.1:3002', `server api2 127.0.0.1:${b}`)
    .replace(/^\s*log stdout.*$/m, '    # no log: the bench does not read it');
  const file = path.join(dir, 'haproxy.cfg');
  writeFileSync(file, text);
  return file;
}

/** HAProxy's view of a server: 'UP', 'DOWN', 'UP 1/2' ... from its CSV stats. */
async function serverStatus(stats: number, server: string): Promise<string> {
  const csv = await (await fetch(`http://127.0.0.1:${stats}/haproxy?stats;csv`)).text();
  const [head, ...lines] = csv.replace(/^# /, '').trim().split('\n');
  const cols = head.split(',');
  const row = lines.map((l) => l.split(',')).find((r) => r[0] === 'api_processes' && r[1] === server);
  return row?.[cols.indexOf('status')] ?? 'missing';
}

async function until(
  check: () => Promise<boolean>,
  timeoutMs: number,
  stepMs = 50,
): Promise<number | undefined> {
  const start = performance.now();
  while (performance.now() - start < timeoutMs) {
    if (await check().catch(() => false)) return performance.now();
    await sleep(stepMs);
  }
  return undefined;
}

const letters = (n: number, width: number) =>
  Array.from({ length: width }, (_, i) => String.fromCharCode(97 + (Math.floor(n / 26 ** i) % 26))).join('');

/**
 * 100 patients created through `a`, each searched at once through `b` with the same session,
 * then by a session that has not written. Tells where each search ran from b's counts.
 */
async function readYourWrites(a: RunningServer, b: RunningServer, token: string, other: string) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const prefix = `ryw${letters(Math.floor(Math.random() * 26 ** 5), 5)}`;
  const tally = { seen: 0, onPrimary: 0, onReplica: 0, otherSeen: 0, otherOnPrimary: 0, otherOnReplica: 0 };
  for (let i = 0; i < 100; i++) {
    const word = prefix + letters(i, 2);
    let created: Response | undefined;
    for (let attempt = 0; attempt < 5 && created?.status !== 201; attempt++) {
      const body = JSON.stringify({ ...newPatient(), full_name: `Pasien ${word}` });
      created = await fetch(`${a.base}/api/master/patients`, { method: 'POST', headers, body });
    }
    if (created?.status !== 201)
      throw new Error(`create through A: ${created?.status} ${await created?.text()}`);
    const id = ((await created.json()) as { id: number }).id;
    /** Searches through b: whether the patient is found, and whether b ran it on the replica. */
    const search = async (t: string) => {
      const before = await health(b);
      const url = `${b.base}/api/master/patients?page=1&limit=10&search=${word}`;
      const res = await fetch(url, { headers: { authorization: `Bearer ${t}` } });
      const found = ((await res.json()) as { data: { id: number }[] }).data.some((p) => p.id === id);
      const after = await health(b);
      return { found, onReplica: after.replicas[0].heavy_reads > before.replicas[0].heavy_reads };
    };
    const own = await search(token);
    tally.seen += Number(own.found);
    tally[own.onReplica ? 'onReplica' : 'onPrimary']++;
    const theirs = await search(other);
    tally.otherSeen += Number(theirs.found);
    tally[theirs.onReplica ? 'otherOnReplica' : 'otherOnPrimary']++;
  }
  return tally;
}

const fmt = (r: MixResult) =>
  `${r.rps.toFixed(0).padStart(7)} ${r.p50.toFixed(0).padStart(6)} ${r.p99.toFixed(0).padStart(6)} ${String(r.failed).padStart(7)}`;

async function main(): Promise<number> {
  process.stderr.write('replica: ');
  const replica = await ensureReplica(primaryUrl);
  process.stderr.write(`${replica.made ? 'made' : 'reused'} in ${replica.seconds.toFixed(0)} s\n`);
  if (spawnSync('haproxy', ['-v']).status !== 0) {
    process.stderr.write('installing haproxy (Debian package)\n');
    if (spawnSync('apt-get', ['install', '-y', 'haproxy'], { stdio: 'ignore' }).status !== 0)
      throw new Error('apt-get install -y haproxy failed');
  }
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'dkj-scale-'));
  const env = {
    DATABASE_URL: primaryUrl,
    DATABASE_READ_URL: replicaUrl(primaryUrl),
    SECRET_KEY: '0'.repeat(64),
    DATA_DIR: tmp,
    STATIC_DIR: path.join(tmp, 'no-console'),
    TRUST_PROXY: '1',
    DEMO_PASSWORD: values.password,
  };
  const running: RunningServer[] = [];
  let haproxy: ReturnType<typeof spawn> | undefined;
  const start = async (port?: number) => {
    const s = await startServer('.', env, port);
    running.push(s);
    return s;
  };
  try {
    return await scenarios(start, tmp, (h) => (haproxy = h));
  } catch (err) {
    for (const s of running)
      console.error(`server ${s.base} (pid ${s.child.pid}):\n${s.output().slice(-3000)}`);
    throw err;
  } finally {
    haproxy?.kill('SIGTERM');
    await Promise.all(running.map((s) => s.stop()));
    rmSync(tmp, { recursive: true, force: true });
    if (!values['keep-replica']) dropReplica();
  }
}

async function scenarios(
  start: (port?: number) => Promise<RunningServer>,
  tmp: string,
  keep: (h: ReturnType<typeof spawn>) => void,
): Promise<number> {
  const pw = values.password!;
  const mixOf = (base: string, reader: string, writer: string, seconds: number) =>
    runMix({ base, paths: READ_PATHS, reader, writer, connections, seconds, newPatient });

  // One process alone.
  step('one process: starting');
  const single = await start();
  step('one process: the mix');
  let [reader, writer] = [
    await signIn(single.base, 'admin@demo.local', pw),
    await signIn(single.base, 'admin@demo.local', pw),
  ];
  await mixOf(single.base, reader, writer, 2).done;
  const one = await cpuDuring([single], () => mixOf(single.base, reader, writer, duration).done);
  await single.stop();

  // Two processes behind HAProxy.
  step('two processes and HAProxy: starting');
  const [pa, pb, front, stats] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const a = await start(pa);
  let b = await start(pb);
  const h = spawn('haproxy', ['-db', '-f', haproxyConfig(front, stats, pa, pb, tmp)], { stdio: 'ignore' });
  keep(h);
  const bothUp = async () =>
    (await serverStatus(stats, 'api1')) === 'UP' && (await serverStatus(stats, 'api2')) === 'UP';
  if (!(await until(bothUp, 15_000))) throw new Error('HAProxy did not see both processes up');
  const lb = `http://127.0.0.1:${front}`;
  [reader, writer] = [await signIn(lb, 'admin@demo.local', pw), await signIn(lb, 'admin@demo.local', pw)];
  step('two processes: the mix');
  await mixOf(lb, reader, writer, 2).done;
  const readsBefore = await heavyReads([a, b]);
  const [primaryBefore, replicaBefore] = [await dbStats(primaryUrl), await dbStats(replicaUrl(primaryUrl))];
  const two = await cpuDuring([a, b], () => mixOf(lb, reader, writer, duration).done);
  await sleep(1500); // the statistics of the last statements reach pg_stat_database
  const readsAfter = await heavyReads([a, b]);
  const [primaryAfter, replicaAfter] = [await dbStats(primaryUrl), await dbStats(replicaUrl(primaryUrl))];
  const onReplica = readsAfter.replica - readsBefore.replica;
  const onPrimary = readsAfter.primary - readsBefore.primary;

  // Read-your-writes: create through A, search at once through B, same session.
  step('read-your-writes');
  const session = await signIn(lb, 'admin@demo.local', pw);
  const ryw = await readYourWrites(a, b, session, reader);

  // Process B killed under load.
  step('SIGKILL of process B under load');
  const killRun = mixOf(lb, reader, writer, 12);
  await sleep(3000);
  const killedAt = performance.now();
  b.child.kill('SIGKILL');
  const downAt = await until(async () => (await serverStatus(stats, 'api2')).startsWith('DOWN'), 8000);
  const killed = await killRun.done;
  b = await start(pb);
  await until(bothUp, 15_000);

  // The replica stopped, then started again, under load.
  const outage = await replicaOutage([a, b], (seconds) => mixOf(lb, reader, writer, seconds));

  return report({
    one,
    two,
    heavy: { onReplica, onPrimary },
    db: {
      replicaXacts: replicaAfter.xacts - replicaBefore.xacts,
      replicaRows: replicaAfter.returned - replicaBefore.returned,
      primaryXacts: primaryAfter.xacts - primaryBefore.xacts,
      primaryRows: primaryAfter.returned - primaryBefore.returned,
    },
    ryw,
    kill: {
      downMs: downAt === undefined ? undefined : downAt - killedAt,
      before: killed.failedAt.filter((t) => t < killedAt).length,
      during: killed.failedAt.filter((t) => t >= killedAt && (downAt === undefined || t <= downAt)).length,
      after: downAt === undefined ? killed.failed : killed.failedAt.filter((t) => t > downAt).length,
      result: killed,
    },
    replicaStop: outage,
  });
}

/**
 * The replica stopped under load (how soon both processes read from the primary; failed
 * requests until then and after), then started again under load: how soon both use it again
 * (it first replays the WAL written since its last restart point), and the share of heavy reads
 * it serves once back.
 */
async function replicaOutage(
  servers: RunningServer[],
  mix: (seconds: number) => { done: Promise<MixResult> },
) {
  const inUse = async () => (await Promise.all(servers.map(health))).map((x) => x.replicas[0].in_use);
  step('the replica stopped under load');
  const stopRun = mix(12);
  await sleep(3000);
  const stoppedAt = performance.now();
  await stopReplica();
  const movedAt = await until(async () => (await inUse()).every((u) => !u), 10_000, 100);
  const stopped = await stopRun.done;

  step('the replica started again under load');
  const restartAt = performance.now();
  await startReplica();
  let backAt: number | undefined;
  let failedUntilBack = 0;
  while (backAt === undefined && performance.now() - restartAt < 180_000) {
    const run = mix(5);
    backAt = await until(async () => (await inUse()).every(Boolean), 5000, 100);
    failedUntilBack += (await run.done).failed;
  }
  const before = await heavyReads(servers);
  const settled = await mix(5).done;
  const after = await heavyReads(servers);
  const replicaReads = after.replica - before.replica;
  return {
    movedMs: movedAt === undefined ? undefined : movedAt - stoppedAt,
    failedUntilMoved: stopped.failedAt.filter((t) => t >= stoppedAt && movedAt !== undefined && t <= movedAt)
      .length,
    failedAfter: movedAt === undefined ? stopped.failed : stopped.failedAt.filter((t) => t > movedAt).length,
    stoppedRequests: stopped.requests,
    backMs: backAt === undefined ? undefined : backAt - restartAt,
    failedUntilBack: failedUntilBack + settled.failed,
    shareAfterBack: replicaReads / Math.max(1, replicaReads + after.primary - before.primary),
  };
}

type Figures = {
  one: { result: MixResult; cpu: Record<string, number> };
  two: { result: MixResult; cpu: Record<string, number> };
  heavy: { onReplica: number; onPrimary: number };
  db: { replicaXacts: number; replicaRows: number; primaryXacts: number; primaryRows: number };
  ryw: Awaited<ReturnType<typeof readYourWrites>>;
  kill: { downMs?: number; before: number; during: number; after: number; result: MixResult };
  replicaStop: Awaited<ReturnType<typeof replicaOutage>>;
};

function report(f: Figures): number {
  const ms = (v?: number) => (v === undefined ? 'never' : `${(v / 1000).toFixed(1)} s`);
  const ratio = f.two.result.rps / f.one.result.rps;
  const share = f.heavy.onReplica / Math.max(1, f.heavy.onReplica + f.heavy.onPrimary);
  console.log(
    `\nscale-out on ${new URL(primaryUrl).pathname.slice(1)}: primary :5432, streaming replica :5433 (${replicaDisk()}), ` +
      `HAProxy (deploy/haproxy.cfg), ${os.cpus().length} CPUs; ${connections} readers cycling ${READ_PATHS.length} reads ` +
      `+ 1 writer at 20 creates/s, ${duration} s per run\n`,
  );
  console.log('setup                         req/s  p50ms  p99ms  failed   writes/s');
  console.log(
    `one process (direct)        ${fmt(f.one.result)}   ${f.one.result.writeRps.toFixed(0).padStart(8)}`,
  );
  console.log(
    `two processes (HAProxy)     ${fmt(f.two.result)}   ${f.two.result.writeRps.toFixed(0).padStart(8)}`,
  );
  console.log(`two / one: ${ratio.toFixed(2)}x (budget >= 1.6x)`);
  console.log('\nCPU (cores busy on average)   one process   two processes');
  for (const part of Object.keys(f.two.cpu))
    console.log(
      `  ${part.padEnd(28)} ${f.one.cpu[part].toFixed(2).padStart(11)} ${f.two.cpu[part].toFixed(2).padStart(15)}`,
    );
  console.log(
    `\nheavy reads (two processes' counts): ${f.heavy.onReplica} on the replica, ${f.heavy.onPrimary} on the primary: ` +
      `${(share * 100).toFixed(1)} % on the replica (budget >= 90 %)`,
  );
  console.log(
    `  pg_stat_database over the run: replica ${f.db.replicaXacts} transactions, ${f.db.replicaRows} rows read; ` +
      `primary ${f.db.primaryXacts} transactions, ${f.db.primaryRows} rows read`,
  );
  const r = f.ryw;
  console.log(
    `\nread-your-writes: ${r.seen} of 100 patients created through A found at once through B with the same session ` +
      `(budget 100): ${r.onPrimary} of those searches ran on the primary, ${r.onReplica} on the replica; ` +
      `a session that had not written found ${r.otherSeen} of 100 (${r.otherOnReplica} searches on the replica)`,
  );
  console.log(
    `\nSIGKILL of process B under ${connections} clients: HAProxy marked it down after ${ms(f.kill.downMs)}; ` +
      `failed requests: ${f.kill.before} before the kill, ${f.kill.during} until marked down, ${f.kill.after} after (budget 0); ` +
      `${f.kill.result.requests} requests in the run`,
  );
  const o = f.replicaStop;
  console.log(
    `replica stopped under load: both processes read from the primary ${ms(o.movedMs)} after (budget <= 5 s); ` +
      `failed requests: ${o.failedUntilMoved} until then, ${o.failedAfter} after (budget 0), of ${o.stoppedRequests}`,
  );
  console.log(
    `replica started again under load: in use by both processes ${ms(o.backMs)} after (it replays the WAL since its ` +
      `last restart point first); ${o.failedUntilBack} failed requests meanwhile and after; then ` +
      `${(o.shareAfterBack * 100).toFixed(1)} % of heavy reads on it`,
  );
  const failures: string[] = [];
  if (ratio < 1.6) failures.push(`two processes ${ratio.toFixed(2)}x one < 1.6x`);
  if (share < 0.9) failures.push(`${(share * 100).toFixed(1)} % of heavy reads on the replica < 90 %`);
  if (f.ryw.seen < 100) failures.push(`read-your-writes ${f.ryw.seen} of 100`);
  if (f.kill.downMs === undefined || f.kill.after > 0)
    failures.push('failed requests after the process was marked down');
  if (o.movedMs === undefined || o.movedMs > 5000) failures.push('reads not off the replica in 5 s');
  if (o.failedAfter > 0) failures.push('failed requests after reads left the stopped replica');
  if (o.backMs === undefined || o.shareAfterBack < 0.9) failures.push('reads did not return to the replica');
  console.log(failures.length ? `\nOver budget:\n  ${failures.join('\n  ')}` : '\nAll within budget.');
  return failures.length ? 1 : 0;
}

process.exitCode = await main();
