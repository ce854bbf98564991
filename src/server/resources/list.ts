import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/db.js';
import { EXACT_COUNT_LIMIT, planEstimate, tableStats, tableTotal, type ListTotal } from './count.js';
import { AppError } from '../plugins/errors.js';
import { RANGE_END_BEFORE_START, rangeParams } from '../../domain/resource.js';
import { summarizeFieldErrors } from '../../domain/validation.js';
import { quote, type ResourceModel } from './model.js';

export const MAX_LIMIT = 1000;
/** Offset paging stops here: deeper rows are reached by search, filter or sort (stated in the UI). */
export const MAX_OFFSET = 10_000;
/** A search by words counts its matches exactly up to this many; past it the total is an estimate. */
export const SEARCH_EXACT_LIMIT = 1_000;
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

/** The shortest term the trigram index can serve. */
const TRIGRAM = 3;

/** Escapes LIKE wildcards so a search for '50%' finds the text '50%'. */
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);
export const likePattern = (term: string) => `%${escapeLike(term)}%`;

/**
 * A range of days on a date or date-time field (`<field>_from`, `<field>_to`, both included; a
 * date-time's days are Jakarta's, so the index on the field serves the bounds). A range that ends
 * before it starts is a 400 on its end.
 */
function addRange(
  m: ResourceModel,
  field: string,
  q: ListQuery,
  add: (sql: (p: string) => string, value: unknown) => void,
) {
  const { from: fromParam, to: toParam } = rangeParams(field);
  const from = q[fromParam] as string | undefined;
  const to = q[toParam] as string | undefined;
  if (from && to && to < from) {
    const errors = { [toParam]: RANGE_END_BEFORE_START };
    throw new AppError(400, summarizeFieldErrors(errors), errors);
  }
  const column = quote(field);
  const timed = m.props[field]?.format === 'date-time';
  if (from)
    add(
      (p) =>
        timed
          ? `${column} >= (${p}::date::timestamp AT TIME ZONE 'Asia/Jakarta')`
          : `${column} >= ${p}::date`,
      from,
    );
  if (to)
    add(
      (p) =>
        timed
          ? `${column} < ((${p}::date + 1)::timestamp AT TIME ZONE 'Asia/Jakarta')`
          : `${column} <= ${p}::date`,
      to,
    );
}

/** A search, a sort, a filter or a deep page may cost seconds: heavy; the first pages are not. */
export function listWork(m: ResourceModel, q: ListQuery): 'light' | 'heavy' {
  const ranged = (m.decl.rangeFilters ?? []).some((f) =>
    Object.values(rangeParams(f)).some((p) => q[p] !== undefined && q[p] !== ''),
  );
  const filtered = ranged || m.decl.filters.some((f) => q[f] !== undefined && q[f] !== '');
  const sorted = q.sort && q.sort !== m.decl.defaultSort.field;
  return q.search?.trim() || sorted || filtered || (q.page ?? 1) > 10 ? 'heavy' : 'light';
}

/**
 * WHERE clause and parameters of a list request: scope, search, filters, ids. `words` says the
 * search is by words (the trigram index's), not a number's prefix. With `unindexed`, the words
 * are matched on the same text written so that the trigram index cannot serve them: the rows
 * are then met along the index of the list's order, each checked (see listPage).
 */
