import type { Db } from './db.js';

/**
 * Rebuilds the rollups when a bulk load committed its rows but stopped before it rebuilt them
 * (rollup_state.stale, migration 017). Long work by design: no statement deadline, and one
 * transaction under a lock so that processes starting together rebuild once.
 * Returns whether it rebuilt.
 */
export async function rebuildStaleRollups(db: Db): Promise<boolean> {
  const { rows } = await db.query<{ stale: boolean }>('SELECT stale FROM rollup_state');
  if (!rows[0]?.stale) return false;
  return db.transaction(async (tx) => {
    if (db.kind === 'postgres') {
      await tx.query('SET LOCAL statement_timeout = 0');
      await tx.query('SELECT pg_advisory_xact_lock(727102)');
    }
    const again = await tx.query<{ stale: boolean }>('SELECT stale FROM rollup_state FOR UPDATE');
    if (!again.rows[0]?.stale) return false;
    await tx.exec('SELECT refresh_rollups()');
    await tx.query('UPDATE rollup_state SET stale = false');
    return true;
  });
}
