/**
 * API Logs (spec part 2 §7): the request log (`logs` + `total`), performance metrics per method
 * and route pattern (total, success rate, average and p95 duration), and errors grouped by
 * route, method and status. Metrics read the request-log summary (src/server/logs/api-metrics.ts);
 * errors read the period from the request log's small index of errors (index-only).
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.js';
import {
  facilityUser,
  iso,
  logTotal,
  paging,
  periodBounds,
  periodHours,
  Where,
  type PageQuery,
} from '../../logs/query.js';
import { likePattern } from '../../resources/list.js';
import { apiMetrics } from '../../logs/api-metrics.js';
import { errorResponse, METHODS, pageProps } from './schemas.js';

export const API_LOGS = { menus: ['/logs/api-logs'] };
const MAX_GROUPS = 200;

const STATUS_CLASS = { type: 'string', pattern: '^([1-5]xx|[1-5][0-9][0-9])$' };

const tags = ['logs'];
const config = { access: API_LOGS, work: 'heavy' as const };

const requestsSchema = {
  tags,
  summary: 'Every /api request, newest first (`logs` + `total`)',
  querystring: {
    type: 'object',
    properties: {
      ...pageProps,
      method: { type: 'string', enum: METHODS },
      statusClass: STATUS_CLASS,
      status: STATUS_CLASS,
      url: { type: 'string', maxLength: 200 },
      dateFrom: { type: 'string', maxLength: 40 },
      dateTo: { type: 'string', maxLength: 40 },
      userId: { type: 'integer', minimum: 1 },
    },
  },
  response: { 400: errorResponse },
};

const periodQuery = {
  type: 'object',
  properties: { period: { type: 'string', maxLength: 8 }, method: { type: 'string', enum: METHODS } },
};

const metricsSchema = {
  tags,
  summary:
    'Per method and route pattern over a period (default 24h): total, success rate, average and p95 duration',
  querystring: periodQuery,
  response: { 400: errorResponse },
};

const errorsSchema = {
  tags,
  summary: 'Answers of 400 and above over a period (default 24h), grouped by route, method and status',
  querystring: periodQuery,
  response: { 400: errorResponse },
};

/** The request log's filters and page. */
type RequestQuery = PageQuery & Record<string, string | number | undefined>;

/** A period (`24h`, `7d`; default 24h) and optionally one method. */
interface PeriodQuery {
  period?: string;
  method?: string;
}

/** A facility user's facility (-1 when they have none): they see their facility's requests only. */
const facilityOf = (request: Parameters<typeof facilityUser>[0]) => {
  const me = facilityUser(request);
  return me ? (me.medical_facility_id ?? -1) : undefined;
};

export function registerApiLogRoutes(app: FastifyInstance, db: Db) {
  app.get('/api/logs/api-requests', { config, schema: requestsSchema }, (request) =>
    requestPage(db, request.query as RequestQuery, facilityOf(request)),
  );
  app.get('/api/logs/api-metrics', { config, schema: metricsSchema }, (request) =>
    metrics(db, request.query as PeriodQuery, facilityOf(request)),
  );
  app.get('/api/logs/api-errors', { config, schema: errorsSchema }, (request) =>
    apiErrors(db, request.query as PeriodQuery, facilityOf(request)),
  );
}

/** One page of the request log, newest first, filtered by method, status (class), URL, user, dates. */
async function requestPage(db: Db, q: RequestQuery, facility: number | undefined) {
  const { page, limit, offset } = paging(q);
  const status = (q.statusClass ?? q.status) as string | undefined;
  const where = new Where()
    .add((p) => `facility_id = ${p}`, facility)
    .add((p) => `method = ${p}`, q.method)
    .add((p) => `user_id = ${p}`, q.userId)
    .add(
      (p) => `url ILIKE ${p}`,
      typeof q.url === 'string' && q.url.trim() ? likePattern(q.url.trim()) : undefined,
    )
    .range('request_time', q.dateFrom as string, q.dateTo as string, ['dateFrom', 'dateTo']);
  if (status?.endsWith('xx')) {
    const base = Number(status[0]) * 100;
    where.add((p) => `status_code >= ${p}`, base).add((p) => `status_code < ${p}`, base + 100);
  } else if (status) where.add((p) => `status_code = ${p}`, Number(status));
  const [{ rows }, { total, estimated }] = await Promise.all([
    db.query(
      `SELECT request_id, ${iso('request_time')}, method, url, route_pattern, status_code, duration_ms,
                  user_id, username, facility_id, ip_address, user_agent, request_data, response_data
             FROM api_request_logs ${where.sql}
            ORDER BY api_request_logs.request_time DESC, api_request_logs.id DESC LIMIT ${limit} OFFSET ${offset}`,
      where.params,
    ),
    logTotal(db, 'api_request_logs', where, 'request_time'),
  ]);
  return { logs: rows, total, page, limit, totalPages: Math.ceil(total / limit), estimated };
}

/** Per method and route pattern over the period: total, success rate, average and p95 duration. */
async function metrics(db: Db, q: PeriodQuery, facility: number | undefined) {
  const hours = periodHours(q.period, 'period', '24h');
  return { period: q.period ?? '24h', metrics: await apiMetrics(db, { hours, method: q.method, facility }) };
}

/**
 * Answers of 400 and above over the period, grouped by route, method and status: first per user
 * too (hashed, no sort), then the users of each group counted from those rows.
 */
async function apiErrors(db: Db, q: PeriodQuery, facility: number | undefined) {
  const hours = periodHours(q.period, 'period', '24h');
  const { since } = await periodBounds(db, hours);
  const where = new Where()
    .add((p) => `request_time >= ${p}::timestamptz`, since)
    .add((p) => `facility_id = ${p}`, facility)
    .add((p) => `method = ${p}`, q.method);
  const { rows } = await db.query(
    `SELECT url, method, status_code, sum(n)::int AS error_count, count(user_id)::int AS affected_users,
            ${iso('min(first)', 'first_occurrence')}, ${iso('max(last)', 'last_occurrence')}
       FROM (SELECT coalesce(route_pattern, split_part(url, '?', 1)) AS url, method, status_code::int AS status_code,
                    user_id, count(*) AS n, min(request_time) AS first, max(request_time) AS last
               FROM api_request_logs WHERE status_code >= 400 AND ${where.parts.join(' AND ')}
              GROUP BY 1, 2, 3, 4) u
      GROUP BY 1, 2, 3 ORDER BY error_count DESC, max(last) DESC LIMIT ${MAX_GROUPS}`,
    where.params,
  );
  return { period: q.period ?? '24h', errors: rows };
}
