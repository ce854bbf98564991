/**
 * Backups of the 1M city, taken and given back, on a PostgreSQL 15 cluster of its own:
 *
 *   npm run bench:restore          (as root, on the machine of the local PostgreSQL 15)
 *   options: --city <url of the 1M city, default postgres://postgres:postgres@127.0.0.1:5432/dkj_city>
 *            --port 5479 (the bench cluster's) --rate 50 (writes a second) --keep (its files)
 *
 * 1. Logical: pg_dump -Fc of the city, then pg_restore into an empty database of a new cluster
 *    (made with Debian's pg_createcluster, archive_mode=on, wal_level=replica): times and sizes.
 *    This also loads the city into the bench cluster.
 * 2. Physical: while one client writes at a steady rate (each insert in its own transaction, its
 *    send and acknowledgement times recorded), WAL is archived to a local directory
 *    (archive_command) and a base backup is taken (pg_basebackup -Ft -X stream). The cluster is
 *    then dropped, a new one is made from the base backup and recovered to a chosen moment
 *    between two writes (restore_command, recovery_target_time, recovery.signal), and every write
 *    acknowledged before that moment must be there, and none sent after it.
 *
 * Everything it made (cluster, dump, base backup, WAL archive) is removed at the end.
 */
import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import pg from 'pg';

const { values } = parseArgs({
  options: {
    city: { type: 'string', default: 'postgres://postgres:postgres@127.0.0.1:5432/dkj_city' },
    port: { type: 'string', default: '5479' },
    rate: { type: 'string', default: '50' },
    keep: { type: 'boolean', default: false },
  },
});
const VERSION = '15';
const NAME = 'pitr_bench';
const PORT = Number(values.port);
const RATE = Number(values.rate);
const WORK = '/var/lib/postgresql/pitr-bench';
const DUMP = path.join(WORK, 'city.dump');
const BASE = path.join(WORK, 'base');
const ARCHIVE = path.join(WORK, 'wal-archive');
const password = randomBytes(18).toString('base64url');
const benchUrl = `postgres://postgres:${password}@127.0.0.1:${PORT}/dkj_city`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Microseconds since the epoch, on the clock PostgreSQL stamps its commits with. */
const nowUs = () => Math.round((performance.timeOrigin + performance.now()) * 1000);
const isoUs = (us: number) =>
  new Date(Math.floor(us / 1000)).toISOString().replace('Z', `${String(us % 1000).padStart(3, '0')}+00`);

function run(cmd: string, args: string[], opts: { input?: string; env?: Record<string, string> } = {}) {
  const r = spawnSync(cmd, args, {
    encoding: 'utf8',
    input: opts.input,
    env: { ...process.env, ...opts.env },
    maxBuffer: 64 << 20,
  });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')}: ${r.stderr || r.stdout}`);
  return r.stdout;
}
/** As the postgres user (peer authentication on the cluster's socket). */
const asPostgres = (args: string[], input?: string) =>
  run('runuser', ['-u', 'postgres', '--', ...args], { input });
const asPostgresAsync = (args: string[]) =>
  promisify(execFile)('runuser', ['-u', 'postgres', '--', ...args], { maxBuffer: 64 << 20 });
const psql = (sql: string, db = 'postgres') =>
  asPostgres(
    ['psql', '-X', '-q', '-t', '-A', '-v', 'ON_ERROR_STOP=1', '-p', String(PORT), '-d', db],
    sql,
  ).trim();
const du = (p: string) => Number(run('du', ['-sb', p]).split(/\s+/)[0]);
const gb = (bytes: number) => `${(bytes / 2 ** 30).toFixed(2)} GB`;
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
async function timed<T>(f: () => T | Promise<T>): Promise<{ value: T; ms: number }> {
  const t = performance.now();
  const value = await f();
  return { value, ms: performance.now() - t };
}

function clusterExists() {
  return run('pg_lsclusters', ['-h'])
    .split('\n')
    .some((l) => l.trim().split(/\s+/)[1] === NAME);
}
function dropCluster() {
  if (clusterExists()) run('pg_dropcluster', ['--stop', VERSION, NAME]);
}

/** A new cluster with the bench's settings; `archive` the archive_command (none: no archiving). */
function createCluster(archive: string | null): string {
  const settings = [
    `wal_level=replica`,
    `max_wal_size=4GB`,
    `maintenance_work_mem=256MB`,
    `archive_mode=${archive ? 'on' : 'off'}`,
    ...(archive ? [`archive_command=${archive}`] : []),
  ];
  run('pg_createcluster', [
    VERSION,
    NAME,
    '--port',
    String(PORT),
    '--start-conf',
    'manual',
    ...settings.flatMap((s) => ['-o', s]),
  ]);
  return run('pg_lsclusters', ['-h'])
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .find((f) => f[1] === NAME)![5];
}

