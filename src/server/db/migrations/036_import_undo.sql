-- An import can be undone from its job while no later write touched its rows: each row a real
-- import wrote is kept with what it was before (null: the import created it) and the version
-- (xmin) the import left it at; the undo restores or deletes only rows still at that version.

CREATE TABLE import_changes (
  job_id   integer NOT NULL REFERENCES import_jobs (id) ON DELETE CASCADE,
  row_id   bigint NOT NULL,
  created  boolean NOT NULL,
  -- The whole row before the import's first write to it (to_jsonb of the table's row).
  before   jsonb,
  -- The row's version (xmin) after the import's last write to it.
  version  text NOT NULL,
  -- The row's natural key as text, to name it in a refusal.
  label    text,
  PRIMARY KEY (job_id, row_id)
);

ALTER TABLE import_jobs ADD COLUMN undone_at timestamptz, ADD COLUMN undone_by text;
