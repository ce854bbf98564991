import type { Db } from '../db/db.js';
import { nowDate } from '../../domain/clock.js';
import { bulkPath } from './bulk.js';
import { planCity, type CityPlan } from './generate.js';
import { runLoad, type LoadOptions, type LoadPath, type LoadSummary } from './load.js';
import { copyWriter, insertWriter } from './writers.js';

/**
 * The load through `db` itself: PGlite's in-process COPY when it has one, else INSERTs; keys
 * and indexes (from 1,000 patients on) and the rollups rebuilt in the transaction, the
 * statistics gathered after it.
 */
function inProcessPath(db: Db, plan: CityPlan, options: LoadOptions): LoadPath {
  const postgres = db.kind === 'postgres';
  return {
    transaction: (work) => db.transaction(work),
    strip: options.rebuildIndexes ?? plan.patients >= 1000,
    settings: postgres ? [`SET LOCAL maintenance_work_mem = '256MB'`] : [],
    async writer(tx) {
      // In-process (PGlite), COPY takes the rows in half the time of INSERTs of the same rows.
      const send = postgres ? undefined : tx.copyFrom?.bind(tx);
      if (send) return copyWriter(tx, { send, frozen: new Set(), pool: null, rangeSize: 1000 });
      const rangeSize = options.batchSize ?? (postgres ? 2000 : 1000);
      return insertWriter(tx, { chunk: postgres ? 20_000 : 2500, rangeSize });
    },
    deferIndex: () => false,
    rollupsInTransaction: true,
    afterCommit: {
      phase: 'analyze',
      // Statistics for the planner; on PostgreSQL also the visibility map and hint bits, so the
      // first queries after a big load neither rewrite every page nor skip index-only scans.
      async run(_deferred, tables) {
        await db.exec(`${postgres ? 'VACUUM (ANALYZE)' : 'ANALYZE'} ${tables.join(', ')}`);
        return undefined;
      },
    },
  };
}

/**
 * Generates the city for `options` and writes it: through binary COPY on a connection of its
 * own on PostgreSQL given its URL (./bulk.ts), through `db` otherwise. Same options and same
 * empty tables: same rows.
 */
export async function loadCity(db: Db, options: LoadOptions): Promise<LoadSummary> {
  // Fixed here: encoder threads must draw the city for the same moment.
  const city = { ...options, now: options.now ?? nowDate() };
  const plan = planCity(city);
  if (db.kind !== 'postgres' || !options.databaseUrl)
    return runLoad(inProcessPath(db, plan, city), plan, city);
  const path = await bulkPath(db, options.databaseUrl, plan, city);
  try {
    return await runLoad(path, plan, city);
  } finally {
    await path.close();
  }
}
