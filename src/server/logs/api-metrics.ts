/**
 * The API metrics over a period: per method and route pattern, the requests, success rate,
 * average duration and p95 (the nearest-rank value of the durations rounded to whole
 * milliseconds), from one of three sources that give the same figures:
 *  - `summary` (migration 030): an hourly and daily row per method and route with a histogram
 *    of the durations; the histogram finds the bucket that holds the p95's rank, and the
 *    per-millisecond rollups of that bucket alone give its value. A month reads a few hundred
 *    summary rows and a few thousand per-millisecond ones.
 *  - `rollups` (migrations 012 and 015): every per-millisecond row of the period, read while the
 *    summary of an older database is being filled.
 *  - `log`: the request log itself (a facility user's own requests, and the tests' reference).
 * The whole UTC days of a period come from daily rows (today's so far included), the full hours
 * before the first of them from hourly rows, and the part-hour at the period's start from the log.
 */
import type { Queryable } from '../db/db.js';
import { periodBounds } from './query.js';

/** Requests no route matched are grouped under this name (as the rollups' triggers write it). */
export const UNMATCHED_ROUTE = '(tanpa rute)';
const MAX_GROUPS = 200;

export type MetricsSource = 'summary' | 'rollups' | 'log';

export interface MetricsPeriod {
  hours: number;
  method?: string;
  /** Only this facility's requests (read from the log). */
  facility?: number;
}

export interface ApiMetric {
  method: string;
  url: string;
  total_requests: number;
  success_rate_percent: number;
  avg_duration_ms: number;
  p95_duration_ms: number;
  error_count: number;
}

/** The period's bounds (periodBounds): its start, the first full hour, the first UTC midnight after. */
const SINCE = '$1::timestamptz';
const FULL_FROM = '$2::timestamptz';
const FIRST_DAY = '$3::timestamptz';

/** Per method, route and whole millisecond: count, successes and the durations' sum, from the log. */
const fromLog = (range: string, filter: string) =>
  `SELECT method, coalesce(route_pattern, '${UNMATCHED_ROUTE}') AS route, floor(duration_ms + 0.5)::int AS ms,
          count(*) AS n, count(*) FILTER (WHERE status_code < 400) AS ok, sum(duration_ms::float8) AS sum_ms
     FROM api_request_logs WHERE request_time >= ${SINCE} ${range} ${filter} GROUP BY 1, 2, 3`;

/** The figures of each group from its rows per whole millisecond (method, route, ms, n, ok, sum_ms). */
const fromMilliseconds = (rows: string) =>
  `WITH b AS (SELECT method, route, ms, sum(n) AS n, sum(ok) AS ok, sum(sum_ms) AS sum_ms
                FROM (${rows}) x GROUP BY 1, 2, 3),
        c AS (SELECT b.*, sum(n) OVER (PARTITION BY method, route ORDER BY ms) AS below,
                     sum(n) OVER (PARTITION BY method, route) AS total FROM b)
   SELECT method, route AS url, total::int AS total_requests,
          round(100.0 * sum(ok) / total, 2)::float8 AS success_rate_percent,
          round((sum(sum_ms) / total)::numeric, 2)::float8 AS avg_duration_ms,
          min(ms) FILTER (WHERE below >= ceil(0.95 * total))::float8 AS p95_duration_ms,
          (total - sum(ok))::int AS error_count
     FROM c GROUP BY method, route, total
    ORDER BY total_requests DESC, 2, 1 LIMIT ${MAX_GROUPS}`;

/** The period's rows per whole millisecond from the per-millisecond rollups and the part-hour's log. */
const rollupRows = (m: string) =>
  `SELECT method, route_pattern AS route, duration_ms AS ms, n, ok, sum_ms
     FROM api_request_daily WHERE day >= ${FIRST_DAY} ${m}
   UNION ALL
   SELECT method, route_pattern AS route, duration_ms AS ms, n, ok, sum_ms
     FROM api_request_hourly WHERE hour >= ${FULL_FROM} AND hour < ${FIRST_DAY} ${m}
   UNION ALL ${fromLog(`AND request_time < ${FULL_FROM}`, m)}`;

/**
 * From the summary: totals and the histogram per group; the bucket of the p95's rank (`target`,
 * with the count below it); that bucket's requests per whole millisecond, read from the
 * per-millisecond rollups of only the hours and days whose histogram has any in it.
 */
