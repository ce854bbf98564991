-- The performance rebuild writes the per-appointment figures (5M rows at the 1M city) without
-- their two indexes, which are built once the rows are in: a sorted build instead of 5M single
-- inserts into each (at the 1M city the insert took 24.1 s with them, 18.6 s without, and
-- building both after takes 2.1 s). Nothing reads the table by these indexes during the rebuild
-- (the rollups are derived from it by whole-table scans), and it is locked until the rebuild's
-- transaction ends.
CREATE OR REPLACE FUNCTION refresh_rollups() RETURNS void AS $$
BEGIN
  PERFORM refresh_monitoring_rollups();
  LOCK TABLE appointment_performance IN ACCESS EXCLUSIVE MODE;
  ALTER TABLE appointment_performance DROP CONSTRAINT appointment_performance_pkey;
  DROP INDEX appointment_performance_wait_idx;
  PERFORM refresh_performance_rollups();
  -- The same indexes as migration 009 made.
  ALTER TABLE appointment_performance ADD CONSTRAINT appointment_performance_pkey PRIMARY KEY (appointment_id);
  CREATE INDEX appointment_performance_wait_idx ON appointment_performance (unit_id, day, wait_minutes)
    WHERE wait_minutes IS NOT NULL;
END;
$$ LANGUAGE plpgsql;
