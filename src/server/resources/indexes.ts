import { createHash } from 'node:crypto';
import type { Db, Queryable } from '../db/db.js';
import { baseType, type JsonSchema, type ResourceDeclaration } from '../../domain/resource.js';
import { quote, resourceModel, searchExpression } from './model.js';

/** A filter on a choice list: few values, each shared by many rows. */
const isChoice = (p: JsonSchema | undefined) => !!p && (!!p.enum || baseType(p) === 'boolean');

/**
 * The indexes a declaration's list needs, derived from the declaration itself so that a new
 * resource gets them without a hand-written migration:
 *  - a GIN trigram index on the joined search columns (substring, case-insensitive search);
 *  - for each filter on a many-valued column (a facility id), (filter, default sort, id): a
 *    filtered first page reads ten entries. A filter on a choice list (enum, boolean) gets none:
 *    each choice holds a large share of the rows, so the default order's index meets ten of them
 *    within a few dozen entries, and an index per choice column would cost minutes to build and
 *    a write per row at a city's size;
 *  - for each sortable column, (column, id).
 * Names carry a hash of their definition: a changed declaration gets a new index, and the old
 * one is dropped.
 */
export function listIndexes(decl: ResourceDeclaration): ListIndex[] {
  const m = resourceModel(decl);
  const table = decl.table;
  const sortCol = decl.defaultSort.field;
  const defs: { kind: string; def: string }[] = [];
  if (decl.search.length)
    defs.push({ kind: 'search', def: `USING gin (${searchExpression(decl)} gin_trgm_ops)` });
  for (const c of decl.searchPrefix ?? []) {
    defs.push({ kind: `prefix_${c}`, def: `(${quote(c)} text_pattern_ops)` });
  }
  for (const f of decl.filters) {
    if (decl.relatedFilters?.[f]) continue; // answered through the other table's rows
    if (isChoice(m.props[f])) continue; // found along the default order's index (see above)
    const cols = [f, sortCol, 'id'].filter((c, i, a) => a.indexOf(c) === i);
    defs.push({ kind: `filter_${f}`, def: `(${cols.map(quote).join(', ')})` });
  }
  for (const c of m.sortable) {
    if (c === 'id') continue;
    defs.push({ kind: `sort_${c}`, def: `(${quote(c)}, id)` });
  }
  return defs.map(({ kind, def }) => {
    const hash = createHash('sha1').update(def).digest('hex').slice(0, 8);
    const name = `${table}_list_${kind}_${hash}`.slice(0, 63);
    return {
      name,
      sql: `CREATE INDEX IF NOT EXISTS ${quote(name)} ON ${quote(table)} ${def}`,
      statistics: kind === 'search' ? SEARCH_STATISTICS : undefined,
    };
  });
}

export interface ListIndex {
  name: string;
  sql: string;
  /** The statistics target of the index's expression, when not the database's default. */
  statistics?: number;
}

/**
 * How finely ANALYZE samples the search text (of the trigram index's expression). With the
 * default (100) the planner has too few values to match a term against and expects 0.01 % of
 * the rows to match any term; with 1,000 its estimate of a common name is within a fifth of
 * the truth ('budi': 428,000 expected, 368,000 among 55M appointments), and rare ones stay rare.
 */
export const SEARCH_STATISTICS = 1000;

/** The statement that gives an index's expression its statistics target. */
export const statisticsSql = (w: ListIndex) =>
  `ALTER INDEX ${quote(w.name)} ALTER COLUMN 1 SET STATISTICS ${w.statistics ?? -1}`;

/** The list index of a declaration, built without blocking writes (outside a transaction). */
export const concurrently = (sql: string) => sql.replace(/^CREATE INDEX /, 'CREATE INDEX CONCURRENTLY ');

/**
 * What a declaration's list indexes need: outdated ones and invalid ones (a concurrent build
 * that stopped half way leaves its index INVALID) to drop, missing or invalid ones to build,
 * and the statistics targets to set (on those built and on those an earlier version built).
 */
export async function listIndexPlan(db: Queryable, decl: ResourceDeclaration) {
  const wanted = listIndexes(decl);
  const { rows } = await db.query<{ name: string; valid: boolean; statistics: number }>(
    `SELECT c.relname AS name, i.indisvalid AS valid, coalesce(a.attstattarget, -1) AS statistics
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid
       JOIN pg_attribute a ON a.attrelid = i.indexrelid AND a.attnum = 1
      WHERE t.relname = $1 AND c.relname LIKE $2 AND c.relnamespace = current_schema()::regnamespace`,
    [decl.table, `${decl.table}\\_list\\_%`],
  );
  const ok = new Set(rows.filter((r) => r.valid).map((r) => r.name));
  const build = wanted.filter((w) => !ok.has(w.name));
  const target = (w: ListIndex) => w.statistics ?? -1;
  return {
    drop: rows.filter((r) => !r.valid || !wanted.some((w) => w.name === r.name)).map((r) => r.name),
    build,
    retarget: wanted.filter((w) =>
      build.includes(w)
        ? target(w) !== -1
        : rows.some((r) => r.name === w.name && r.statistics !== target(w)),
    ),
  };
}

/**
 * Creates the list indexes of every declaration that lacks them, and drops outdated ones, before
 * the server serves: PGlite's start, and tests, benches and the seed on PostgreSQL (a server on
 * PostgreSQL builds them behind a served console instead, src/server/maintenance/indexes.ts).
 */
export async function ensureListIndexes(db: Db, decls: ResourceDeclaration[]) {
  // Building an index over a city's rows is long work by design: no request deadline, and one
  // transaction under the lock the background build takes too, so that processes starting
  // together do not build the same index twice.
  await db.transaction(async (tx) => {
    if (db.kind === 'postgres') {
      await tx.query('SET LOCAL statement_timeout = 0');
      await tx.query(`SELECT pg_advisory_xact_lock(${LIST_INDEX_LOCK}, hashtext(current_schema()))`);
    }
    await tx.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    for (const decl of decls) {
      const plan = await listIndexPlan(tx, decl);
      for (const name of plan.drop) await tx.exec(`DROP INDEX IF EXISTS ${quote(name)}`);
      for (const w of plan.build) await tx.exec(w.sql);
      for (const w of plan.retarget) await tx.exec(statisticsSql(w));
      if (plan.retarget.length) await tx.exec(`ANALYZE ${quote(decl.table)}`);
    }
  });
}

/** The advisory lock (with the schema's hash) of whoever builds the list indexes. */
export const LIST_INDEX_LOCK = 727101;