const fromSummary = (m: string) =>
  `WITH raw AS MATERIALIZED (${fromLog(`AND request_time < ${FULL_FROM}`, m)}),
        s AS MATERIALIZED (
          SELECT span, at, method, route_pattern AS route, n, ok, sum_ms, hist FROM api_request_summary
           WHERE span = 'day' AND at >= ${FIRST_DAY} ${m}
          UNION ALL
          SELECT span, at, method, route_pattern, n, ok, sum_ms, hist FROM api_request_summary
           WHERE span = 'hour' AND at >= ${FULL_FROM} AND at < ${FIRST_DAY} ${m}),
        totals AS (
          SELECT method, route, row_number() OVER (ORDER BY method, route) AS g, sum(n) AS total, sum(ok) AS ok,
                 sum(sum_ms) AS sum_ms
            FROM (SELECT method, route, n, ok, sum_ms FROM s UNION ALL SELECT method, route, n, ok, sum_ms FROM raw) x
           GROUP BY 1, 2),
        buckets AS (
          SELECT g, b, sum(n) AS n
            FROM (SELECT t.g, h.b::int AS b, h.n FROM s JOIN totals t USING (method, route),
                         unnest(s.hist) WITH ORDINALITY h(n, b) WHERE h.n <> 0
                  UNION ALL
                  SELECT t.g, width_bucket(r.ms, latency_bounds()), r.n FROM raw r JOIN totals t USING (method, route)) x
           GROUP BY 1, 2),
        target AS (
          SELECT DISTINCT ON (c.g) c.g, t.method, t.route, c.b, c.below, c.rank, (latency_bounds())[c.b] AS lo,
                 coalesce((latency_bounds())[c.b + 1]::bigint, 2147483648) AS hi
            FROM (SELECT k.g, k.b, k.n, ceil(0.95 * t.total) AS rank,
                         sum(k.n) OVER (PARTITION BY k.g ORDER BY k.b) - k.n AS below
                    FROM buckets k JOIN totals t USING (g)) c
            JOIN totals t USING (g)
           WHERE c.below + c.n >= c.rank ORDER BY c.g, c.b),
        fine AS (
          SELECT t.g, t.below, t.rank, f.ms, f.n
            FROM target t CROSS JOIN LATERAL (
                   SELECT d.duration_ms AS ms, d.n FROM s
                     JOIN api_request_daily d ON d.day = s.at AND d.method = s.method AND d.route_pattern = s.route
                                             AND d.duration_ms >= t.lo AND d.duration_ms < t.hi
                    WHERE s.span = 'day' AND s.method = t.method AND s.route = t.route AND s.hist[t.b] <> 0
                   UNION ALL
                   SELECT h.duration_ms, h.n FROM s
                     JOIN api_request_hourly h ON h.hour = s.at AND h.method = s.method AND h.route_pattern = s.route
                                              AND h.duration_ms >= t.lo AND h.duration_ms < t.hi
                    WHERE s.span = 'hour' AND s.method = t.method AND s.route = t.route AND s.hist[t.b] <> 0
                   UNION ALL
                   SELECT r.ms, r.n FROM raw r
                    WHERE r.method = t.method AND r.route = t.route AND r.ms >= t.lo AND r.ms < t.hi) f),
        p95 AS (
          SELECT g, min(ms) AS ms
            FROM (SELECT g, ms, rank, below + sum(n) OVER (PARTITION BY g ORDER BY ms) AS upto FROM fine) x
           WHERE upto >= rank GROUP BY 1)
   SELECT t.method, t.route AS url, t.total::int AS total_requests,
          round(100.0 * t.ok / t.total, 2)::float8 AS success_rate_percent,
          round((t.sum_ms / t.total)::numeric, 2)::float8 AS avg_duration_ms,
          p.ms::float8 AS p95_duration_ms, (t.total - t.ok)::int AS error_count
     FROM totals t LEFT JOIN p95 p USING (g)
    ORDER BY total_requests DESC, 2, 1 LIMIT ${MAX_GROUPS}`;

/** The metrics over the period from the source given. */
export async function metricsFrom(db: Queryable, source: MetricsSource, q: MetricsPeriod) {
  const { since, full_from, first_day } = await periodBounds(db, q.hours);
  // The log alone reads from the period's start ($1); the others name all three bounds.
  const params: unknown[] = source === 'log' ? [since] : [since, full_from, first_day];
  const m = q.method ? `AND method = $${params.push(q.method)}` : '';
  const sql =
    source === 'summary'
      ? fromSummary(m)
      : source === 'rollups'
        ? fromMilliseconds(rollupRows(m))
        : fromMilliseconds(
            fromLog('', q.facility !== undefined ? `${m} AND facility_id = $${params.push(q.facility)}` : m),
          );
  const { rows } = await db.query<ApiMetric>(sql, params);
  return rows;
}

/** Whether the summary holds every request (migration 030; filled behind a served console). */
export async function summaryFilled(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ filled: boolean }>('SELECT filled FROM api_request_summary_state');
  return rows[0]?.filled ?? false;
}

/** The metrics a caller sees: a facility's from the log, the others from the summary once it is filled. */
export async function apiMetrics(db: Queryable, q: MetricsPeriod) {
  const source: MetricsSource =
    q.facility !== undefined ? 'log' : (await summaryFilled(db)) ? 'summary' : 'rollups';
  return metricsFrom(db, source, q);
}
