-- Stale rollups rebuilt behind a serving server (src/server/maintenance/rollups.ts), one at a time,
-- each in a transaction of its own:
--   patient_rollup, appointment_daily, mental_health_daily   the dashboard's monitoring rollups
--   performance                                               appointment_performance and the
--                                                             performance and satisfaction rollups
-- A rollup is fresh when rollup_state is not stale, or when it was rebuilt since (rebuilt names
-- it); once every one is rebuilt, stale goes back to false and rebuilt to empty.
ALTER TABLE rollup_state ADD COLUMN rebuilt text[] NOT NULL DEFAULT '{}';

CREATE FUNCTION rollup_fresh(part text) RETURNS boolean AS $$
  SELECT NOT stale OR part = ANY (rebuilt) FROM rollup_state
$$ LANGUAGE sql STABLE;

-- What each monitoring rollup holds, computed from its base table: what a rebuild writes into it,
-- and what the dashboard reads while the rollup is stale (the same figures by construction).
-- The patients' figures read one row per patient (count 1), each query grouping them once.
CREATE VIEW patient_rollup_rows AS
  SELECT gender, extract(year FROM date_of_birth)::int AS birth_year, coalesce(insurance, '') AS insurance,
         coalesce(kecamatan_code, '') AS kecamatan_code, 1 AS count
    FROM patients;
CREATE VIEW patient_rollup_live AS
  SELECT gender, birth_year, insurance, kecamatan_code, count(*)::int AS count
    FROM patient_rollup_rows GROUP BY 1, 2, 3, 4;

CREATE VIEW appointment_daily_live AS
  SELECT (scheduled_date AT TIME ZONE 'Asia/Jakarta')::date AS day, count(*)::int AS count
    FROM appointments GROUP BY 1;

CREATE VIEW mental_health_daily_live AS
  SELECT (created_at AT TIME ZONE 'Asia/Jakarta')::date AS day, assessment_id, count(*)::int AS started,
         count(*) FILTER (WHERE completed)::int AS completed,
         coalesce(sum(score) FILTER (WHERE completed), 0)::bigint AS score_sum,
         count(score) FILTER (WHERE completed)::int AS scored,
         count(satisfaction)::int AS rated,
         count(*) FILTER (WHERE satisfaction >= 4)::int AS satisfied
    FROM mental_health_responses GROUP BY 1, 2;

-- The performance rebuild of migration 018 on its own (refresh_rollups() calls it after the
-- monitoring rollups, as before).
CREATE FUNCTION rebuild_performance_rollups() RETURNS void AS $$
BEGIN
  LOCK TABLE appointment_performance IN ACCESS EXCLUSIVE MODE;
  ALTER TABLE appointment_performance DROP CONSTRAINT appointment_performance_pkey;
  DROP INDEX appointment_performance_wait_idx;
  PERFORM refresh_performance_rollups();
  ALTER TABLE appointment_performance ADD CONSTRAINT appointment_performance_pkey PRIMARY KEY (appointment_id);
  CREATE INDEX appointment_performance_wait_idx ON appointment_performance (unit_id, day, wait_minutes)
    WHERE wait_minutes IS NOT NULL;
END;
$$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION refresh_rollups() RETURNS void AS $$
BEGIN
  PERFORM refresh_monitoring_rollups();
  PERFORM rebuild_performance_rollups();
END;
$$ LANGUAGE plpgsql;

-- While the performance rollups are stale, a write of appointments or journeys does not wait for
-- their rebuild (which holds appointment_performance for its whole length): the appointments it
-- touched are noted here, and the rebuild computes them again once it is done. Ids may repeat.
CREATE TABLE performance_pending (appointment_id integer NOT NULL);

ALTER FUNCTION performance_refresh_appointments(integer[]) RENAME TO performance_refresh_now;

-- What every trigger of migration 009 calls. A writer that defers holds a shared advisory lock
-- until it commits; the rebuild takes it exclusively to compute the last noted appointments and
-- mark the rollups fresh in one transaction, so no noted appointment is left behind.
CREATE FUNCTION performance_refresh_appointments(ids integer[]) RETURNS void AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  IF NOT rollup_fresh('performance') THEN
    PERFORM pg_advisory_xact_lock_shared(727103, hashtext(current_schema()));
    IF NOT rollup_fresh('performance') THEN
      INSERT INTO performance_pending (appointment_id) SELECT DISTINCT unnest(ids);
      RETURN;
    END IF;
  END IF;
  PERFORM performance_refresh_now(ids);
END;
$$ LANGUAGE plpgsql;
