/**
 * What the declarations (src/resources) say their tables are, what the migrations built,
 * and the SQL from one to the other: `npm run new:migration` (scripts/new-migration.ts) and
 * `npm run new:resource` write their SQL from here, the one place a schema property becomes a
 * column.
 *
 * The rules, the same for every resource:
 *  - each schema property is a column of its name, except a derived field (computed, not
 *    stored), an encrypted field's flag (answered from `<field>_encrypted`), a hashed field
 *    (stored in `<field>_hash`) and an encrypted one (in `<field>_encrypted`);
 *  - its type: object, array or several types jsonb, boolean, integer, number double precision,
 *    a date date, a date-time timestamptz, other strings text, or the declaration's storage type;
 *  - NOT NULL when required, or of a type without null that always has a value (a default, or
 *    read-only), unless the declaration's storage says otherwise; a secret's column only holds
 *    a value once one is set, so its NOT NULL is not compared;
 *  - the schema's default as the column's, created_at and updated_at app_now();
 *  - an enum field has a CHECK of its values; the natural key a unique index on its columns;
 *    a reference stored as the record's id, the facility column and a child's parent column a
 *    foreign key; a child's parent column an index that leads with it;
 *  - a column no field names is dropped, unless the engine uses it (id, a secret's column) or
 *    the declaration lists it in serverColumns (the server's own);
 *  - the list indexes are the server's to build (at a start, or behind a served console on
 *    PostgreSQL, where a city's tables take minutes), so a migration writes them only with a new
 *    table; the check builds each on the migrated tables, so one that cannot be built is named.
 * CHECKs other than an enum's, other indexes and foreign keys are the hand-written migrations'
 * own and are not compared.
 */
import { baseType, type JsonSchema, type ResourceDeclaration } from '../src/domain/resource';
import { listIndexes } from '../src/server/resources/indexes';
import { openDb, type Db, type Queryable } from '../src/server/db/db';
import { migrate, MIGRATIONS_DIR } from '../src/server/db/migrate';
import { CHILD_RESOURCES, RESOURCES } from '../src/resources';

/** A column as a declaration implies it. */
export interface ColumnSpec {
  name: string;
  /** As PostgreSQL's format_type writes it ('timestamp with time zone', 'numeric(12,2)'). */
  type: string;
  notNull: boolean;
  /** The SQL of its default, if it has one. */
  default?: string;
  /** The values of its enum CHECK. */
  choices?: unknown[];
  /** A secret's column (`_hash`, `_encrypted`): its NOT NULL is not compared. */
  secret?: boolean;
  identity?: boolean;
}

export interface ForeignKeySpec {
  column: string;
  table: string;
  /** Why the declaration implies it: 'references', 'facilityColumn', 'parent'. */
  reason: string;
}

export interface TableSpec {
  decl: ResourceDeclaration;
  table: string;
  columns: ColumnSpec[];
  naturalKey?: string[];
  foreignKeys: ForeignKeySpec[];
  /** A child's parent column, which an index should lead with. */
  parentColumn?: string;
}

/** One way the database differs from the declarations, and the statements that remove it. */
export interface Difference {
  table: string;
  /** 'patients.favorite_color: no column (text)': one line of the check's output. */
  message: string;
  sql: string[];
}

const ALIASES: Record<string, string> = {
  timestamptz: 'timestamp with time zone',
  int: 'integer',
  int4: 'integer',
  int8: 'bigint',
  float8: 'double precision',
  bool: 'boolean',
  decimal: 'numeric',
  varchar: 'character varying',
  char: 'character',
  bpchar: 'character',
};

/** A type as format_type writes it: 'numeric(12, 2)' → 'numeric(12,2)', 'timestamptz' → 'timestamp with time zone'. */
export function canonicalType(type: string): string {
  const t = type
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/\s*,\s*/g, ',')
    .replace(/\s*\(/, '(');
  const m = /^([a-z ]+?)(\(.*\))?$/.exec(t);
  if (!m) return t;
  return `${ALIASES[m[1]] ?? m[1]}${m[2] ?? ''}`;
}

/** A JSON value as a SQL literal of its column. */
export function sqlLiteral(value: unknown): string {
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'`;
  return `'${JSON.stringify(value).replace(/'/g, "''")}'::jsonb`;
}

