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

  async function write(tx: Tx, good: CheckedRow[], rejected: CheckedRow[]) {
    const values = await Promise.all(good.map((g) => storedValues(request, { ...g.record })));
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

  const run = (part: SourceRow[], bytes: number) =>
    db.transaction(async (tx) => {
      if (db.kind === 'postgres') await tx.query("SET LOCAL statement_timeout = '120s'");
      const checked = await checker.check(tx, part);
      const firstBad = job.onError === 'stop' ? checked.findIndex((c) => c.problems.length) : -1;
      const considered = firstBad >= 0 ? checked.slice(0, firstBad + 1) : checked;
      if (firstBad >= 0) state.stoppedAt = checked[firstBad].row;
      const good = considered.filter((c) => !c.problems.length);
      const rejected = considered.filter((c) => c.problems.length);
      if (writer && good.length) await write(tx, good, rejected);
      counts.rows_read += considered.length;
      counts.rows_rejected += rejected.length;
      counts.bytes_read = bytes;
      const problems = rejected
        .flatMap((r) => r.problems)
        .slice(0, Math.max(0, MAX_PROBLEMS - state.problemsKept));
      state.problemsKept += problems.length;
      await saveRejected(
        tx,
        id,
        rejected.map((r) => rejectedRow(r, r.problems, columns, m.secrets)),
      );
      return saveProgress(tx, id, counts, problems);
    });
  return { run, state };
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
    for (;;) {
      const next = await rows.next();
      if (!next.done) part.push({ row: ++number, cells: next.value });
      if (part.length >= BATCH_ROWS || (next.done && part.length)) {
        cancelled = await batch.run(part, source.bytesRead());
        part = [];
        if (cancelled || batch.state.stoppedAt !== null || job.stopping?.aborted) break;
      }
      if (next.done) break;
    }
    if (cancelled) await finishJob(db, id, 'cancelled', CANCELLED);
    else if (job.stopping?.aborted) await finishJob(db, id, 'failed', INTERRUPTED);
    else if (batch.state.stoppedAt !== null)
      await finishJob(db, id, 'failed', STOPPED_AT(batch.state.stoppedAt, job.dryRun));
    else {
      await db.query('UPDATE import_jobs SET bytes_read = bytes_total WHERE id = $1', [id]);
      await finishJob(db, id, 'done');
    }
  } catch (err) {
    if (!(err instanceof FileError)) request.log.error({ err }, 'import failed');
    await finishJob(db, id, 'failed', err instanceof FileError ? err.message : FAILED).catch(() => undefined);
  } finally {
    source?.close();
    await rm(job.path, { force: true }).catch(() => undefined);
    if (!job.dryRun) await audit(db, job, counts).catch(() => undefined);
  }
}

/** One activity-log row for the whole import: who, which file, what it did. */
async function audit(db: Db, job: ImportJob, counts: Progress) {
  const { rows } = await db.query<{ file_name: string; status: string }>(
    'SELECT file_name, status FROM import_jobs WHERE id = $1',
    [job.id],
  );
  await logActivity(db, job.request, {
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
