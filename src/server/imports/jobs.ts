/**
 * Import jobs as rows of import_jobs (migration 024): created by the upload, advanced batch by
 * batch by the process that runs them (in the batch's own transaction, so the counts always
 * match what was written), read by whoever polls, from any process.
 */
import type { Db, Queryable } from '../db/db.js';

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** At most this many problems are kept on a job (every rejected row is kept for the file). */
export const MAX_PROBLEMS = 1000;
/** A job whose process has not beaten for this long was interrupted (the server stopped). */
export const HEARTBEAT_STALE_SECONDS = 30;
export const HEARTBEAT_EVERY_MS = 5000;
export const INTERRUPTED =
  'Impor terhenti karena server berhenti atau dimulai ulang; baris yang sudah tersimpan tetap ada';
export const CANCELLED = 'Impor dibatalkan';

export interface Problem {
  /** The data row, 1-based as in the file (the header row is not counted). */
  row: number;
  column: string | null;
  value: string | null;
  message: string;
}

export interface NewJob {
  resource: string;
  file_name: string;
  admin_id: number | null;
  username: string | null;
  dry_run: boolean;
  on_error: 'skip' | 'stop';
  bytes_total: number;
}

/** The job as GET /api/imports/:id answers it (without the creator's id). */
const PRESENTED = `id, resource, file_name, status, dry_run, on_error,
  bytes_total, bytes_read, rows_read, rows_inserted, rows_updated, rows_unchanged, rows_rejected,
  CASE WHEN started_at IS NULL OR rows_read = 0 THEN 0
       ELSE round((rows_read / greatest(extract(epoch FROM coalesce(finished_at, app_now()) - started_at), 0.001))::numeric, 1)
  END AS rate,
  CASE WHEN status <> 'running' OR bytes_read = 0 OR bytes_total <= bytes_read THEN NULL
       ELSE ceil(extract(epoch FROM app_now() - started_at) * (bytes_total - bytes_read) / bytes_read)::int
  END AS eta_seconds,
  columns, fields, problems,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
  to_char(started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS started_at,
  to_char(finished_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS finished_at,
  error,
  to_char(undone_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS undone_at,
  (status IN ('done', 'failed', 'cancelled') AND NOT dry_run AND undone_at IS NULL
   AND EXISTS (SELECT FROM import_changes c WHERE c.job_id = import_jobs.id)) AS undoable`;

export type PresentedJob = Record<string, unknown> & { id: number; status: JobStatus };

export async function createJob(db: Queryable, job: NewJob): Promise<PresentedJob> {
  const { rows } = await db.query<PresentedJob>(
    `INSERT INTO import_jobs (resource, file_name, admin_id, username, dry_run, on_error, bytes_total)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${PRESENTED}`,
    [job.resource, job.file_name, job.admin_id, job.username, job.dry_run, job.on_error, job.bytes_total],
  );
  return rows[0];
}

/** Marks interrupted the jobs whose process stopped beating (all of them: `every`, for PGlite's one process). */
export async function sweepInterrupted(
  db: Queryable,
  { id, every = false }: { id?: number; every?: boolean } = {},
) {
  await db.query(
    `UPDATE import_jobs SET status = 'failed', error = $1, finished_at = app_now()
      WHERE status IN ('queued', 'running') AND ($2::int IS NULL OR id = $2)
        AND ($3 OR heartbeat_at < app_now() - make_interval(secs => $4))`,
    [INTERRUPTED, id ?? null, every, HEARTBEAT_STALE_SECONDS],
  );
}

/** The job and who created it, or null. */
export async function readJob(db: Queryable, id: number) {
  await sweepInterrupted(db, { id });
  const { rows } = await db.query<PresentedJob & { admin_id: number | null }>(
    `SELECT ${PRESENTED}, admin_id FROM import_jobs WHERE id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** queued → running; false when the job is no longer queued (cancelled meanwhile). */
export async function startJob(db: Queryable, id: number): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE import_jobs SET status = 'running', started_at = app_now(), heartbeat_at = app_now()
      WHERE id = $1 AND status = 'queued' RETURNING id`,
    [id],
  );
  return rows.length > 0;
}

export interface Progress {
  bytes_read: number;
  rows_read: number;
  rows_inserted: number;
  rows_updated: number;
  rows_unchanged: number;
  rows_rejected: number;
}

/**
 * Adds a batch's counts and problems to the job's, in the caller's transaction (batches written
 * side by side add theirs in whichever order they commit): the problems kept in row order, the
 * first MAX_PROBLEMS of them. Answers whether a cancel was asked for.
 */
