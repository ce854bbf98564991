-- Logs that only grow: the request, activity, login, system and security logs become natively
-- partitioned by month (RANGE on their time column, UTC months), so that retention drops a whole
-- month at once instead of deleting rows one by one, and a period's queries read only its months.
--
-- Each table keeps its columns, ids (the identity sequence goes on from where it was), defaults,
-- CHECK constraints, indexes, foreign keys and the statement triggers that feed the rollups of
-- migrations 011, 012 and 015. The primary key becomes (id, time): a partitioned table's unique
-- keys must hold its partition column. Nothing references a log row by a foreign key; the rows
-- found by id (resolving a security event) are found through that key in each month.
--
-- Every table has a DEFAULT partition, so a row whose month has no partition yet (a clock set far
-- ahead) is still written; ensure_log_partitions() later moves such rows into their new month.

-- The partitioned logs and their time columns (src/server/logs/retention.ts LOG_TABLES).
CREATE FUNCTION log_partitioned_tables() RETURNS TABLE (log_table text, time_column text)
  LANGUAGE sql IMMUTABLE AS $$
  VALUES ('activity_logs', 'created_at'), ('login_history', 'login_time'), ('system_logs', 'created_at'),
         ('security_events', 'created_at'), ('api_request_logs', 'request_time')
$$;

-- The partition of one UTC month (a timestamp at its first instant) of one log, created when
-- missing. Rows of that month waiting in the DEFAULT partition move into it in the same
-- transaction (a new partition may not hold rows its default already has). Returns the rows
-- moved, or NULL when the partition was already there.
CREATE FUNCTION ensure_log_partition(tbl text, col text, month timestamp) RETURNS bigint AS $$
DECLARE
  part text := format('%s_p%s', tbl, to_char(month, 'YYYY_MM'));
  lo text := to_char(month, 'YYYY-MM-DD') || ' 00:00:00+00';
  hi text := to_char(month + interval '1 month', 'YYYY-MM-DD') || ' 00:00:00+00';
  waiting boolean;
  moved bigint := 0;
BEGIN
  IF EXISTS (SELECT 1 FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
              WHERE i.inhparent = tbl::regclass AND c.relname = part) THEN
    RETURN NULL;
  END IF;
  EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I WHERE %I >= $1 AND %I < $2)', tbl || '_default', col, col)
    INTO waiting USING lo::timestamptz, hi::timestamptz;
  IF NOT waiting THEN
    EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)', part, tbl, lo, hi);
    RETURN 0;
  END IF;
  -- Moved within the partitions, never through the parent: its statement triggers (the
  -- rollups) see neither a delete nor an insert, as the rows stay in the log.
  EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', part, tbl);
  EXECUTE format('WITH m AS (DELETE FROM %I WHERE %I >= $1 AND %I < $2 RETURNING *) INSERT INTO %I SELECT * FROM m',
                 tbl || '_default', col, col, part)
    USING lo::timestamptz, hi::timestamptz;
  GET DIAGNOSTICS moved = ROW_COUNT;
  EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', tbl, part, lo, hi);
  RETURN moved;
END;
$$ LANGUAGE plpgsql;

-- The monthly partitions of every log from the month of `from_time` to that of `to_time`
-- (UTC), those missing created; one caller at a time (processes starting together).
CREATE FUNCTION ensure_log_partitions(from_time timestamptz, to_time timestamptz)
  RETURNS TABLE (log_partition text, moved bigint) AS $$
DECLARE
  t record;
  m timestamp;
  n bigint;
BEGIN
  IF to_time - from_time > interval '20 years' THEN
    RAISE EXCEPTION 'ensure_log_partitions: % to % is more than 20 years', from_time, to_time;
  END IF;
  PERFORM pg_advisory_xact_lock(727127);
  FOR m IN SELECT generate_series(date_trunc('month', from_time AT TIME ZONE 'UTC'),
                                  date_trunc('month', to_time AT TIME ZONE 'UTC'), interval '1 month') LOOP
    FOR t IN SELECT * FROM log_partitioned_tables() LOOP
      n := ensure_log_partition(t.log_table, t.time_column, m);
      IF n IS NOT NULL THEN
        log_partition := format('%s_p%s', t.log_table, to_char(m, 'YYYY_MM'));
        moved := n;
        RETURN NEXT;
      END IF;
    END LOOP;
  END LOOP;
END;
$$ LANGUAGE plpgsql;

-- Retention: every monthly partition that ends at or before `before` is dropped at once, and
-- its hours and days leave the rollups (partitions are whole UTC months, so each rollup hour
-- and day lies in one partition). Returns each partition dropped with its row count, read from
-- the rollups (exact, as the triggers keep them) rather than by counting the rows.
CREATE FUNCTION drop_log_partitions(before timestamptz)
  RETURNS TABLE (log_table text, log_partition text, from_time timestamptz, to_time timestamptz, row_count bigint) AS $$
DECLARE
  p record;