const typesOf = (p: JsonSchema) => (Array.isArray(p.type) ? p.type : p.type ? [p.type] : []);
const nullable = (p: JsonSchema) => typesOf(p).includes('null') || !!p.enum?.includes(null);
const ENGINE_TIMES = ['created_at', 'updated_at'];

/** The column type of one schema property (the declaration's storage first). */
export function columnType(decl: ResourceDeclaration, field: string, p: JsonSchema): string {
  const given = decl.storage?.[field]?.type;
  if (given) return canonicalType(given);
  if (typesOf(p).filter((t) => t !== 'null').length > 1 || p.$ref !== undefined) return 'jsonb';
  const type = baseType(p);
  if (type === 'object' || type === 'array') return 'jsonb';
  if (type === 'boolean') return 'boolean';
  if (type === 'integer') return 'integer';
  if (type === 'number') return 'double precision';
  if (p.format === 'date') return 'date';
  if (p.format === 'date-time') return 'timestamp with time zone';
  return 'text';
}

/** The columns a declaration's table has, in the schema's order. */
export function expectedColumns(decl: ResourceDeclaration): ColumnSpec[] {
  const props = decl.schema.properties ?? {};
  const required = new Set(decl.schema.required ?? []);
  const hashed = decl.hashed ?? [];
  const encrypted = decl.encrypted ?? {};
  const flags = new Set(Object.values(encrypted));
  const out: ColumnSpec[] = [];
  for (const [field, p] of Object.entries(props)) {
    if (field in (decl.derived ?? {}) || flags.has(field)) continue;
    if (hashed.includes(field) || field in encrypted) {
      const name = `${field}_${hashed.includes(field) ? 'hash' : 'encrypted'}`;
      out.push({ name, type: 'text', notNull: required.has(field), secret: true });
      continue;
    }
    if (field === 'id') {
      out.push({ name: 'id', type: 'integer', notNull: true, identity: true });
      continue;
    }
    const always = !nullable(p) && (p.default !== undefined || !!p.readOnly);
    const col: ColumnSpec = {
      name: field,
      type: columnType(decl, field, p),
      notNull:
        decl.storage?.[field]?.notNull ?? (required.has(field) || always || field === decl.parent?.column),
    };
    if (ENGINE_TIMES.includes(field) && p.readOnly) col.default = 'app_now()';
    else if (p.default !== undefined && p.default !== null) col.default = sqlLiteral(p.default);
    const choices = p.enum?.filter((v) => v !== null);
    if (choices?.length) col.choices = choices;
    out.push(col);
  }
  // A child's parent column is the engine's, whether or not the schema shows it.
  const parent = decl.parent?.column;
  if (parent && !out.some((c) => c.name === parent))
    out.push({ name: parent, type: 'integer', notNull: true });
  return out;
}

/** Everything a declaration implies of its table, `all` giving the tables of referenced resources. */
export function expectedTable(decl: ResourceDeclaration, all: ResourceDeclaration[]): TableSpec {
  const columns = expectedColumns(decl);
  const has = (c: string) => columns.some((x) => x.name === c);
  const foreignKeys: ForeignKeySpec[] = [];
  const add = (column: string, table: string, reason: string) => {
    if (has(column) && !foreignKeys.some((f) => f.column === column))
      foreignKeys.push({ column, table, reason });
  };
  if (decl.parent) add(decl.parent.column, decl.parent.resource.table, 'parent');
  if (decl.facilityColumn && decl.facilityColumn !== 'id')
    add(decl.facilityColumn, 'medical_facilities', 'facilityColumn');
  for (const [field, ref] of Object.entries(decl.references ?? {})) {
    // A reference by another field than the id is a copy of a value (a poli's code), not a key.
    if (ref.valueField && ref.valueField !== 'id') continue;
    const target = all.find((d) => d.name === ref.resource);
    if (!target)
      throw new Error(`${decl.name}: references.${field} names an unknown resource ${ref.resource}`);
    add(field, target.table, 'references');
  }
  return {
    decl,
    table: decl.table,
    columns,
    naturalKey: decl.naturalKey,
    foreignKeys,
    parentColumn: decl.parent?.column,
  };
}

