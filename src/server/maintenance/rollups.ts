/**
 * Rollups a bulk load committed without rebuilding (rollup_state.stale, migrations 017 and 028),
 * rebuilt one at a time, each in a transaction of its own:
 *  - the monitoring rollups (patient_rollup, appointment_daily, mental_health_daily) are written
 *    from their live views under an EXCLUSIVE lock: readers go on, writes of patients,
 *    appointments or responses wait the seconds the rebuild of their rollup takes;
 *  - the performance rollups are rebuilt whole while writes of appointments and journeys note the
 *    appointments they touched (performance_pending) instead of waiting; those are computed again
 *    afterwards, the last of them in the transaction that marks the rollups fresh.
 * Until a rollup is fresh the dashboard computes its figures from the base tables
 * (routes/dashboard), and performance analytics answers 503 (routes/performance.ts).
 */
import type { Db, Queryable, Tx } from '../db/db.js';
import { quiet, seconds, type Report } from './report.js';

export const ROLLUPS = ['patient_rollup', 'appointment_daily', 'mental_health_daily', 'performance'] as const;
export type Rollup = (typeof ROLLUPS)[number];

/** The columns of each monitoring rollup, as its live view (migration 028) has them. */
const MONITORING: Record<Exclude<Rollup, 'performance'>, string> = {
  patient_rollup: 'gender, birth_year, insurance, kecamatan_code, count',
  appointment_daily: 'day, count',
  mental_health_daily: 'day, assessment_id, started, completed, score_sum, scored, rated, satisfied',
};

/** Advisory locks (with the schema's hash): whoever rebuilds, and writers noting appointments. */
const REBUILD_LOCK = `727102, hashtext(current_schema())`;
const NOTING_LOCK = `727103, hashtext(current_schema())`;

/** Something that runs statements and transactions: the Db, or a maintenance Session. */
export interface Runner extends Queryable {
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
}

export async function staleRollups(db: Queryable): Promise<Rollup[]> {
  const { rows } = await db.query<{ stale: boolean; rebuilt: string[] }>(
    'SELECT stale, rebuilt FROM rollup_state',
  );
  const state = rows[0];
  return state?.stale ? ROLLUPS.filter((r) => !state.rebuilt.includes(r)) : [];
}

/** Marks a rollup rebuilt, and the whole state fresh once every one is. */
async function markRebuilt(tx: Tx, part: Rollup) {
  await tx.query('UPDATE rollup_state SET rebuilt = array_append(rebuilt, $1)', [part]);
  await tx.query(`UPDATE rollup_state SET stale = false, rebuilt = '{}' WHERE rebuilt @> $1::text[]`, [
    [...ROLLUPS],
  ]);
}

/** Computes again the appointments writers noted; returns how many there were. */
async function catchUp(tx: Tx): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    `WITH noted AS (DELETE FROM performance_pending RETURNING appointment_id),
          ids AS (SELECT ARRAY(SELECT DISTINCT appointment_id FROM noted) AS ids)
     SELECT cardinality(ids) AS n, performance_refresh_now(ids) IS NULL AS done FROM ids`,
  );
  return rows[0].n;
}

/**
 * Rebuilds one rollup if it is still stale; returns the rows it holds, or null when it was not
 * stale. `inOne`: everything in one transaction that waits for the lock and holds writers of
 * appointments until it ends (before serving); otherwise the caller holds the lock.
 */
