/**
 * Rollups a bulk load committed without rebuilding (rollup_state.stale, migrations 017 and 028),
 * rebuilt one at a time, without holding up writes for the time they take:
 *  - a monitoring rollup (patient_rollup, appointment_daily, mental_health_daily,
 *    satisfaction_facility_daily) gets, in a short transaction, the difference between what its
 *    base table gives and what it holds, both read from one earlier snapshot (rebuildMonitoring);
 *  - the performance rollups are rebuilt whole while writes of appointments and journeys note the
 *    appointments they touched (performance_pending) instead of waiting; those are computed again
 *    afterwards, the last of them in the transaction that marks the rollups fresh.
 * Until a rollup is fresh the dashboard computes its figures from the base tables
 * (routes/dashboard), and performance analytics answers 503 (routes/performance.ts).
 */
import type { Db, Queryable, Tx } from '../db/db.js';
import { quiet, seconds, type Report } from './report.js';

export const ROLLUPS = [
  'patient_rollup',
  'appointment_daily',
  'mental_health_daily',
  'satisfaction_facility_daily',
  'performance',
] as const;
export type Rollup = (typeof ROLLUPS)[number];

/** The key and the additive values of each monitoring rollup (and of its live view, migration 028). */
const MONITORING: Record<Exclude<Rollup, 'performance'>, { keys: string[]; values: string[] }> = {
  patient_rollup: { keys: ['gender', 'birth_year', 'insurance', 'kecamatan_code'], values: ['count'] },
  appointment_daily: { keys: ['day'], values: ['count'] },
  mental_health_daily: {
    keys: ['day', 'assessment_id'],
    values: ['started', 'completed', 'score_sum', 'scored', 'rated', 'satisfied'],
  },
  satisfaction_facility_daily: { keys: ['medical_facility_id', 'day', 'rating'], values: ['responses'] },
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

/** What a rebuild did: the rows the rollup holds (and how many it corrected), or nothing to do. */
type Outcome = { rows: number; corrected?: number } | null;
/** rollup_state changed under a rebuild (a load marked it stale again): it starts over. */
const AGAIN = Symbol('again');

/** The version of rollup_state (its row's xmin, new with every change) and whether `part` is fresh. */
const STATE = 'SELECT xmin::text AS version, rollup_fresh($1) AS fresh FROM rollup_state';

const noDeadline = (tx: Tx) => tx.query('SET LOCAL statement_timeout = 0');

/**
 * A monitoring rollup, without locking it or its table for the time its base table is read:
 * from one snapshot, the difference between what the base table gives and what the rollup
 * holds; then, in a short transaction, that difference added to the rollup, which writers'
 * triggers have kept adding to meanwhile. The sum is what a rebuild from scratch would hold.
 */
async function rebuildMonitoring(
  db: Runner,
  table: keyof typeof MONITORING,
): Promise<Outcome | typeof AGAIN> {
  const { keys, values } = MONITORING[table];
  const k = keys.join(', ');
  const seen = await db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    await noDeadline(tx);
    const state = (await tx.query<{ version: string; fresh: boolean }>(STATE, [table])).rows[0];
    if (state.fresh) return null;
    const { rows } = await tx.query<{ diff: unknown[] }>(
      `SELECT coalesce(json_agg(c), '[]'::json) AS diff FROM (
         SELECT ${k}, ${values.map((v) => `sum(${v}) AS ${v}`).join(', ')}
           FROM (SELECT ${k}, ${values.join(', ')} FROM ${table}_live
                 UNION ALL SELECT ${k}, ${values.map((v) => `-${v}`).join(', ')} FROM ${table}) x
          GROUP BY ${k} HAVING ${values.map((v) => `sum(${v}) <> 0`).join(' OR ')}) c`,
    );
    return { version: state.version, diff: rows[0].diff };
  });
  if (!seen) return null;
  return db.transaction(async (tx) => {
    await noDeadline(tx);
    const now = await tx.query<{ version: string }>(
      'SELECT xmin::text AS version FROM rollup_state FOR UPDATE',
    );
    if (now.rows[0].version !== seen.version) return AGAIN;
    await tx.query(
      `INSERT INTO ${table} AS r (${k}, ${values.join(', ')})
       SELECT ${k}, ${values.join(', ')} FROM json_populate_recordset(null::${table}, $1::json)
       ON CONFLICT (${k}) DO UPDATE SET ${values.map((v) => `${v} = r.${v} + EXCLUDED.${v}`).join(', ')}`,
      [JSON.stringify(seen.diff)],
    );
    await markRebuilt(tx, table);
    const { rows } = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    return { rows: rows[0].n, corrected: seen.diff.length };
  });
}