export function listWhere(
  m: ResourceModel,
  request: FastifyRequest,
  q: ListQuery,
  { unindexed = false } = {},
) {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: (p: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  const s = m.scope(request);
  if (s) add((p) => `${s.sql} ${p}`, s.value);
  let words = false;
  if (q.search && q.search.trim()) {
    const term = q.search.trim();
    const prefix = m.decl.searchPrefix ?? [];
    if (prefix.length && /^\+?\d{4,}$/.test(term)) {
      add((p) => `(${prefix.map((c) => `${quote(c)} LIKE ${p}`).join(' OR ')})`, `${escapeLike(term)}%`);
    } else {
      words = true;
      // A term too short to hold a trigram would make the trigram index read all of itself,
      // a scan that a cancel or a deadline cannot stop before it ends (seconds at 11M rows):
      // its rows are checked one by one instead, which stops at once.
      const text = unindexed || term.length < TRIGRAM ? `(${m.searchExpression} || '')` : m.searchExpression;
      add((p) => `${text} ILIKE ${p}`, likePattern(term));
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
  for (const f of m.decl.rangeFilters ?? []) addRange(m, f, q, add);
  if (q.ids) add((p) => `id = ANY(${p}::int[])`, q.ids.split(',').map(Number));
  return { whereSql: where.length ? `WHERE ${where.join(' AND ')}` : '', params, words };
}

/**
 * A search the planner expects to meet its page within this many rows along the order's index
 * walks it (checking at most four times as many, and at least ORDER_WALK_MIN).
 */
const ORDER_WALK = 5_000;
const ORDER_WALK_MIN = 1_000;

/** The blocks a gather's rows came from: the first and last, and the widest gap between two. */
export interface BlockSpan {
  first: number;
  last: number;
  gap: number;
}

/**
 * How many rows match in a table of `pages` blocks, from `n` matches met in a scan that read
 * the blocks of `span`. The scan read them in the table's order, but not always from its first
 * block: a sequential scan starts where the last one on the table stopped (PostgreSQL's
 * synchronized scans), reaches the end and goes on from the first block. The blocks it read are
 * then the table less the widest stretch it did not reach: either the widest gap between the
 * blocks it met rows in (it went round), or the stretches before the first and after the last.
 */
export function matchesEstimate(n: number, span: BlockSpan, pages: number): number {
  const unread = Math.max(span.gap - 1, pages - 1 - span.last + span.first);
  return Math.round((n * pages) / Math.max(1, pages - unread));
}

/** How far past the exact-count cap the planner's estimate must be for the matches not to be gathered. */
const FAR_BEYOND_CAP = 10;

/**
 * One page of rows and the list's total (exact while cheap, else an estimate), as the JSON text
 * of the answer. PostgreSQL builds the rows' JSON (json_agg): the server's one thread then
 * neither converts each field into a JavaScript value nor serializes it back, which is most of
 * what a page costs it beyond the round trip.
 *
 * A search or filter gathers its matches once, up to EXACT_COUNT_LIMIT (and any page a caller
 * may ask): while they are fewer, that one pass gives both the page and the exact total. When
 * more match, the total is the planner's estimate; when the planner expects far more, the
 * matches are not gathered at all. A search by words is first gathered up to SEARCH_EXACT_LIMIT
 * only (see searchPage).
 */
export async function listPage(db: Queryable, m: ResourceModel, request: FastifyRequest, q: ListQuery) {
  const page = q.page ?? 1;
  const limit = q.limit ?? 10;
  if ((page - 1) * limit > MAX_OFFSET) throw new AppError(400, PAGE_TOO_DEEP, { page: PAGE_TOO_DEEP });
  const { whereSql, params, words } = listWhere(m, request, q);
  const sortField = q.sort && m.sortable.includes(q.sort) ? q.sort : m.decl.defaultSort.field;
  const dir = (q.order ? q.order.toUpperCase() : m.decl.defaultSort.order) === 'ASC' ? 'ASC' : 'DESC';
  const t = m.table;
  // Columns are qualified in ORDER BY: the JSON select list names timestamps' text by the
  // column's own name, and an output name would win there (and lose the index).
  const order = `ORDER BY ${t}.${quote(sortField)} ${dir}, ${t}.id ${dir}`;
  // Numbers the route's schema checked, written into the text: a first page without filters
  // is then one statement with no parameters, planned once per connection (a LIMIT given as a
  // parameter would make PostgreSQL plan it anew each time, or plan for any limit at all).
  const offset = (page - 1) * limit;
  const paging = `LIMIT ${Number(limit)} OFFSET ${Number(offset)}`;
  const json = (rowsSql: string) => `SELECT coalesce(json_agg(r), '[]')::text AS data FROM (${rowsSql}) r`;
  // The page's rows by id: skipping rows (OFFSET) then reads only the sort index, and the JSON
  // of a row is made for the rows shown alone.
  const rowsOf = (idsSql: string) =>
    json(`SELECT ${m.jsonSelectList} FROM ${t} JOIN (${idsSql}) p USING (id) ${order}`);
  const answer = (data: string, { total, estimated }: ListTotal) =>
    `{"data":${data},"pagination":${JSON.stringify({ total, totalPages: Math.ceil(total / limit), page, limit, estimated })}}`;

  if (!whereSql) {
    const [{ rows }, total] = await Promise.all([
      db.query<{ data: string }>(rowsOf(`SELECT ${t}.id FROM ${t} ${order} ${paging}`), params),
      tableTotal(db, t, m.decl.table),
    ]);
    return answer(rows[0].data, total);
  }
  // The matches gathered once (ids and sort keys), at most `cap` of them: fewer than `cap` is
  // every match, so the count is exact and the page comes from them. A search reads all its
  // candidates from the trigram index anyway, so it takes the first `cap` in the list's order,
  // enough for any page that may be asked (MAX_OFFSET). A filter takes any `cap` rows (it stops
  // early); when more match, its page comes from the sorted index.
  const searching = !!q.search?.trim();
  const cap = Math.max(EXACT_COUNT_LIMIT + 1, offset + limit + 1);
  const gatherInOrder = async (from = t, where = { whereSql, params }, take = cap) => {
    const { rows } = await db.query<{ n: number; data: string }>(
      `WITH m AS MATERIALIZED (
         SELECT ${t}.id, ${t}.${quote(sortField)} AS s FROM ${from} ${where.whereSql} ${searching ? order : ''} LIMIT ${take})
       SELECT (SELECT count(*)::int FROM m) AS n,
              (${rowsOf(`SELECT id FROM m ORDER BY s ${dir}, id ${dir} ${paging}`)}) AS data`,
      where.params,
    );
    return rows[0];
  };
  if (words) {
    // A term that hundreds of thousands of rows match (the planner knows it from the search
    // text's statistics, indexes.ts) has its page within a few thousand rows along the order's
    // index, each checked; through the trigram index it would yield every match first (60 ms
    // for 'budi' among 55M appointments). The walk is bounded, should the estimate be wrong.
    const stats = await tableStats(db, m.decl.table);
    // (A term too short for a trigram has no statistics: the planner's figure would be a guess.
    // A table of fewer rows than the cap has all its matches gathered anyway.)
    if (stats && stats.rows > cap && q.search!.trim().length >= TRIGRAM) {
      const planned = await planEstimate(db, t, whereSql, params);
      const expected = Math.ceil(((offset + limit) * stats.rows) / Math.max(1, planned));
      if (planned > cap && expected <= ORDER_WALK) {
        const bound = Math.max(ORDER_WALK_MIN, 4 * expected);
        const walked = await gatherInOrder(
          `(SELECT * FROM ${t} ${order} LIMIT ${bound}) ${t}`,
          listWhere(m, request, q, { unindexed: true }),
          offset + limit,
        );
        if (walked.n === offset + limit) return answer(walked.data, { total: planned, estimated: true });
      }
    }
    // Every candidate of the trigram index is checked on its row, so a common word costs as many
    // rows as it matches (7,875 rows, 40-90 ms, for 'budi' among 1M patients). Gathered without
    // an order, the first SEARCH_EXACT_LIMIT of them cost a fraction of that; fewer is all of
    // them, and they give the exact total and any page.
    const { rows } = await db.query<{ n: number; span: BlockSpan | null; data: string }>(
      `WITH m AS MATERIALIZED (
         SELECT ${t}.id, ${t}.${quote(sortField)} AS s, (${t}.ctid::text::point)[0]::int AS b
           FROM ${t} ${whereSql} LIMIT ${SEARCH_EXACT_LIMIT + 1})
       SELECT (SELECT count(*)::int FROM m) AS n,
              (SELECT json_build_object('first', min(b), 'last', max(b), 'gap', coalesce(max(gap), 0))
                 FROM (SELECT b, b - lag(b) OVER (ORDER BY b) AS gap FROM m) g) AS span,
              (${rowsOf(`SELECT id FROM m ORDER BY s ${dir}, id ${dir} ${paging}`)}) AS data`,
      params,
    );
    const { n, span, data } = rows[0];
    if (n <= SEARCH_EXACT_LIMIT) return answer(data, { total: n, estimated: false });
    // More match: matches per block read, times the table's blocks, estimate them all.
    if (stats && stats.pages > 0 && span?.first != null) {
      const estimate = Math.min(stats.rows, Math.max(n, matchesEstimate(n, span, stats.pages)));
      // Along the index of the list's order, the page's rows are met after about
      // (offset + limit) x rows / matches rows, each checked; all matches in order cost about
      // as many as match. The cheaper way gives the page.
      if (((offset + limit) * stats.rows) / estimate <= estimate) {
        const walk = listWhere(m, request, q, { unindexed: true });
        const { rows: pageRows } = await db.query<{ data: string }>(
          rowsOf(`SELECT ${t}.id FROM ${t} ${walk.whereSql} ${order} ${paging}`),
          walk.params,
        );
        return answer(pageRows[0].data, { total: estimate, estimated: true });
      }
      const all = await gatherInOrder();
      if (all.n < cap) return answer(all.data, { total: all.n, estimated: false });
      return answer(all.data, { total: Math.max(all.n, estimate), estimated: true });
    }
  }
  // Matches the planner expects by the hundred thousand (a choice filter, a very common term)
  // are not gathered: the total will be its estimate anyway, and the page comes from the
  // sorted index, which meets ten of them within a few dozen entries.
  const estimate = await planEstimate(db, t, whereSql, params);
  const estimatedPage = () =>
    db.query<{ data: string }>(rowsOf(`SELECT ${t}.id FROM ${t} ${whereSql} ${order} ${paging}`), params);
  if (estimate > cap * FAR_BEYOND_CAP) {
    const { rows } = await estimatedPage();
    return answer(rows[0].data, { total: estimate, estimated: true });
  }
  const { n, data } = await gatherInOrder();
  if (n < cap) return answer(data, { total: n, estimated: false });
  const pageData = searching ? data : (await estimatedPage()).rows[0].data;
  return answer(pageData, { total: Math.max(n, estimate), estimated: true });
}

/** A page's text with each row's derived fields added (for a resource that has some). */
export function presentPage(m: ResourceModel, page: string): string {
  if (!Object.keys(m.decl.derived ?? {}).length) return page;
  const parsed = JSON.parse(page) as { data: Record<string, any>[] };
  parsed.data = parsed.data.map((row) => m.present(row));
  return JSON.stringify(parsed);
}
