-- The API Simulator's request history (spec part 2 §2, §9): the last 50 requests of each web
-- admin, kept on the server so that they survive a reload and another browser. A request is
-- kept as what replays it: never the API key or a token, only the key's id.
CREATE TABLE api_tester_history (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  web_admin_id integer NOT NULL REFERENCES web_admins (id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  tab          text NOT NULL,
  method       text NOT NULL,
  path         text NOT NULL,
  body         jsonb,
  api_key_id   integer REFERENCES simulator_api_keys (id) ON DELETE SET NULL,
  auth_method  text NOT NULL,
  status       integer,
  duration_ms  integer
);
CREATE INDEX api_tester_history_admin_idx ON api_tester_history (web_admin_id, id DESC);
