import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFromStdin } from 'pg-copy-streams';
import type { Db, Session, Tx } from './types.js';
import { typeParsers } from './types.js';
import { actorStatement, POOL_BUSY, QUERY_CANCELED, work } from './work.js';
import { LISTEN_APPLICATION_NAME, listenOn } from './listen.js';
import { clockConnectionOption } from '../../domain/clock.js';
import { ReadRouter, type Replica, type ReplicaProbe } from './replicas.js';

const types = {
  getTypeParser(oid: number, format?: any) {
    return typeParsers[oid] ?? pg.types.getTypeParser(oid, format);
  },
};

export const APPLICATION_NAME = 'dkj-api';
/** The application_name of the connections heavy reads use on a replica. */
export const READ_APPLICATION_NAME = 'dkj-api-read';
/** The application_name of the connections of long maintenance (index builds, rollup rebuilds). */
export const MAINTENANCE_APPLICATION_NAME = 'dkj-maintenance';

/** How long a statement may wait for a free connection of its pool. */
export const CONNECTION_WAIT_MS = 3000;

export interface PostgresOptions {
  schema?: string;
  /** Deadline of every statement on the request pools, in ms; 0 or absent: none (seeding). */
  statementTimeoutMs?: number;
  /** Connections for light work (sign-in, /auth/me, a record by id, writes). */
  poolSize?: number;
  /** Connections heavy work (searches, sorts, analyses, exports) may hold at once. */
  heavyPoolSize?: number;
  /** Read replicas for heavy reads, the lag past which one is skipped, how often it is checked. */
  readUrls?: string[];
  readMaxLagMs?: number;
  readCheckMs?: number;
  readProbe?: ReplicaProbe;
}

type Checkout = Awaited<ReturnType<ReturnType<typeof checkoutFrom>>>;

export async function openPostgres(connectionString: string, options: PostgresOptions = {}): Promise<Db> {
  const light = new pg.Pool(poolConfig(connectionString, options, options.poolSize ?? 10));
  const heavy = new pg.Pool(poolConfig(connectionString, options, options.heavyPoolSize ?? 2));
  if (options.schema) await prepareSchema(connectionString, options.schema);
  // An idle connection the server closed (a restart, a fast shutdown) must not end the process.
  for (const p of [light, heavy]) p.on('error', () => undefined);
  const primary = checkoutFrom(connectionString, () => (work.getStore()?.heavy ? heavy : light));
  const reads = await openReplicas(options, async () => {
    const { rows } = await light.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
    return rows[0].lsn;
  });

  /**
   * Runs fn on a replica when the statement or transaction may go to one, else on the primary.
   * When the replica fails it for a reason the primary does not share, the primary runs it
   * again, unless fn said it had `started` work that cannot be repeated (a transaction's body).
   */
  async function routed<T>(
    readable: () => boolean,
    fn: (c: Checkout, started: () => void) => Promise<T>,
  ): Promise<T> {
    const ctx = work.getStore();
    // Only a heavy request's reads may leave the primary; the statement is examined only then.
    const router = reads && ctx?.heavy && readable() ? reads.router : undefined;
    const replica = router?.pick(ctx?.writeLsn);
    if (reads && replica) {
      let started = false;
      try {
        const result = await onConnection(reads.checkout(replica), (c) => fn(c, () => (started = true)));
        reads.router.count(replica);
        return result;
      } catch (err) {
        const failure = replicaFailure(err);
        if (!failure || started) throw err;
        if (failure === 'gone') reads.router.fail(replica, (err as Error).message);
      }
    }
    router?.count(undefined);
    return onConnection(primary, (c) => fn(c, () => undefined));
  }

  return {
    kind: 'postgres',
    reads: reads?.router,
    query(sql, params) {
      return routed(
        () => isRead(sql),
        (c) => c.tx.query(sql, params),
      );
    },
    async exec(sql) {
      await onConnection(primary, (c) => c.tx.exec(sql));
    },
    transaction(fn, { readOnly = false } = {}) {
      return routed(
        () => readOnly,
        (c, started) => inTransaction(c, readOnly, fn, started),
      );
    },
    openSession: (name) => openSession(connectionString, options, light, name),
    listen: (...args) => listenOn(listenConfig(connectionString, options), ...args),
    async close() {
      reads?.close();
      await Promise.all([light.end(), heavy.end(), ...(reads?.pools.map((p) => p.end()) ?? [])]);
    },
  };
}

/** `COPY … FROM STDIN` of these bytes on this client; resolves when PostgreSQL has taken them all. */
export async function copyIn(client: pg.ClientBase, sql: string, data: Buffer[]): Promise<void> {
  await pipeline(Readable.from(data), client.query(copyFromStdin(sql)));
}

