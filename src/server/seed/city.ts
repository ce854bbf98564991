import type { Db } from '../db/db.js';
import { copyCity } from './bulk.js';
import { insertCity, type LoadOptions, type LoadSummary } from './load.js';

/**
 * Generates the city for `options` and writes it: through binary COPY on a connection of its
 * own on PostgreSQL given its URL (./bulk.ts), through INSERTs and PGlite's COPY otherwise
 * (./load.ts). Same options and same empty tables: same rows.
 */
export async function loadCity(db: Db, options: LoadOptions): Promise<LoadSummary> {
  if (db.kind === 'postgres' && options.databaseUrl) return copyCity(db, options.databaseUrl, options);
  return insertCity(db, options);
}
