/**
 * One small database interface over PGlite (embedded, the default) and node-postgres
 * (DATABASE_URL). Everything above this file speaks plain PostgreSQL through it.
 */
import type { Db, DbOptions } from './types.js';

export * from './types.js';

export async function openDb(options: DbOptions): Promise<Db> {
  if (options.databaseUrl) {
    const { openPostgres } = await import('./postgres.js');
    return openPostgres(options.databaseUrl, options);
  }
  const { openPglite } = await import('./pglite.js');
  return openPglite(options.dataDir, options.bare);
}