/** Logical: the city dumped from its cluster (-Fc) and restored into an empty database here. */
async function logical() {
  const city = new URL(values.city!);
  const dump = await timed(() =>
    promisify(execFile)(
      'pg_dump',
      [
        '-Fc',
        '-h',
        city.hostname,
        '-p',
        city.port || '5432',
        '-U',
        decodeURIComponent(city.username),
        '-f',
        DUMP,
        city.pathname.slice(1),
      ],
      { env: { ...process.env, PGPASSWORD: decodeURIComponent(city.password) } },
    ),
  );
  run('chown', ['postgres:postgres', DUMP]);
  psql('CREATE DATABASE dkj_city');
  const restore = await timed(() =>
    asPostgresAsync(['pg_restore', '-p', String(PORT), '-d', 'dkj_city', '--jobs', '2', '--no-owner', DUMP]),
  );
  const sizeDb = Number(psql(`SELECT pg_database_size('dkj_city')`));
  const patients = Number(psql('SELECT count(*) FROM patients', 'dkj_city'));
  return { dumpMs: dump.ms, dumpBytes: statSync(DUMP).size, restoreMs: restore.ms, sizeDb, patients };
}

interface Write {
  id: number;
  sent: number;
  acked: number;
}

/** One client writing RATE inserts a second, each its own transaction, until stopped. */
function writer(url: string) {
  const writes: Write[] = [];
  let stop = false;
  const done = (async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(
      'CREATE TABLE IF NOT EXISTS bench_pitr_writes (id integer PRIMARY KEY, at timestamptz NOT NULL DEFAULT clock_timestamp())',
    );
    const period = 1000 / RATE;
    const start = performance.now();
    for (let id = 1; !stop; id++) {
      const sent = nowUs();
      await c.query('INSERT INTO bench_pitr_writes (id) VALUES ($1)', [id]);
      writes.push({ id, sent, acked: nowUs() });
      const next = start + id * period;
      await sleep(Math.max(0, next - performance.now()));
    }
    await c.end();
  })();
  return {
    writes,
    async stop() {
      stop = true;
      await done;
    },
  };
}

/** The moment between an acknowledged write and the next one sent, the widest gap near `at`. */
function chooseTarget(writes: Write[], at: number) {
  let best = 0;
  for (let i = 0; i + 1 < writes.length; i++) {
    if (writes[i].acked < at - 2_000_000 || writes[i].acked > at + 2_000_000) continue;
    if (!best || writes[i + 1].sent - writes[i].acked > writes[best + 1].sent - writes[best].acked) best = i;
  }
  const gapUs = writes[best + 1].sent - writes[best].acked;
  return { targetUs: writes[best].acked + Math.floor(gapUs / 2), gapUs, index: best };
}

/** Physical: a base backup taken under the write load, WAL archived, recovered to a chosen moment. */
async function physical() {
  const w = writer(benchUrl);
  await sleep(3000);
  const backup = await timed(() =>
    asPostgresAsync(['pg_basebackup', '-p', String(PORT), '-D', BASE, '-Ft', '-X', 'stream', '-c', 'fast']),
  );
  const backupEndUs = nowUs();
  await sleep(10_000);
  await w.stop();
  // The segment holding the last writes goes to the archive now, not when it fills.
  const last = psql(`SELECT pg_walfile_name(pg_switch_wal())`);
  for (
    let i = 0;
    psql(`SELECT coalesce(last_archived_wal, '') >= '${last}' FROM pg_stat_archiver`) !== 't';
    i++
  ) {
    if (i > 600) throw new Error(`${last} was not archived in 60 s`);
    await sleep(100);
  }
  const target = chooseTarget(w.writes, backupEndUs + 5_000_000);
  const archiveBytes = du(ARCHIVE);
  const baseBytes = du(BASE);
  dropCluster(); // the cluster is thrown away; the base backup and the archive are all there is

  const dataDir = createCluster(null);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { mode: 0o700 });
  const extract = await timed(() => {
    run('tar', ['-xf', path.join(BASE, 'base.tar'), '-C', dataDir]);
    run('tar', ['-xf', path.join(BASE, 'pg_wal.tar'), '-C', path.join(dataDir, 'pg_wal')]);
  });
  writeFileSync(
    `/etc/postgresql/${VERSION}/${NAME}/conf.d/recovery.conf`,
    `restore_command = 'cp ${ARCHIVE}/%f %p'\nrecovery_target_time = '${isoUs(target.targetUs)}'\nrecovery_target_action = 'promote'\n`,
  );
  writeFileSync(path.join(dataDir, 'recovery.signal'), '');
  run('chown', ['-R', 'postgres:postgres', dataDir]);
  run('chmod', ['700', dataDir]);
  const replay = await timed(async () => {
    run('pg_ctlcluster', [VERSION, NAME, 'start']);
    for (let i = 0; inRecovery(); i++) {
      if (i > 6000) throw new Error('recovery did not end in 10 minutes');
      await sleep(100);
    }
  });
  const present = new Set(
    psql('SELECT id FROM bench_pitr_writes', 'dkj_city').split('\n').filter(Boolean).map(Number),
  );
  const before = w.writes.filter((x) => x.acked < target.targetUs);
  const after = w.writes.filter((x) => x.sent > target.targetUs);
  return {
    writes: w.writes.length,
    backupMs: backup.ms,
    baseBytes,
    archiveBytes,
    extractMs: extract.ms,
    replayMs: replay.ms,
    target,
    before: before.length,
    lost: before.filter((x) => !present.has(x.id)).length,
    after: after.length,
    extra: after.filter((x) => present.has(x.id)).length,
    patients: Number(psql('SELECT count(*) FROM patients', 'dkj_city')),
  };
}

