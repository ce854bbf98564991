/**
 * Writes a batch of checked rows in one statement: a multi-row INSERT from one JSON parameter,
 * and where the resource has a natural key, ON CONFLICT on it DO UPDATE of the columns the file
 * holds, only where a value differs (so a row imported again is left as it is: no new version,
 * counted unchanged). Row triggers (rollups, the patient's kecamatan) run as for any write.
 *
 * When the statement fails (a duplicate of a unique value, two rows of one key in a batch, a
 * resource with write hooks), the batch is written row by row, each behind a savepoint, so that
 * only the rows that fail are rejected, each with its reason.
 */
import type { FastifyRequest } from 'fastify';
import type { Queryable, Tx } from '../db/db.js';
import { AppError, uniqueViolationField } from '../plugins/errors.js';
import { writeHooksOf } from '../resources/hooks.js';
import { quote, type ResourceModel } from '../resources/model.js';
import { BULK_DERIVED } from './derived.js';

export const KEY_OF_OTHER_FACILITY =
  'Data ini sudah terdaftar di fasilitas lain: akun fasilitas hanya dapat mengubah data fasilitasnya sendiri';
const DUPLICATE = 'Data dengan nilai ini sudah terdaftar';
const NOT_FOUND_REFERENCE = 'Data yang dirujuk tidak ditemukan';
const NOT_SAVED = 'Tidak dapat disimpan: nilai tidak diterima basis data';

export interface WriteCounts {
  inserted: number;
  updated: number;
  unchanged: number;
  /** Rows refused while writing, by index in the batch. */
  failed: { index: number; field: string | null; message: string }[];
}

/** The SQL type of each column of a table (as jsonb_to_recordset needs them). */
export async function columnTypes(db: Queryable, table: string): Promise<Map<string, string>> {
  const { rows } = await db.query<{ name: string; type: string }>(
    `SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute
      WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped`,
    [table],
  );
  return new Map(rows.map((r) => [r.name, r.type]));
}

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

export interface WriterOptions {
  types: Map<string, string>;
  /** Columns the file holds: what an update of an existing record changes. */
  updatable: string[];
  /** The importer's facility when they are a medical_facility user. */
  facility: number | null;
  request: FastifyRequest;
}

/** `c type` of each column, for jsonb_to_recordset's record. */
function recordOf(m: ResourceModel, types: Map<string, string>, columns: string[]) {
  return columns
    .map((c) => {
      const t = types.get(c);
      if (!t) throw new Error(`${m.decl.table}.${c}: no such column`);
      return `${quote(c)} ${t}`;
    })
    .join(', ');
}

/**
 * The INSERT of rows holding these columns (one JSON array parameter), upserting on the
 * natural key the columns the file holds, where a value differs; answers whether each row
 * written was inserted.
 */
function upsertStatement(m: ResourceModel, o: WriterOptions, columns: string[]) {
  const key = m.decl.naturalKey ?? [];
  const derived = (BULK_DERIVED[m.decl.table] ?? []).filter(
    (d) => columns.includes(d.from) && !columns.includes(d.column),
  );
  const all = [...columns, ...derived.map((d) => d.column)];
  const updatable = [
    ...o.updatable,
    ...derived.filter((d) => o.updatable.includes(d.from)).map((d) => d.column),
  ];
  const update = updatable.filter(
    (c) => all.includes(c) && !key.includes(c) && !(m.decl.createOnly ?? []).includes(c),
  );
  let conflict = '';
  if (key.length) {
    const sets = update.map((c) => `${quote(c)} = EXCLUDED.${quote(c)}`);
    if ('updated_at' in m.props) sets.push('updated_at = app_now()');
    conflict = update.length
      ? `ON CONFLICT (${key.map(quote).join(', ')}) DO UPDATE SET ${sets.join(', ')}
         WHERE (${update.map((c) => `${m.table}.${quote(c)}`).join(', ')}, true) IS DISTINCT FROM
               (${update.map((c) => `EXCLUDED.${quote(c)}`).join(', ')}, true)`
      : `ON CONFLICT (${key.map(quote).join(', ')}) DO NOTHING`;
  }
  const selected = [...columns.map((c) => `r.${quote(c)}`), ...derived.map((d) => d.value)];
  return `INSERT INTO ${m.table} (${all.map(quote).join(', ')})
    SELECT ${selected.join(', ')} FROM jsonb_to_recordset($1::jsonb) AS r(${recordOf(m, o.types, columns)})
    ${derived.map((d) => d.join).join('\n')}
    ${conflict} RETURNING (xmax::text = '0') AS inserted`;
}

