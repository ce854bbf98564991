/**
 * One batch of imported rows checked as the API checks a new record: each cell converted by
 * its field (fields.ts), references looked up (references.ts), then the resource's JSON Schema
 * and its own rules (a NIK that agrees with the birth date and gender), and the caller's
 * facility scope. Every problem names the row, the column and the value, in Indonesian.
 */
import type { Queryable } from '../db/db.js';
import { fieldErrorsFromAjv, REQUIRED, type AjvLikeError } from '../../domain/validation.js';
import type { ResourceDeclaration } from '../../domain/resource.js';
import { validatorOf } from '../validator.js';
import { routeSchemas } from '../resources/route-schemas.js';
import { quote, type ResourceModel } from '../resources/model.js';
import { CellProblem, fieldConverter, fieldLabel, MISSING, type ColumnField } from './fields.js';
import { referenceResolver, referenceTargets } from './references.js';
import type { Problem } from './jobs.js';

export const OTHER_FACILITY =
  'Baris ini untuk fasilitas lain: akun fasilitas hanya dapat mengimpor data fasilitasnya sendiri';

export const NUL_CHARACTER = 'Berisi karakter NUL yang tidak dapat disimpan';
/** A row without a secret (a password) that names no stored record. */
export const SECRET_FOR_NEW = 'Wajib diisi untuk data baru';

/**
 * Whether an import may leave out a required secret: where a natural key names the record a row
 * updates, that record keeps its stored secret (an export, which never holds one, imports back).
 */
export const secretsKeptByKey = (m: ResourceModel) =>
  Boolean(m.decl.naturalKey?.length) && m.required.some((f) => m.secrets.includes(f));

const withoutSecrets = new WeakMap<ResourceModel, object>();
/** The API's check of a new record, its secrets not required (their rows are checked by key). */
function importBody(m: ResourceModel): object {
  const body = routeSchemas(m).createBody;
  if (!secretsKeptByKey(m)) return body;
  let schema = withoutSecrets.get(m);
  if (!schema) {
    schema = { ...body, required: body.required.filter((f: string) => !m.secrets.includes(f)) };
    withoutSecrets.set(m, schema);
  }
  return schema;
}

export interface SourceRow {
  /** The row's number as a spreadsheet shows it: the header row is 1, the first data row 2. */
  row: number;
  cells: string[];
}

export interface CheckedRow extends SourceRow {
  record: Record<string, unknown>;
  problems: Problem[];
}

export interface Importer {
  /** Whose import it is: their name fills `created_by`, their facility scopes the rows. */
  username: string | null;
  /** A medical_facility user's own facility (-1 when they have none); null for everyone else. */
  facility: number | null;
}