/** One client's statements in order, and transactions by hand (BEGIN ... COMMIT). */
export function clientRunner(client: pg.Client): Omit<Session, 'cancel' | 'close'> {
  const tx: Tx = {
    async query(sql, params) {
      const res = await client.query(sql, params as any[]);
      return { rows: res.rows, rowCount: res.rowCount ?? res.rows.length };
    },
    async exec(sql) {
      await client.query(sql);
    },
    copyFrom: (sql, data) => copyIn(client, sql, data),
  };
  return {
    ...tx,
    async transaction(fn) {
      await client.query('BEGIN');
      try {
        const result = await fn(tx);
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      }
    },
  };
}

/** A connection of its own without the statement deadline; cancelled through `pool`. */
async function openSession(
  connectionString: string,
  options: PostgresOptions,
  pool: pg.Pool,
  name = MAINTENANCE_APPLICATION_NAME,
): Promise<Session> {
  const config = poolConfig(connectionString, { ...options, statementTimeoutMs: 0 }, 1);
  const client = new pg.Client({ ...config, application_name: name });
  client.on('error', () => undefined); // a server restart ends the work; the next start resumes it
  await client.connect();
  const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
  return {
    ...clientRunner(client),
    async cancel() {
      await pool.query('SELECT pg_cancel_backend($1)', [pid]);
    },
    close: () => client.end(),
  };
}

/** Runs fn with a connection of `checkout`, and gives the connection back. */
async function onConnection<T>(checkout: () => Promise<Checkout>, fn: (c: Checkout) => Promise<T>) {
  const c = await checkout();
  try {
    return await fn(c);
  } finally {
    c.release();
  }
}