export async function saveProgress(
  tx: Queryable,
  id: number,
  p: Progress,
  problems: Problem[],
  extra: { columns?: string[]; fields?: { column: string; field: string | null }[] } = {},
): Promise<boolean> {
  const { rows } = await tx.query<{ cancel_requested: boolean }>(
    `UPDATE import_jobs SET bytes_read = greatest(bytes_read, $2), rows_read = rows_read + $3,
            rows_inserted = rows_inserted + $4, rows_updated = rows_updated + $5,
            rows_unchanged = rows_unchanged + $6, rows_rejected = rows_rejected + $7,
            problems = CASE WHEN $8::jsonb = '[]' THEN problems ELSE
              (SELECT coalesce(jsonb_agg(e.p ORDER BY (e.p->>'row')::int, e.n), '[]')
                 FROM (SELECT p, n FROM jsonb_array_elements(problems || $8::jsonb) WITH ORDINALITY AS a(p, n)
                        ORDER BY (p->>'row')::int, n LIMIT ${MAX_PROBLEMS}) e) END,
            columns = coalesce($9::jsonb, columns), fields = coalesce($10::jsonb, fields),
            heartbeat_at = app_now()
      WHERE id = $1 RETURNING cancel_requested`,
    [
      id,
      p.bytes_read,
      p.rows_read,
      p.rows_inserted,
      p.rows_updated,
      p.rows_unchanged,
      p.rows_rejected,
      JSON.stringify(problems),
      extra.columns ? JSON.stringify(extra.columns) : null,
      extra.fields ? JSON.stringify(extra.fields) : null,
    ],
  );
  return rows[0]?.cancel_requested ?? false;
}

export async function finishJob(db: Queryable, id: number, status: JobStatus, error: string | null = null) {
  await db.query(
    `UPDATE import_jobs SET status = $2, error = $3, finished_at = app_now(), heartbeat_at = app_now()
      WHERE id = $1`,
    [id, status, error],
  );
}

/** Asks a job to stop after its current batch; a job still queued is cancelled at once. */
export async function requestCancel(db: Queryable, id: number) {
  await db.query(
    `UPDATE import_jobs SET cancel_requested = true,
            status = CASE WHEN status = 'queued' THEN 'cancelled' ELSE status END,
            error = CASE WHEN status = 'queued' THEN $2 ELSE error END,
            finished_at = CASE WHEN status = 'queued' THEN app_now() ELSE finished_at END
      WHERE id = $1 AND status IN ('queued', 'running')`,
    [id, CANCELLED],
  );
}

export interface RejectedRow {
  row_number: number;
  cells: string[];
  message: string;
}

export async function saveRejected(tx: Queryable, id: number, rows: RejectedRow[]) {
  if (!rows.length) return;
  await tx.query(
    `INSERT INTO import_rejected_rows (job_id, row_number, cells, message)
     SELECT $1, r.row_number, r.cells, r.message
       FROM jsonb_to_recordset($2::jsonb) AS r(row_number int, cells jsonb, message text)
     ON CONFLICT (job_id, row_number) DO UPDATE SET message = EXCLUDED.message`,
    [id, JSON.stringify(rows)],
  );
}

/** The rejected rows in file order, a page at a time (keyset on the row number). */
export async function* rejectedRows(db: Db, id: number, page = 2000): AsyncGenerator<RejectedRow[]> {
  let after = 0;
  for (;;) {
    const { rows } = await db.query<RejectedRow>(
      `SELECT row_number, cells, message FROM import_rejected_rows
        WHERE job_id = $1 AND row_number > $2 ORDER BY row_number LIMIT $3`,
      [id, after, page],
    );
    if (!rows.length) return;
    yield rows;
    after = rows[rows.length - 1].row_number;
  }
}

/** Keeps the beat of the jobs this process runs, so that a stopped process shows as one. */
export function heartbeat(db: Db) {
  const active = new Set<number>();
  let timer: NodeJS.Timeout | undefined;
  const beat = () =>
    db
      .query('UPDATE import_jobs SET heartbeat_at = app_now() WHERE id = ANY($1::int[])', [[...active]])
      .catch(() => undefined);
  return {
    add(id: number) {
      active.add(id);
      timer ??= setInterval(() => void beat(), HEARTBEAT_EVERY_MS).unref();
    },
    delete(id: number) {
      active.delete(id);
      if (!active.size && timer) {
        clearInterval(timer);
        timer = undefined;
      }
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
