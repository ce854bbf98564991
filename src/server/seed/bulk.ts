/**
 * The PostgreSQL bulk loader: binary COPY on a connection of its own, in one transaction.
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
 * they are done rebuilds them itself), two build the list indexes (the ones prepareDatabase()
 * creates when they are missing, the GIN trigram indexes among them) beside the statistics:
 * should that part stop half way, the next start of the server completes it.
 */
import os from 'node:os';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { RESOURCES } from '../../domain/resources/index.js';
import { typeParsers, type Db, type Tx } from '../db/db.js';
import { listIndexes } from '../resources/indexes.js';
import {
  AGD_REPORTS,
  APPOINTMENTS,
  BINARY_TYPES,
  BinaryCopyWriter,
  EMERGENCIES,
  FACILITIES,
  JOURNEYS,
  MENTAL_HEALTH_RESPONSES,
  PATIENTS,
  copySql,
  encodePatientRange,
  type CopyTable,
  type EncodedRange,
} from './copy.js';
import { clockConnectionOption, nowDate } from '../../domain/clock.js';
import { EncoderPool } from './encoder-pool.js';
import { insertPoli } from './entities/poli.js';
import { facilityRows, planCity, type CityPlan, type IdBases } from './generate.js';
import { patientRanges } from './entities/patients.js';
import { agdReportRows, emergencyRows, mentalHealthRows } from './entities/events.js';
import { insertUsersAndDeliveries } from './entities/deliveries.js';
import {
  BULK_TABLES,
  DEMO_TABLES,
  beginBulkLoad,
  endBulkTriggers,
  firstIds,
  rebuild,
  insertAssessments,
  type LoadOptions,
  type LoadSummary,
  type Restore,
  loadTracker,
} from './load.js';

/** Patients per range: drawn and sent together (three COPYs: patients, appointments, journeys). */
const RANGE_SIZE = 10_000;

const parsers = {
  getTypeParser(oid: number, format?: any) {
    return typeParsers[oid] ?? pg.types.getTypeParser(oid, format);
  },
};

const asTx = (client: pg.Client): Tx => ({
  async query(sql, params) {
    const res = await client.query(sql, params as any[]);
    return { rows: res.rows, rowCount: res.rowCount ?? res.rows.length };
  },
  async exec(sql) {
    await client.query(sql);
  },
});

/** One COPY ... FROM STDIN of the given buffers; resolves when PostgreSQL has taken them all. */
async function copyIn(client: pg.Client, sql: string, chunks: Buffer[]): Promise<void> {
  await pipeline(Readable.from(chunks), client.query(copyFrom(sql)));
}

/** Fails before anything is written when a column's type no longer matches its encoder. */
async function checkColumnTypes(tx: Tx, tables: CopyTable<never>[]): Promise<void> {
  const { rows } = await tx.query<{ table: string; column: string; type: string }>(
    `SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, NULL) AS type
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
      WHERE a.attrelid = ANY (SELECT to_regclass(unnest($1::text[]))) AND a.attnum > 0 AND NOT a.attisdropped`,
    [tables.map((t) => t.table)],
  );
  const types = new Map(rows.map((r) => [`${r.table}.${r.column}`, r.type]));
  for (const t of tables) {
    for (const [column, format] of t.columns) {
      const type = types.get(`${t.table}.${column}`);
      if (!type || !(BINARY_TYPES[format] as readonly string[]).includes(type)) {
        throw new Error(`${t.table}.${column} is ${type ?? 'missing'}; the seed writes it as ${format}`);
      }
    }
  }
}

