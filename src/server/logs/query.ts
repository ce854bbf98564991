/**
 * What the log screens' requests share: the period (`7d`, `24h`), dates (a day is a Jakarta
 * day), paging, totals that stay cheap at millions of rows, and the facility user's scope.
 */
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/db.js';
import { AppError } from '../plugins/errors.js';
import { summarizeFieldErrors } from '../../domain/validation.js';
import { EXACT_COUNT_LIMIT, planEstimate, tableTotal } from '../resources/count.js';
import { MAX_OFFSET, PAGE_TOO_DEEP } from '../resources/list.js';

export const LOG_PAGE_DEFAULT = 25;
export const LOG_PAGE_MAX = 100;
export const PERIOD_INVALID =
  'Periode tidak valid: gunakan jam atau hari, misalnya 24h atau 7d (paling lama 365d)';
export const DATE_INVALID = 'Tanggal tidak valid (YYYY-MM-DD atau tanggal-waktu ISO 8601)';
export const DATE_ORDER = 'Tanggal akhir harus setelah tanggal awal';

function invalid(field: string, message: string): never {
  const errors = { [field]: message };
  throw new AppError(400, summarizeFieldErrors(errors), errors);
}

/** `7d`, `24h`: the period as an interval in hours (at most a year). */
export function periodHours(value: string | undefined, field = 'period', fallback = '7d'): number {
  const m = /^(\d{1,4})([hd])$/.exec((value ?? fallback).trim());
  if (!m) invalid(field, PERIOD_INVALID);
  const hours = Number(m[1]) * (m[2] === 'd' ? 24 : 1);
  if (hours < 1 || hours > 365 * 24) invalid(field, PERIOD_INVALID);
  return hours;
}

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;

/**
 * A period of `hours` before the clock: its start, the first full hour after it, and the first
 * UTC midnight at or after that (ISO instants). Read before a period's query and given to it as
 * values, so that the planner plans only the log months the period's part-hour falls in.
 */
