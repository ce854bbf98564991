-- The change stream (GET /api/events): every write of a declared resource leaves one row here in
-- its own transaction (a statement trigger per table, installed from the declarations at start:
-- src/server/realtime/triggers.ts), announced to every API process by NOTIFY at commit. One row
-- per transaction, table and kind: an import batch of 500 rows is one summary row.
CREATE TABLE change_outbox (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tx          xid8 NOT NULL DEFAULT pg_current_xact_id(),
  source      text NOT NULL,
  kind        text NOT NULL,
  -- The first 500 ids written, the facility of each (null: the table has none), and how many.
  ids         bigint[] NOT NULL DEFAULT '{}',
  facilities  bigint[] NOT NULL DEFAULT '{}',
  count       integer NOT NULL DEFAULT 0,
  version     text,
  actor_id    integer,
  actor_name  text,
  created_at  timestamptz NOT NULL DEFAULT app_now()
);
CREATE UNIQUE INDEX change_outbox_tx_key ON change_outbox (tx, source, kind);
CREATE INDEX change_outbox_created_idx ON change_outbox (created_at);

-- POST /api/events/ticket: a single-use ticket an EventSource opens the stream with (a browser's
-- EventSource cannot send the session's header; the session token never goes in a URL).
CREATE TABLE event_tickets (
  ticket_hash text PRIMARY KEY,
  session_id  integer NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  expires_at  timestamptz NOT NULL
);
CREATE INDEX event_tickets_expires_idx ON event_tickets (expires_at);

-- Statement trigger of a declared table: TG_ARGV[0] the column naming the row's facility ('' for
-- none). The writer is read from the transaction's settings (dkj.actor_id, dkj.actor_name); an
-- import batch says dkj.change_kind = 'imported'.
CREATE FUNCTION change_outbox_capture() RETURNS trigger AS $$
DECLARE
  k text := CASE TG_OP WHEN 'INSERT' THEN 'created' WHEN 'UPDATE' THEN 'updated' ELSE 'deleted' END;
  facility text := CASE WHEN TG_ARGV[0] = '' THEN 'NULL' ELSE quote_ident(TG_ARGV[0]) END;
  rows_table text := CASE WHEN TG_OP = 'DELETE' THEN 'old_rows' ELSE 'new_rows' END;
  n integer;
  row_ids bigint[];
  row_facilities bigint[];
BEGIN
  IF current_setting('dkj.change_kind', true) = 'imported' AND TG_OP <> 'DELETE' THEN
    k := 'imported';
  END IF;
  EXECUTE format(
    'SELECT count(*)::int, coalesce((array_agg(id::bigint))[1:500], ''{}''), coalesce((array_agg(%s::bigint))[1:500], ''{}'') FROM %I',
    facility, rows_table)
    INTO n, row_ids, row_facilities;
  IF n = 0 THEN
    RETURN NULL;
  END IF;
  -- A second statement of the transaction joins its row (an INSERT ... ON CONFLICT would spend
  -- an id each time, and the readers wait briefly at every gap in the ids).
  UPDATE change_outbox
     SET ids = (ids || row_ids)[1:500], facilities = (facilities || row_facilities)[1:500], count = count + n
   WHERE tx = pg_current_xact_id() AND source = TG_TABLE_NAME AND kind = k;
  IF NOT FOUND THEN
    INSERT INTO change_outbox (source, kind, ids, facilities, count, version, actor_id, actor_name)
    VALUES (TG_TABLE_NAME, k, row_ids, row_facilities, n,
            (pg_current_xact_id()::text::bigint % 4294967296)::text,
            nullif(current_setting('dkj.actor_id', true), '')::integer,
            nullif(current_setting('dkj.actor_name', true), ''));
  END IF;
  PERFORM pg_notify('dkj_changes_' || current_schema(), '');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

-- The menu matrix changed: every open console refetches its access.
CREATE FUNCTION change_outbox_menu() RETURNS trigger AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM change_outbox WHERE tx = pg_current_xact_id() AND source = TG_TABLE_NAME) THEN
    INSERT INTO change_outbox (source, kind, actor_id, actor_name)
    VALUES (TG_TABLE_NAME, 'menu', nullif(current_setting('dkj.actor_id', true), '')::integer,
            nullif(current_setting('dkj.actor_name', true), ''));
  END IF;
  PERFORM pg_notify('dkj_changes_' || current_schema(), '');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER role_menu_access_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON role_menu_access
  FOR EACH STATEMENT EXECUTE FUNCTION change_outbox_menu();

-- A session that ends (logout, revocation, a deactivated admin) closes its streams on every process.
CREATE FUNCTION sessions_ended_notify() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('dkj_sessions_' || current_schema(), '');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER sessions_ended AFTER DELETE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION sessions_ended_notify();
