/**
 * Runs one import job over its uploaded file: rows read and checked a group at a time into
 * batches (batch.ts), each batch (unless a dry run) written in one transaction together with its
 * rejected rows and its counts, two side by side on PostgreSQL (pipeline.ts), so that a server
 * stopped at any moment leaves whole batches or nothing of one, and counts that match them. A
 * cancel is seen between batches.
 */
import { rm, stat } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/db.js';
import type { ResourceDeclaration } from '../../domain/resource.js';
import { logActivity } from '../plugins/audit.js';
import type { ResourceModel } from '../resources/model.js';
import { fieldLabel, mapColumns, type ColumnField } from './fields.js';
import {
  CANCELLED,
  finishJob,
  INTERRUPTED,
  saveProgress,
  startJob,
  type JobStatus,
  type Progress,
} from './jobs.js';
import { BATCH_ROWS, batchRunner, GROUP_ROWS, noProgress, type Batch } from './batch.js';
import { openWriters, WRITERS, WritePipeline } from './pipeline.js';
import type { SourceRow } from './rows.js';
import { EMPTY_FILE, FileError, openTable } from './source.js';
import { secretsKeptByKey } from './rows.js';

export { BATCH_ROWS };
export const NO_COLUMN_KNOWN =
  'Tidak ada kolom yang dikenali: gunakan judul kolom hasil ekspor atau nama field, atau atur pemetaan kolom';
export const STOPPED_AT = (row: number, dryRun: boolean) =>
  `Impor dihentikan pada baris ${row} karena datanya tidak valid${dryRun ? '' : '; baris sebelumnya sudah tersimpan'}`;
export const FAILED = 'Impor gagal karena kesalahan pada server';
export const MISSING_COLUMNS = (labels: string[]) => `Kolom wajib tidak ada di berkas: ${labels.join(', ')}`;

/**
 * Required fields no column fills (and nothing fills for the importer): no row could be imported.
 * A secret (a password) of a resource with a natural key is not one: a row naming an existing
 * record keeps its secret, and only a new record's row needs it (rows.ts).
 */
function missingRequired(job: ImportJob, columns: ColumnField[]): string[] {
  const { m, request } = job;
  const mapped = new Set(columns.map((c) => c.field));
  const filled = new Set<string>();
  if (request.admin?.username) filled.add('created_by');
  if (m.scope(request) && m.decl.facilityColumn) filled.add(m.decl.facilityColumn);
  if (secretsKeptByKey(m)) for (const f of m.secrets) filled.add(f);
  return m.required.filter((f) => !mapped.has(f) && !filled.has(f) && m.props[f].default === undefined);
}

/** Past this size a file's progress moves in many steps of BATCH_ROWS anyway. */
const SMALL_FILE_BYTES = 16 * 1024 * 1024;

/**
 * Rows per written batch: BATCH_ROWS for a large file, fewer for a small one, so that its
 * progress moves in about twenty steps instead of one (the rows it will hold are guessed from
 * the bytes read for the first rows, which may be more than they took: a guess on the low side).
 */
export function batchRowsFor(fileBytes: number, bytesRead: number, rowsRead: number): number {
  if (!rowsRead || !bytesRead || fileBytes > SMALL_FILE_BYTES) return BATCH_ROWS;
  const rows = (fileBytes / bytesRead) * rowsRead;
  return Math.min(BATCH_ROWS, Math.max(GROUP_ROWS, Math.ceil(rows / 20 / GROUP_ROWS) * GROUP_ROWS));
}

export interface ImportJob {
  id: number;
  m: ResourceModel;
  /** The uploaded file (removed when the job ends). */
  path: string;
  mapping: Record<string, string | null> | undefined;
  /** A child resource's parent record (its column and id): every row goes below it. */
  parent?: { column: string; id: number } | null;
  dryRun: boolean;
  onError: 'skip' | 'stop';
  /** The upload's request: who imports (their facility scope), for write hooks and the audit. */
  request: FastifyRequest;
  secretKey?: string;
  /** Every declared resource (the references of a row may name any of them). */
  resources: ResourceDeclaration[];
  /** Aborted when the server stops: the job ends after its batch, as interrupted. */
  stopping?: AbortSignal;
}

