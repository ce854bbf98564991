/**
 * The batches of one import job: rows checked a group at a time as they are read, the good
 * ones added to the batch (as COPY text, or as values for a resource with write hooks), the
 * bad ones kept for the rejected-rows file; a full batch written in one transaction together
 * with its rejected rows and the job's counts, so that a server stopped at any moment leaves
 * whole batches or nothing of one, and counts that match them.
 *
 * A batch holds little more than its text: a row's objects live only while its group is
 * checked, so the server's memory stays flat however long the file.
 */
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/db.js';
import { writeValues } from '../resources/write-values.js';
import type { ColumnField } from './fields.js';
import {
  MAX_PROBLEMS,
  saveProgress,
  saveRejected,
  type Problem,
  type Progress,
  type RejectedRow,
} from './jobs.js';
import { keyHash, type WriterTransaction } from './pipeline.js';
import { rowChecker, type SourceRow } from './rows.js';
import type { ImportJob } from './run.js';
import { LineBuffers, StagedRows } from './stage.js';
import { columnTypes } from './upsert.js';
import { batchWriter } from './writer.js';

/** Rows per batch: one transaction, one upsert. */
export const BATCH_ROWS = 5000;
/** Rows checked together: one look-up of their references. */
export const GROUP_ROWS = 250;

export interface Batch {
  /** Rows taken from the file. */
  rows: number;
  /** Bytes of the file read when the batch was full. */
  bytes: number;
  /** The good rows' numbers and cells (as JSON), by index in the batch. */
  numbers: number[];
  cells: LineBuffers;
  staged: StagedRows | null;
  /** A resource with write hooks: the good rows' stored values and checked records. */
  values: Record<string, unknown>[];
  bodies: Record<string, unknown>[];
  rejected: RejectedRow[];
  problems: Problem[];
  /** Hashes of the natural keys the batch writes (null: none, or written alone). */
  keys: Set<number> | null;
}

/** The change stream tells of a batch as one 'imported' summary, by the importing admin. */
async function markImported(tx: Tx, admin: FastifyRequest['admin']) {
  await tx.query(
    `SELECT set_config('dkj.change_kind', 'imported', true), set_config('dkj.actor_id', $1, true),
            set_config('dkj.actor_name', $2, true)`,
    [admin ? String(admin.id) : '', admin?.full_name ?? ''],
  );
}

/** Failures of a transaction that another writer's caused, worth trying again. */
const RETRIED = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

/** Runs a transaction again (whole) when another's deadlock or serialization failure ended it. */
async function retried<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= ATTEMPTS || !RETRIED.has((err as { code?: string })?.code ?? '')) throw err;
    }
  }
}

export const noProgress = (): Progress => ({
  bytes_read: 0,
  rows_read: 0,
  rows_inserted: 0,
  rows_updated: 0,
  rows_unchanged: 0,
  rows_rejected: 0,
});

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

/**
 * The batches of a job whose file has these columns. `counts` are the job's, advanced as
 * batches are committed; `stoppedAt` is the bad row a 'stop' job ended on. `sideBySide`:
 * batches may be written side by side (each keeps the hashes of its keys).
 */
