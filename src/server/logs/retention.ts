/**
 * Log retention: rows older than LOG_RETENTION_DAYS leave every log table, in small batches
 * (each within the statement deadline), daily and on the super admin's request; each run is
 * itself a system log. Expired sessions are swept every hour, which closes their login-history
 * rows (session length) through the sessions trigger of migration 007.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db.js';
import type { Config } from '../config.js';
import { work } from '../db/work.js';
import type { LogWriter } from './writer.js';

/** Each log table and the column its age is read from. */
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

export interface CleanupResult {
  days: number;
  cutoff: string;
  deleted: Record<LogTable, number>;
  total: number;
}

export async function cleanupLogs(
  db: Db,
  writer: LogWriter,
  days: number,
  by: { id: number; username: string } | null,
): Promise<CleanupResult> {
  const { rows } = await db.query<{ cutoff: string }>(
    `SELECT to_char((app_now() - make_interval(days => $1)) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS cutoff`,
    [days],
  );
  const cutoff = rows[0].cutoff;
  const deleted = {} as Record<LogTable, number>;
  for (const [table, column] of Object.entries(LOG_TABLES) as [LogTable, string][]) {
    deleted[table] = 0;
    for (;;) {
      const res = await db.query(
        `DELETE FROM ${table} WHERE id IN
           (SELECT id FROM ${table} WHERE ${column} < $1::timestamptz ORDER BY ${column}, id LIMIT ${BATCH})`,
        [cutoff],
      );
      deleted[table] += res.rowCount;
      if (res.rowCount < BATCH) break;
    }
  }
  const total = Object.values(deleted).reduce((a, b) => a + b, 0);
  writer.system({
    level: 'INFO',
    category: 'DATABASE',
    message: `Retensi log (${days} hari): ${total} baris sebelum ${cutoff} dihapus${by ? ` oleh ${by.username}` : ' (terjadwal)'}`,
    admin_id: by?.id ?? null,
    username: by?.username ?? null,
    details: { days, cutoff, deleted },
  });
  return { days, cutoff, deleted, total };
}

/** Ended sessions leave; their login-history rows get logout time and length (trigger). */
export async function sweepExpiredSessions(db: Db): Promise<number> {
  const res = await db.query('DELETE FROM sessions WHERE expires_at <= app_now()');
  return res.rowCount;
}

/** Daily retention and hourly session sweep; returns the function that stops both. */
export function scheduleRetention(db: Db, config: Config, writer: LogWriter, log: FastifyBaseLogger) {
  const run = (what: string, fn: () => Promise<unknown>) =>
    void work.exit(fn).catch((err) => {
      log.error({ err }, `${what} failed`);
      writer.system({
        level: 'ERROR',
        category: 'DATABASE',
        message: `${what} gagal: ${err instanceof Error ? err.message : String(err)}`,
      });
    });
  const daily = setInterval(
    () => run('Retensi log', () => cleanupLogs(db, writer, config.logs.retentionDays, null)),
    DAY_MS,
  );
  const hourly = setInterval(
    () => run('Pembersihan sesi kedaluwarsa', () => sweepExpiredSessions(db)),
    HOUR_MS,
  );
  // The first run a few minutes after start, not in the middle of it.
  const first = setTimeout(() => {
    run('Pembersihan sesi kedaluwarsa', () => sweepExpiredSessions(db));
    run('Retensi log', () => cleanupLogs(db, writer, config.logs.retentionDays, null));
  }, 5 * 60_000);
  for (const t of [daily, hourly, first]) t.unref();
  return () => {
    clearInterval(daily);
    clearInterval(hourly);
    clearTimeout(first);
  };
}
