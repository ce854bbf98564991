-- Daily figures of the API request log per method, route pattern and whole millisecond, beside
-- the hourly ones (migration 012): a week's metrics read six or seven days of these plus the
-- hours of the part-days at both ends, about a third of the rows the hours alone gave. Days are
-- UTC days. The same statement triggers keep both tables exact.
CREATE TABLE api_request_daily (
  day            timestamptz NOT NULL,
  method         text NOT NULL,
  route_pattern  text NOT NULL,
  duration_ms    integer NOT NULL,
  n              bigint NOT NULL,
  ok             bigint NOT NULL,
  sum_ms         double precision NOT NULL,
  PRIMARY KEY (day, method, route_pattern, duration_ms)
);

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
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

INSERT INTO api_request_daily (day, method, route_pattern, duration_ms, n, ok, sum_ms)
SELECT date_trunc('day', hour, 'UTC'), method, route_pattern, duration_ms, sum(n), sum(ok), sum(sum_ms)
  FROM api_request_hourly GROUP BY 1, 2, 3, 4;
