/**
 * The statements that write imported rows: one INSERT ... SELECT of every row of a source (the
 * batch's staged table, or one JSON parameter for a single row), upserting on the resource's
 * natural key the columns the file holds, only where a value differs, so that a row imported
 * again is left as it is (no new version, counted unchanged). A row whose record holds its
 * values already is left out before the upsert, which would otherwise lock the record (a write
 * of its own) only to find it unchanged.
 */
import type { Queryable } from '../db/db.js';
import { quote, type ResourceModel } from '../resources/model.js';
import { BULK_DERIVED } from './derived.js';
import { STAGE } from './stage.js';

/** The SQL type of each column of a table. */
export async function columnTypes(db: Queryable, table: string): Promise<Map<string, string>> {
  const { rows } = await db.query<{ name: string; type: string }>(
    `SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute
      WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped`,
    [table],
  );
  return new Map(rows.map((r) => [r.name, r.type]));
}

export interface UpsertOptions {
  types: Map<string, string>;
  /** Columns the file holds: what an update of an existing record changes. */
  updatable: string[];
  /** The job whose rows these are: each row written is kept in import_changes, for its undo. */
  job?: number;
}

/** Where the rows come from, read as `r`, and each column's value in SQL. */
export interface RowSource {
  from: string;
  value: (column: string) => string;
  /** A condition on `r` (one staged row). */
  where?: string;
}

const typeOf = (m: ResourceModel, o: UpsertOptions, c: string) => {
  const t = o.types.get(c);
  if (!t) throw new Error(`${m.decl.table}.${c}: no such column`);
  return t;
};

/** The rows of one JSON array parameter ($1); `indexed`: each with its index `i`. */
export const jsonSource = (m: ResourceModel, o: UpsertOptions, columns: string[], indexed = false) => ({
  from: `jsonb_to_recordset($1::jsonb) AS r(${[
    ...(indexed ? ['i int'] : []),
    ...columns.map((c) => `${quote(c)} ${typeOf(m, o, c)}`),
  ].join(', ')})`,
  value: (c: string) => `r.${quote(c)}`,
});

/** The staged rows of the batch (stage.ts), their text cast to each column's type. */
export const stagedSource = (m: ResourceModel, o: UpsertOptions, where?: string): RowSource => ({
  from: `${STAGE} r`,
  value: (c) => `r.${quote(c)}::${typeOf(m, o, c)}`,
  where,
});

/** What an upsert answers: how many rows it wrote, and how many of those it inserted. */
export interface Upserted {
  written: number;
  inserted: number;
}

/** What an upsert of these columns writes: every column, each one's value, those it updates. */
function shapeOf(m: ResourceModel, o: UpsertOptions, columns: string[], src: RowSource) {
  const key = m.decl.naturalKey ?? [];
  const derived = (BULK_DERIVED[m.decl.table] ?? []).filter(
    (d) => columns.includes(d.from) && !columns.includes(d.column),
  );
  const all = [...columns, ...derived.map((d) => d.column)];
  const valueOf = (c: string) => derived.find((d) => d.column === c)?.value ?? src.value(c);
  const updatable = [
    ...o.updatable,
    ...derived.filter((d) => o.updatable.includes(d.from)).map((d) => d.column),
  ];
  const update = updatable.filter(
    (c) => all.includes(c) && !key.includes(c) && !(m.decl.createOnly ?? []).includes(c),
  );
  return { key, derived, all, valueOf, update };
}

/**
 * The upsert of the rows of `src`, filling these columns (and the columns derived from them);
 * answers one row, Upserted.
 */
