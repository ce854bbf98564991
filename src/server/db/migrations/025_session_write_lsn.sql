-- Read-your-writes with read replicas (DATABASE_READ_URL): where the primary's WAL was after
-- the session's last write. That session's heavy reads go to a replica only once it has
-- replayed this far; until then they stay on the primary. Null: never wrote.
ALTER TABLE sessions ADD COLUMN write_lsn pg_lsn;