BEGIN
  PERFORM pg_advisory_xact_lock(727127);
  FOR p IN
    SELECT t.log_table AS tbl, c.relname AS part,
           substring(pg_get_expr(c.relpartbound, c.oid) FROM 'FROM \(''([^'']+)''\)')::timestamptz AS lo,
           substring(pg_get_expr(c.relpartbound, c.oid) FROM 'TO \(''([^'']+)''\)')::timestamptz AS hi
      FROM log_partitioned_tables() t
      JOIN pg_inherits i ON i.inhparent = t.log_table::regclass
      JOIN pg_class c ON c.oid = i.inhrelid
     WHERE pg_get_expr(c.relpartbound, c.oid) <> 'DEFAULT'
     ORDER BY 3, 1
  LOOP
    CONTINUE WHEN p.hi > before;
    log_table := p.tbl;
    log_partition := p.part;
    from_time := p.lo;
    to_time := p.hi;
    IF p.tbl = 'api_request_logs' THEN
      DELETE FROM api_request_hourly WHERE hour >= p.lo AND hour < p.hi;
      WITH d AS (DELETE FROM api_request_daily WHERE day >= p.lo AND day < p.hi RETURNING n)
      SELECT coalesce(sum(n), 0) INTO row_count FROM d;
    ELSE
      WITH d AS (
        DELETE FROM log_hourly_counts
         WHERE hour >= p.lo AND hour < p.hi
           AND kind = ANY (CASE p.tbl WHEN 'activity_logs' THEN ARRAY['activity']
                                      WHEN 'login_history' THEN ARRAY['login', 'login_success']
                                      WHEN 'system_logs' THEN ARRAY['system', 'system_error']
                                      ELSE ARRAY['security', 'security_open'] END)
        RETURNING kind, n)
      SELECT coalesce(sum(n) FILTER (WHERE kind IN ('activity', 'login', 'system', 'security')), 0)
        INTO row_count FROM d;
    END IF;
    EXECUTE format('DROP TABLE %I', p.part);
    RETURN NEXT;
  END LOOP;
END;
$$ LANGUAGE plpgsql;

-- One log table becomes partitioned: renamed aside, a partitioned table of the same columns,
-- defaults and CHECK constraints put in its place with a partition for each month its rows
-- have and the DEFAULT one, the rows copied (before the triggers exist, so the rollups, which
-- already count them, stay as they are), the identity sequence set where the old one was, the
-- old table dropped, then its indexes, foreign keys and triggers made again on the new table.
CREATE FUNCTION pg_temp.partition_log(tbl text, col text) RETURNS void AS $$
DECLARE
  old text := tbl || '_unpartitioned';
  old_seq text;
  last bigint;
  called boolean;
  m timestamp;
  defs text[];
  triggers text[];
  fks text[];
  d text;
BEGIN
  IF EXISTS (SELECT 1 FROM pg_constraint WHERE contype = 'f' AND confrelid = tbl::regclass) THEN
    RAISE EXCEPTION 'a foreign key references %: it cannot be partitioned as it is', tbl;
  END IF;
  EXECUTE format('ALTER TABLE %I RENAME TO %I', tbl, old);
  old_seq := pg_get_serial_sequence(old, 'id');
  EXECUTE format('ALTER SEQUENCE %s RENAME TO %I', old_seq, old || '_id_seq');
  EXECUTE format('SELECT last_value, is_called FROM %I', old || '_id_seq') INTO last, called;
  SELECT array_agg(pg_get_indexdef(x.indexrelid) ORDER BY x.indexrelid)
    INTO defs FROM pg_index x WHERE x.indrelid = old::regclass AND NOT x.indisprimary;
  SELECT coalesce(array_agg(pg_get_triggerdef(g.oid) ORDER BY g.tgname), '{}')
    INTO triggers FROM pg_trigger g WHERE g.tgrelid = old::regclass AND NOT g.tgisinternal;
  defs := defs || triggers;
  SELECT coalesce(array_agg(format('ALTER TABLE %I ADD CONSTRAINT %I %s', tbl, k.conname, pg_get_constraintdef(k.oid))), '{}')
    INTO fks FROM pg_constraint k WHERE k.conrelid = old::regclass AND k.contype = 'f';

  EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING CONSTRAINTS) PARTITION BY RANGE (%I)', tbl, old, col);
  EXECUTE format('ALTER TABLE %I ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY', tbl);
  EXECUTE format('CREATE TABLE %I PARTITION OF %I DEFAULT', tbl || '_default', tbl);
  FOR m IN EXECUTE format('SELECT DISTINCT date_trunc(''month'', %I AT TIME ZONE ''UTC'') FROM %I', col, old) LOOP
    PERFORM ensure_log_partition(tbl, col, m);
  END LOOP;
  EXECUTE format('INSERT INTO %I SELECT * FROM %I ORDER BY %I, id', tbl, old, col);
  PERFORM setval(pg_get_serial_sequence(tbl, 'id'), last, called);
  EXECUTE format('DROP TABLE %I', old);

  EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I PRIMARY KEY (id, %I)', tbl, tbl || '_pkey', col);
  FOREACH d IN ARRAY defs LOOP
    -- "CREATE [UNIQUE] INDEX name ON schema.old USING ..." / "CREATE TRIGGER name ... ON schema.old ..."
    EXECUTE regexp_replace(d, ' ON \S+ ', format(' ON %I ', tbl));
  END LOOP;
  FOREACH d IN ARRAY fks LOOP
    EXECUTE d;
  END LOOP;
  EXECUTE format('ANALYZE %I', tbl);
END;
$$ LANGUAGE plpgsql;

SELECT pg_temp.partition_log(log_table, time_column) FROM log_partitioned_tables();
DROP FUNCTION pg_temp.partition_log(text, text);

-- The months around the clock, as the server makes them at start and daily (partitions.ts).
SELECT count(*) FROM ensure_log_partitions(app_now() - interval '31 days', app_now() + interval '2 months');
