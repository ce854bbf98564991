/**
 * API Logs (spec part 2 §7): the request log (`logs` + `total`), performance metrics per method
 * and route pattern (total, success rate, average and p95 duration), and errors grouped by
 * route, method and status. Metrics and errors read the period from the API request log's
 * covering indexes (index-only scans); p95 is the nearest-rank value of the rows themselves.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.js';
import { facilityUser, iso, logTotal, paging, periodHours, Where, type PageQuery } from '../../logs/query.js';
import { likePattern } from '../../resources/list.js';
import { errorResponse, METHODS, pageProps } from './schemas.js';

export const API_LOGS = { menus: ['/logs/api-logs'] };
/** Requests no route matched are grouped under this name. */
export const UNMATCHED_ROUTE = '(tanpa rute)';
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
    apiMetrics(db, request.query as PeriodQuery, facilityOf(request)),
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
async function apiMetrics(db: Db, q: PeriodQuery, facility: number | undefined) {
  const hours = periodHours(q.period, 'period', '24h');
  const params: unknown[] = [hours];
  const methodSql = q.method ? `AND method = $${params.push(q.method)}` : '';
  const since = 'app_now() - make_interval(hours => $1)';
  const fullFrom = `date_trunc('hour', ${since}) + interval '1 hour'`;
  const firstDay = `date_trunc('day', ${fullFrom} + interval '1 day' - interval '1 microsecond', 'UTC')`;
  // Durations in whole milliseconds with their counts: the UTC days from the first whole one
  // to today (so far) from the daily figures (migration 015), the full hours before that day
  // from the hourly ones (012), the part-hour at the period's start from the log; a facility
  // user's own requests all from the log.
  const raw = (from: string) =>
    `SELECT method, coalesce(route_pattern, '${UNMATCHED_ROUTE}') AS route, floor(duration_ms + 0.5)::int AS ms,
                1 AS n, (status_code < 400)::int AS ok, duration_ms::float8 AS sum_ms
           FROM api_request_logs WHERE request_time >= ${since} ${from} ${methodSql}`;
  const buckets =
    facility !== undefined
      ? raw(`AND facility_id = $${params.push(facility)}`)
      : `SELECT method, route_pattern AS route, duration_ms AS ms, n, ok, sum_ms
               FROM api_request_daily WHERE day >= ${firstDay} ${methodSql}
             UNION ALL
             SELECT method, route_pattern AS route, duration_ms AS ms, n, ok, sum_ms
               FROM api_request_hourly WHERE hour >= ${fullFrom} AND hour < ${firstDay} ${methodSql}
             UNION ALL ${raw(`AND request_time < ${fullFrom}`)}`;
  const { rows } = await db.query(
    `WITH b AS (SELECT method, route, ms, sum(n) AS n, sum(ok) AS ok, sum(sum_ms) AS sum_ms
                      FROM (${buckets}) x GROUP BY 1, 2, 3),
              c AS (SELECT b.*, sum(n) OVER (PARTITION BY method, route ORDER BY ms) AS below,
                           sum(n) OVER (PARTITION BY method, route) AS total FROM b)
         SELECT method, route AS url, total::int AS total_requests,
                round(100.0 * sum(ok) / total, 2)::float8 AS success_rate_percent,
                round((sum(sum_ms) / total)::numeric, 2)::float8 AS avg_duration_ms,
                min(ms) FILTER (WHERE below >= ceil(0.95 * total))::float8 AS p95_duration_ms,
                (total - sum(ok))::int AS error_count
           FROM c GROUP BY method, route, total
          ORDER BY total_requests DESC, 2, 1 LIMIT ${MAX_GROUPS}`,
    params,
  );
  return { period: q.period ?? '24h', metrics: rows };
}

/** Answers of 400 and above over the period, grouped by route, method and status. */
async function apiErrors(db: Db, q: PeriodQuery, facility: number | undefined) {
  const hours = periodHours(q.period, 'period', '24h');
  const where = new Where()
    .add((p) => `request_time >= app_now() - make_interval(hours => ${p})`, hours)
    .add((p) => `facility_id = ${p}`, facility)
    .add((p) => `method = ${p}`, q.method);
  const { rows } = await db.query(
    `SELECT coalesce(route_pattern, split_part(url, '?', 1)) AS url, method, status_code::int AS status_code,
                count(*)::int AS error_count, count(DISTINCT user_id)::int AS affected_users,
                ${iso('min(request_time)', 'first_occurrence')}, ${iso('max(request_time)', 'last_occurrence')}
           FROM api_request_logs WHERE status_code >= 400 AND ${where.parts.join(' AND ')}
          GROUP BY 1, 2, 3 ORDER BY error_count DESC, max(request_time) DESC LIMIT ${MAX_GROUPS}`,
    where.params,
  );
  return { period: q.period ?? '24h', errors: rows };
}