/** A column's definition as CREATE TABLE and ADD COLUMN write it. */
export function columnDefinition(c: ColumnSpec, spec: TableSpec, inTable: 'new' | 'existing'): string {
  if (c.identity) return `${c.name} integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY`;
  let sql = `${c.name} ${c.type}`;
  const fk = spec.foreignKeys.find((f) => f.column === c.name);
  if (fk) sql += ` REFERENCES ${fk.table} (id) ON DELETE ${onDelete(c, fk)}`;
  // A secret added to a table in use has no value in the rows already there.
  if (c.notNull && !(c.secret && inTable === 'existing')) sql += ' NOT NULL';
  if (c.default) sql += ` DEFAULT ${c.default}`;
  if (c.choices) sql += ` CHECK (${enumCheck(c)})`;
  return sql;
}

/** A child goes with its parent; a record of a facility that goes keeps what it holds, unassigned when it may be. */
const onDelete = (c: ColumnSpec, fk: ForeignKeySpec) =>
  fk.reason === 'parent' || c.notNull ? 'CASCADE' : 'SET NULL';

const enumCheck = (c: ColumnSpec) => `${c.name} IN (${c.choices!.map(sqlLiteral).join(', ')})`;

/** The CREATE TABLE of a new declaration, its natural key, parent index and list indexes. */
export function createTableSql(spec: TableSpec): string[] {
  const cols = spec.columns.map((c) => `  ${columnDefinition(c, spec, 'new')}`);
  return [
    'CREATE EXTENSION IF NOT EXISTS pg_trgm;',
    `CREATE TABLE ${spec.table} (\n${cols.join(',\n')}\n);`,
    ...(spec.naturalKey ? [naturalKeySql(spec)] : []),
    ...(spec.parentColumn ? [parentIndexSql(spec)] : []),
    // An empty table: its list indexes cost nothing now (a start would build them anyway).
    ...(spec.decl.parent ? [] : listIndexes(spec.decl).map((i) => `${i.sql};`)),
  ];
}

const naturalKeySql = (spec: TableSpec) =>
  `CREATE UNIQUE INDEX ${spec.table}_natural_key ON ${spec.table} (${spec.naturalKey!.join(', ')});`;
const parentIndexSql = (spec: TableSpec) =>
  `CREATE INDEX ${spec.table}_parent_idx ON ${spec.table} (${spec.parentColumn}, id);`;

// ---- What the migrations built --------------------------------------------------------------

interface ActualColumn {
  name: string;
  type: string;
  not_null: boolean;
  default: string | null;
  identity: boolean;
  /** Computed by the database (GENERATED ... STORED): its NOT NULL and default are not the declaration's. */
  generated: boolean;
}
interface ActualConstraint {
  name: string;
  def: string;
  columns: string[];
  ref_table: string | null;
  ref_columns: string[] | null;
}
interface ActualIndex {
  name: string;
  unique: boolean;
  columns: string[];
  plain: boolean;
}
export interface ActualTable {
  columns: ActualColumn[];
  checks: ActualConstraint[];
  foreignKeys: ActualConstraint[];
  indexes: ActualIndex[];
}

const TABLE_OID = `(SELECT oid FROM pg_class WHERE relname = $1 AND relnamespace = current_schema()::regnamespace)`;

