/** The database interface and the type conversions both drivers share (see db.ts). */
import type { ReadRouter, ReplicaProbe } from './replicas.js';

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface Queryable {
  query<T = Record<string, any>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
}

export interface Tx extends Queryable {
  /** Runs several statements separated by semicolons, without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * `COPY … FROM STDIN` of these bytes, in this transaction (PGlite takes them in the same
   * process, node-postgres streams them). The city's bulk load on PostgreSQL streams its own on
   * a connection of its own (seed/bulk.ts).
   */
  copyFrom?(sql: string, data: Buffer[]): Promise<void>;
}

export interface Db extends Tx {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs fn inside one transaction: committed when fn resolves, rolled back when it throws.
   * `readOnly`: it only reads (an export's cursor), so a heavy request may run it on a replica.
   */
  transaction<T>(fn: (tx: Tx) => Promise<T>, options?: { readOnly?: boolean }): Promise<T>;
  close(): Promise<void>;
  /** PostgreSQL with DATABASE_READ_URL: the read replicas and where heavy reads go. */
  readonly reads?: ReadRouter;
  /**
   * PostgreSQL: a connection of its own, outside the request pools and without their statement
   * deadline, for long maintenance (index builds, rollup rebuilds) and an import's batches,
   * named `applicationName` in pg_stat_activity. PGlite has one connection.
   */
  openSession?(applicationName?: string): Promise<Session>;
  /** PGlite: the cluster's files as a tar, taken between two statements (backups). */
  dumpDataDir?(): Promise<Blob>;
  /**
   * LISTEN on these channels: `onNotify(channel)` for each notification, `onReconnect()` after a
   * lost connection came back (notifications may have been missed meanwhile). PostgreSQL: a
   * connection of its own, reconnecting; PGlite: in process. Resolves to the unlisten.
   */
  listen(
    channels: string[],
    onNotify: (channel: string) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>>;
}

/** One connection held for long work: statements in order, transactions by hand, cancellable. */
export interface Session extends Tx {
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Cancels the statement running now (through the request pool). */
  cancel(): Promise<void>;
  close(): Promise<void>;
}

/** PostgreSQL type ids whose default JavaScript conversion we override in both drivers. */
export const TYPE_INT8 = 20;
export const TYPE_DATE = 1082;
export const TYPE_NUMERIC = 1700;

/** int8 (count(*), bigint ids) as a number, date as 'YYYY-MM-DD', numeric as a number. */
export const typeParsers: Record<number, (value: string) => unknown> = {
  [TYPE_INT8]: (v) => Number(v),
  [TYPE_DATE]: (v) => v,
  [TYPE_NUMERIC]: (v) => Number(v),
};

export interface DbOptions {
  /** postgres://... ; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory; undefined means in memory. */
  dataDir?: string;
  /** PGlite: initdb without the cached cluster and without migrations (tests of a migration itself). */
  bare?: boolean;
  /** PostgreSQL schema to use (tests isolate themselves in a schema of their own). */
  schema?: string;
  /**
   * PostgreSQL: the deadline of every statement, in ms (0 or absent: none, as for seeding).
   * PGlite runs statements on the server's own thread and cannot interrupt one.
   */
  statementTimeoutMs?: number;
  /** PostgreSQL: connections for light work, and how many heavy work may hold at once. */
  poolSize?: number;
  heavyPoolSize?: number;
  /** PostgreSQL: read replicas for heavy reads (DATABASE_READ_URL), their lag bound and check period. */
  readUrls?: string[];
  readMaxLagMs?: number;
  readCheckMs?: number;
  /** Tests: how a replica is asked how far it has replayed (default: SQL on the replica). */
  readProbe?: ReplicaProbe;
}
