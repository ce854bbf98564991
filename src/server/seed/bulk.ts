/**
 * The PostgreSQL bulk load (a LoadPath of ./load.ts): binary COPY on a connection of its own,
 * in one transaction.
 *
 * - The big tables lose their keys, indexes and foreign keys for the load and get them back at
 *   the end (a sorted build and one validating join per key instead of a B-tree insert and a
 *   lookup per row); the rollup triggers are off and the rollups rebuilt once.
 * - When those tables are empty they are truncated inside the transaction, so COPY can FREEZE:
 *   rows are written frozen and all-visible, and no later pass rewrites every page.
 * - Worker threads draw and encode the next ranges of patients while PostgreSQL writes one:
 *   on two cores the generator and the server each get one.
 *
 * Rows, keys, indexes, foreign keys and triggers are written in one transaction: a failed load
 * leaves the database as it was. After the commit, three connections share the two cores: one
 * rebuilds the rollups (marked stale in the load's transaction, so that a server started before
 * they are done reads the base tables meanwhile and rebuilds what is left), two build the list indexes (the ones prepareDatabase()
 * creates when they are missing, the GIN trigram indexes among them) beside the statistics:
 * should that part stop half way, the next start of the server completes it.
 */
import os from 'node:os';
import pg from 'pg';
import { RESOURCES } from '../../resources/index.js';
import { typeParsers, type Db, type Tx } from '../db/db.js';
import { listIndexes, statisticsSql } from '../resources/indexes.js';
import { rebuildRollupsBehind } from '../maintenance/rollups.js';
import { quiet } from '../maintenance/report.js';
import { clientRunner, copyIn } from '../db/postgres.js';
import { clockConnectionOption } from '../../domain/clock.js';
import { EncoderPool } from './encoder-pool.js';
import type { CityPlan } from './generate.js';
import { BULK_TABLES, type Restore } from './keys.js';
import type { LoadOptions, LoadPath } from './load.js';
import { copyWriter } from './writers.js';

/** Patients per range: drawn and sent together (three COPYs: patients, appointments, journeys). */
const RANGE_SIZE = 10_000;

const parsers = {
  getTypeParser(oid: number, format?: any) {
    return typeParsers[oid] ?? pg.types.getTypeParser(oid, format);
  },
};

const asTx = (client: pg.Client): Tx => clientRunner(client);

/**
 * The load through COPY on a connection of its own to `databaseUrl` (the same database as db),
 * with `plan` drawn in worker threads from 50,000 patients on. close() ends the connection and
 * the threads.
 */
