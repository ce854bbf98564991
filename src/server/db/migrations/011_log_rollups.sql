-- Hourly counts of the four logs, kept exact by statement triggers on every insert, delete and
-- resolution, so that the log stats over a week read about 170 rows per count instead of
-- hundreds of thousands of log rows. Kinds: activity, login, login_success, system,
-- system_error, security, security_open.
CREATE TABLE log_hourly_counts (
  hour  timestamptz NOT NULL,
  kind  text NOT NULL,
  n     bigint NOT NULL,
  PRIMARY KEY (kind, hour)
);

-- Adds (sign 1) or removes (sign -1) counts; rows in a fixed order so that concurrent writers
-- lock the same counters in the same order.
CREATE FUNCTION log_hourly_add(counts jsonb, sign int) RETURNS void AS $$
  INSERT INTO log_hourly_counts (hour, kind, n)
  SELECT c.hour, c.kind, sign * c.n FROM jsonb_to_recordset(counts) AS c(hour timestamptz, kind text, n bigint)
   WHERE c.n <> 0
   ORDER BY c.kind, c.hour
  ON CONFLICT (kind, hour) DO UPDATE SET n = log_hourly_counts.n + EXCLUDED.n;
$$ LANGUAGE sql;

CREATE FUNCTION activity_logs_count() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM log_hourly_add((SELECT jsonb_agg(c) FROM (SELECT date_trunc('hour', created_at) AS hour, 'activity' AS kind, count(*) AS n
                                                        FROM new_rows GROUP BY 1) c), 1);
  ELSE
    PERFORM log_hourly_add((SELECT jsonb_agg(c) FROM (SELECT date_trunc('hour', created_at) AS hour, 'activity' AS kind, count(*) AS n
                                                        FROM old_rows GROUP BY 1) c), -1);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER activity_logs_count_ins AFTER INSERT ON activity_logs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_logs_count();
CREATE TRIGGER activity_logs_count_del AFTER DELETE ON activity_logs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_logs_count();

CREATE FUNCTION login_history_count() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM log_hourly_add((SELECT jsonb_agg(c) FROM (
      SELECT date_trunc('hour', login_time) AS hour, k.kind, count(*) FILTER (WHERE k.kind = 'login' OR status = 'SUCCESS') AS n
        FROM new_rows, (VALUES ('login'), ('login_success')) AS k(kind) GROUP BY 1, 2) c), 1);
  ELSE
    PERFORM log_hourly_add((SELECT jsonb_agg(c) FROM (
      SELECT date_trunc('hour', login_time) AS hour, k.kind, count(*) FILTER (WHERE k.kind = 'login' OR status = 'SUCCESS') AS n
        FROM old_rows, (VALUES ('login'), ('login_success')) AS k(kind) GROUP BY 1, 2) c), -1);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER login_history_count_ins AFTER INSERT ON login_history
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION login_history_count();
CREATE TRIGGER login_history_count_del AFTER DELETE ON login_history
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION login_history_count();

CREATE FUNCTION system_logs_count() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM log_hourly_add((SELECT jsonb_agg(c) FROM (
      SELECT date_trunc('hour', created_at) AS hour, k.kind,
             count(*) FILTER (WHERE k.kind = 'system' OR level IN ('ERROR', 'CRITICAL')) AS n
        FROM new_rows, (VALUES ('system'), ('system_error')) AS k(kind) GROUP BY 1, 2) c), 1);
  ELSE
    PERFORM log_hourly_add((SELECT jsonb_agg(c) FROM (
      SELECT date_trunc('hour', created_at) AS hour, k.kind,
             count(*) FILTER (WHERE k.kind = 'system' OR level IN ('ERROR', 'CRITICAL')) AS n
        FROM old_rows, (VALUES ('system'), ('system_error')) AS k(kind) GROUP BY 1, 2) c), -1);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER system_logs_count_ins AFTER INSERT ON system_logs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION system_logs_count();
CREATE TRIGGER system_logs_count_del AFTER DELETE ON system_logs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION system_logs_count();

CREATE FUNCTION security_events_count() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM log_hourly_add((SELECT jsonb_agg(c) FROM (
      SELECT date_trunc('hour', created_at) AS hour, k.kind,
             count(*) FILTER (WHERE (k.kind = 'security' AND TG_OP = 'DELETE') OR (k.kind = 'security_open' AND NOT is_resolved)) AS n
        FROM old_rows, (VALUES ('security'), ('security_open')) AS k(kind) GROUP BY 1, 2) c), -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM log_hourly_add((SELECT jsonb_agg(c) FROM (
      SELECT date_trunc('hour', created_at) AS hour, k.kind,
             count(*) FILTER (WHERE (k.kind = 'security' AND TG_OP = 'INSERT') OR (k.kind = 'security_open' AND NOT is_resolved)) AS n
        FROM new_rows, (VALUES ('security'), ('security_open')) AS k(kind) GROUP BY 1, 2) c), 1);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER security_events_count_ins AFTER INSERT ON security_events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION security_events_count();
CREATE TRIGGER security_events_count_del AFTER DELETE ON security_events
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION security_events_count();
CREATE TRIGGER security_events_count_upd AFTER UPDATE ON security_events
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION security_events_count();

-- The counts of the rows already there.
INSERT INTO log_hourly_counts (hour, kind, n)
SELECT hour, kind, sum(n) FROM (
  SELECT date_trunc('hour', created_at) AS hour, 'activity' AS kind, count(*) AS n FROM activity_logs GROUP BY 1
  UNION ALL SELECT date_trunc('hour', login_time), 'login', count(*) FROM login_history GROUP BY 1
  UNION ALL SELECT date_trunc('hour', login_time), 'login_success', count(*) FROM login_history WHERE status = 'SUCCESS' GROUP BY 1
  UNION ALL SELECT date_trunc('hour', created_at), 'system', count(*) FROM system_logs GROUP BY 1
  UNION ALL SELECT date_trunc('hour', created_at), 'system_error', count(*) FROM system_logs WHERE level IN ('ERROR', 'CRITICAL') GROUP BY 1
  UNION ALL SELECT date_trunc('hour', created_at), 'security', count(*) FROM security_events GROUP BY 1
  UNION ALL SELECT date_trunc('hour', created_at), 'security_open', count(*) FROM security_events WHERE NOT is_resolved GROUP BY 1
) c GROUP BY 1, 2;