/** The rows whose key names a record of another facility (a facility user may not change it). */
async function othersRecords(
  tx: Queryable,
  m: ResourceModel,
  o: WriterOptions,
  records: Record<string, unknown>[],
): Promise<Set<number>> {
  const key = m.decl.naturalKey ?? [];
  const scopeColumn = m.decl.facilityColumn;
  if (o.facility === null || !key.length || !scopeColumn) return new Set();
  const { rows } = await tx.query<{ i: number }>(
    `SELECT r.i FROM jsonb_to_recordset($1::jsonb) AS r(i int, ${recordOf(m, o.types, key)})
       JOIN ${m.table} t ON ${key.map((c) => `t.${quote(c)} = r.${quote(c)}`).join(' AND ')}
      WHERE t.${quote(scopeColumn)} IS DISTINCT FROM $2`,
    [JSON.stringify(records.map((r, i) => ({ ...r, i }))), o.facility],
  );
  return new Set(rows.map((r) => r.i));
}

export function batchWriter(m: ResourceModel, o: WriterOptions) {
  const key = m.decl.naturalKey ?? [];
  const hooks = writeHooksOf(m.decl.name);
  const rowByRow = Boolean(hooks.beforeWrite || hooks.afterWrite || hooks.lockFirst);
  const statement = (columns: string[]) => upsertStatement(m, o, columns);

  async function writeOne(tx: Tx, values: Record<string, unknown>, body: Record<string, unknown>) {
    let before: Record<string, any> | null = null;
    if (rowByRow && key.length && key.every((c) => values[c] != null)) {
      const { rows } = await tx.query(
        `SELECT ${m.selectList} FROM ${m.table} WHERE ${key.map((c, i) => `${quote(c)} = $${i + 1}`).join(' AND ')} FOR UPDATE`,
        key.map((c) => values[c]),
      );
      before = rows[0] ? m.present(rows[0]) : null;
    }
    const ctx = {
      tx,
      op: before ? ('update' as const) : ('create' as const),
      before,
      values,
      body,
      admin: o.request.admin,
      request: o.request,
    };
    await hooks.beforeWrite?.(ctx);
    const { rows } = await tx.query<{ inserted: boolean }>(statement(Object.keys(values)), [
      JSON.stringify([values]),
    ]);
    if (hooks.afterWrite && rows[0]) {
      const { rows: after } = await tx.query(
        `SELECT ${m.selectList} FROM ${m.table} WHERE ${key.length ? key.map((c, i) => `${quote(c)} = $${i + 1}`).join(' AND ') : 'false'}`,
        key.map((c) => values[c]),
      );
      await hooks.afterWrite({ ...ctx, after: after[0] ? m.present(after[0]) : null });
    }
    return rows[0];
  }

  /** One row at a time behind savepoints: only the failing rows are refused. */
  async function rowsOneByOne(
    tx: Tx,
    values: Record<string, unknown>[],
    bodies: Record<string, unknown>[],
    counts: WriteCounts,
    skip: Set<number>,
  ) {
    if (rowByRow) await hooks.lockFirst?.({ tx, op: 'create', id: null });
    for (const [index, v] of values.entries()) {
      if (skip.has(index)) continue;
      await tx.query('SAVEPOINT import_row');
      try {
        const row = await writeOne(tx, v, bodies[index]);
        if (!row) counts.unchanged++;
        else if (row.inserted) counts.inserted++;
        else counts.updated++;
        await tx.query('RELEASE SAVEPOINT import_row');
      } catch (err) {
        await tx.query('ROLLBACK TO SAVEPOINT import_row');
        const failure = failureOf(m, err);
        if (!failure) throw err;
        counts.failed.push({ index, ...failure });
      }
    }
  }

  /**
   * Writes these stored values (`bodies`: the rows as checked, for write hooks) in the caller's
   * transaction.
   */
  async function write(
    tx: Tx,
    values: Record<string, unknown>[],
    bodies: Record<string, unknown>[],
  ): Promise<WriteCounts> {
    const counts: WriteCounts = { inserted: 0, updated: 0, unchanged: 0, failed: [] };
    const others = await othersRecords(tx, m, o, values);
    for (const index of others)
      counts.failed.push({ index, field: key[key.length - 1] ?? null, message: KEY_OF_OTHER_FACILITY });
    const rest = values.filter((_, i) => !others.has(i));
    if (!rest.length) return counts;
    if (!rowByRow) {
      const columns = [...new Set(rest.flatMap((v) => Object.keys(v)))];
      await tx.query('SAVEPOINT import_batch');
      try {
        const { rows } = await tx.query<{ inserted: boolean }>(statement(columns), [JSON.stringify(rest)]);
        await tx.query('RELEASE SAVEPOINT import_batch');
        counts.inserted = rows.filter((r) => r.inserted).length;
        counts.updated = rows.length - counts.inserted;
        counts.unchanged = rest.length - rows.length;
        return counts;
      } catch (err) {
        await tx.query('ROLLBACK TO SAVEPOINT import_batch');
        if (!failureOf(m, err) && (err as { code?: string })?.code !== '21000') throw err;
      }
    }
    await rowsOneByOne(tx, values, bodies, counts, others);
    return counts;
  }

  return { write };
}