export async function bulkPath(
  db: Db,
  databaseUrl: string,
  plan: CityPlan,
  options: LoadOptions & { now: Date },
): Promise<LoadPath & { close(): Promise<void> }> {
  // The connections work on the same schema as db (tests put each database in a schema).
  const { rows: paths } = await db.query<{ path: string }>(`SELECT current_setting('search_path') AS path`);
  const connect = async () => {
    const c = new pg.Client({
      connectionString: databaseUrl,
      types: parsers as any,
      application_name: 'dkj-seed',
      options: clockConnectionOption() || undefined,
    });
    await c.connect();
    await c.query(`SELECT set_config('search_path', $1, false)`, [paths[0].path]);
    return c;
  };
  const client = await connect();
  const threads = options.threads ?? (plan.patients >= 50_000 ? Math.min(3, os.availableParallelism()) : 0);
  // The threads draw the city for the same moment (options.now) as this one.
  const pool =
    threads > 0
      ? new EncoderPool(threads, {
          patients: plan.patients,
          seed: plan.seed,
          now: options.now.getTime(),
          appointmentsPerPatient: plan.appointmentsPerPatient,
          journeyDays: plan.journeyDays,
        })
      : null;
  const listIndexByName = new Map(RESOURCES.flatMap((decl) => listIndexes(decl).map((i) => [i.name, i])));
  return {
    async transaction(work) {
      await client.query('BEGIN');
      try {
        await work(asTx(client));
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      }
    },
    strip: true,
    settings: [`SET LOCAL maintenance_work_mem = '1GB'`],
    async writer(tx) {
      // Emptied in this transaction, a table takes COPY FREEZE.
      const { rows: counts } = await tx.query<{ empty: boolean }>(
        `SELECT ${BULK_TABLES.map((t) => `NOT EXISTS (SELECT 1 FROM ${t})`).join(' AND ')} AS empty`,
      );
      const freeze = counts[0].empty;
      if (freeze) await tx.exec(`TRUNCATE ${BULK_TABLES.join(', ')}`);
      const send = (sql: string, data: Buffer[]) => copyIn(client, sql, data);
      const frozen = new Set(freeze ? BULK_TABLES : []);
      return copyWriter(tx, { send, frozen, pool, rangeSize: RANGE_SIZE });
    },
    deferIndex: (index) => listIndexByName.has(index.name),
    rollupsInTransaction: false,
    afterCommit: {
      phase: 'rollups and list indexes',
      run: (deferred, tables) =>
        afterCommitWork(
          connect,
          client,
          // Rebuilt from its definition, a list index gets its statistics target again.
          deferred.map((i) => {
            const list = listIndexByName.get(i.name);
            return list?.statistics ? { ...i, sql: `${i.sql}; ${statisticsSql(list)}` } : i;
          }),
          tables,
        ),
    },
    async close() {
      await pool?.close();
      await client.end();
    },
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * After the commit: rebuilds the rollups, builds the list indexes and gathers the statistics
 * (VACUUM (ANALYZE), which also sets the visibility map where COPY could not freeze) on two
 * connections, one per core. Every step is one statement on one core, so the steps form one
 * queue served by both connections, longest first: the rollups (about 45 s at the 1M city), then
 * the GIN indexes, then the B-trees. A table is analyzed once its indexes exist (statistics of
 * index expressions come with them) and the rollups (some of them tables here) are rebuilt.
 * A third connection would only share the two cores: the rollups took 82 s beside two index
 * builders where they take 45 s with a core of their own.
 * Returns where the time went.
 */
async function afterCommitWork(
  connect: () => Promise<pg.Client>,
  client: pg.Client,
  indexes: Restore[],
  tables: string[],
): Promise<string> {
  const clients = [client, await connect()];
  const times: string[] = [];
  // A GIN build gathers its entries in this much memory before it writes them out: the index of
  // the 5M appointment names took about two thirds of the time with 1 GB that it took with 512 MB.
  // No parallel B-tree builds: each connection has its core.
  await Promise.all(
    clients.map((c) => c.query(`SET maintenance_work_mem = '1GB'; SET max_parallel_maintenance_workers = 0`)),
  );
  const idle = [...clients];
  const waiting: ((c: pg.Client) => void)[] = [];
  /** Runs `work` on the first connection free, in the order asked. */
  const onConnection = async (name: string, work: (c: pg.Client) => Promise<unknown>) => {
    const c = idle.pop() ?? (await new Promise<pg.Client>((resolve) => waiting.push(resolve)));
    const t = performance.now();
    try {
      await work(c);
      const ms = performance.now() - t;
      if (ms >= 50) times.push(`${name} ${seconds(ms)}`);
    } finally {
      const next = waiting.shift();
      if (next) next(c);
      else idle.push(c);
    }
  };
  const run = (name: string, sql: string) => onConnection(name, (c) => c.query(sql));
  // First in the queue: each rollup under the lock every rebuilder takes (a server started
  // meanwhile serves, and rebuilds what this has not yet).
  const rollups = onConnection('rollups', (c) =>
    rebuildRollupsBehind(clientRunner(c), quiet, () => undefined, { wait: true }),
  );
  const slowFirst = [...indexes].sort(
    (a, b) => Number(/ USING btree /.test(a.sql)) - Number(/ USING btree /.test(b.sql)),
  );
  const built = slowFirst.map((i) => ({ table: i.table, done: run(i.name, i.sql) }));
  const analyzed = tables.map((table) => {
    const own = built.filter((b) => b.table.replace(/^.*\./, '') === table).map((b) => b.done);
    return Promise.all([...own, rollups]).then(() => run(`ANALYZE ${table}`, `VACUUM (ANALYZE) ${table}`));
  });
  try {
    const results = await Promise.allSettled([rollups, ...built.map((b) => b.done), ...analyzed]);
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) {
      throw new Error(
        `the city is loaded, but rebuilding the rollups, the list indexes or the statistics failed (the server rebuilds what is missing when it starts): ${failed.reason}`,
      );
    }
  } finally {
    await clients[1].end();
  }
  return times.join(', ');
}