/** Whether the cluster is still recovering (or not yet answering). */
function inRecovery() {
  try {
    return psql('SELECT pg_is_in_recovery()') !== 'f';
  } catch {
    return true;
  }
}

function table(rows: [string, string][]) {
  const width = Math.max(...rows.map((r) => r[0].length));
  const w2 = Math.max(...rows.map((r) => r[1].length));
  console.log(`| ${'step'.padEnd(width)} | ${'figure'.padEnd(w2)} |`);
  console.log(`| ${'-'.repeat(width)} | ${'-'.repeat(w2)} |`);
  for (const [a, b] of rows) console.log(`| ${a.padEnd(width)} | ${b.padEnd(w2)} |`);
}

async function main() {
  if (process.getuid?.() !== 0) throw new Error('run as root: it makes and drops a PostgreSQL cluster');
  dropCluster();
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(ARCHIVE, { recursive: true });
  run('chown', ['-R', 'postgres:postgres', WORK]);
  try {
    // Archiving starts once the city is loaded: the WAL of the load itself is not kept.
    createCluster('/bin/true');
    run('pg_ctlcluster', [VERSION, NAME, 'start']);
    psql(`ALTER ROLE postgres PASSWORD '${password}'`);
    console.log(
      `cluster ${VERSION}/${NAME} on port ${PORT}; dumping the city of ${values.city!.replace(/:[^:@/]*@/, ':***@')}`,
    );
    const l = await logical();
    console.log(`logical: dump ${secs(l.dumpMs)}, restore ${secs(l.restoreMs)}, ${l.patients} patients`);
    psql(`ALTER SYSTEM SET archive_command = 'test ! -f ${ARCHIVE}/%f && cp %p ${ARCHIVE}/%f'`);
    psql('SELECT pg_reload_conf()');
    psql('SELECT pg_switch_wal()');
    const p = await physical();
    const ok = p.lost === 0 && p.extra === 0 && p.patients === l.patients;
    console.log();
    table([
      ['city (patients)', String(l.patients)],
      ['database size', gb(l.sizeDb)],
      ['logical backup: pg_dump -Fc', `${secs(l.dumpMs)}, ${gb(l.dumpBytes)}`],
      ['logical restore: pg_restore -j 2 into an empty database', secs(l.restoreMs)],
      [`writes during the physical backup (${RATE}/s, one transaction each)`, String(p.writes)],
      ['base backup: pg_basebackup -Ft -X stream (under writes)', `${secs(p.backupMs)}, ${gb(p.baseBytes)}`],
      ['WAL archived (backup and writes)', mb(p.archiveBytes)],
      ['recovery: base backup put in place (tar -x)', secs(p.extractMs)],
      ['recovery: start, replay WAL to the target, promote', secs(p.replayMs)],
      [
        'recovery target (between two writes)',
        `${isoUs(p.target.targetUs)} (gap ${(p.target.gapUs / 1000).toFixed(1)} ms)`,
      ],
      ['writes acknowledged before the target / lost', `${p.before} / ${p.lost}`],
      ['writes sent after the target / present', `${p.after} / ${p.extra}`],
      ['patients after recovery', String(p.patients)],
    ]);
    console.log(ok ? '\nPoint-in-time recovery: exact.' : '\nPoint-in-time recovery: NOT exact.');
    process.exitCode = ok ? 0 : 1;
  } finally {
    dropCluster();
    if (!values.keep) rmSync(WORK, { recursive: true, force: true });
    rmSync(`/etc/postgresql/${VERSION}/${NAME}`, { recursive: true, force: true });
    if (existsSync(WORK)) console.log(`kept ${WORK}`);
  }
}

await main();
