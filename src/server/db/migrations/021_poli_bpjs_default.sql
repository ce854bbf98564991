-- A new poli accepts BPJS unless said otherwise, through the API as in the console: the
-- schema's default (schemas/poli.json), which the console's dialog now starts from.
ALTER TABLE master_poli ALTER COLUMN is_bpjs_available SET DEFAULT true;
