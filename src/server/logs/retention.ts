/**
 * Log retention. The logs are partitioned by UTC month (migration 027, partitions.ts): every
 * month older than LOG_RETENTION_MONTHS leaves at once (its partition dropped, its hours out of
 * the rollups), each drop a system log line. LOG_RETENTION_DAYS, when set, cuts finer: rows
 * older than that many days go too, whole months by a drop and the rest of the month that
 * straddles the cut (and rows waiting in a DEFAULT partition) in small batches, each within the
 * statement deadline. It runs daily and on the super admin's request; each run is itself a
 * system log. Expired sessions are swept every hour, which closes their login-history rows
 * (session length) through the sessions trigger of migration 007.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db.js';
import type { Config } from '../config.js';
import { work } from '../db/work.js';
import type { LogWriter } from './writer.js';
import { dropLogPartitions, prepareLogPartitions, type DroppedPartition } from './partitions.js';

/** Each log table and the column its age is read from (and it is partitioned on). */
export const LOG_TABLES = {
  activity_logs: 'created_at',
  login_history: 'login_time',
  system_logs: 'created_at',
  security_events: 'created_at',
  api_request_logs: 'request_time',
} as const;
export type LogTable = keyof typeof LOG_TABLES;

const BATCH = 5000;
const DAY_MS = 24 * 60 * 60_000;
const HOUR_MS = 60 * 60_000;

/** How long logs are kept: whole months, and optionally a number of days within them. */
export interface Retention {
  months: number;
  days: number | null;
}

export interface CleanupResult {
  months: number;
  days: number | null;
  /** Every log row before this instant is gone. */
  cutoff: string;
  /** The monthly partitions dropped whole. */
  dropped: DroppedPartition[];
  /** Rows removed from each log: those of the dropped partitions and those deleted in batches. */
  deleted: Record<LogTable, number>;
  total: number;
}

/**
 * The cut: the start of the UTC month `months` months before the clock (whole months are kept),
 * or `days` days before the clock when that is later.
 */
async function retentionCutoff(db: Db, { months, days }: Retention): Promise<string> {
  const { rows } = await db.query<{ cutoff: string }>(
    `SELECT to_char(greatest(
              date_trunc('month', (app_now() - make_interval(months => $1::int)) AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
              app_now() - make_interval(days => $2::int)) AT TIME ZONE 'UTC',
            'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS cutoff`,
    [months, days],
  );
  return rows[0].cutoff;
}

/** Rows before the cut that no dropped partition took: a few at a time, newest partitions only. */
async function deleteInBatches(db: Db, table: LogTable, cutoff: string): Promise<number> {
  const column = LOG_TABLES[table];
  let deleted = 0;
  for (;;) {
    // The time condition on the outer statement too: only the partitions before the cut are read.
    const res = await db.query(
      `DELETE FROM ${table} WHERE ${column} < $1::timestamptz AND (id, ${column}) IN
         (SELECT id, ${column} FROM ${table} WHERE ${column} < $1::timestamptz ORDER BY ${column}, id LIMIT ${BATCH})`,
      [cutoff],
    );
    deleted += res.rowCount;
    if (res.rowCount < BATCH) return deleted;
  }
}

const label = ({ months, days }: Retention) => (days !== null ? `${days} hari` : `${months} bulan`);

export async function cleanupLogs(
  db: Db,
  writer: LogWriter,
  retention: Retention,
  by: { id: number; username: string } | null,
): Promise<CleanupResult> {
  const cutoff = await retentionCutoff(db, retention);
  const who = by ? ` oleh ${by.username}` : ' (terjadwal)';
  const dropped = await db.transaction(async (tx) => {
    // Dropping a partition waits for the log's readers: a few seconds at most, then next time.
    if (db.kind === 'postgres') await tx.query(`SET LOCAL lock_timeout = '5s'`);
    return dropLogPartitions(tx, cutoff);
  });
  const deleted = {} as Record<LogTable, number>;
  for (const table of Object.keys(LOG_TABLES) as LogTable[]) deleted[table] = 0;
  for (const p of dropped) {
    deleted[p.log_table as LogTable] += p.row_count;
    writer.system({
      level: 'INFO',
      category: 'DATABASE',
      message: `Partisi log ${p.log_partition} dihapus (${p.row_count} baris, ${p.from_time.slice(0, 7)}; retensi ${label(retention)})${who}`,
      admin_id: by?.id ?? null,
      username: by?.username ?? null,
      details: { ...p },
    });
  }
  for (const table of Object.keys(LOG_TABLES) as LogTable[])
    deleted[table] += await deleteInBatches(db, table, cutoff);
  const total = Object.values(deleted).reduce((a, b) => a + b, 0);
  writer.system({
    level: 'INFO',
    category: 'DATABASE',
    message: `Retensi log (${label(retention)}): ${total} baris sebelum ${cutoff} dihapus, ${dropped.length} partisi bulanan${who}`,
    admin_id: by?.id ?? null,
    username: by?.username ?? null,
    details: { ...retention, cutoff, deleted, dropped: dropped.map((p) => p.log_partition) },
  });
  return { ...retention, cutoff, dropped, deleted, total };
}

/** Ended sessions leave; their login-history rows get logout time and length (trigger). */
export async function sweepExpiredSessions(db: Db): Promise<number> {
  const res = await db.query('DELETE FROM sessions WHERE expires_at <= app_now()');
  return res.rowCount;
}

/**
 * The months' partitions at start and daily, the daily retention, and the hourly session sweep;
 * returns the function that stops them (and waits for a run under way).
 */
export function scheduleRetention(db: Db, config: Config, writer: LogWriter, log: FastifyBaseLogger) {
  const running = new Set<Promise<unknown>>();
  const run = (what: string, fn: () => Promise<unknown>) => {
    const p = work
      .exit(fn)
      .catch((err) => {
        log.error({ err }, `${what} failed`);
        writer.system({
          level: 'ERROR',
          category: 'DATABASE',
          message: `${what} gagal: ${err instanceof Error ? err.message : String(err)}`,
        });
      })
      .finally(() => running.delete(p));
    running.add(p);
  };
  const partitions = () => run('Pembuatan partisi log', () => prepareLogPartitions(db, writer));
  const retention = () =>
    run('Retensi log', async () => {
      await prepareLogPartitions(db, writer);
      await cleanupLogs(
        db,
        writer,
        { months: config.logs.retentionMonths, days: config.logs.retentionDays },
        null,
      );
    });
  const sweep = () => run('Pembersihan sesi kedaluwarsa', () => sweepExpiredSessions(db));
  const daily = setInterval(retention, DAY_MS);
  const hourly = setInterval(sweep, HOUR_MS);
  // The months around the clock at once (off the start's path); the first retention run a few
  // minutes after start, not in the middle of it.
  partitions();
  const first = setTimeout(() => {
    sweep();
    retention();
  }, 5 * 60_000);
  for (const t of [daily, hourly, first]) t.unref();
  return async () => {
    clearInterval(daily);
    clearInterval(hourly);
    clearTimeout(first);
    await Promise.all(running);
  };
}
