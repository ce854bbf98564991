import type { Queryable } from '../db/db.js';

/**
 * How many rows a list has, without counting millions of rows for every page.
 *
 * - Up to EXACT_COUNT_LIMIT matching rows the count is exact (counting at most that many rows
 *   stays cheap whatever the table's size; list.ts counts them in the same pass as the page).
 * - Past it the total is the planner's estimate, marked `estimated` so that the screen says
 *   "sekitar …": for an unfiltered list the table's own statistics (pg_class.reltuples, kept
 *   a few seconds per table), for a filtered one the row estimate of the query plan.
 */
export const EXACT_COUNT_LIMIT = 10_000;
const TABLE_ESTIMATE_TTL_MS = 5_000;

export interface ListTotal {
  total: number;
  estimated: boolean;
}

/** Per database handle (each schema or replica its own), per table. */
const tableStatistics = new WeakMap<object, Map<string, { rows: number; pages: number; at: number }>>();

/** The table's row and page counts from its statistics, or null when it has none (never analyzed). */
export async function tableStats(
  db: Queryable,
  table: string,
): Promise<{ rows: number; pages: number } | null> {
  let known = tableStatistics.get(db);
  if (!known) tableStatistics.set(db, (known = new Map()));
  const cached = known.get(table);
  if (cached && Date.now() - cached.at < TABLE_ESTIMATE_TTL_MS) return cached;
  // A partitioned table (the logs, migration 027) has no statistics of its own: its partitions'
  // add up, those never analyzed yet (a new month) counted as empty.
  const { rows } = await db.query<{ n: number | null; pages: number }>(
    `SELECT sum(c.reltuples) FILTER (WHERE c.reltuples >= 0)::bigint AS n, coalesce(sum(c.relpages), 0)::int AS pages
       FROM pg_class c
      WHERE (c.oid = to_regclass($1) AND c.relkind <> 'p')
         OR c.oid IN (SELECT relid FROM pg_partition_tree(to_regclass($1)) WHERE isleaf)`,
    [table],
  );
  const n = rows[0]?.n ?? null;
  if (n === null) return null;
  const stats = { rows: Number(n), pages: Number(rows[0].pages), at: Date.now() };
  known.set(table, stats);
  return stats;
}

/** The planner's row estimate for `SELECT 1 FROM <from> <where>`. */
export async function planEstimate(db: Queryable, from: string, whereSql: string, params: unknown[]) {
  const { rows } = await db.query<{ 'QUERY PLAN': unknown }>(
    `EXPLAIN (FORMAT JSON) SELECT 1 FROM ${from} ${whereSql}`,
    params,
  );
  const raw = rows[0]?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  return Math.round(plan[0]?.Plan?.['Plan Rows'] ?? 0);
}

/**
 * The total of an unfiltered list: the table's statistics once it is large, else an exact
 * count (cheap below that size).
 * @param from a quoted table name (an identifier, not user input)
 * @param table the table's plain name, for its statistics
 */
export async function tableTotal(db: Queryable, from: string, table: string): Promise<ListTotal> {
  const estimate = (await tableStats(db, table))?.rows ?? null;
  if (estimate !== null && estimate > EXACT_COUNT_LIMIT * 2) return { total: estimate, estimated: true };
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${from}`);
  return { total: rows[0].n, estimated: false };
}
