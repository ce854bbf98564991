/**
 * A streaming replica of the local PostgreSQL 15 cluster on port 5433, for the scale-out bench:
 * made with Debian's cluster tools (pg_createcluster, then its data directory replaced by a
 * pg_basebackup -R of the primary), reused when present, stopped and started on demand, and
 * dropped at the end. Also the CPU time of the processes that share the machine.
 */
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export const REPLICA = { version: '15', name: 'replica1', port: 5433 };

function run(cmd: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')}: ${r.stderr || r.stdout}`);
  return r.stdout;
}

/** The cluster's line of pg_lsclusters: its status ('online,recovery', 'down') and data directory. */
function cluster(): { status: string; dataDir: string } | undefined {
  for (const line of run('pg_lsclusters', ['-h']).split('\n')) {
    const [version, name, , status, , dataDir] = line.trim().split(/\s+/);
    if (version === REPLICA.version && name === REPLICA.name) return { status, dataDir };
  }
  return undefined;
}

async function query<T>(url: string, sql: string): Promise<T> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  await c.connect();
  try {
    return (await c.query(sql)).rows[0] as T;
  } finally {
    await c.end();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The primary's URL with the replica's port. */
export function replicaUrl(primaryUrl: string): string {
  const u = new URL(primaryUrl);
  u.port = String(REPLICA.port);
  return u.toString();
}

/** Waits until the replica answers, is in recovery and has replayed what the primary had. */
async function caughtUp(primaryUrl: string, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const { lsn } = await query<{ lsn: string }>(primaryUrl, 'SELECT pg_current_wal_lsn()::text AS lsn');
      const r = await query<{ ok: boolean }>(
        replicaUrl(primaryUrl),
        `SELECT pg_is_in_recovery() AND pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn AS ok`,
      );
      if (r.ok) return true;
    } catch {
      // starting up
    }
    await sleep(500);
  }
  return false;
}

/** Creates the replica from a base backup of the primary and starts it. */
function create(primaryUrl: string) {
  const u = new URL(primaryUrl);
  run('pg_createcluster', [REPLICA.version, REPLICA.name, '-p', String(REPLICA.port)]);
  const { dataDir } = cluster()!;
  for (const f of readdirSync(dataDir)) rmSync(path.join(dataDir, f), { recursive: true, force: true });
  const args = ['-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username)];
  run('pg_basebackup', [...args, '-D', dataDir, '-R', '-X', 'stream', '-c', 'fast'], {
    PGPASSWORD: decodeURIComponent(u.password),
  });
  run('chown', ['-R', 'postgres:postgres', dataDir]);
  run('chmod', ['700', dataDir]);
  run('pg_ctlcluster', [REPLICA.version, REPLICA.name, 'start']);
}

/**
 * The replica, ready: reused when it exists (started if down), made otherwise, and made again
 * when an existing one cannot catch up (the primary no longer has the WAL it needs). Returns
 * the seconds the set-up took and whether the replica was made anew.
 */
export async function ensureReplica(primaryUrl: string): Promise<{ seconds: number; made: boolean }> {
  const started = performance.now();
  const existing = cluster();
  if (existing) {
    if (!existing.status.startsWith('online')) run('pg_ctlcluster', [REPLICA.version, REPLICA.name, 'start']);
    if (await caughtUp(primaryUrl, 60_000))
      return { seconds: (performance.now() - started) / 1000, made: false };
    process.stderr.write('  the existing replica does not catch up: making it again\n');
    dropReplica();
  }
  create(primaryUrl);
  if (!(await caughtUp(primaryUrl, 300_000)))
    throw new Error('the new replica did not catch up in 5 minutes');
  return { seconds: (performance.now() - started) / 1000, made: true };
}

/** Stops or starts the replica without blocking this process (its load keeps running). */
const ctl = (...args: string[]) =>
  promisify(execFile)('pg_ctlcluster', [REPLICA.version, REPLICA.name, ...args]);
export const stopReplica = () => ctl('stop', '-m', 'fast');
export const startReplica = () => ctl('start');
export function dropReplica() {
  if (cluster()) run('pg_dropcluster', ['--stop', REPLICA.version, REPLICA.name]);
}

/** The replica's disk use, as du prints it. */
export const replicaDisk = () => run('du', ['-sh', cluster()!.dataDir]).split(/\s+/)[0];

/** Each process's group (the first predicate that picks it) and its CPU seconds so far (user + system). */
export function cpuSample(groups: Record<string, (pid: number, cmdline: string) => boolean>) {
  const sample = new Map<number, { group: string; seconds: number }>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!pid) continue;
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      const group = Object.keys(groups).find((g) => groups[g](pid, cmdline));
      if (!group) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      sample.set(pid, { group, seconds: (Number(fields[11]) + Number(fields[12])) / 100 }); // ticks
    } catch {
      // gone meanwhile
    }
  }
  return sample;
}

/**
 * CPU seconds each group used between two samples: a process in both counts its difference, one
 * that started meanwhile all of its time (one that ended meanwhile is missed).
 */
export function cpuBetween(before: ReturnType<typeof cpuSample>, after: ReturnType<typeof cpuSample>) {
  const totals: Record<string, number> = {};
  for (const [pid, { group, seconds }] of after)
    totals[group] = (totals[group] ?? 0) + seconds - (before.get(pid)?.seconds ?? 0);
  return totals;
}

/** The whole machine's busy CPU seconds so far (all cores), from /proc/stat. */
export function machineBusySeconds(): number {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const n = ticks.map(Number);
  const idle = n[3] + n[4];
  return (n.reduce((a, b) => a + b, 0) - idle) / 100;
}
