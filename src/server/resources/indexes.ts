import { createHash } from 'node:crypto';
import type { Db, Tx } from '../db/db.js';
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
export function listIndexes(decl: ResourceDeclaration): { name: string; sql: string }[] {
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
    return { name, sql: `CREATE INDEX IF NOT EXISTS ${quote(name)} ON ${quote(table)} ${def}` };
  });
}

/** Creates the list indexes of every declaration that lacks them, and drops outdated ones. */
export async function ensureListIndexes(db: Db, decls: ResourceDeclaration[]) {
  // Building an index over a city's rows is long work by design: no request deadline, and one
  // transaction so that processes starting together do not build the same index twice.
  await db.transaction(async (tx) => {
    if (db.kind === 'postgres') {
      await tx.query('SET LOCAL statement_timeout = 0');
      await tx.query('SELECT pg_advisory_xact_lock(727101)');
    }
    await tx.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    for (const decl of decls) await ensureFor(tx, decl);
  });
}

async function ensureFor(db: Tx, decl: ResourceDeclaration) {
  const wanted = listIndexes(decl);
  const { rows } = await db.query<{ name: string }>(
    `SELECT indexname AS name FROM pg_indexes WHERE tablename = $1 AND indexname LIKE $2 AND schemaname = current_schema()`,
    [decl.table, `${decl.table}_list_%`],
  );
  for (const { name } of rows) {
    if (!wanted.some((w) => w.name === name)) await db.exec(`DROP INDEX IF EXISTS ${quote(name)}`);
  }
  for (const w of wanted) {
    if (!rows.some((r) => r.name === w.name)) await db.exec(w.sql);
  }
}
