import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/db.js';
import { listTotal } from './count.js';
import { AppError } from '../plugins/errors.js';
import { quote, type ResourceModel } from './model.js';

export const MAX_LIMIT = 1000;
/** Offset paging stops here: deeper rows are reached by search, filter or sort (stated in the UI). */
export const MAX_OFFSET = 10_000;
export const PAGE_TOO_DEEP = `Halaman terlalu jauh. Gunakan pencarian, filter atau urutan untuk mencapai data setelah ${MAX_OFFSET.toLocaleString('id-ID')} baris pertama.`;

export interface ListQuery {
  page?: number;
  limit?: number;
  search?: string;
  sort?: string;
  order?: 'ASC' | 'DESC' | 'asc' | 'desc';
  ids?: string;
  [filter: string]: unknown;
}

/** Escapes LIKE wildcards so a search for '50%' finds the text '50%'. */
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);
export const likePattern = (term: string) => `%${escapeLike(term)}%`;

/** A search, a sort, a filter or a deep page may cost seconds: heavy; the first pages are not. */
export function listWork(m: ResourceModel, q: ListQuery): 'light' | 'heavy' {
  const filtered = m.decl.filters.some((f) => q[f] !== undefined && q[f] !== '');
  const sorted = q.sort && q.sort !== m.decl.defaultSort.field;
  return q.search?.trim() || sorted || filtered || (q.page ?? 1) > 10 ? 'heavy' : 'light';
}

/** WHERE clause and parameters of a list request: scope, search, filters, ids. */
export function listWhere(m: ResourceModel, request: FastifyRequest, q: ListQuery) {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: (p: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  const s = m.scope(request);
  if (s) add((p) => `${s.sql} ${p}`, s.value);
  if (q.search && q.search.trim()) {
    const term = q.search.trim();
    const prefix = m.decl.searchPrefix ?? [];
    if (prefix.length && /^\+?\d{4,}$/.test(term)) {
      add((p) => `(${prefix.map((c) => `${quote(c)} LIKE ${p}`).join(' OR ')})`, `${escapeLike(term)}%`);
    } else {
      add((p) => `${m.searchExpression} ILIKE ${p}`, likePattern(term));
    }
  }
  for (const f of m.decl.filters) {
    const v = q[f];
    if (v === undefined || v === '') continue;
    const via = m.decl.relatedFilters?.[f];
    if (via) {
      add(
        (p) =>
          `${quote(via.column)} IN (SELECT ${quote(via.key)} FROM ${quote(via.table)} WHERE ${quote(via.match)} = ${p})`,
        v,
      );
    } else add((p) => `${quote(f)} = ${p}`, v);
  }
  if (q.ids) add((p) => `id = ANY(${p}::int[])`, q.ids.split(',').map(Number));
  return { whereSql: where.length ? `WHERE ${where.join(' AND ')}` : '', params };
}

/**
 * One page of rows and the list's total (exact while cheap, else an estimate), as the JSON text
 * of the answer. PostgreSQL builds the rows' JSON (json_agg): the server's one thread then
 * neither converts each field into a JavaScript value nor serializes it back, which is most of
 * what a page costs it beyond the round trip.
 */
export async function listPage(db: Queryable, m: ResourceModel, request: FastifyRequest, q: ListQuery) {
  const page = q.page ?? 1;
  const limit = q.limit ?? 10;
  if ((page - 1) * limit > MAX_OFFSET) throw new AppError(400, PAGE_TOO_DEEP, { page: PAGE_TOO_DEEP });
  const { whereSql, params } = listWhere(m, request, q);
  const sortField = q.sort && m.sortable.includes(q.sort) ? q.sort : m.decl.defaultSort.field;
  const dir = (q.order ? q.order.toUpperCase() : m.decl.defaultSort.order) === 'ASC' ? 'ASC' : 'DESC';
  const n = params.length;
  const [{ rows }, { total, estimated }] = await Promise.all([
    // Columns are qualified in ORDER BY: the JSON select list names timestamps' text by the
    // column's own name, and an output name would win there (and lose the index).
    db.query<{ data: string }>(
      `SELECT coalesce(json_agg(r), '[]')::text AS data FROM (
         SELECT ${m.jsonSelectList} FROM ${m.table} ${whereSql}
          ORDER BY ${m.table}.${quote(sortField)} ${dir}, ${m.table}.id ${dir}
          LIMIT $${n + 1} OFFSET $${n + 2}) r`,
      [...params, limit, (page - 1) * limit],
    ),
    listTotal(db, m.table, m.decl.table, whereSql, params),
  ]);
  const pagination = { total, totalPages: Math.ceil(total / limit), page, limit, estimated };
  return `{"data":${rows[0].data},"pagination":${JSON.stringify(pagination)}}`;
}
