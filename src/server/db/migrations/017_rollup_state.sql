-- Whether the rollups (refresh_rollups()) still have to be rebuilt: a bulk load commits its rows
-- with this set and rebuilds the rollups beside the list indexes afterwards; should it stop in
-- between, the next start of the server rebuilds them before it serves.
CREATE TABLE rollup_state (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  stale    boolean NOT NULL DEFAULT false
);
INSERT INTO rollup_state DEFAULT VALUES;
