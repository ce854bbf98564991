import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Db, Tx } from './types.js';
import { typeParsers } from './types.js';
import { POOL_BUSY, QUERY_CANCELED, work } from './work.js';
import { clockConnectionOption } from '../../domain/clock.js';

const types = {
  getTypeParser(oid: number, format?: any) {
    return typeParsers[oid] ?? pg.types.getTypeParser(oid, format);
  },
};

export const APPLICATION_NAME = 'dkj-api';

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
}

export async function openPostgres(connectionString: string, options: PostgresOptions = {}): Promise<Db> {
  const light = new pg.Pool(poolConfig(connectionString, options, options.poolSize ?? 10));
  const heavy = new pg.Pool(poolConfig(connectionString, options, options.heavyPoolSize ?? 2));
  if (options.schema) await prepareSchema(connectionString, options.schema);
  const checkout = checkoutFrom(connectionString, () => (work.getStore()?.heavy ? heavy : light));

  return {
    kind: 'postgres',
    async query(sql, params) {
      const c = await checkout();
      try {
        return await c.tx.query(sql, params);
      } finally {
        c.release();
      }
    },
    async exec(sql) {
      const c = await checkout();
      try {
        await c.tx.exec(sql);
      } finally {
        c.release();
      }
    },
    async transaction(fn) {
      const c = await checkout();
      try {
        await c.client.query('BEGIN');
        const result = await fn(c.tx);
        await c.client.query('COMMIT');
        return result;
      } catch (err) {
        await c.client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        c.release();
      }
    },
    async close() {
      await Promise.all([light.end(), heavy.end()]);
    },
  };
}

/** The settings of one of the request pools, with at most `max` connections. */
function poolConfig(connectionString: string, options: PostgresOptions, max: number): pg.PoolConfig {
  const { schema, statementTimeoutMs } = options;
  return {
    connectionString,
    types: types as any,
    max,
    statement_timeout: statementTimeoutMs || undefined,
    // Names the API's own connections in pg_stat_activity (the load bench watches them).
    application_name: APPLICATION_NAME,
    // A request does not wait for a connection without end: past this it answers 503.
    connectionTimeoutMillis: statementTimeoutMs ? CONNECTION_WAIT_MS : undefined,
    // One process per statement: parallel workers would let two heavy requests take every
    // core from sign-in and /auth/me, and each worker must stop before a cancel completes.
    // A schema of its own isolates a test run from others on the same database. The clock
    // setting moves app_now() when NOW is set (clock.ts).
    options: [
      '-c max_parallel_workers_per_gather=0',
      schema ? `-c search_path=${schema},public` : '',
      clockConnectionOption(),
    ]
      .join(' ')
      .trim(),
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
      (new pg.Client({ connectionString }) as any).cancel(client, active);
    };
    signal?.addEventListener('abort', onAbort);
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
    };
    const release = () => {
      signal?.removeEventListener('abort', onAbort);
      client.release(cancelSent);
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
