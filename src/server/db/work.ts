import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the database work of the current request may use, carried through async calls so
 * that handlers keep calling `db.query` as they always do:
 *  - `heavy`: the request is a list with search or sort, an analysis, an export or a log
 *    query; on PostgreSQL it runs on the bounded heavy pool, so that sign-in, /auth/me and a
 *    record by id always find a connection;
 *  - `signal`: aborted when the client has gone; a query still running is then cancelled;
 *  - `writeLsn`: where the primary's WAL was after the session's last write: with read
 *    replicas, the request's heavy reads go only to one that has replayed that far.
 */
export interface WorkContext {
  heavy: boolean;
  signal?: AbortSignal;
  writeLsn?: string;
  /** Who the request is: a write's transaction names them to the change stream (dkj.actor_*). */
  actor?: { id: number; name: string };
}

/** The statement naming the writer of the transaction, with its parameters (none outside a request). */
export function actorStatement(): [string, unknown[]] | undefined {
  const actor = work.getStore()?.actor;
  if (!actor) return undefined;
  return [
    "SELECT set_config('dkj.actor_id', $1, true), set_config('dkj.actor_name', $2, true)",
    [String(actor.id), actor.name],
  ];
}

export const work = new AsyncLocalStorage<WorkContext>();

/** PostgreSQL's code for a statement cancelled by statement_timeout or a cancel request. */
export const QUERY_CANCELED = '57014';

/** A connection could not be had in time (every pool slot busy): the HTTP layer answers 503. */
export const POOL_BUSY = 'DKJ_POOL_BUSY';
