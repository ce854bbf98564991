-- A summary of the API request log for the metrics over days and weeks: one row per hour and one
-- per UTC day for each method and route pattern, with the request count, the successful ones
-- (status below 400), the exact sum of the durations and a histogram of the durations in whole
-- milliseconds (rounded, as the metrics give them) over logarithmic buckets, four to each power
-- of two. A month's metrics read a few hundred of these rows instead of the hundred thousand
-- per-millisecond rows of api_request_daily (migration 015), which grow with the traffic.
--
-- The p95 stays the exact nearest-rank value in whole milliseconds: the histogram finds the
-- bucket that holds the 95th-percentile rank and how many requests lie below it, then the
-- per-millisecond rows of that one bucket (api_request_hourly and api_request_daily, which the
-- same trigger keeps) give the value (src/server/logs/api-metrics.ts).
--
-- The statement trigger of the request log keeps the summary exact on every insert and delete,
-- like the rollups beside it; retention deletes its rows of a dropped month (partitions.ts). A
-- database that already had request logs gets the summary filled from the per-millisecond rows:
-- here when they are few, otherwise by the maintenance behind a served console
-- (src/server/maintenance/log-summary.ts), the metrics reading the per-millisecond rows meanwhile.

-- The lower bound of each duration bucket (whole ms): everything up to 0, then 1..7 one by one,
-- then four buckets to each power of two (8, 10, 12, 14, 16, 20, ...) up to the integer limit.
-- width_bucket(ms, latency_bounds()) is the 1-based bucket of a duration.
CREATE FUNCTION latency_bounds() RETURNS integer[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ARRAY[-2147483648, 1, 2, 3, 4, 5, 6, 7]
         || ARRAY(SELECT ((4 + s) * (2::bigint ^ (e - 2)))::int
                    FROM generate_series(3, 30) e, generate_series(0, 3) s ORDER BY e, s)
$$;

-- A histogram as a dense array from bucket numbers and their counts (a bucket may repeat).
CREATE FUNCTION latency_hist(buckets integer[], counts bigint[]) RETURNS integer[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(coalesce(c.n, 0)::int ORDER BY i), '{}')
    FROM generate_series(1, (SELECT max(b) FROM unnest(buckets) b)) i
    LEFT JOIN (SELECT b, sum(n) AS n FROM unnest(buckets, counts) u(b, n) GROUP BY b) c ON c.b = i
$$;

-- a + sign * b, bucket by bucket (the arrays may differ in length).
CREATE FUNCTION latency_hist_add(a integer[], b integer[], sign integer) RETURNS integer[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(coalesce(a[i], 0) + sign * coalesce(b[i], 0) ORDER BY i), '{}')
    FROM generate_series(1, greatest(cardinality(a), cardinality(b))) i
$$;

CREATE TABLE api_request_summary (
  span           text NOT NULL CHECK (span IN ('hour', 'day')),
  -- The start of the hour, or of the UTC day.
  at             timestamptz NOT NULL,
  method         text NOT NULL,
  route_pattern  text NOT NULL,
  n              bigint NOT NULL,
  ok             bigint NOT NULL,
  sum_ms         double precision NOT NULL,
  hist           integer[] NOT NULL,
  PRIMARY KEY (span, at, method, route_pattern)
);

-- What the summary holds, computed from the per-millisecond rollups (the fill's source).
CREATE VIEW api_request_summary_live AS
  SELECT span, at, method, route_pattern, sum(n)::bigint AS n, sum(ok)::bigint AS ok, sum(sum_ms) AS sum_ms,
         latency_hist(array_agg(bucket), array_agg(n)) AS hist
    FROM (SELECT 'hour'::text AS span, hour AS at, method, route_pattern,
                 width_bucket(duration_ms, latency_bounds()) AS bucket, sum(n)::bigint AS n, sum(ok) AS ok,
                 sum(sum_ms) AS sum_ms
            FROM api_request_hourly GROUP BY 1, 2, 3, 4, 5
          UNION ALL
          SELECT 'day'::text, day, method, route_pattern, width_bucket(duration_ms, latency_bounds()), sum(n)::bigint,
                 sum(ok), sum(sum_ms)
            FROM api_request_daily GROUP BY 1, 2, 3, 4, 5) b
   GROUP BY 1, 2, 3, 4;

-- Whether the summary holds every request of the log (false until the fill is done).
CREATE TABLE api_request_summary_state (
  filled  boolean NOT NULL
);

-- The rollups of migrations 012 and 015, and the summary.
CREATE OR REPLACE FUNCTION api_request_logs_rollup() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO api_request_hourly (hour, method, route_pattern, duration_ms, n, ok, sum_ms)
    SELECT date_trunc('hour', request_time), method, coalesce(route_pattern, '(tanpa rute)'),
           floor(duration_ms + 0.5)::int, count(*), count(*) FILTER (WHERE status_code < 400), sum(duration_ms)
      FROM new_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (hour, method, route_pattern, duration_ms) DO UPDATE
      SET n = api_request_hourly.n + EXCLUDED.n, ok = api_request_hourly.ok + EXCLUDED.ok,
          sum_ms = api_request_hourly.sum_ms + EXCLUDED.sum_ms;
    INSERT INTO api_request_daily (day, method, route_pattern, duration_ms, n, ok, sum_ms)
    SELECT date_trunc('day', request_time, 'UTC'), method, coalesce(route_pattern, '(tanpa rute)'),
           floor(duration_ms + 0.5)::int, count(*), count(*) FILTER (WHERE status_code < 400), sum(duration_ms)
      FROM new_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (day, method, route_pattern, duration_ms) DO UPDATE
      SET n = api_request_daily.n + EXCLUDED.n, ok = api_request_daily.ok + EXCLUDED.ok,
          sum_ms = api_request_daily.sum_ms + EXCLUDED.sum_ms;
    INSERT INTO api_request_summary AS s (span, at, method, route_pattern, n, ok, sum_ms, hist)
    SELECT span, at, method, route_pattern, sum(n), sum(ok), sum(sum_ms), latency_hist(array_agg(bucket), array_agg(n))
      FROM (SELECT k.span, CASE k.span WHEN 'hour' THEN b.hour ELSE date_trunc('day', b.hour, 'UTC') END AS at,
                   b.method, b.route_pattern, b.bucket, b.n, b.ok, b.sum_ms
              FROM (SELECT date_trunc('hour', request_time) AS hour, method,
                           coalesce(route_pattern, '(tanpa rute)') AS route_pattern,
                           width_bucket(floor(duration_ms + 0.5)::int, latency_bounds()) AS bucket, count(*) AS n,
                           count(*) FILTER (WHERE status_code < 400) AS ok, sum(duration_ms::float8) AS sum_ms
                      FROM new_rows GROUP BY 1, 2, 3, 4) b,
                   (VALUES ('hour'), ('day')) k(span)) x
     GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (span, at, method, route_pattern) DO UPDATE
      SET n = s.n + EXCLUDED.n, ok = s.ok + EXCLUDED.ok, sum_ms = s.sum_ms + EXCLUDED.sum_ms,
          hist = latency_hist_add(s.hist, EXCLUDED.hist, 1);
  ELSE
    UPDATE api_request_hourly h SET n = h.n - d.n, ok = h.ok - d.ok, sum_ms = h.sum_ms - d.sum_ms
      FROM (SELECT date_trunc('hour', request_time) AS hour, method, coalesce(route_pattern, '(tanpa rute)') AS route_pattern,
                   floor(duration_ms + 0.5)::int AS duration_ms, count(*) AS n,
                   count(*) FILTER (WHERE status_code < 400) AS ok, sum(duration_ms) AS sum_ms
              FROM old_rows GROUP BY 1, 2, 3, 4) d
     WHERE h.hour = d.hour AND h.method = d.method AND h.route_pattern = d.route_pattern AND h.duration_ms = d.duration_ms;
    DELETE FROM api_request_hourly WHERE n <= 0 AND hour IN (SELECT DISTINCT date_trunc('hour', request_time) FROM old_rows);
    UPDATE api_request_daily h SET n = h.n - d.n, ok = h.ok - d.ok, sum_ms = h.sum_ms - d.sum_ms
      FROM (SELECT date_trunc('day', request_time, 'UTC') AS day, method, coalesce(route_pattern, '(tanpa rute)') AS route_pattern,
                   floor(duration_ms + 0.5)::int AS duration_ms, count(*) AS n,
                   count(*) FILTER (WHERE status_code < 400) AS ok, sum(duration_ms) AS sum_ms
              FROM old_rows GROUP BY 1, 2, 3, 4) d
     WHERE h.day = d.day AND h.method = d.method AND h.route_pattern = d.route_pattern AND h.duration_ms = d.duration_ms;
    DELETE FROM api_request_daily WHERE n <= 0 AND day IN (SELECT DISTINCT date_trunc('day', request_time, 'UTC') FROM old_rows);
    UPDATE api_request_summary s
       SET n = s.n - d.n, ok = s.ok - d.ok, sum_ms = s.sum_ms - d.sum_ms, hist = latency_hist_add(s.hist, d.hist, -1)
      FROM (SELECT span, at, method, route_pattern, sum(n) AS n, sum(ok) AS ok, sum(sum_ms) AS sum_ms,
                   latency_hist(array_agg(bucket), array_agg(n)) AS hist
              FROM (SELECT k.span, CASE k.span WHEN 'hour' THEN b.hour ELSE date_trunc('day', b.hour, 'UTC') END AS at,
                           b.method, b.route_pattern, b.bucket, b.n, b.ok, b.sum_ms
                      FROM (SELECT date_trunc('hour', request_time) AS hour, method,
                                   coalesce(route_pattern, '(tanpa rute)') AS route_pattern,
                                   width_bucket(floor(duration_ms + 0.5)::int, latency_bounds()) AS bucket, count(*) AS n,
                                   count(*) FILTER (WHERE status_code < 400) AS ok, sum(duration_ms::float8) AS sum_ms
                              FROM old_rows GROUP BY 1, 2, 3, 4) b,
                           (VALUES ('hour'), ('day')) k(span)) x
             GROUP BY 1, 2, 3, 4) d
     WHERE s.span = d.span AND s.at = d.at AND s.method = d.method AND s.route_pattern = d.route_pattern;
    DELETE FROM api_request_summary WHERE n <= 0 AND at IN (SELECT DISTINCT date_trunc('hour', request_time) FROM old_rows
                                                           UNION SELECT DISTINCT date_trunc('day', request_time, 'UTC') FROM old_rows);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

-- A database with few request logs (a new one, the demo) is filled here; a bigger one by the
-- maintenance (its per-millisecond rows take a while to read).
INSERT INTO api_request_summary_state (filled)
SELECT count(*) < 200000 FROM (SELECT 1 FROM api_request_hourly LIMIT 200000) x;
INSERT INTO api_request_summary (span, at, method, route_pattern, n, ok, sum_ms, hist)
SELECT span, at, method, route_pattern, n, ok, sum_ms, hist FROM api_request_summary_live
 WHERE (SELECT filled FROM api_request_summary_state);