export function rowChecker(
  m: ResourceModel,
  columns: ColumnField[],
  importer: Importer,
  all: ResourceDeclaration[],
) {
  const references = referenceResolver(referenceTargets(m.decl, all));
  const converters = columns.map(({ field }) => {
    if (!field) return null;
    if (references.fields.has(field)) return (text: string) => text.trim() || null;
    return fieldConverter(m, field, m.decl.columns?.[field]?.kind === 'money');
  });
  const columnOf = new Map<string, { name: string; index: number }>();
  for (const [i, c] of columns.entries()) if (c.field) columnOf.set(c.field, { name: c.column, index: i });
  // The API's own check of a new record (validator.ts), so a row fails exactly where a POST would.
  const validate = validatorOf(importBody(m));
  const requiredSecrets = secretsKeptByKey(m) ? m.required.filter((f) => m.secrets.includes(f)) : [];
  const facilityColumn =
    m.decl.facilityColumn && m.decl.facilityColumn !== 'id' ? m.decl.facilityColumn : null;
  const fillCreatedBy = m.writable.includes('created_by') && importer.username;

  const problemAt = (row: SourceRow, field: string, message: string): Problem => {
    const col = columnOf.get(field);
    const secret = m.secrets.includes(field);
    return {
      row: row.row,
      column: col?.name ?? fieldLabel(m.decl, field),
      value: col && !secret ? (row.cells[col.index] ?? '') : null,
      message,
    };
  };

  /** The row converted cell by cell; `failed`: the fields whose cell could not be read. */
  function convert(row: SourceRow): CheckedRow & { failed: Set<string> } {
    const record: Record<string, unknown> = {};
    const problems: Problem[] = [];
    const failed = new Set<string>();
    for (let i = 0; i < converters.length; i++) {
      const convertCell = converters[i];
      if (!convertCell) continue;
      const field = columns[i].field!;
      const cell = row.cells[i] ?? '';
      // PostgreSQL's text holds no NUL character.
      const out = cell.includes('\0') ? new CellProblem(NUL_CHARACTER) : convertCell(cell);
      if (out instanceof CellProblem) {
        problems.push(problemAt(row, field, out.message));
        failed.add(field);
      } else if (out !== MISSING) record[field] = out;
    }
    if (fillCreatedBy && (record.created_by == null || record.created_by === ''))
      record.created_by = importer.username;
    if (facilityColumn && importer.facility !== null && record[facilityColumn] == null)
      record[facilityColumn] = importer.facility;
    return { row: row.row, cells: row.cells, record, problems, failed };
  }

  /**
   * The batch's rows checked: `problems` empty for a good row, else one for every bad cell of
   * the row (a cell that cannot be read, a reference found nowhere, a value the schema refuses).
   */
  async function check(db: Queryable, rows: SourceRow[]): Promise<CheckedRow[]> {
    const converted = rows.map(convert);
    const found = await references.resolve(
      db,
      converted.map((c) => c.record),
    );
    for (const p of found) {
      converted[p.index].problems.push(problemAt(converted[p.index], p.field, p.message));
      converted[p.index].failed.add(p.field);
    }
    const checked: CheckedRow[] = [];
    for (const { failed, ...c } of converted) {
      checked.push(c);
      if (
        facilityColumn &&
        importer.facility !== null &&
        c.record[facilityColumn] != null &&
        c.record[facilityColumn] !== importer.facility
      ) {
        c.problems.push(problemAt(c, facilityColumn, OTHER_FACILITY));
        continue;
      }
      if (!validate(c.record)) {
        const errors = fieldErrorsFromAjv((validate.errors ?? []) as AjvLikeError[]);
        for (const [field, message] of Object.entries(errors)) {
          // A cell already reported is missing from the record: not reported again as required.
          if (failed.has(field)) continue;
          c.problems.push(
            problemAt(
              c,
              field,
              columnOf.has(field) || message !== REQUIRED ? message : `${message}: kolom tidak ada di berkas`,
            ),
          );
        }
        continue;
      }
      // Rules across fields only hold for a record whose every cell was read.
      if (c.problems.length) continue;
      for (const [field, message] of Object.entries(m.decl.validate?.(c.record) ?? {}))
        c.problems.push(problemAt(c, field, message));
    }
    await requireSecretsOfNew(db, m, checked, requiredSecrets, problemAt);
    return checked;
  }

  /** Every field a checked record may hold (a record lacks those its row leaves empty). */
  const fields = new Set(columns.flatMap((c) => (c.field ? [c.field] : [])));
  for (const f of m.writable) if (m.props[f]?.default !== undefined) fields.add(f);
  if (fillCreatedBy) fields.add('created_by');
  if (facilityColumn && importer.facility !== null) fields.add(facilityColumn);

  return { check, columns: [...fields] };
}

/** A good row without a required secret must name a stored record by its natural key. */
async function requireSecretsOfNew(
  db: Queryable,
  m: ResourceModel,
  checked: CheckedRow[],
  requiredSecrets: string[],
  problemAt: (row: SourceRow, field: string, message: string) => Problem,
) {
  const lacking = checked.filter(
    (c) => !c.problems.length && requiredSecrets.some((f) => c.record[f] == null || c.record[f] === ''),
  );
  if (!lacking.length) return;
  const key = m.decl.naturalKey!;
  const params: unknown[] = [];
  const tuples = lacking.map(
    (c) => `(${key.map((k) => (params.push(String(c.record[k] ?? '')), `$${params.length}`)).join(', ')})`,
  );
  const { rows } = await db.query<Record<string, string>>(
    `SELECT ${key.map((k) => `${quote(k)}::text AS ${quote(k)}`).join(', ')} FROM ${quote(m.decl.table)}
      WHERE (${key.map((k) => `${quote(k)}::text`).join(', ')}) IN (${tuples.join(', ')})`,
    params,
  );
  const stored = new Set(rows.map((r) => key.map((k) => r[k]).join('\u0001')));
  for (const c of lacking) {
    if (stored.has(key.map((k) => String(c.record[k] ?? '')).join('\u0001'))) continue;
    for (const f of requiredSecrets)
      if (c.record[f] == null || c.record[f] === '') c.problems.push(problemAt(c, f, SECRET_FOR_NEW));
  }
}