/** A table as the catalog has it; null when there is none. */
export async function introspect(db: Queryable, table: string): Promise<ActualTable | null> {
  const { rows: columns } = await db.query<ActualColumn>(
    `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS not_null,
            pg_get_expr(d.adbin, d.adrelid) AS default, a.attidentity <> '' AS identity,
            a.attgenerated <> '' AS generated
       FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE a.attrelid = ${TABLE_OID} AND a.attnum > 0 AND NOT a.attisdropped
      ORDER BY a.attnum`,
    [table],
  );
  if (!columns.length) return null;
  const names = (rel: string, keys: string) =>
    `ARRAY(SELECT attname::text FROM pg_attribute WHERE attrelid = ${rel} AND attnum = ANY(${keys}) ORDER BY array_position(${keys}, attnum))`;
  const { rows: constraints } = await db.query<ActualConstraint & { kind: string }>(
    `SELECT conname AS name, contype AS kind, pg_get_constraintdef(oid) AS def,
            ${names('conrelid', 'conkey')} AS columns,
            (SELECT relname::text FROM pg_class WHERE oid = confrelid) AS ref_table,
            CASE WHEN contype = 'f' THEN ${names('confrelid', 'confkey')} END AS ref_columns
       FROM pg_constraint WHERE conrelid = ${TABLE_OID} AND contype IN ('c', 'f') ORDER BY conname`,
    [table],
  );
  const { rows: indexes } = await db.query<ActualIndex>(
    `SELECT c.relname AS name, i.indisunique AS unique,
            ${names('i.indrelid', 'i.indkey::int2[]')} AS columns,
            (i.indexprs IS NULL AND i.indpred IS NULL) AS plain
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      WHERE i.indrelid = ${TABLE_OID} ORDER BY c.relname`,
    [table],
  );
  return {
    columns,
    checks: constraints.filter((c) => c.kind === 'c'),
    foreignKeys: constraints.filter((c) => c.kind === 'f'),
    indexes,
  };
}

/**
 * The values of a CHECK that holds one column to a list ('x IN (...)', as PostgreSQL writes it
 * back: `(x = ANY (ARRAY['a'::text, 'b'::text]))`, or `(x = 'a'::text)` for one value, maybe
 * after `x IS NULL OR`); undefined for any other CHECK.
 */
export function checkChoices(def: string, column: string): unknown[] | undefined {
  const body = def
    .replace(/^CHECK\s*/, '')
    .replace(/\s+NOT VALID$/, '')
    .replace(/^\((.*)\)$/s, '$1');
  const col = `\\(*"?${column}"?\\)*(?:::[a-z ]+)?`;
  const rest = body.replace(new RegExp(`^\\(*${col} IS NULL\\)* OR `), '').replace(/^\((.*)\)$/s, '$1');
  const list = new RegExp(`^\\(*${col} = ANY \\(+ARRAY\\[(.*)\\]\\)+$`, 's').exec(rest);
  const one = new RegExp(`^\\(*${col} = ('(?:[^']|'')*'(?:::[a-z ]+)?|-?\\d+(?:\\.\\d+)?)\\)*$`, 's').exec(
    rest,
  );
  const items = list ? splitList(list[1]) : one ? [one[1]] : undefined;
  return items?.map(parseValue);
}