/** The performance rebuild reads whole tables: hash joins (a small city's estimates may pick a
 * nested loop that runs the journeys' aggregate once per appointment). */
async function rebuildPerformanceRows(tx: Tx) {
  await tx.query('SET LOCAL enable_nestloop = off');
  await tx.query('SELECT rebuild_performance_rollups()');
}

/**
 * The performance rollups. `inOne`: one transaction that waits for the lock and holds writers of
 * appointments and journeys until it ends (before serving). Otherwise (the caller holds the lock)
 * writers note the appointments they touch while the rollups are rebuilt whole; those are
 * computed again in short transactions, the last of them with the rollups marked fresh.
 */
async function rebuildPerformance(db: Runner, inOne: boolean): Promise<Outcome | typeof AGAIN> {
  const part = 'performance';
  const finish = async (tx: Tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${NOTING_LOCK})`); // no writer notes any more
    await catchUp(tx);
    await markRebuilt(tx, part);
  };
  if (inOne) {
    const done = await db.transaction(async (tx) => {
      await noDeadline(tx);
      await tx.query(`SELECT pg_advisory_xact_lock(${REBUILD_LOCK})`);
      // A load that marks the rollups stale again waits for this transaction.
      const state = await tx.query<{ fresh: boolean }>(`${STATE} FOR UPDATE`, [part]);
      if (state.rows[0].fresh) return false;
      await rebuildPerformanceRows(tx);
      await finish(tx);
      return true;
    });
    if (!done) return null;
  } else {
    const version = await db.transaction(async (tx) => {
      await noDeadline(tx);
      const state = (await tx.query<{ version: string; fresh: boolean }>(STATE, [part])).rows[0];
      if (state.fresh) return null;
      await rebuildPerformanceRows(tx);
      return state.version;
    });
    if (version === null) return null;
    for (let i = 0; i < 10 && (await db.transaction(catchUp)) > 0; i++);
    const again = await db.transaction(async (tx) => {
      const now = await tx.query<{ version: string }>(
        'SELECT xmin::text AS version FROM rollup_state FOR UPDATE',
      );
      if (now.rows[0].version !== version) return true;
      await finish(tx);
      return false;
    });
    if (again) return AGAIN;
  }
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM appointment_performance');
  return { rows: rows[0].n };
}

/** Rebuilds one rollup if it is still stale, starting over (a few times) if a load marks it stale again. */
async function rebuild(db: Runner, part: Rollup, inOne: boolean): Promise<Outcome> {
  for (let attempt = 0; ; attempt++) {
    const outcome =
      part === 'performance' ? await rebuildPerformance(db, inOne) : await rebuildMonitoring(db, part);
    if (outcome !== AGAIN) return outcome;
    if (attempt === 3) throw new Error(`rollup_state keeps changing under the rebuild of ${part}`);
  }
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
    const done = await rebuild(db, part, inOne);
    const secs = seconds(t);
    if (done)
      report('INFO', `Rollup ${part} dibangun ulang: ${done.rows} baris dalam ${secs} detik`, {
        rollup: part,
        ...done,
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
 * session lock every rebuilder takes; false at once when another process holds it (or, `wait`:
 * once it is free, rebuilds what that process left).
 */
export async function rebuildRollupsBehind(
  s: Runner,
  report: Report,
  doing: (task: string | null) => void,
  { wait = false } = {},
): Promise<boolean> {
  const lock = wait ? 'pg_advisory_lock' : 'pg_try_advisory_lock';
  const { rows } = await s.query<{ got: boolean | '' }>(`SELECT ${lock}(${REBUILD_LOCK}) AS got`);
  if (rows[0].got === false) return false;
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
