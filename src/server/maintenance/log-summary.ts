/**
 * The request-log summary (migration 030) of a database that had request logs before it: filled
 * from the per-millisecond rollups one month at a time, without holding up the log writer.
 * For each month, from one snapshot, the difference between what the rollups give and what the
 * summary holds; then, in a short transaction, that difference added to the summary, which the
 * log's trigger has kept adding to meanwhile: the sum is what the summary would hold had it
 * always been there. Any change of api_request_summary_state (another filler's month, a
 * retention drop while it is not filled) between the two makes the month start over.
 * Until it is filled, the metrics read the per-millisecond rollups (src/server/logs/api-metrics.ts).
 */
import type { Queryable, Tx } from '../db/db.js';
import type { Runner } from './rollups.js';
import { quiet, seconds, type Report } from './report.js';

/** Advisory lock (with the schema's hash) of whoever fills the summary behind a served console. */
const FILL_LOCK = `727104, hashtext(current_schema())`;
/** The state row's version (its xmin, new with every change) and whether the summary is filled. */
const STATE = 'SELECT xmin::text AS version, filled FROM api_request_summary_state';
/** fillMonth's answer when the state changed under it. */
export const AGAIN = Symbol('again');

/** The summary's rows of [$1, $2) that differ from what the per-millisecond rollups give, and by how much. */
const DIFF = `
  SELECT coalesce(json_agg(d), '[]'::json) AS diff FROM (
    SELECT span, at, method, route_pattern, coalesce(l.n, 0) - coalesce(s.n, 0) AS n,
           coalesce(l.ok, 0) - coalesce(s.ok, 0) AS ok, coalesce(l.sum_ms, 0) - coalesce(s.sum_ms, 0) AS sum_ms,
           latency_hist_add(coalesce(l.hist, '{}'), coalesce(s.hist, '{}'), -1) AS hist
      FROM (SELECT * FROM api_request_summary_live WHERE at >= $1::timestamptz AND at < $2::timestamptz) l
      FULL JOIN (SELECT * FROM api_request_summary WHERE at >= $1::timestamptz AND at < $2::timestamptz) s
           USING (span, at, method, route_pattern)
     WHERE l.n IS DISTINCT FROM s.n OR l.ok IS DISTINCT FROM s.ok OR l.hist IS DISTINCT FROM s.hist) d`;

const APPLY = `
  INSERT INTO api_request_summary AS s (span, at, method, route_pattern, n, ok, sum_ms, hist)
  SELECT span, at, method, route_pattern, n, ok, sum_ms, hist
    FROM json_populate_recordset(null::api_request_summary, $1::json) ORDER BY 1, 2, 3, 4
  ON CONFLICT (span, at, method, route_pattern) DO UPDATE
    SET n = s.n + EXCLUDED.n, ok = s.ok + EXCLUDED.ok, sum_ms = s.sum_ms + EXCLUDED.sum_ms,
        hist = latency_hist_add(s.hist, EXCLUDED.hist, 1)`;

const noDeadline = (tx: Tx) => tx.query('SET LOCAL statement_timeout = 0');

/** Whether the summary still has to be filled (read now, not cached). */
export async function summaryToFill(q: Queryable): Promise<boolean> {
  const { rows } = await q.query<{ filled: boolean }>(STATE);
  return rows[0] ? !rows[0].filled : false;
}

/** The UTC months the per-millisecond rollups hold, oldest first, as [from, to) ISO instants. */
async function months(q: Queryable): Promise<[string, string][]> {
  const { rows } = await q.query<{ from: string; to: string }>(
    `SELECT to_char(m, 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS from,
            to_char(m + interval '1 month', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS to
       FROM generate_series((SELECT date_trunc('month', min(hour) AT TIME ZONE 'UTC') FROM api_request_hourly),
                            (SELECT max(hour) AT TIME ZONE 'UTC' FROM api_request_hourly), interval '1 month') m`,
  );
  return rows.map((r) => [r.from, r.to]);
}

/** The month's difference from one snapshot, then added; AGAIN when the state changed between. */
export async function fillMonth(
  db: Runner,
  [from, to]: [string, string],
  between: () => Promise<void> = async () => undefined,
): Promise<number | typeof AGAIN> {
  const seen = await db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    await noDeadline(tx);
    const state = (await tx.query<{ version: string }>(STATE)).rows[0];
    const { rows } = await tx.query<{ diff: unknown[] }>(DIFF, [from, to]);
    return { version: state.version, diff: rows[0].diff };
  });
  await between();
  if (!seen.diff.length) return 0;
  return db.transaction(async (tx) => {
    await noDeadline(tx);
    const now = (await tx.query<{ version: string }>(`${STATE} FOR UPDATE`)).rows[0];
    if (now.version !== seen.version) return AGAIN;
    await tx.query(APPLY, [JSON.stringify(seen.diff)]);
    await tx.query('DELETE FROM api_request_summary WHERE at >= $1 AND at < $2 AND n <= 0', [from, to]);
    await tx.query('UPDATE api_request_summary_state SET filled = filled'); // a new version
    return seen.diff.length;
  });
}

/**
 * Fills the summary if it is not filled, month by month, saying what it does; returns the rows
 * it corrected, or null when there was nothing to do. Safe beside the log writer, the retention
 * and another filler.
 */
export async function fillLogSummary(
  db: Runner,
  report: Report = quiet,
  doing: (task: string | null) => void = () => undefined,
): Promise<number | null> {
  if (!(await summaryToFill(db))) return null;
  const todo = await months(db);
  const t = performance.now();
  report('INFO', `Mengisi ringkasan log API (${todo.length} bulan) di latar belakang`, {
    months: todo.length,
  });
  let corrected = 0;
  for (const [i, month] of todo.entries()) {
    doing(`ringkasan log API: bulan ${i + 1} dari ${todo.length}`);
    for (let attempt = 0; ; attempt++) {
      const n = await fillMonth(db, month);
      if (n !== AGAIN) {
        corrected += n;
        break;
      }
      if (attempt === 3)
        throw new Error(`api_request_summary_state keeps changing under the fill of ${month[0]}`);
    }
  }
  await db.query('UPDATE api_request_summary_state SET filled = true');
  const secs = seconds(t);
  report('INFO', `Ringkasan log API terisi: ${corrected} baris dalam ${secs} detik`, {
    corrected,
    seconds: secs,
  });
  doing(null);
  return corrected;
}

/**
 * Behind a served console, on a connection of its own: fills the summary under the lock every
 * filler behind a console takes; false at once when another process holds it.
 */
export async function fillLogSummaryBehind(
  s: Runner,
  report: Report,
  doing: (task: string | null) => void,
): Promise<boolean> {
  const { rows } = await s.query<{ got: boolean }>(`SELECT pg_try_advisory_lock(${FILL_LOCK}) AS got`);
  if (!rows[0].got) return false;
  try {
    await fillLogSummary(s, report, doing);
  } finally {
    await s.query(`SELECT pg_advisory_unlock(${FILL_LOCK})`).catch(() => undefined);
  }
  return true;
}
