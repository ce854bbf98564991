import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/db.js';
import { listTotal } from './count.js';
import { quote, type ResourceModel } from './model.js';

export const MAX_LIMIT = 1000;

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
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A search, a sort, a filter or a deep page may cost seconds: heavy; the first pages are not. */
export function listWork(m: ResourceModel, q: ListQuery): 'light' | 'heavy' {
  const filtered = m.decl.filters.some((f) => q[f] !== undefined && q[f] !== '');
  const sorted = q.sort && q.sort !== m.decl.defaultSort.field;
  return q.search?.trim() || sorted || filtered || (q.page ?? 1) > 100 ? 'heavy' : 'light';
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
    add(
      (p) => `(${m.decl.search.map((c) => `${quote(c)}::text ILIKE ${p}`).join(' OR ')})`,
      likePattern(q.search.trim()),
    );
  }
  for (const f of m.decl.filters) {
    const v = q[f];
    if (v !== undefined && v !== '') add((p) => `${quote(f)} = ${p}`, v);
  }
  if (q.ids) add((p) => `id = ANY(${p}::int[])`, q.ids.split(',').map(Number));
  return { whereSql: where.length ? `WHERE ${where.join(' AND ')}` : '', params };
}

/** One page of rows and the list's total (exact while cheap, else an estimate). */
export async function listPage(db: Queryable, m: ResourceModel, request: FastifyRequest, q: ListQuery) {
  const page = q.page ?? 1;
  const limit = q.limit ?? 10;
  const { whereSql, params } = listWhere(m, request, q);
  const sortField = q.sort && m.sortable.includes(q.sort) ? q.sort : m.decl.defaultSort.field;
  const dir = (q.order ? q.order.toUpperCase() : m.decl.defaultSort.order) === 'ASC' ? 'ASC' : 'DESC';
  const [{ rows }, { total, estimated }] = await Promise.all([
    db.query(
      `SELECT ${m.selectList} FROM ${m.table} ${whereSql}
        ORDER BY ${quote(sortField)} ${dir}, id ${dir}
        LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
      params,
    ),
    listTotal(db, m.table, m.decl.table, whereSql, params),
  ]);
  return { data: rows, pagination: { total, totalPages: Math.ceil(total / limit), page, limit, estimated } };
}
