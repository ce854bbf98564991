import type { Queryable } from '../db/db.js';

/** Inserts rows in multi-row INSERT statements of at most `chunk` rows. Returns the new ids. */
export async function insertRows(
  q: Queryable,
  table: string,
  rows: Record<string, unknown>[],
  chunk = Math.max(1, Math.floor(30000 / Math.max(1, Object.keys(rows[0] ?? { a: 1 }).length))),
): Promise<number[]> {
  if (!rows.length) return [];
  const cols = Object.keys(rows[0]);
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += chunk) {
    const part = rows.slice(i, i + chunk);
    const params: unknown[] = [];
    const values = part.map(
      (row) => `(${cols.map((c) => (params.push(row[c] ?? null), `$${params.length}`)).join(', ')})`,
    );
    const res = await q.query<{ id: number }>(
      `INSERT INTO ${table} (${cols.join(', ')}) VALUES ${values.join(', ')} RETURNING id`,
      params,
    );
    ids.push(...res.rows.map((r) => r.id));
  }
  return ids;
}
