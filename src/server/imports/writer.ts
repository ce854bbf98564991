/**
 * Writes a batch of checked rows in the caller's transaction (upsert.ts says how a row is
 * written). A resource without write hooks gets its batch staged by COPY (stage.ts) and written
 * by one statement; row triggers (rollups, the patient's kecamatan) run as for any write.
 *
 * When that statement fails (a duplicate of a unique value, two rows of one key in a batch, a
 * value the database refuses), and for a resource with write hooks, the batch is written row by
 * row, each behind a savepoint, so that only the rows that fail are rejected, with their reason.
 */
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../db/db.js';
import { AppError, uniqueViolationField } from '../plugins/errors.js';
import { writeHooksOf } from '../resources/hooks.js';
import { quote, type ResourceModel } from '../resources/model.js';
import { STAGE, stageRows, type StagedRows } from './stage.js';
import {
  jsonSource,
  lockStatement,
  othersStatement,
  stagedSource,
  upsertStatement,
  type Upserted,
  type UpsertOptions,
} from './upsert.js';

export const KEY_OF_OTHER_FACILITY =
  'Data ini sudah terdaftar di fasilitas lain: akun fasilitas hanya dapat mengubah data fasilitasnya sendiri';
const DUPLICATE = 'Data dengan nilai ini sudah terdaftar';
const NOT_FOUND_REFERENCE = 'Data yang dirujuk tidak ditemukan';
const NOT_SAVED = 'Tidak dapat disimpan: nilai tidak diterima basis data';
/** PostgreSQL's 'ON CONFLICT DO UPDATE command cannot affect row a second time' (one key twice). */
const SAME_KEY_TWICE = '21000';

export interface WriteCounts {
  inserted: number;
  updated: number;
  unchanged: number;
  /** Rows refused while writing, by index in the batch. */
  failed: { index: number; field: string | null; message: string }[];
}

const noCounts = (): WriteCounts => ({ inserted: 0, updated: 0, unchanged: 0, failed: [] });

function failureOf(m: ResourceModel, err: any): { field: string | null; message: string } | null {
  if (err instanceof AppError) {
    const [field, message] = Object.entries(err.errors ?? {})[0] ?? [null, err.message];
    return { field, message };
  }
  const unique = uniqueViolationField(err);
  if (unique) return { field: unique, message: m.decl.uniqueMessages?.[unique] ?? DUPLICATE };
  if (err?.code === '23503') return { field: null, message: NOT_FOUND_REFERENCE };
  if (typeof err?.code === 'string' && /^2[23]/.test(err.code))
    return { field: err.column ?? null, message: NOT_SAVED };
  return null;
}

export interface WriterOptions extends UpsertOptions {
  /** The importer's facility when they are a medical_facility user. */
  facility: number | null;
  request: FastifyRequest;
}

/**
 * Runs `write` for each row (by index, skipping `skip`) behind a savepoint: a row the database
 * refuses is counted failed with its reason, the others as written.
 */
async function oneByOne(
  tx: Tx,
  m: ResourceModel,
  count: number,
  skip: Set<number>,
  counts: WriteCounts,
  write: (index: number) => Promise<Upserted>,
) {
  for (let index = 0; index < count; index++) {
    if (skip.has(index)) continue;
    await tx.query('SAVEPOINT import_row');
    try {
      const { written, inserted } = await write(index);
      counts.inserted += inserted;
      counts.updated += written - inserted;
      counts.unchanged += 1 - written;
      await tx.query('RELEASE SAVEPOINT import_row');
    } catch (err) {
      await tx.query('ROLLBACK TO SAVEPOINT import_row');
      const failure = failureOf(m, err);
      if (!failure) throw err;
      counts.failed.push({ index, ...failure });
    }
  }
}

