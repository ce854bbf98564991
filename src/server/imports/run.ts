/**
 * Runs one import job over its uploaded file: rows read in batches, each batch checked and
 * (unless a dry run) written in one transaction together with its rejected rows and the job's
 * counts, so that a server stopped at any moment leaves whole batches or nothing of one, and
 * counts that match them. A cancel is seen between batches.
 */
import { rm } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/db.js';
import type { ResourceDeclaration } from '../../domain/resource.js';
import { logActivity } from '../plugins/audit.js';
import type { ResourceModel } from '../resources/model.js';
import { writeValues } from '../resources/write-values.js';
import { mapColumns, type ColumnField } from './fields.js';
import {
  CANCELLED,
  finishJob,
  INTERRUPTED,
  MAX_PROBLEMS,
  saveProgress,
  saveRejected,
  startJob,
  type JobStatus,
  type Problem,
  type Progress,
  type RejectedRow,
} from './jobs.js';
import { rowChecker, type CheckedRow, type SourceRow } from './rows.js';
import { EMPTY_FILE, FileError, openTable } from './source.js';
import { batchWriter, columnTypes } from './writer.js';

export const BATCH_ROWS = 2000;
export const NO_COLUMN_KNOWN =
  'Tidak ada kolom yang dikenali: gunakan judul kolom hasil ekspor atau nama field, atau atur pemetaan kolom';
export const STOPPED_AT = (row: number, dryRun: boolean) =>
  `Impor dihentikan pada baris ${row} karena datanya tidak valid${dryRun ? '' : '; baris sebelumnya sudah tersimpan'}`;
export const FAILED = 'Impor gagal karena kesalahan pada server';