async function inTransaction<T>(
  c: Checkout,
  readOnly: boolean,
  fn: (tx: Tx) => Promise<T>,
  started: () => void,
): Promise<T> {
  await c.client.query(readOnly ? 'BEGIN READ ONLY' : 'BEGIN');
  started();
  const actor = readOnly ? undefined : actorStatement();
  try {
    if (actor) await c.tx.query(actor[0], actor[1]);
    const result = await fn(c.tx);
    await c.client.query('COMMIT');
    return result;
  } catch (err) {
    await c.client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

/**
 * A statement that only reads: SELECT, WITH, VALUES, TABLE, or a cursor's FETCH, naming no
 * data-changing or locking keyword. Anything else stays on the primary; a read that still
 * writes (a function with side effects) fails on the replica and runs again on the primary.
 */
export function isRead(sql: string): boolean {
  const text = sql.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/--[^\n]*/g, ' ');
  return (
    /^\s*(select|with|values|table|fetch)\b/i.test(text) &&
    !/\b(insert|update|delete|merge|nextval|setval|lock|into)\b/i.test(text)
  );
}

/**
 * Why a statement failed on a replica, when the primary can answer it instead: 'gone' (the
 * replica is down, restarting or unreachable: skip it) or 'misrouted' (it cannot run there: a
 * write, or a conflict with the replica's recovery). Undefined for any other failure.
 */
function replicaFailure(err: unknown): 'gone' | 'misrouted' | undefined {
  const e = err as { code?: string; message?: string };
  if (e.code === '25006' || e.code === '40001') return 'misrouted';
  if (e.code === QUERY_CANCELED) return undefined;
  if (e.code === POOL_BUSY || /^(08|57P0[123]|53300)/.test(e.code ?? '')) return 'gone';
  if (
    /^E[A-Z]+$/.test(e.code ?? '') ||
    /connection terminated|connection.*(closed|ended)/i.test(e.message ?? '')
  )
    return 'gone';
  return undefined;
}

/** The replicas' router and a bounded pool on each (heavy reads only, read-only sessions). */
async function openReplicas(options: PostgresOptions, primaryLsn: () => Promise<string>) {
  const urls = options.readUrls ?? [];
  if (!urls.length) return undefined;
  const router = new ReadRouter(urls, {
    maxLagMs: options.readMaxLagMs ?? 5000,
    checkMs: options.readCheckMs ?? 1000,
    primaryLsn,
    probe: options.readProbe,
  });
  const checkouts = new Map<Replica, () => Promise<Checkout>>();
  const pools = router.replicas.map((replica) => {
    const pool = new pg.Pool({
      ...poolConfig(replica.url, options, options.heavyPoolSize ?? 2, { replica: true }),
      connectionTimeoutMillis: REPLICA_CONNECT_MS,
    });
    pool.on('error', (err) => router.fail(replica, err.message));
    checkouts.set(
      replica,
      checkoutFrom(replica.url, () => pool),
    );
    return pool;
  });
  await router.start();
  return { router, pools, checkout: (r: Replica) => checkouts.get(r)!, close: () => router.stop() };
}

/** The LISTEN connection's settings: the request pools' without their statement deadline. */
const listenConfig = (connectionString: string, options: PostgresOptions): pg.ClientConfig => ({
  ...poolConfig(connectionString, { ...options, statementTimeoutMs: 0 }, 1),
  application_name: LISTEN_APPLICATION_NAME,
});

/** How long a heavy read waits to connect to a replica before the primary takes it. */
const REPLICA_CONNECT_MS = 1000;

/** The settings of one of the request pools, with at most `max` connections. */
function poolConfig(
  connectionString: string,
  options: PostgresOptions,
  max: number,
  { replica = false } = {},
): pg.PoolConfig {
  const { schema, statementTimeoutMs } = options;
  return {
    connectionString,
    types: types as any,
    max,
    statement_timeout: statementTimeoutMs || undefined,
    // Names the API's own connections in pg_stat_activity (the load bench watches them).
    application_name: replica ? READ_APPLICATION_NAME : APPLICATION_NAME,
    // A request does not wait for a connection without end: past this it answers 503.
    connectionTimeoutMillis: statementTimeoutMs ? CONNECTION_WAIT_MS : undefined,
    // One process per statement: parallel workers would let two heavy requests take every
    // core from sign-in and /auth/me, and each worker must stop before a cancel completes.
    // A schema of its own isolates a test run from others on the same database. The clock
    // setting moves app_now() when NOW is set (clock.ts).
    // No JIT compilation: a request's statement is planned to take milliseconds, and when the
    // planner misjudges one over a big table (55M appointments), compiling it added half a
    // second (a search's ordered gather: 1.5 s with JIT, 1.0 s without).
    options: [
      '-c max_parallel_workers_per_gather=0',
      '-c jit=off',
      schema ? `-c search_path=${schema},public` : '',
      clockConnectionOption(),
      // A replica's sessions only read (a standby refuses writes anyway; a test "replica" on
      // the primary's server must refuse them too).
      replica ? '-c default_transaction_read_only=on' : '',
    ]
      .filter(Boolean)
      .join(' '),
  };
}

/** Creates the schema a test run works in, and the trigram extension every schema shares. */
async function prepareSchema(connectionString: string, schema: string): Promise<void> {
  const admin = new pg.Client({ connectionString });
  await admin.connect();
  try {
    await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    // Trigram search lives in public, where every schema finds it (search_path above): made
    // in a schema of its own, it would go when that schema is dropped, under the others' feet.
    await admin.query('SELECT pg_advisory_lock(727102)');
    await admin.query('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
  } finally {
    await admin.end();
  }
}

/**
 * Checks out a connection for one statement or transaction. When the request's client goes,
 * the statement running on it is cancelled through PostgreSQL's cancel request (a separate
 * connection, so it works with every pool slot taken). A connection a cancel was sent on is
 * closed instead of returned to the pool: a late cancel must not hit the next request's
 * statement.
 */
function checkoutFrom(connectionString: string, poolFor: () => pg.Pool) {
  return async function checkout() {
    const client = await poolFor()
      .connect()
      .catch((err: Error) => {
        if (/timeout exceeded when trying to connect/i.test(err.message))
          throw Object.assign(new Error('no database connection free in time'), { code: POOL_BUSY });
        throw err;
      });
    const signal = work.getStore()?.signal;
    let cancelSent = false;
    const onAbort = () => {
      const active = (client as any).activeQuery;
      if (!active) return;
      cancelSent = true;
      const canceller = new pg.Client({ connectionString }) as any;
      // A server that cannot be reached (a replica going down) must not end this process: the
      // connection is closed on release anyway, and its statement ends with its deadline.
      canceller.connection.on('error', () => undefined);
      canceller.cancel(client, active);
    };
    signal?.addEventListener('abort', onAbort);
    // The server may close the connection while it is checked out between two statements (a
    // restart; an export waiting for its reader): the next statement fails, and the connection
    // is not given back; the process goes on.
    let broken = false;
    const onError = () => (broken = true);
    client.on('error', onError);
    const tx: Tx = {
      async query(sql, params) {
        if (signal?.aborted) throw abortError();
        // Light work (sign-in, the session check of every request, first pages, a record by
        // id) runs as named statements, parsed and planned once per connection; heavy work is
        // planned for its actual values each time (a search's best plan depends on its term).
        const res = work.getStore()?.heavy
          ? await client.query(sql, params as any[])
          : await client.query({ name: statementName(sql), text: sql, values: params as any[] });
        return { rows: res.rows, rowCount: res.rowCount ?? res.rows.length };
      },
      async exec(sql) {
        await client.query(sql); // no parameters: the simple protocol accepts several statements
      },
      async copyFrom(sql, data) {
        if (signal?.aborted) throw abortError();
        await copyIn(client, sql, data);
      },
    };
    const release = () => {
      signal?.removeEventListener('abort', onAbort);
      client.removeListener('error', onError);
      client.release(cancelSent || broken);
    };
    return { client, tx, release };
  };
}

/**
 * A statement's name: a digest of its text. The texts come from code (values are parameters),
 * so they are few; a connection prepares each once.
 */
const names = new Map<string, string>();
const MAX_NAMED = 2000;
function statementName(sql: string): string | undefined {
  let n = names.get(sql);
  if (!n) {
    if (names.size >= MAX_NAMED) return undefined; // unnamed: parsed for this execution only
    n = 's' + createHash('sha1').update(sql).digest('hex').slice(0, 16);
    names.set(sql, n);
  }
  return n;
}

function abortError() {
  return Object.assign(new Error('the client has gone'), { code: QUERY_CANCELED });
}