export async function periodBounds(db: Queryable, hours: number) {
  const { rows } = await db.query<{ since: string; full_from: string; first_day: string }>(
    `SELECT to_char(since AT TIME ZONE 'UTC', ${ISO}) AS since, to_char(full_from AT TIME ZONE 'UTC', ${ISO}) AS full_from,
            to_char(date_trunc('day', full_from + interval '1 day' - interval '1 microsecond', 'UTC') AT TIME ZONE 'UTC',
                    ${ISO}) AS first_day
       FROM (SELECT since, date_trunc('hour', since) + interval '1 hour' AS full_from
               FROM (SELECT app_now() - make_interval(hours => $1) AS since) x) y`,
    [hours],
  );
  return rows[0];
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** Dates without a time are days in Jakarta (UTC+7, no daylight saving). */
const JAKARTA = '+07:00';

/** A start (inclusive) or end (inclusive day, or exact instant) as an ISO instant. */
export function dateBound(value: string | undefined, field: string, end: boolean): string | null {
  if (value === undefined || value === '') return null;
  const v = value.trim();
  let ms: number;
  if (DATE_ONLY.test(v)) {
    ms = Date.parse(`${v}T00:00:00${JAKARTA}`);
    // A date must be a real day: 2024-02-30 is refused rather than rolled over.
    if (Number.isNaN(ms) || new Date(ms + 7 * 3600_000).toISOString().slice(0, 10) !== v)
      invalid(field, DATE_INVALID);
    if (end) ms += 24 * 3600_000;
  } else {
    if (!/^\d{4}-\d{2}-\d{2}T/.test(v)) invalid(field, DATE_INVALID);
    ms = Date.parse(v);
    if (Number.isNaN(ms)) invalid(field, DATE_INVALID);
  }
  return new Date(ms).toISOString();
}

/** WHERE parts and parameters, added one by one. */
export class Where {
  parts: string[] = [];
  params: unknown[] = [];
  add(sql: (p: string) => string, value: unknown) {
    if (value === undefined || value === null || value === '') return this;
    this.params.push(value);
    this.parts.push(sql(`$${this.params.length}`));
    return this;
  }
  /** [from, to) on a time column: to is exclusive for a day, inclusive for an instant. */
  range(column: string, from: string | undefined, to: string | undefined, fields: [string, string]) {
    const start = dateBound(from, fields[0], false);
    const end = dateBound(to, fields[1], true);
    const dayEnd = to !== undefined && DATE_ONLY.test(to.trim());
    // A day ends at the next midnight: a day range is empty when that is not after the start.
    if (start && end && (dayEnd ? end <= start : end < start)) invalid(fields[1], DATE_ORDER);
    this.add((p) => `${column} >= ${p}::timestamptz`, start);
    this.add((p) => `${column} ${dayEnd ? '<' : '<='} ${p}::timestamptz`, end);
    return this;
  }
  get sql() {
    return this.parts.length ? `WHERE ${this.parts.join(' AND ')}` : '';
  }
}

export interface PageQuery {
  page?: number;
  limit?: number;
}

export function paging(q: PageQuery) {
  const page = q.page ?? 1;
  const limit = q.limit ?? LOG_PAGE_DEFAULT;
  if ((page - 1) * limit > MAX_OFFSET) invalid('page', PAGE_TOO_DEEP);
  return { page, limit, offset: (page - 1) * limit };
}

/**
 * A filtered log list counts its rows exactly up to this many; past it the total is the
 * planner's estimate (`estimated`, shown as "sekitar …"). Logs are read newest first: a tenth
 * of the master lists' bound keeps a filtered first page within its budget at a million rows.
 */
export const LOG_EXACT_COUNT_LIMIT = EXACT_COUNT_LIMIT / 10;

/**
 * The total of a log list: exact up to LOG_EXACT_COUNT_LIMIT rows, the planner's estimate past it.
 * The rows are counted newest first, as the page reads them: through the same (time, id) index,
 * so a rare filter (5xx answers) stops after the newest matches instead of scanning the table.
 */
export async function logTotal(db: Queryable, table: string, where: Where, time: string) {
  if (!where.parts.length) return tableTotal(db, table, table);
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${table} ${where.sql}
       ORDER BY ${table}.${time} DESC, ${table}.id DESC LIMIT ${LOG_EXACT_COUNT_LIMIT + 1}) m`,
    where.params,
  );
  if (rows[0].n <= LOG_EXACT_COUNT_LIMIT) return { total: rows[0].n, estimated: false };
  const estimate = await planEstimate(db, table, where.sql, where.params);
  return { total: Math.max(rows[0].n, estimate), estimated: true };
}

/**
 * One page of a log list, newest first ((time, id) descending, as the indexes have it), with
 * the spec's `data` + `pagination`.
 */
export async function logPage(
  db: Queryable,
  opts: { table: string; time: string; select: string; where: Where; query: PageQuery },
) {
  const { page, limit, offset } = paging(opts.query);
  const { table, time, select, where } = opts;
  const [{ rows }, { total, estimated }] = await Promise.all([
    db.query(
      `SELECT ${select} FROM ${table} ${where.sql} ORDER BY ${table}.${time} DESC, ${table}.id DESC LIMIT ${limit} OFFSET ${offset}`,
      where.params,
    ),
    logTotal(db, table, where, time),
  ]);
  return { data: rows, pagination: { total, totalPages: Math.ceil(total / limit), page, limit, estimated } };
}

/** A medical-facility user reads only their own rows (no log menu is theirs by default). */
export function facilityUser(request: FastifyRequest) {
  const a = request.admin;
  return a && a.facilityScope !== null ? a : null;
}

/** ISO text of a timestamp column, as the rest of the API writes them. */
export const iso = (column: string, as = column) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${as}`;