function splitList(s: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (const ch of s) {
    if (ch === "'") quoted = !quoted;
    if (ch === ',' && !quoted) {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

function parseValue(item: string): unknown {
  const v = item.replace(/^\((.*)\)$/, '$1').replace(/::[a-z ]+(\(\d+\))?$/, '');
  if (v.startsWith("'")) return v.slice(1, -1).replace(/''/g, "'");
  return Number(v);
}

/** A column default as comparable text: casts of a literal dropped ('PENDING'::text → 'PENDING'). */
function normalizeDefault(sql: string | null | undefined): string | undefined {
  if (sql == null) return undefined;
  return sql.replace(/::[a-z ]+(\(\d+(,\s*\d+)?\))?(\[\])?$/i, '').replace(/^'(-?\d+(\.\d+)?)'$/, '$1');
}

const sameValues = (a: unknown[], b: unknown[]) =>
  a.length === b.length && a.every((v) => b.some((w) => String(w) === String(v)));

// ---- The comparison ---------------------------------------------------------------------------

/** How the database of `db` differs from the declarations `decls` (`all`: every declaration, for references). */
export async function compare(
  db: Db,
  decls: ResourceDeclaration[],
  all: ResourceDeclaration[] = ALL_DECLARATIONS,
): Promise<Difference[]> {
  const out: Difference[] = [];
  for (const decl of decls) {
    const spec = expectedTable(decl, [...all, ...decls]);
    const actual = await introspect(db, spec.table);
    if (!actual) {
      out.push({
        table: spec.table,
        message: `${spec.table}: no table (${decl.name})`,
        sql: createTableSql(spec),
      });
      continue;
    }
    out.push(...compareTable(spec, actual));
  }
  return [...out, ...(await unbuildableListIndexes(db, decls, out))];
}

function compareTable(spec: TableSpec, actual: ActualTable): Difference[] {
  const t = spec.table;
  const out: Difference[] = [];
  const diff = (message: string, ...sql: string[]) => out.push({ table: t, message: `${t}.${message}`, sql });
  const alter = (s: string) => `ALTER TABLE ${t} ${s};`;
  const engine = new Set(['id', ...(spec.decl.serverColumns ?? [])]);

  for (const c of spec.columns) {
    const a = actual.columns.find((x) => x.name === c.name);
    if (!a) {
      const def = columnDefinition(c, spec, 'existing');
      const warn =
        c.notNull && !c.default && !c.secret
          ? [
              `-- ${t}.${c.name} is required and has no default: this fails on a table with rows (give it a default, or fill it first).`,
            ]
          : [];
      diff(`${c.name}: no column (${def.slice(c.name.length + 1)})`, ...warn, alter(`ADD COLUMN ${def}`));
      continue;
    }
    if (c.identity) continue;
    const type = canonicalType(a.type);
    if (type !== c.type)
      diff(
        `${c.name}: type ${type}, the declaration's is ${c.type}`,
        alter(`ALTER COLUMN ${c.name} TYPE ${c.type} USING ${c.name}::${c.type}`),
      );
    if (a.generated) continue;
    if (!c.secret && a.not_null !== c.notNull)
      diff(
        `${c.name}: ${a.not_null ? 'NOT NULL' : 'nullable'}, the declaration's is ${c.notNull ? 'NOT NULL' : 'nullable'}`,
        alter(`ALTER COLUMN ${c.name} ${c.notNull ? 'SET' : 'DROP'} NOT NULL`),
      );
    const have = normalizeDefault(a.default);
    const want = normalizeDefault(c.default);
    if (have !== want && !a.identity)
      diff(
        `${c.name}: default ${a.default ?? 'none'}, the declaration's is ${c.default ?? 'none'}`,
        alter(
          want ? `ALTER COLUMN ${c.name} SET DEFAULT ${c.default}` : `ALTER COLUMN ${c.name} DROP DEFAULT`,
        ),
      );
    const checks = actual.checks
      .filter((k) => k.columns.length === 1 && k.columns[0] === c.name)
      .map((k) => ({ ...k, choices: checkChoices(k.def, c.name) }))
      .filter((k) => k.choices);
    const matching = checks.find((k) => c.choices && sameValues(k.choices!, c.choices));
    const stale = checks.filter((k) => k !== matching);
    if (c.choices && !matching) {
      const taken = actual.checks.some(
        (k) => k.name === `${t}_${c.name}_check` && !stale.includes(k as never),
      );
      const name = taken ? `${t}_${c.name}_choices_check` : `${t}_${c.name}_check`;
      diff(
        `${c.name}: ${stale.length ? `CHECK allows ${stale.map((k) => k.choices!.join(', ')).join(' / ')}` : 'no CHECK of its choices'}, the declaration's are ${c.choices.join(', ')}`,
        ...stale.map((k) => alter(`DROP CONSTRAINT ${k.name}`)),
        alter(`ADD CONSTRAINT ${name} CHECK (${enumCheck(c)})`),
      );
    } else if (!c.choices && stale.length) {
      diff(
        `${c.name}: CHECK allows only ${stale[0].choices!.join(', ')}, the declaration has no choices`,
        ...stale.map((k) => alter(`DROP CONSTRAINT ${k.name}`)),
      );
    }
  }

  for (const a of actual.columns) {
    if (engine.has(a.name) || spec.columns.some((c) => c.name === a.name)) continue;
    diff(
      `${a.name}: a column no field names (not in the schema, nor in serverColumns)`,
      `-- Drops ${t}.${a.name} and what it holds.`,
      alter(`DROP COLUMN ${a.name}`),
    );
  }

  const present = (c: string) => actual.columns.some((a) => a.name === c);
  if (spec.naturalKey) {
    const key = spec.naturalKey;
    const found = actual.indexes.some((i) => i.unique && i.plain && sameValues(i.columns, key));
    if (!found) diff(`(${key.join(', ')}): no unique index of the natural key`, naturalKeySql(spec));
  }
  for (const fk of spec.foreignKeys) {
    const found = actual.foreignKeys.some(
      (f) => f.columns.length === 1 && f.columns[0] === fk.column && f.ref_table === fk.table,
    );
    if (!found && present(fk.column)) {
      const c = spec.columns.find((x) => x.name === fk.column)!;
      diff(
        `${fk.column}: no foreign key to ${fk.table} (its ${fk.reason})`,
        alter(
          `ADD CONSTRAINT ${t}_${fk.column}_fkey FOREIGN KEY (${fk.column}) REFERENCES ${fk.table} (id) ON DELETE ${onDelete(c, fk)}`,
        ),
      );
    }
  }
  if (spec.parentColumn && !actual.indexes.some((i) => i.columns[0] === spec.parentColumn))
    diff(`${spec.parentColumn}: no index leading with the parent column`, parentIndexSql(spec));
  return out;
}

/**
 * The list indexes a declaration implies that cannot be built on the migrated tables (a sort or
 * filter on a column that is not there, an operator class its type has not), each tried and
 * undone; those of a table the differences already add, or add columns to, are left to them.
 */
async function unbuildableListIndexes(
  db: Db,
  decls: ResourceDeclaration[],
  known: Difference[],
): Promise<Difference[]> {
  const out: Difference[] = [];
  const undo = new Error('undo');
  await db
    .transaction(async (tx) => {
      await tx.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
      for (const decl of decls) {
        if (
          decl.parent ||
          known.some((d) => d.table === decl.table && / no (table|column) /.test(` ${d.message}`))
        )
          continue;
        for (const index of listIndexes(decl)) {
          await tx.exec('SAVEPOINT list_index');
          try {
            // One the server built already stands (its name is its definition's hash).
            await tx.exec(index.sql);
          } catch (err) {
            out.push({
              table: decl.table,
              message: `${decl.table}: list index ${index.name} cannot be built (${(err as Error).message}); fix the declaration's search, filters or sortable`,
              sql: [],
            });
          }
          await tx.exec('ROLLBACK TO SAVEPOINT list_index');
        }
      }
      throw undo; // nothing of the tries stays
    })
    .catch((err: unknown) => {
      if (err !== undo) throw err;
    });
  return out;
}

// ---- The migration file ------------------------------------------------------------------------

/** 'add favorite color' → 'add_favorite_color'. */
export const migrationLabel = (label: string) =>
  label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');

/** The next migration's number after `files` (names as '031_x.sql'). */
export const nextMigrationNumber = (files: string[]) =>
  Math.max(0, ...files.map((f) => Number(/^(\d+)_/.exec(f)?.[1] ?? 0))) + 1;

export const migrationFileName = (number: number, label: string) =>
  `${String(number).padStart(3, '0')}_${migrationLabel(label)}.sql`;

/**
 * The migration that removes `diffs`: a header naming each, then their statements, the ALTER
 * TABLEs of one table as one statement (PostgreSQL then reads its rows once for all its new
 * CHECKs and NOT NULLs, not once each).
 */
export function migrationSql(file: string, diffs: Difference[]): string {
  const tables = [...new Set(diffs.map((d) => d.table))];
  const body = tables.flatMap((t) => {
    const sql = diffs.filter((d) => d.table === t).flatMap((d) => d.sql);
    const prefix = `ALTER TABLE ${t} `;
    const actions = sql.filter((s) => s.startsWith(prefix)).map((s) => s.slice(prefix.length, -1));
    return [
      ...sql.filter((s) => s.startsWith('--')),
      ...(actions.length ? [`${prefix.trim()}\n  ${actions.join(',\n  ')};`] : []),
      ...sql.filter((s) => !s.startsWith('--') && !s.startsWith(prefix)),
    ];
  });
  return [
    `-- ${file}: written by npm run new:migration from the declarations (src/resources)`,
    '-- and their schemas, to bring the tables to them. It removes:',
    ...diffs.map((d) => `--   ${d.message}`),
    '',
    ...body,
    '',
  ].join('\n');
}

// ---- The check ---------------------------------------------------------------------------------

/** A fresh in-memory database with every migration of `dir` applied (from the cached template). */
export async function migratedDatabase(dir = MIGRATIONS_DIR): Promise<Db> {
  const db = await openDb({});
  try {
    await migrate(db, dir);
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}

/** Every declared resource, with its children. */
export const ALL_DECLARATIONS = [...RESOURCES, ...CHILD_RESOURCES];
