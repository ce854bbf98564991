-- When a session was last used, for the list of a user's own sessions ('terakhir aktif').
-- Requests move it forward at most once a minute per session (plugins/access.ts), so a busy
-- console does not write a row per request.
ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz;
UPDATE sessions SET last_seen_at = created_at;
ALTER TABLE sessions ALTER COLUMN last_seen_at SET DEFAULT app_now();
ALTER TABLE sessions ALTER COLUMN last_seen_at SET NOT NULL;
