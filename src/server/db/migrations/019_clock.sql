-- One clock for the server and its database. app_now() is now() moved by the offset the
-- process puts in the connection setting dkj.clock_offset_ms (clock.ts: the NOW setting, which
-- demos and the tests at chosen instants use); unset, as in production, it is now() itself.
-- Every query, default and trigger asks app_now(), so that a clock set by a test moves the
-- rows written, the demo history and the figures read together.
CREATE FUNCTION app_now() RETURNS timestamptz
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT now() + coalesce(nullif(current_setting('dkj.clock_offset_ms', true), ''), '0')::bigint
                       * interval '1 millisecond' $$;

-- Column defaults written as now() by the earlier migrations.
DO $$
DECLARE c record;
BEGIN
  FOR c IN
    SELECT a.attrelid::regclass AS tbl, a.attname AS col
      FROM pg_attrdef d
      JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum
      JOIN pg_class k ON k.oid = a.attrelid
     WHERE k.relnamespace = current_schema()::regnamespace
       AND pg_get_expr(d.adbin, d.adrelid) = 'now()'
  LOOP
    EXECUTE format('ALTER TABLE %s ALTER COLUMN %I SET DEFAULT app_now()', c.tbl, c.col);
  END LOOP;
END $$;

CREATE OR REPLACE FUNCTION sessions_close_login_history() RETURNS trigger AS $$
BEGIN
  UPDATE login_history
     SET logout_time = least(app_now(), OLD.expires_at),
         session_duration_minutes =
           greatest(0, floor(extract(epoch FROM least(app_now(), OLD.expires_at) - login_time) / 60))::int
   WHERE session_id = OLD.id AND status = 'SUCCESS' AND logout_time IS NULL;
  RETURN OLD;
END;
$$ LANGUAGE plpgsql;