export function upsertStatement(m: ResourceModel, o: UpsertOptions, columns: string[], src: RowSource) {
  const { key, derived, all, valueOf, update } = shapeOf(m, o, columns, src);
  const where = src.where ? [src.where] : [];
  let conflict = '';
  if (key.length) {
    where.push(`NOT EXISTS (SELECT FROM ${m.table} x
      WHERE ${key.map((c) => `x.${quote(c)} = ${valueOf(c)}`).join(' AND ')}
        AND (${[...update.map((c) => `x.${quote(c)}`), 'true'].join(', ')}) IS NOT DISTINCT FROM
            (${[...update.map(valueOf), 'true'].join(', ')}))`);
    const sets = update.map((c) => `${quote(c)} = EXCLUDED.${quote(c)}`);
    if ('updated_at' in m.props) sets.push('updated_at = app_now()');
    conflict = update.length
      ? `ON CONFLICT (${key.map(quote).join(', ')}) DO UPDATE SET ${sets.join(', ')}
         WHERE (${update.map((c) => `${m.table}.${quote(c)}`).join(', ')}, true) IS DISTINCT FROM
               (${update.map((c) => `EXCLUDED.${quote(c)}`).join(', ')}, true)`
      : `ON CONFLICT (${key.map(quote).join(', ')}) DO NOTHING`;
  }
  const changes = o.job === undefined ? null : changesOf(m, o.job);
  return `WITH written AS (INSERT INTO ${m.table} (${all.map(quote).join(', ')})
    SELECT ${all.map(valueOf).join(', ')} FROM ${src.from}
    ${derived.map((d) => d.join).join('\n')}
    ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
    ${key.length ? `ORDER BY ${key.map(valueOf).join(', ')}` : ''}
    ${conflict} RETURNING (xmax::text = '0') AS inserted${changes ? changes.returning : ''})
    ${changes ? changes.kept : ''}
    SELECT count(*)::int AS written, (count(*) FILTER (WHERE inserted))::int AS inserted FROM written`;
}

/** The key of a row of the table `t` as one text, to name it (its id without a key). */
const labelOf = (m: ResourceModel, t: string) => {
  const key = m.decl.naturalKey ?? [];
  return key.length
    ? `concat_ws(' / ', ${key.map((c) => `${t}.${quote(c)}::text`).join(', ')})`
    : `${t}.id::text`;
};

/**
 * The parts of an upsert that keep what it wrote for the job's undo: each row written with its
 * version, and an updated row as it was before (read by id in the statement's snapshot, which
 * does not see the statement's own writes; the caller has locked it: lockStatement). A row the
 * job writes again keeps its first `before`.
 */
function changesOf(m: ResourceModel, job: number) {
  return {
    returning: `, id, xmin::text AS version, ${labelOf(m, m.table)} AS label`,
    kept: `, kept AS (INSERT INTO import_changes (job_id, row_id, created, before, version, label)
      SELECT ${Math.trunc(job)}, w.id, w.inserted,
             CASE WHEN w.inserted THEN NULL ELSE (SELECT to_jsonb(x) FROM ${m.table} x WHERE x.id = w.id) END,
             w.version, w.label
        FROM written w
      ON CONFLICT (job_id, row_id) DO UPDATE SET version = EXCLUDED.version)`,
  };
}

/**
 * Locks the records the upsert will change (those the source's keys name whose values differ),
 * in key order, so that what it keeps as their values before it is what it replaces. Records
 * that already hold the file's values are left unlocked, as the upsert leaves them unwritten
 * (a column derived in the statement, such as a patient's kecamatan, follows the column it
 * comes from and is not compared). Null: no key, nothing to lock.
 */
export function lockStatement(m: ResourceModel, o: UpsertOptions, columns: string[], src: RowSource) {
  const { key, derived, update } = shapeOf(m, o, columns, src);
  const compared = update.filter((c) => !derived.some((d) => d.column === c));
  if (!key.length || !compared.length) return null;
  const match = [
    ...key.map((c) => `x.${quote(c)} = ${src.value(c)}`),
    ...(src.where ? [src.where] : []),
    `(${compared.map((c) => `x.${quote(c)}`).join(', ')}, true) IS DISTINCT FROM (${compared.map(src.value).join(', ')}, true)`,
  ];
  return `SELECT FROM ${src.from} JOIN ${m.table} x ON ${match.join(' AND ')}
    ORDER BY ${key.map((c) => `x.${quote(c)}`).join(', ')} FOR UPDATE OF x`;
}

/**
 * The rows of `src` (with their index `i`) whose natural key names a record of a facility
 * other than `facility`: a facility user may not change it. Null where no key can.
 */
export function othersStatement(m: ResourceModel, src: RowSource, facility: number): string | null {
  const key = m.decl.naturalKey ?? [];
  const scopeColumn = m.decl.facilityColumn;
  if (!key.length || !scopeColumn) return null;
  return `SELECT r.i FROM ${src.from}
     JOIN ${m.table} t ON ${key.map((c) => `t.${quote(c)} = ${src.value(c)}`).join(' AND ')}
    WHERE t.${quote(scopeColumn)} IS DISTINCT FROM ${Math.trunc(Number(facility))}`;
}