export function batchWriter(m: ResourceModel, o: WriterOptions) {
  const key = m.decl.naturalKey ?? [];
  const hooks = writeHooksOf(m.decl.name);
  const keyField = key[key.length - 1] ?? null;
  const refuse = (counts: WriteCounts, skip: Set<number>) => {
    for (const index of skip) counts.failed.push({ index, field: keyField, message: KEY_OF_OTHER_FACILITY });
  };

  /** A facility user's rows whose key names another facility's record, by index. */
  async function others(tx: Tx, sql: string | null, params: unknown[] = []): Promise<Set<number>> {
    if (o.facility === null || !sql) return new Set();
    const { rows } = await tx.query<{ i: number }>(sql, params);
    return new Set(rows.map((r) => r.i));
  }

  /** The staged rows of a batch, in one statement (row by row when it fails). */
  async function writeStaged(tx: Tx, staged: StagedRows): Promise<WriteCounts> {
    const counts = noCounts();
    const { columns, count } = staged;
    await stageRows(tx, staged);
    const skip = await others(tx, othersStatement(m, stagedSource(m, o), o.facility ?? 0));
    refuse(counts, skip);
    if (skip.size) await tx.query(`DELETE FROM ${STAGE} WHERE i = ANY($1::int[])`, [[...skip]]);
    if (skip.size === count) return counts;
    const lock = o.job === undefined ? null : lockStatement(m, o, columns, stagedSource(m, o));
    if (lock) await tx.query(lock);
    await tx.query('SAVEPOINT import_batch');
    try {
      const { rows } = await tx.query<Upserted>(upsertStatement(m, o, columns, stagedSource(m, o)));
      await tx.query('RELEASE SAVEPOINT import_batch');
      const { written, inserted } = rows[0];
      counts.inserted = inserted;
      counts.updated = written - inserted;
      counts.unchanged = count - skip.size - written;
      return counts;
    } catch (err) {
      await tx.query('ROLLBACK TO SAVEPOINT import_batch');
      if (!failureOf(m, err) && (err as { code?: string })?.code !== SAME_KEY_TWICE) throw err;
    }
    const one = upsertStatement(m, o, columns, stagedSource(m, o, 'r.i = $1'));
    await oneByOne(tx, m, count, skip, counts, async (i) => (await tx.query<Upserted>(one, [i])).rows[0]);
    return counts;
  }

  const keyWhere = (first = 1) =>
    key.length ? key.map((c, i) => `${quote(c)} = $${i + first}`).join(' AND ') : 'false';

  /** One row of a resource with write hooks: its hooks around its upsert. */
  async function writeOne(tx: Tx, values: Record<string, unknown>, body: Record<string, unknown>) {
    let before: Record<string, any> | null = null;
    if (key.length && key.every((c) => values[c] != null)) {
      const { rows } = await tx.query(
        `SELECT ${m.selectList} FROM ${m.table} WHERE ${keyWhere()} FOR UPDATE`,
        key.map((c) => values[c]),
      );
      before = rows[0] ? m.present(rows[0]) : null;
    }
    // A row that left a secret out keeps the record's stored one (the insert's values must hold
    // it all the same: PostgreSQL checks NOT NULL before it finds the conflict).
    const secretColumns = [
      ...m.hashed.map((f) => `${f}_hash`),
      ...Object.keys(m.encrypted).map((f) => `${f}_encrypted`),
    ];
    const kept = secretColumns.filter((c) => !(c in values));
    if (before && kept.length) {
      const { rows } = await tx.query(
        `SELECT ${kept.map(quote).join(', ')} FROM ${m.table} WHERE ${keyWhere()}`,
        key.map((c) => values[c]),
      );
      Object.assign(values, rows[0]);
    }
    const op = before ? ('update' as const) : ('create' as const);
    const ctx = { tx, op, before, values, body, admin: o.request.admin, request: o.request };
    await hooks.beforeWrite?.(ctx);
    const columns = Object.keys(values);
    const { rows } = await tx.query<Upserted>(upsertStatement(m, o, columns, jsonSource(m, o, columns)), [
      JSON.stringify([values]),
    ]);
    if (hooks.afterWrite && rows[0].written) {
      const { rows: after } = await tx.query(
        `SELECT ${m.selectList} FROM ${m.table} WHERE ${keyWhere()}`,
        key.map((c) => values[c]),
      );
      await hooks.afterWrite({ ...ctx, after: after[0] ? m.present(after[0]) : null });
    }
    return rows[0];
  }

  /**
   * The rows of a resource with write hooks, one by one: these stored values (`bodies`: the
   * rows as checked, for the hooks).
   */
  async function writeRows(
    tx: Tx,
    values: Record<string, unknown>[],
    bodies: Record<string, unknown>[],
  ): Promise<WriteCounts> {
    const counts = noCounts();
    const sql = othersStatement(m, jsonSource(m, o, key, true), o.facility ?? 0);
    const skip = await others(tx, sql, [JSON.stringify(values.map((v, i) => ({ ...v, i })))]);
    refuse(counts, skip);
    if (skip.size === values.length) return counts;
    await hooks.lockFirst?.({ tx, op: 'create', id: null });
    await oneByOne(tx, m, values.length, skip, counts, (i) => writeOne(tx, values[i], bodies[i]));
    return counts;
  }

  return {
    /** Whether batches are staged (writeStaged) rather than kept as values (writeRows). */
    staged: !(hooks.beforeWrite || hooks.afterWrite || hooks.lockFirst),
    writeStaged,
    writeRows,
  };
}