export async function batchRunner(
  db: Db,
  job: ImportJob,
  columns: ColumnField[],
  counts: Progress,
  sideBySide: boolean,
) {
  const { id, m, request } = job;
  const admin = request.admin;
  const facility = admin?.facilityScope ?? null;
  const checker = rowChecker(m, columns, { username: admin?.username ?? null, facility }, job.resources);
  // A child resource's rows go below the parent record of the path.
  const parent = job.parent ?? null;
  const stagedColumns = parent ? [...checker.columns, parent.column] : checker.columns;
  const { storedValues } = writeValues(m, job.secretKey);
  const writer = job.dryRun
    ? null
    : batchWriter(m, {
        types: await columnTypes(db, m.decl.table),
        updatable: columns.flatMap((c) => (c.field && !m.secrets.includes(c.field) ? [c.field] : [])),
        facility,
        request,
        job: id,
      });
  const staged = Boolean(writer?.staged) && !m.secrets.length;
  const state = { problems: 0, stoppedAt: null as number | null };
  const key = sideBySide ? (m.decl.naturalKey ?? []) : [];
  // Stored as checked where no value is hashed, encrypted or forced to the caller's facility.
  const plain = !m.secrets.length && !m.scope(request);

  const empty = (): Batch => ({
    rows: 0,
    bytes: 0,
    numbers: [],
    cells: new LineBuffers(),
    staged: staged ? new StagedRows(stagedColumns) : null,
    values: [],
    bodies: [],
    rejected: [],
    problems: [],
    keys: key.length ? new Set() : null,
  });

  /** Checks a group of rows into the batch (a 'stop' job takes none past its first bad row). */
  async function add(batch: Batch, group: SourceRow[]) {
    const checked = await checker.check(db, group);
    for (const c of checked) {
      batch.rows++;
      if (c.problems.length) {
        batch.rejected.push(rejectedRow(c, c.problems, columns, m.secrets));
        const room = MAX_PROBLEMS - state.problems;
        if (room > 0) batch.problems.push(...c.problems.slice(0, room));
        state.problems += Math.min(room, c.problems.length);
        if (job.onError === 'stop') {
          state.stoppedAt = c.row;
          return;
        }
        continue;
      }
      if (!writer) continue;
      const values = plain ? c.record : await storedValues(request, { ...c.record });
      if (parent) values[parent.column] = parent.id;
      if (batch.staged) batch.staged.add(values);
      else {
        batch.values.push(values);
        batch.bodies.push(c.record);
      }
      batch.numbers.push(c.row);
      batch.cells.push(JSON.stringify(c.cells));
      if (batch.keys) batch.keys.add(keyHash(key.map((k) => String(values[k])).join('\u0001')));
    }
  }

  /**
   * Writes the batch's good rows, its rejected ones (with those the database refused) and its
   * counts in the caller's transaction; answers whether a cancel was asked, and its counts.
   */
  async function writeBatch(tx: Tx, batch: Batch) {
    // A batch commits without waiting for its WAL to reach the disk: a crash of the database
    // may lose the last batches, each whole and with the counts that match it.
    if (db.kind === 'postgres')
      await tx.exec("SET LOCAL statement_timeout = '120s'; SET LOCAL synchronous_commit = off");
    await markImported(tx, admin);
    const done = { ...noProgress(), rows_read: batch.rows, bytes_read: batch.bytes };
    const rejected = [...batch.rejected];
    const problems = [...batch.problems];
    if (writer && batch.numbers.length) {
      const written = batch.staged
        ? await writer.writeStaged(tx, batch.staged)
        : await writer.writeRows(tx, batch.values, batch.bodies);
      done.rows_inserted = written.inserted;
      done.rows_updated = written.updated;
      done.rows_unchanged = written.unchanged;
      for (const f of written.failed) {
        const row = { row: batch.numbers[f.index], cells: JSON.parse(batch.cells.get(f.index)) as string[] };
        const column = columns.find((c) => c.field === f.field)?.column ?? null;
        const problem = { row: row.row, column, value: null, message: f.message };
        rejected.push(rejectedRow(row, [problem], columns, m.secrets));
        problems.push(problem);
      }
      rejected.sort((a, b) => a.row_number - b.row_number);
    }
    done.rows_rejected = rejected.length;
    await saveRejected(tx, id, rejected);
    return { cancel: await saveProgress(tx, id, done, problems), done };
  }

  /** Writes a batch in a transaction of `transaction`; answers whether a cancel was asked. */
  async function write(transaction: WriterTransaction, batch: Batch): Promise<boolean> {
    const { cancel, done } = await retried(() => transaction((tx) => writeBatch(tx, batch)));
    for (const k of Object.keys(done) as (keyof Progress)[])
      counts[k] = k === 'bytes_read' ? Math.max(counts[k], done[k]) : counts[k] + done[k];
    return cancel;
  }

  return { empty, add, write, state };
}
