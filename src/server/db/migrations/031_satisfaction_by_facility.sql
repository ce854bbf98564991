-- Patient satisfaction of one facility (performance analytics with a facility chosen): the 1-5
-- ratings of mental-health responses per Jakarta day, by the facility the patient belongs to now.
-- Read before from the responses joined to the facility's patients: at 11M patients a facility
-- has ~140,000 of them and the join took 250 ms whatever the range.
CREATE TABLE satisfaction_facility_daily (
  medical_facility_id integer NOT NULL,
  day                 date NOT NULL,
  rating              smallint NOT NULL,
  responses           integer NOT NULL,
  PRIMARY KEY (medical_facility_id, day, rating)
);

-- What the rollup holds, from the base tables (the background rebuild's difference, a refresh).
CREATE VIEW satisfaction_facility_daily_live AS
  SELECT p.medical_facility_id, (r.created_at AT TIME ZONE 'Asia/Jakarta')::date AS day,
         r.satisfaction AS rating, count(*)::int AS responses
    FROM mental_health_responses r JOIN patients p ON p.id = r.patient_id
   WHERE r.satisfaction IS NOT NULL AND p.medical_facility_id IS NOT NULL
   GROUP BY 1, 2, 3;

-- A patient's responses, for the patient triggers below.
CREATE INDEX mental_health_responses_patient_idx ON mental_health_responses (patient_id);

-- Responses added, removed or changed: each counted at its patient's facility.
CREATE FUNCTION satisfaction_facility_trg() RETURNS trigger AS $$
DECLARE
  s integer := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
BEGIN
  IF performance_bulk_loading() THEN RETURN NULL; END IF;
  INSERT INTO satisfaction_facility_daily AS d (medical_facility_id, day, rating, responses)
  SELECT p.medical_facility_id, (c.created_at AT TIME ZONE 'Asia/Jakarta')::date, c.satisfaction, s * count(*)
    FROM changed c JOIN patients p ON p.id = c.patient_id
   WHERE c.satisfaction IS NOT NULL AND p.medical_facility_id IS NOT NULL
   GROUP BY 1, 2, 3
  ON CONFLICT (medical_facility_id, day, rating) DO UPDATE SET responses = d.responses + EXCLUDED.responses;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER satisfaction_facility_added
  AFTER INSERT ON mental_health_responses REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION satisfaction_facility_trg();
CREATE TRIGGER satisfaction_facility_removed
  AFTER DELETE ON mental_health_responses REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION satisfaction_facility_trg();

-- An update is the old row out and the new one in. A patient deleted is out already (below):
-- the responses the deletion sets to no patient find it no more.
CREATE FUNCTION satisfaction_facility_upd_trg() RETURNS trigger AS $$
BEGIN
  IF performance_bulk_loading() THEN RETURN NULL; END IF;
  INSERT INTO satisfaction_facility_daily AS d (medical_facility_id, day, rating, responses)
  SELECT f, day, rating, sum(n) FROM (
    SELECT p.medical_facility_id AS f, (o.created_at AT TIME ZONE 'Asia/Jakarta')::date AS day,
           o.satisfaction AS rating, -1 AS n
      FROM old_rows o JOIN patients p ON p.id = o.patient_id
     WHERE o.satisfaction IS NOT NULL AND p.medical_facility_id IS NOT NULL
    UNION ALL
    SELECT p.medical_facility_id, (w.created_at AT TIME ZONE 'Asia/Jakarta')::date, w.satisfaction, 1
      FROM new_rows w JOIN patients p ON p.id = w.patient_id
     WHERE w.satisfaction IS NOT NULL AND p.medical_facility_id IS NOT NULL) x
   GROUP BY f, day, rating HAVING sum(n) <> 0
  ON CONFLICT (medical_facility_id, day, rating) DO UPDATE SET responses = d.responses + EXCLUDED.responses;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER satisfaction_facility_changed
  AFTER UPDATE ON mental_health_responses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION satisfaction_facility_upd_trg();

-- A patient moved to another facility takes their responses along.
CREATE FUNCTION satisfaction_patient_moved_trg() RETURNS trigger AS $$
BEGIN
  IF performance_bulk_loading() THEN RETURN NULL; END IF;
  INSERT INTO satisfaction_facility_daily AS d (medical_facility_id, day, rating, responses)
  SELECT f, day, rating, sum(n) FROM (
    SELECT OLD.medical_facility_id AS f, (created_at AT TIME ZONE 'Asia/Jakarta')::date AS day,
           satisfaction AS rating, -1 AS n
      FROM mental_health_responses
     WHERE patient_id = OLD.id AND satisfaction IS NOT NULL AND OLD.medical_facility_id IS NOT NULL
    UNION ALL
    SELECT NEW.medical_facility_id, (created_at AT TIME ZONE 'Asia/Jakarta')::date, satisfaction, 1
      FROM mental_health_responses
     WHERE patient_id = NEW.id AND satisfaction IS NOT NULL AND NEW.medical_facility_id IS NOT NULL) x
   GROUP BY f, day, rating HAVING sum(n) <> 0
  ON CONFLICT (medical_facility_id, day, rating) DO UPDATE SET responses = d.responses + EXCLUDED.responses;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER patients_satisfaction_moved
  AFTER UPDATE OF medical_facility_id ON patients
  FOR EACH ROW WHEN (OLD.medical_facility_id IS DISTINCT FROM NEW.medical_facility_id)
  EXECUTE FUNCTION satisfaction_patient_moved_trg();

-- A patient deleted: their responses leave the facility before the deletion unlinks them.
CREATE FUNCTION satisfaction_patient_removed_trg() RETURNS trigger AS $$
BEGIN
  IF OLD.medical_facility_id IS NULL OR performance_bulk_loading() THEN RETURN OLD; END IF;
  INSERT INTO satisfaction_facility_daily AS d (medical_facility_id, day, rating, responses)
  SELECT OLD.medical_facility_id, (created_at AT TIME ZONE 'Asia/Jakarta')::date, satisfaction, -count(*)
    FROM mental_health_responses WHERE patient_id = OLD.id AND satisfaction IS NOT NULL
   GROUP BY 2, 3
  ON CONFLICT (medical_facility_id, day, rating) DO UPDATE SET responses = d.responses + EXCLUDED.responses;
  RETURN OLD;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER patients_satisfaction_removed
  BEFORE DELETE ON patients FOR EACH ROW EXECUTE FUNCTION satisfaction_patient_removed_trg();

-- Rebuilt whole from the base tables.
CREATE FUNCTION refresh_satisfaction_facility() RETURNS void AS $$
BEGIN
  DELETE FROM satisfaction_facility_daily;
  INSERT INTO satisfaction_facility_daily (medical_facility_id, day, rating, responses)
  SELECT medical_facility_id, day, rating, responses FROM satisfaction_facility_daily_live;
END;
$$ LANGUAGE plpgsql;

-- Emptied responses or patients (a reset of the demo city).
CREATE FUNCTION satisfaction_facility_truncated_trg() RETURNS trigger AS $$
BEGIN
  PERFORM refresh_satisfaction_facility();
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER satisfaction_facility_truncated
  AFTER TRUNCATE ON mental_health_responses FOR EACH STATEMENT EXECUTE FUNCTION satisfaction_facility_truncated_trg();

-- refresh_rollups(), which small loads call at their end, rebuilds this one as well.
CREATE OR REPLACE FUNCTION refresh_rollups() RETURNS void AS $$
BEGIN
  PERFORM refresh_monitoring_rollups();
  PERFORM refresh_satisfaction_facility();
  PERFORM rebuild_performance_rollups();
END;
$$ LANGUAGE plpgsql;

-- A database that holds responses gets this rollup behind its served console (maintenance):
-- stale until then, and read from the base tables meanwhile.
UPDATE rollup_state
   SET stale = true,
       rebuilt = CASE WHEN stale THEN rebuilt
                      ELSE ARRAY['patient_rollup', 'appointment_daily', 'mental_health_daily', 'performance'] END
 WHERE EXISTS (SELECT 1 FROM mental_health_responses);