/** Loads the city through COPY on a connection of its own to `databaseUrl` (the same database as db). */
export async function copyCity(db: Db, databaseUrl: string, options: LoadOptions): Promise<LoadSummary> {
  const started = performance.now();
  // Fixed here: the encoder threads must draw the city for the same moment.
  const city = { ...options, now: options.now ?? nowDate() };
  const plan = planCity(city);
  const { progress, report, next, summary } = loadTracker(plan.patients, started, options.onProgress);

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
  const tx = asTx(client);
  let pool: EncoderPool | null = null;
  try {
    const threads = options.threads ?? (plan.patients >= 50_000 ? Math.min(3, os.availableParallelism()) : 0);
    if (threads > 0) {
      pool = new EncoderPool(threads, {
        patients: plan.patients,
        seed: plan.seed,
        now: city.now.getTime(),
        appointmentsPerPatient: plan.appointmentsPerPatient,
        journeyDays: plan.journeyDays,
      });
    }
    report('prepare');
    let afterCommit: Restore[] = [];
    await tx.exec('BEGIN');
    try {
      await checkColumnTypes(tx, [
        FACILITIES,
        PATIENTS,
        APPOINTMENTS,
        JOURNEYS,
        EMERGENCIES,
        AGD_REPORTS,
        MENTAL_HEALTH_RESPONSES,
      ] as CopyTable<never>[]);
      await tx.exec(`SET LOCAL maintenance_work_mem = '1GB'`);
      const ids = await firstIds(tx);
      const bulk = await beginBulkLoad(tx, BULK_TABLES, true);
      const listIndexNames = new Set(RESOURCES.flatMap((decl) => listIndexes(decl).map((i) => i.name)));
      afterCommit = bulk.indexes.filter((i) => listIndexNames.has(i.name));
      const inTransaction = bulk.indexes.filter((i) => !listIndexNames.has(i.name));
      // Emptied in this transaction, a table takes COPY FREEZE.
      const { rows: counts } = await tx.query<{ empty: boolean }>(
        `SELECT ${BULK_TABLES.map((t) => `NOT EXISTS (SELECT 1 FROM ${t})`).join(' AND ')} AS empty`,
      );
      const freeze = counts[0].empty;
      if (freeze) await tx.exec(`TRUNCATE ${BULK_TABLES.join(', ')}`);

      next('facilities');
      const facilities = facilityRows(plan, ids.facility);
      const fw = new BinaryCopyWriter(1 << 16);
      for (const f of facilities) FACILITIES.write(fw, f);
      await copyIn(client, copySql(FACILITIES, false), fw.finish());
      summary.facilities = facilities.length;
      const assessmentIds = await insertAssessments(tx);
      await insertPoli(tx);

      next('patients');
      const load = await copyPatients(client, freeze, plan, ids, pool, (b) => {
        progress.patients += b.patients;
        progress.appointments += b.appointments;
        progress.journeys += b.journeys;
        progress.rows += b.patients + b.appointments + b.journeys;
        report('patients');
      });
      summary.patients = progress.patients;
      summary.appointments = progress.appointments;
      summary.journeys = progress.journeys;

      next(
        'events',
        `drawing and encoding ${seconds(load.encode)} in ${pool ? `${pool.size} threads` : 'this thread'}, ` +
          `first pass ${seconds(load.plan)}, COPY ${seconds(load.copy)}, waiting for the draws ${seconds(load.wait)}`,
      );
      const copyAll = async <R>(t: CopyTable<R>, rows: Iterable<R>) => {
        const w = new BinaryCopyWriter();
        for (const row of rows) t.write(w, row);
        const n = w.rows;
        await copyIn(client, copySql(t as CopyTable<never>, freeze), w.finish());
        progress.rows += n;
        return n;
      };
      summary.emergencies = await copyAll(EMERGENCIES, emergencyRows(plan));
      summary.agdReports = await copyAll(AGD_REPORTS, agdReportRows(plan));
      summary.mentalHealthResponses = await copyAll(
        MENTAL_HEALTH_RESPONSES,
        mentalHealthRows(plan, assessmentIds, ids),
      );
      await insertUsersAndDeliveries(tx, plan, ids.facility);

      next('indexes');
      const indexTimes = await rebuild(tx, inTransaction);
      next('foreign keys', indexTimes);
      const keyTimes = await rebuild(tx, bulk.foreignKeys);

      next('rollups and list indexes', keyTimes);
      // Ids were given explicitly: move the identity sequences past them.
      for (const table of ['medical_facilities', 'patients', 'appointments']) {
        await tx.query(
          `SELECT setval(pg_get_serial_sequence('${table}', 'id'), max(id)) FROM ${table} HAVING max(id) IS NOT NULL`,
        );
      }
      await endBulkTriggers(tx, bulk);
      // The rollups are rebuilt after the commit, beside the list indexes; until then they are
      // marked stale, and a server that starts before they are rebuilt rebuilds them itself.
      await tx.query('UPDATE rollup_state SET stale = true');
      await options.finish?.(tx);
      await tx.exec('COMMIT');
    } catch (err) {
      await tx.exec('ROLLBACK').catch(() => undefined);
      throw err;
    }

    const after = await afterCommitWork(connect, client, afterCommit, ['medical_facilities', ...DEMO_TABLES]);
    next('done', after);
  } finally {
    await pool?.close();
    await client.end();
  }
  summary.ms = Math.round(performance.now() - started);
  return summary;
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
  // First in the queue, so the lock on rollup_state is taken at once: a server starting meanwhile
  // waits for the rebuild rather than rebuilding too.
  const rollups = onConnection('rollups', async (c) => {
    await c.query('BEGIN');
    try {
      await c.query('SELECT stale FROM rollup_state FOR UPDATE');
      await c.query('SELECT refresh_rollups()');
      await c.query('UPDATE rollup_state SET stale = false');
      await c.query('COMMIT');
    } catch (err) {
      await c.query('ROLLBACK').catch(() => undefined);
      throw err;
    }
  });
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

/**
 * Sends the patients (with their appointments and journeys) range by range, three COPYs a
 * range. With a pool the ranges are drawn and encoded in its threads, two per thread ahead of
 * the one being sent; without, each range is drawn here, then sent. The first pass over the
 * patients (patientRanges()) runs here, a range at a time.
 */
async function copyPatients(
  client: pg.Client,
  freeze: boolean,
  plan: CityPlan,
  ids: IdBases,
  pool: EncoderPool | null,
  sent: (rows: EncodedRange['rows']) => void,
) {
  const sql = [copySql(PATIENTS, freeze), copySql(APPOINTMENTS, freeze), copySql(JOURNEYS, freeze)];
  const ranges = patientRanges(plan, ids, RANGE_SIZE);
  const queue: Promise<EncodedRange>[] = [];
  const time = { encode: 0, plan: 0, wait: 0, copy: 0 };
  const take = () => {
    const t = performance.now();
    const next = ranges.next();
    time.plan += performance.now() - t;
    if (next.done) return false;
    const encoded = pool
      ? pool.encode(next.value, ids)
      : Promise.resolve(encodePatientRange(plan, ids, next.value));
    // Awaited in turn; until then a failure must not count as unhandled.
    encoded.catch(() => undefined);
    queue.push(encoded);
    return true;
  };
  const ahead = pool ? 2 * pool.size : 1;
  while (queue.length < ahead && take());
  while (queue.length) {
    let t = performance.now();
    const range = await queue.shift()!;
    time.wait += performance.now() - t;
    time.encode += range.ms;
    t = performance.now();
    const copied = (async () => {
      const streams = [range.patients, range.appointments, range.journeys];
      const rows = [range.rows.patients, range.rows.appointments, range.rows.journeys];
      for (let i = 0; i < 3; i++) if (rows[i]) await copyIn(client, sql[i], streams[i]);
    })();
    copied.catch(() => undefined); // awaited below, after the next range is under way
    // The first pass for a later range runs while PostgreSQL reads this one.
    await new Promise((resolve) => setImmediate(resolve));
    take();
    await copied;
    time.copy += performance.now() - t;
    sent(range.rows);
  }
  return time;
}
