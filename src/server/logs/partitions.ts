/**
 * The monthly partitions of the logs (migration 027): each log table is partitioned by UTC month
 * on its time column, with a DEFAULT partition that takes any row whose month has none yet.
 * The server makes the months around its clock at start and daily; the seed makes the months it
 * writes history into; retention drops whole months (retention.ts).
 */
import type { Db, Queryable } from '../db/db.js';
import type { LogWriter } from './writer.js';

/** Months kept ready around the clock: the previous one (a day of it at least) and two ahead. */
export const PARTITION_DAYS_BEHIND = 31;
export const PARTITION_MONTHS_AHEAD = 2;

export interface CreatedPartition {
  log_partition: string;
  /** Rows of that month moved out of the DEFAULT partition into it. */
  moved: number;
}

/**
 * Creates the missing monthly partitions from `daysBehind` days before the clock (app_now()) to
 * `monthsAhead` months after it; rows of a new month waiting in a DEFAULT partition move into
 * it in the same transaction. Returns the partitions created.
 */
export async function ensureLogPartitions(
  q: Queryable,
  daysBehind = PARTITION_DAYS_BEHIND,
  monthsAhead = PARTITION_MONTHS_AHEAD,
): Promise<CreatedPartition[]> {
  const { rows } = await q.query<{ log_partition: string; moved: string | number }>(
    `SELECT log_partition, moved FROM ensure_log_partitions(
       app_now() - make_interval(days => $1::int), app_now() + make_interval(months => $2::int))`,
    [daysBehind, monthsAhead],
  );
  return rows.map((r) => ({ log_partition: r.log_partition, moved: Number(r.moved) }));
}

/**
 * The server's own run (at start and daily): in a transaction of its own that waits at most a
 * few seconds for the logs' locks (a long log query must not hold up every log write behind
 * the new partition), with a system log line for what it created.
 */
export async function prepareLogPartitions(db: Db, writer: LogWriter): Promise<CreatedPartition[]> {
  const created = await db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query(`SET LOCAL lock_timeout = '5s'`);
    return ensureLogPartitions(tx);
  });
  if (created.length) {
    const moved = created.reduce((n, p) => n + p.moved, 0);
    writer.system({
      level: 'INFO',
      category: 'DATABASE',
      message:
        `Partisi log dibuat: ${created.map((p) => p.log_partition).join(', ')}` +
        (moved ? ` (${moved} baris dipindahkan dari partisi default)` : ''),
      details: { created },
    });
  }
  return created;
}

export interface DroppedPartition {
  log_table: string;
  log_partition: string;
  from_time: string;
  to_time: string;
  row_count: number;
}

/**
 * Drops every monthly log partition that ends at or before `before` (an ISO instant); the hours
 * and days of a dropped request-log month leave the rollups (drop_log_partitions) and the
 * summary (migration 030) with it. Call it in a transaction.
 */
export async function dropLogPartitions(q: Queryable, before: string): Promise<DroppedPartition[]> {
  // While the summary is being filled, a filler's month computed before this drop starts over
  // (src/server/maintenance/log-summary.ts); one being added now is added before the rows go.
  await q.query('UPDATE api_request_summary_state SET filled = filled WHERE NOT filled');
  const { rows } = await q.query<Record<keyof DroppedPartition, string | number>>(
    `SELECT log_table, log_partition, row_count,
            to_char(from_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS from_time,
            to_char(to_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS to_time
       FROM drop_log_partitions($1::timestamptz)`,
    [before],
  );
  const months = rows.filter((r) => r.log_table === 'api_request_logs');
  if (months.length)
    await q.query(
      `DELETE FROM api_request_summary s USING jsonb_to_recordset($1::jsonb) AS m(from_time timestamptz, to_time timestamptz)
        WHERE s.span IN ('hour', 'day') AND s.at >= m.from_time AND s.at < m.to_time`,
      [JSON.stringify(months.map((r) => ({ from_time: r.from_time, to_time: r.to_time })))],
    );
  return rows.map((r) => ({
    log_table: String(r.log_table),
    log_partition: String(r.log_partition),
    from_time: String(r.from_time),
    to_time: String(r.to_time),
    row_count: Number(r.row_count),
  }));
}
