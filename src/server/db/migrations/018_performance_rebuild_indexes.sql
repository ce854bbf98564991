-- The performance rebuild writes the per-appointment figures (5M rows at the 1M city) without
-- their two indexes and builds them afterwards: a sorted build instead of 5M single inserts into
-- each (the seed's rollups 42.5 -> 33.0 s alone). Otherwise as in 016.
CREATE OR REPLACE FUNCTION refresh_performance_rollups() RETURNS void AS $$
BEGIN
  PERFORM set_config('dkj.performance_rebuild', 'on', true);
  TRUNCATE appointment_performance, performance_daily, performance_type_daily, performance_mtd;
  INSERT INTO performance_units (medical_facility_id, doctor_name, appointment_type)
  SELECT DISTINCT a.medical_facility_id, coalesce(a.doctor_name, ''), coalesce(a.poly_name, a.poly_code)
    FROM appointments a
  ON CONFLICT DO NOTHING;
  -- Written without its indexes, which are built once the rows are in: at 5M appointments the
  -- rebuild took 42.5 s keeping them row by row, 33.0 s building them after.
  ALTER TABLE appointment_performance DROP CONSTRAINT appointment_performance_pkey;
  DROP INDEX appointment_performance_wait_idx;
  INSERT INTO appointment_performance (appointment_id, unit_id, day, hour, wait_minutes, completed, stage_minutes)
  SELECT a.id, u.id, (a.scheduled_date AT TIME ZONE 'Asia/Jakarta')::date,
         extract(hour FROM a.scheduled_date AT TIME ZONE 'Asia/Jakarta')::smallint,
         j.wait_minutes, coalesce(j.completed, false), j.stage_minutes
    FROM appointments a
    JOIN performance_units u
      ON u.medical_facility_id = a.medical_facility_id AND u.doctor_name = coalesce(a.doctor_name, '')
     AND u.appointment_type = coalesce(a.poly_name, a.poly_code)
    LEFT JOIN (SELECT appointment_id,
             CASE WHEN wait IS NOT NULL THEN greatest(0, round(wait / 60))::int END AS wait_minutes,
             completed, stage_minutes
        FROM (SELECT appointment_id,
                     extract(epoch FROM min(timestamp_start) FILTER (WHERE event_id = 'consultation')
                       - max(timestamp_end) FILTER (WHERE event_id = 'checkin' AND is_completed)) AS wait,
                     bool_or(event_id = 'completion') AS completed,
                     ARRAY[
                       sum(step_minutes) FILTER (WHERE event_id = 'checkin' AND is_completed),
                       sum(step_minutes) FILTER (WHERE event_id = 'assessment' AND is_completed),
                       sum(step_minutes) FILTER (WHERE event_id = 'consultation' AND is_completed),
                       sum(step_minutes) FILTER (WHERE event_id = 'submit_e_recipe' AND is_completed),
                       sum(step_minutes) FILTER (WHERE event_id = 'validate_medication' AND is_completed),
                       sum(step_minutes) FILTER (WHERE event_id = 'medication_completed' AND is_completed),
                       sum(step_minutes) FILTER (WHERE event_id = 'medication_delivery' AND is_completed),
                       sum(step_minutes) FILTER (WHERE event_id = 'payment' AND is_completed),
                       sum(step_minutes) FILTER (WHERE event_id = 'completion' AND is_completed),
                       sum(step_minutes) FILTER (WHERE event_id = 'treatment' AND is_completed)
                     ]::int[] AS stage_minutes
                FROM (SELECT appointment_id, event_id, is_completed, timestamp_start, timestamp_end,
                             coalesce(duration_minutes,
                                      round(extract(epoch FROM timestamp_end - timestamp_start) / 60)::int) AS step_minutes
                        FROM appointment_journeys) steps
               GROUP BY appointment_id) journeys) j ON j.appointment_id = a.id;
  -- The same indexes as migration 009 made.
  ALTER TABLE appointment_performance ADD CONSTRAINT appointment_performance_pkey PRIMARY KEY (appointment_id);
  CREATE INDEX appointment_performance_wait_idx ON appointment_performance (unit_id, day, wait_minutes)
    WHERE wait_minutes IS NOT NULL;
  INSERT INTO performance_daily (unit_id, day, appointments, completed, waited, wait_sum, wait_min, wait_max, wait_0_15, wait_15_30, wait_30_60, wait_60_plus, h0, h1, h2, h3, h4, h5, h6, h7, h8, h9, h10, h11, h12, h13, h14, h15, h16, h17, h18, h19, h20, h21, h22, h23, checkin_steps, checkin_minutes, assessment_steps, assessment_minutes, consultation_steps, consultation_minutes, submit_e_recipe_steps, submit_e_recipe_minutes, validate_medication_steps, validate_medication_minutes, medication_completed_steps, medication_completed_minutes, medication_delivery_steps, medication_delivery_minutes, payment_steps, payment_minutes, completion_steps, completion_minutes, treatment_steps, treatment_minutes)
  SELECT f.unit_id, f.day,
         count(*),
         count(*) FILTER (WHERE f.completed),
         count(f.wait_minutes),
         coalesce(sum(f.wait_minutes), 0),
         min(f.wait_minutes),
         max(f.wait_minutes),
         count(*) FILTER (WHERE f.wait_minutes < 15),
         count(*) FILTER (WHERE f.wait_minutes >= 15 AND f.wait_minutes < 30),
         count(*) FILTER (WHERE f.wait_minutes >= 30 AND f.wait_minutes < 60),
         count(*) FILTER (WHERE f.wait_minutes >= 60),
         count(*) FILTER (WHERE f.hour = 0),
         count(*) FILTER (WHERE f.hour = 1),
         count(*) FILTER (WHERE f.hour = 2),
         count(*) FILTER (WHERE f.hour = 3),
         count(*) FILTER (WHERE f.hour = 4),
         count(*) FILTER (WHERE f.hour = 5),
         count(*) FILTER (WHERE f.hour = 6),
         count(*) FILTER (WHERE f.hour = 7),
         count(*) FILTER (WHERE f.hour = 8),
         count(*) FILTER (WHERE f.hour = 9),
         count(*) FILTER (WHERE f.hour = 10),
         count(*) FILTER (WHERE f.hour = 11),
         count(*) FILTER (WHERE f.hour = 12),
         count(*) FILTER (WHERE f.hour = 13),
         count(*) FILTER (WHERE f.hour = 14),
         count(*) FILTER (WHERE f.hour = 15),
         count(*) FILTER (WHERE f.hour = 16),
         count(*) FILTER (WHERE f.hour = 17),
         count(*) FILTER (WHERE f.hour = 18),
         count(*) FILTER (WHERE f.hour = 19),
         count(*) FILTER (WHERE f.hour = 20),
         count(*) FILTER (WHERE f.hour = 21),
         count(*) FILTER (WHERE f.hour = 22),
         count(*) FILTER (WHERE f.hour = 23),
         count(f.stage_minutes[1]),
         coalesce(sum(f.stage_minutes[1]), 0),
         count(f.stage_minutes[2]),
         coalesce(sum(f.stage_minutes[2]), 0),
         count(f.stage_minutes[3]),
         coalesce(sum(f.stage_minutes[3]), 0),
         count(f.stage_minutes[4]),
         coalesce(sum(f.stage_minutes[4]), 0),
         count(f.stage_minutes[5]),
         coalesce(sum(f.stage_minutes[5]), 0),
         count(f.stage_minutes[6]),
         coalesce(sum(f.stage_minutes[6]), 0),
         count(f.stage_minutes[7]),
         coalesce(sum(f.stage_minutes[7]), 0),
         count(f.stage_minutes[8]),
         coalesce(sum(f.stage_minutes[8]), 0),
         count(f.stage_minutes[9]),
         coalesce(sum(f.stage_minutes[9]), 0),
         count(f.stage_minutes[10]),
         coalesce(sum(f.stage_minutes[10]), 0)
    FROM appointment_performance f GROUP BY f.unit_id, f.day;
  -- Per type from the daily rows of its units (a few hundred thousand rows, not every appointment).
  INSERT INTO performance_type_daily (appointment_type, day, appointments, completed, waited, wait_sum, wait_min, wait_max, wait_0_15, wait_15_30, wait_30_60, wait_60_plus, h0, h1, h2, h3, h4, h5, h6, h7, h8, h9, h10, h11, h12, h13, h14, h15, h16, h17, h18, h19, h20, h21, h22, h23, checkin_steps, checkin_minutes, assessment_steps, assessment_minutes, consultation_steps, consultation_minutes, submit_e_recipe_steps, submit_e_recipe_minutes, validate_medication_steps, validate_medication_minutes, medication_completed_steps, medication_completed_minutes, medication_delivery_steps, medication_delivery_minutes, payment_steps, payment_minutes, completion_steps, completion_minutes, treatment_steps, treatment_minutes)
  SELECT u.appointment_type, d.day,
         sum(d.appointments),
         sum(d.completed),
         sum(d.waited),
         sum(d.wait_sum),
         min(d.wait_min),
         max(d.wait_max),
         sum(d.wait_0_15),
         sum(d.wait_15_30),
         sum(d.wait_30_60),
         sum(d.wait_60_plus),
         sum(d.h0),
         sum(d.h1),
         sum(d.h2),
         sum(d.h3),
         sum(d.h4),
         sum(d.h5),
         sum(d.h6),
         sum(d.h7),
         sum(d.h8),
         sum(d.h9),
         sum(d.h10),
         sum(d.h11),
         sum(d.h12),
         sum(d.h13),
         sum(d.h14),
         sum(d.h15),
         sum(d.h16),
         sum(d.h17),
         sum(d.h18),
         sum(d.h19),
         sum(d.h20),
         sum(d.h21),
         sum(d.h22),
         sum(d.h23),
         sum(d.checkin_steps),
         sum(d.checkin_minutes),
         sum(d.assessment_steps),
         sum(d.assessment_minutes),
         sum(d.consultation_steps),
         sum(d.consultation_minutes),
         sum(d.submit_e_recipe_steps),
         sum(d.submit_e_recipe_minutes),
         sum(d.validate_medication_steps),
         sum(d.validate_medication_minutes),
         sum(d.medication_completed_steps),
         sum(d.medication_completed_minutes),
         sum(d.medication_delivery_steps),
         sum(d.medication_delivery_minutes),
         sum(d.payment_steps),
         sum(d.payment_minutes),
         sum(d.completion_steps),
         sum(d.completion_minutes),
         sum(d.treatment_steps),
         sum(d.treatment_minutes)
    FROM performance_daily d JOIN performance_units u ON u.id = d.unit_id
   GROUP BY u.appointment_type, d.day;
  -- Month to date as a running sum over each unit's days from its first day in the month to the
  -- month's end (one row per output row; before, every daily row was repeated for each later day).
  INSERT INTO performance_mtd (unit_id, day, appointments, completed, waited, wait_sum)
  SELECT g.unit_id, g.day,
         sum(coalesce(p.appointments, 0)) OVER w, sum(coalesce(p.completed, 0)) OVER w,
         sum(coalesce(p.waited, 0)) OVER w, sum(coalesce(p.wait_sum, 0)) OVER w
    FROM (SELECT unit_id, generate_series(min(day)::timestamp, month + interval '1 month - 1 day', interval '1 day')::date AS day
            FROM (SELECT unit_id, day, date_trunc('month', day::timestamp) AS month FROM performance_daily) d
           GROUP BY unit_id, month) g
    LEFT JOIN performance_daily p ON p.unit_id = g.unit_id AND p.day = g.day
  WINDOW w AS (PARTITION BY g.unit_id, date_trunc('month', g.day::timestamp) ORDER BY g.day)
   ORDER BY g.day, g.unit_id;
  TRUNCATE satisfaction_daily;
  INSERT INTO satisfaction_daily (day, rating, responses)
  SELECT (created_at AT TIME ZONE 'Asia/Jakarta')::date, satisfaction, count(*)
    FROM mental_health_responses WHERE satisfaction IS NOT NULL GROUP BY 1, 2;
  PERFORM set_config('dkj.performance_rebuild', 'off', true);
END;
$$ LANGUAGE plpgsql;