export async function runImport(db: Db, job: ImportJob): Promise<void> {
  const { id, m, request } = job;
  const counts = noProgress();
  let source: Awaited<ReturnType<typeof openTable>> | undefined;
  let writers: Awaited<ReturnType<typeof openWriters>> | undefined;
  let pipeline: WritePipeline<Batch> | undefined;
  try {
    if (job.stopping?.aborted) return void (await finishJob(db, id, 'failed', INTERRUPTED));
    if (!(await startJob(db, id))) return;
    source = await openTable(job.path);
    const rows = source.rows[Symbol.asyncIterator]();
    const first = await rows.next();
    if (first.done) throw new FileError(EMPTY_FILE);
    const headers = first.value.cells.map((h) => h.replace(/^\uFEFF/, '').trim());
    const columns = mapColumns(m, headers, job.mapping);
    await saveProgress(db, id, counts, [], { columns: headers, fields: columns });
    if (!columns.some((c) => c.field)) throw new FileError(NO_COLUMN_KNOWN);
    const missing = missingRequired(job, columns);
    if (missing.length) throw new FileError(MISSING_COLUMNS(missing.map((f) => fieldLabel(m.decl, f))));
    writers = await openWriters(db, job.dryRun ? 1 : WRITERS);
    const batches = await batchRunner(db, job, columns, counts, writers.transactions.length > 1);
    pipeline = new WritePipeline(writers.transactions, batches.write);

    let batch = batches.empty();
    let group: SourceRow[] = [];
    const fileBytes = (await stat(job.path)).size;
    let batchRows = BATCH_ROWS;
    let rowsSeen = 0;
    // Batches are written while the next ones are read and checked.
    for (;;) {
      const next = await rows.next();
      if (!next.done) group.push({ row: next.value.line, cells: next.value.cells });
      const checking = group.length >= GROUP_ROWS || (next.done && group.length > 0);
      if (checking) {
        if (!rowsSeen) batchRows = batchRowsFor(fileBytes, source.bytesRead(), group.length);
        rowsSeen += group.length;
        await batches.add(batch, group);
        group = [];
      }
      const stopped = batches.state.stoppedAt !== null;
      if (batch.rows >= batchRows || stopped || (next.done && batch.rows)) {
        batch.bytes = source.bytesRead();
        if (!(await pipeline.dispatch(batch))) break;
        batch = batches.empty();
      }
      if (next.done || stopped || pipeline.cancelled || job.stopping?.aborted) break;
      // Lets the database's answers in between groups: the batches being written go on meanwhile.
      if (checking) await new Promise((resolve) => setImmediate(resolve));
    }
    await pipeline.finish();
    const cancelled = pipeline.cancelled;
    if (cancelled) await conclude(db, job, counts, 'cancelled', CANCELLED);
    else if (job.stopping?.aborted) await conclude(db, job, counts, 'failed', INTERRUPTED);
    else if (batches.state.stoppedAt !== null)
      await conclude(db, job, counts, 'failed', STOPPED_AT(batches.state.stoppedAt, job.dryRun));
    else await conclude(db, job, counts, 'done', null);
  } catch (err) {
    // Batches already being written end first: the counts then match what was written.
    await pipeline?.finish().catch(() => undefined);
    if (!(err instanceof FileError)) request.log.error({ err }, 'import failed');
    const message = err instanceof FileError ? err.message : FAILED;
    await conclude(db, job, counts, 'failed', message).catch(() => undefined);
  } finally {
    await writers?.close();
    source?.close();
    await rm(job.path, { force: true }).catch(() => undefined);
  }
}

/**
 * Ends the job with its status and, for a real run, its one activity-log row (who, which file,
 * what it did), together.
 */
async function conclude(db: Db, job: ImportJob, counts: Progress, status: JobStatus, error: string | null) {
  await db.transaction(async (tx) => {
    if (status === 'done')
      await tx.query('UPDATE import_jobs SET bytes_read = bytes_total WHERE id = $1', [job.id]);
    await finishJob(tx, job.id, status, error);
    if (!job.dryRun) await audit(tx, job, counts);
  });
}

async function audit(tx: Tx, job: ImportJob, counts: Progress) {
  const { rows } = await tx.query<{ file_name: string; status: string }>(
    'SELECT file_name, status FROM import_jobs WHERE id = $1',
    [job.id],
  );
  await logActivity(tx, job.request, {
    action: 'IMPORT',
    table: job.m.auditName,
    recordId: job.id,
    status: 200,
    details: {
      import_id: job.id,
      file_name: rows[0]?.file_name,
      status: rows[0]?.status,
      rows_read: counts.rows_read,
      rows_inserted: counts.rows_inserted,
      rows_updated: counts.rows_updated,
      rows_unchanged: counts.rows_unchanged,
      rows_rejected: counts.rows_rejected,
    },
  });
}
