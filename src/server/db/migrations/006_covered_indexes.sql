-- Indexes that the list indexes derived from the resource declarations now cover
-- (src/server/resources/indexes.ts): the same leading columns, with id after them.
--   patients (created_at DESC, id DESC)       -> patients (created_at, id), scanned backwards
--   patients (medical_facility_id)            -> patients (medical_facility_id, created_at, id)
--   patients (lower(full_name) text_pattern_ops): name prefixes, now found by the trigram index
--   appointments (scheduled_date)             -> appointments (scheduled_date, id)
--   appointments (medical_facility_id, scheduled_date)
--                                             -> appointments (medical_facility_id, scheduled_date, id)
-- One index less per row to write on every insert, and one less to build when the city loads.
DROP INDEX IF EXISTS patients_created_idx;
DROP INDEX IF EXISTS patients_facility_idx;
DROP INDEX IF EXISTS patients_full_name_idx;
DROP INDEX IF EXISTS appointments_scheduled_idx;
DROP INDEX IF EXISTS appointments_facility_scheduled_idx;
