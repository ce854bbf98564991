-- Hourly figures of the API request log per method, route pattern and whole millisecond of
-- duration, kept exact by statement triggers: the metrics over a day or a week read these
-- (plus the part-hour at the start of the period from the log) instead of every request. The
-- p95 over them is the nearest-rank p95 of the durations rounded to whole milliseconds; the
-- average uses the exact sum.
CREATE TABLE api_request_hourly (
  hour           timestamptz NOT NULL,
  method         text NOT NULL,
  route_pattern  text NOT NULL,
  duration_ms    integer NOT NULL,
  n              bigint NOT NULL,
  ok             bigint NOT NULL,
  sum_ms         double precision NOT NULL,
  PRIMARY KEY (hour, method, route_pattern, duration_ms)
);

CREATE FUNCTION api_request_logs_rollup() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO api_request_hourly (hour, method, route_pattern, duration_ms, n, ok, sum_ms)
    SELECT date_trunc('hour', request_time), method, coalesce(route_pattern, '(tanpa rute)'),
           floor(duration_ms + 0.5)::int, count(*), count(*) FILTER (WHERE status_code < 400), sum(duration_ms)
      FROM new_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (hour, method, route_pattern, duration_ms) DO UPDATE
      SET n = api_request_hourly.n + EXCLUDED.n, ok = api_request_hourly.ok + EXCLUDED.ok,
          sum_ms = api_request_hourly.sum_ms + EXCLUDED.sum_ms;
  ELSE
    UPDATE api_request_hourly h SET n = h.n - d.n, ok = h.ok - d.ok, sum_ms = h.sum_ms - d.sum_ms
      FROM (SELECT date_trunc('hour', request_time) AS hour, method, coalesce(route_pattern, '(tanpa rute)') AS route_pattern,
                   floor(duration_ms + 0.5)::int AS duration_ms, count(*) AS n,
                   count(*) FILTER (WHERE status_code < 400) AS ok, sum(duration_ms) AS sum_ms
              FROM old_rows GROUP BY 1, 2, 3, 4) d
     WHERE h.hour = d.hour AND h.method = d.method AND h.route_pattern = d.route_pattern AND h.duration_ms = d.duration_ms;
    DELETE FROM api_request_hourly WHERE n <= 0 AND hour IN (SELECT DISTINCT date_trunc('hour', request_time) FROM old_rows);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER api_request_logs_rollup_ins AFTER INSERT ON api_request_logs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION api_request_logs_rollup();
CREATE TRIGGER api_request_logs_rollup_del AFTER DELETE ON api_request_logs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION api_request_logs_rollup();

INSERT INTO api_request_hourly (hour, method, route_pattern, duration_ms, n, ok, sum_ms)
SELECT date_trunc('hour', request_time), method, coalesce(route_pattern, '(tanpa rute)'),
       floor(duration_ms + 0.5)::int, count(*), count(*) FILTER (WHERE status_code < 400), sum(duration_ms)
  FROM api_request_logs GROUP BY 1, 2, 3, 4;