export interface ImportJob {
  id: number;
  m: ResourceModel;
  /** The uploaded file (removed when the job ends). */
  path: string;
  mapping: Record<string, string | null> | undefined;
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

/** The rejected row for the rejected-rows file: its cells (secrets blanked), its number and the reasons. */
function rejectedRow(
  row: SourceRow,
  problems: Problem[],
  columns: ColumnField[],
  secrets: string[],
): RejectedRow {
  return {
    row_number: row.row,
    cells: columns.map((c, i) => (c.field && secrets.includes(c.field) ? '' : (row.cells[i] ?? ''))),
    message: `Baris ${row.row}: ${problems.map((p) => (p.column ? `${p.column}: ${p.message}` : p.message)).join('; ')}`,
  };
}

const emptyCounts = (): Progress => ({
  bytes_read: 0,
  rows_read: 0,
  rows_inserted: 0,
  rows_updated: 0,
  rows_unchanged: 0,
  rows_rejected: 0,
});

/**
 * The work of one batch for a job whose file has these columns: check the rows, write the
 * good ones (unless a dry run), keep the rejected ones and the counts, in one transaction.
 * Answers whether a cancel was asked for; `stoppedAt` is the bad row a 'stop' job ended on.
 */
async function batchRunner(db: Db, job: ImportJob, columns: ColumnField[], counts: Progress) {
  const { id, m, request } = job;
  const admin = request.admin;
  const facility = admin?.effectiveRole === 'medical_facility' ? (admin.medical_facility_id ?? -1) : null;
  const checker = rowChecker(m, columns, { username: admin?.username ?? null, facility }, job.resources);
  const { storedValues } = writeValues(m, job.secretKey);
  const writer = job.dryRun
    ? null
    : batchWriter(m, {
        types: await columnTypes(db, m.decl.table),
        updatable: columns.flatMap((c) => (c.field && !m.secrets.includes(c.field) ? [c.field] : [])),
        facility,
        request,
      });
  const state = { problemsKept: 0, stoppedAt: null as number | null };
  // Stored as checked where no value is hashed, encrypted or forced to the caller's facility.
  const plain = !m.secrets.length && !m.scope(request);

  /** Checks a batch (outside any transaction, so the next batch is checked while one is written). */
  async function check(part: SourceRow[]): Promise<Checked> {
    const checked = await checker.check(db, part);
    const firstBad = job.onError === 'stop' ? checked.findIndex((c) => c.problems.length) : -1;
    const considered = firstBad >= 0 ? checked.slice(0, firstBad + 1) : checked;
    if (firstBad >= 0) state.stoppedAt = checked[firstBad].row;
    const good = considered.filter((c) => !c.problems.length);
    const values = !writer
      ? []
      : plain
        ? good.map((g) => g.record)
        : await Promise.all(good.map((g) => storedValues(request, { ...g.record })));
    return { considered, good, values, rejected: considered.filter((c) => c.problems.length) };
  }

  async function writeGood(tx: Tx, { good, values, rejected }: Checked) {
    const written = await writer!.write(
      tx,
      values,
      good.map((g) => g.record),
    );
    counts.rows_inserted += written.inserted;
    counts.rows_updated += written.updated;
    counts.rows_unchanged += written.unchanged;
    for (const f of written.failed) {
      const row = good[f.index];
      const column = columns.find((c) => c.field === f.field)?.column ?? null;
      row.problems.push({ row: row.row, column, value: null, message: f.message });
      rejected.push(row);
    }
    rejected.sort((a, b) => a.row - b.row);
  }

  /** Writes a checked batch with its rejected rows and the counts; answers whether a cancel was asked. */
  const write = (batch: Checked, bytes: number) =>
    db.transaction(async (tx) => {
      if (db.kind === 'postgres') await tx.query("SET LOCAL statement_timeout = '120s'");
      if (writer && batch.good.length) await writeGood(tx, batch);
      counts.rows_read += batch.considered.length;
      counts.rows_rejected += batch.rejected.length;
      counts.bytes_read = bytes;
      const problems = batch.rejected
        .flatMap((r) => r.problems)
        .slice(0, Math.max(0, MAX_PROBLEMS - state.problemsKept));
      state.problemsKept += problems.length;
      await saveRejected(
        tx,
        id,
        batch.rejected.map((r) => rejectedRow(r, r.problems, columns, m.secrets)),
      );
      return saveProgress(tx, id, counts, problems);
    });
  return { check, write, state };
}

interface Checked {
  /** The rows taken (a 'stop' job's batch ends at its first bad row). */
  considered: CheckedRow[];
  good: CheckedRow[];
  /** The good rows' column values, as stored. */
  values: Record<string, unknown>[];
  rejected: CheckedRow[];
}

export async function runImport(db: Db, job: ImportJob): Promise<void> {
  const { id, m, request } = job;
  const counts = emptyCounts();
  let source: Awaited<ReturnType<typeof openTable>> | undefined;
  try {
    if (job.stopping?.aborted) return void (await finishJob(db, id, 'failed', INTERRUPTED));
    if (!(await startJob(db, id))) return;
    source = await openTable(job.path);
    const rows = source.rows[Symbol.asyncIterator]();
    const first = await rows.next();
    if (first.done) throw new FileError(EMPTY_FILE);
    const headers = first.value.map((h) => h.replace(/^\uFEFF/, '').trim());
    const columns = mapColumns(m, headers, job.mapping);
    await saveProgress(db, id, counts, [], { columns: headers, fields: columns });
    if (!columns.some((c) => c.field)) throw new FileError(NO_COLUMN_KNOWN);
    const batch = await batchRunner(db, job, columns, counts);

    let part: SourceRow[] = [];
    let number = 0;
    let cancelled = false;
    // One batch is written while the next is read and checked.
    let writing: Promise<boolean> | null = null;
    for (;;) {
      const next = await rows.next();
      if (!next.done) part.push({ row: ++number, cells: next.value });
      if (part.length >= BATCH_ROWS || (next.done && part.length)) {
        const bytes = source.bytesRead();
        const checked = await batch.check(part);
        part = [];
        if (writing && (await writing)) {
          cancelled = true;
          writing = null;
          break;
        }
        writing = batch.write(checked, bytes);
        writing.catch(() => undefined); // awaited below; not an unhandled rejection meanwhile
        if (batch.state.stoppedAt !== null || job.stopping?.aborted) break;
      }
      if (next.done) break;
    }
    if (writing) cancelled = (await writing) || cancelled;
    if (cancelled) await conclude(db, job, counts, 'cancelled', CANCELLED);
    else if (job.stopping?.aborted) await conclude(db, job, counts, 'failed', INTERRUPTED);
    else if (batch.state.stoppedAt !== null)
      await conclude(db, job, counts, 'failed', STOPPED_AT(batch.state.stoppedAt, job.dryRun));
    else await conclude(db, job, counts, 'done', null);
  } catch (err) {
    if (!(err instanceof FileError)) request.log.error({ err }, 'import failed');
    const message = err instanceof FileError ? err.message : FAILED;
    await conclude(db, job, counts, 'failed', message).catch(() => undefined);
  } finally {
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
