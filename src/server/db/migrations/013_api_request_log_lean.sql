-- Every /api request writes a row: the trigram index over its URL cost more on each write
-- (and on the GIN pending-list merges inside a write) than it saved on the rare URL filter,
-- which now reads the log newest first through its time index and stops at the page.
DROP INDEX IF EXISTS api_request_logs_url_trgm_idx;