async function rebuild(db: Runner, part: Rollup, inOne: boolean): Promise<number | null> {
  const begin = async (tx: Tx) => {
    await tx.query('SET LOCAL statement_timeout = 0');
    if (inOne) await tx.query(`SELECT pg_advisory_xact_lock(${REBUILD_LOCK})`);
    const { rows } = await tx.query<{ fresh: boolean }>('SELECT rollup_fresh($1) AS fresh', [part]);
    return !rows[0].fresh;
  };
  if (part !== 'performance') {
    const table = part;
    const columns = MONITORING[table];
    return db.transaction(async (tx) => {
      if (!(await begin(tx))) return null;
      await tx.query(`LOCK TABLE ${table} IN EXCLUSIVE MODE`);
      await tx.query(`DELETE FROM ${table}`);
      const res = await tx.query(`INSERT INTO ${table} (${columns}) SELECT ${columns} FROM ${table}_live`);
      await markRebuilt(tx, part);
      return res.rowCount;
    });
  }
  const whole = async (tx: Tx) => {
    // The rebuild reads whole tables: hash joins (a small city's estimates may pick a nested loop
    // that runs the journeys' aggregate once per appointment).
    await tx.query('SET LOCAL enable_nestloop = off');
    await tx.query('SELECT rebuild_performance_rollups()');
  };
  const finish = async (tx: Tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${NOTING_LOCK})`); // no writer notes any more
    await catchUp(tx);
    await markRebuilt(tx, part);
  };
  if (inOne) {
    const done = await db.transaction(async (tx) => {
      if (!(await begin(tx))) return false;
      await tx.query(`SELECT pg_advisory_xact_lock(${NOTING_LOCK})`);
      await whole(tx);
      await finish(tx);
      return true;
    });
    if (!done) return null;
  } else {
    const stale = await db.transaction(async (tx) => {
      if (!(await begin(tx))) return false;
      await whole(tx);
      return true;
    });
    if (!stale) return null;
    // Noted while it ran: computed again in short transactions, writers never waiting long.
    for (let i = 0; i < 10 && (await db.transaction(catchUp)) > 0; i++);
    await db.transaction(finish);
  }
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM appointment_performance');
  return rows[0].n;
}

/** Rebuilds the given stale rollups in order, saying what it does; `inOne` as for rebuild(). */
async function rebuildAll(
  db: Runner,
  parts: Rollup[],
  inOne: boolean,
  report: Report,
  doing: (task: string | null) => void = () => undefined,
) {
  for (const part of parts) {
    doing(`rollup ${part} dibangun ulang`);
    report('INFO', `Membangun ulang rollup ${part} di latar belakang`, { rollup: part });
    const t = performance.now();
    const rows = await rebuild(db, part, inOne);
    const secs = seconds(t);
    if (rows !== null)
      report('INFO', `Rollup ${part} dibangun ulang: ${rows} baris dalam ${secs} detik`, {
        rollup: part,
        rows,
        seconds: secs,
      });
  }
  doing(null);
}

/**
 * Before serving (PGlite's start; tests, benches and scripts on PostgreSQL): rebuilds every stale
 * rollup, waiting for a process that rebuilds them now. Returns whether there was any.
 */
export async function rebuildStaleRollups(db: Runner, report: Report = quiet): Promise<boolean> {
  const parts = await staleRollups(db);
  await rebuildAll(db, parts, true, report);
  if (parts.length) forgetRollupState(db);
  return parts.length > 0;
}

/**
 * Behind a served console, on a connection of its own: rebuilds the stale rollups under the
 * session lock every rebuilder takes; false at once when another process holds it.
 */
export async function rebuildRollupsBehind(
  s: Runner,
  report: Report,
  doing: (task: string | null) => void,
): Promise<boolean> {
  const { rows } = await s.query<{ got: boolean }>(`SELECT pg_try_advisory_lock(${REBUILD_LOCK}) AS got`);
  if (!rows[0].got) return false;
  try {
    await rebuildAll(s, await staleRollups(s), false, report, doing);
  } finally {
    await s.query(`SELECT pg_advisory_unlock(${REBUILD_LOCK})`).catch(() => undefined);
  }
  return true;
}

/**
 * Which rollups are stale, as this process last read rollup_state: read again at most once a
 * second while some are, every five seconds otherwise (a bulk load may mark them stale).
 */
interface Known {
  stale: Rollup[];
  at: number;
  loading?: Promise<void>;
}
const known = new WeakMap<object, Known>();

export async function rollupFresh(db: Db, part: Rollup): Promise<boolean> {
  let k = known.get(db);
  if (!k || performance.now() - k.at > (k.stale.length ? 1000 : 5000)) {
    const entry = k ?? { stale: [], at: -Infinity };
    entry.loading ??= staleRollups(db)
      .then((stale) => Object.assign(entry, { stale, at: performance.now() }))
      .finally(() => (entry.loading = undefined))
      .then(() => undefined);
    known.set(db, entry);
    await entry.loading;
    k = entry;
  }
  return !k.stale.includes(part);
}

/** Reads rollup_state again at the next request (after a rebuild here, or in tests). */
export function forgetRollupState(db: object) {
  known.delete(db);
}
