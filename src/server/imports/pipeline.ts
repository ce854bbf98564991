/**
 * The writers of an import job: on PostgreSQL two connections of the job's own (outside the
 * request pools, which it would otherwise hold for minutes), each writing a batch in a
 * transaction while the other writes the next, so that the database works on two cores while
 * the server reads and checks the batch after; PGlite has one connection, written in turn.
 *
 * Two batches that name one record (the same natural key twice in a file) are never written
 * side by side: the later waits for the earlier, as if the file were written in one go.
 */
import type { Db, Tx } from '../db/db.js';

/** Runs fn in a transaction of one writer. */
export type WriterTransaction = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

/** The application_name of the connections an import writes on (bench:import watches them). */
export const IMPORT_APPLICATION_NAME = 'dkj-import';

/** Connections that write batches side by side on PostgreSQL. */
export const WRITERS = 2;

export async function openWriters(db: Db, count: number) {
  if (!db.openSession || count < 2) {
    const transaction: WriterTransaction = (fn) => db.transaction(fn);
    return { transactions: [transaction], close: async () => undefined };
  }
  const sessions = await Promise.all(
    Array.from({ length: count }, () => db.openSession!(IMPORT_APPLICATION_NAME)),
  );
  return {
    transactions: sessions.map(
      (s): WriterTransaction =>
        (fn) =>
          s.transaction(fn),
    ),
    close: async () => {
      await Promise.all(sessions.map((s) => s.close().catch(() => undefined)));
    },
  };
}

/** A 32-bit hash of a text (FNV-1a): batches compare the keys they write by these. */
export function keyHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h | 0;
}

function overlaps(a: Set<number> | null, b: Set<number> | null) {
  if (!a || !b) return false;
  const [small, large] = a.size < b.size ? [a, b] : [b, a];
  for (const k of small) if (large.has(k)) return true;
  return false;
}

export class WritePipeline<B extends { keys: Set<number> | null }> {
  private readonly free: WriterTransaction[];
  private readonly running = new Map<Promise<void>, B>();
  private error: unknown = null;
  /** A written batch answered that a cancel was asked for. */
  cancelled = false;

  /** `write` answers whether a cancel was asked for. */
  constructor(
    transactions: WriterTransaction[],
    private readonly write: (transaction: WriterTransaction, batch: B) => Promise<boolean>,
  ) {
    this.free = [...transactions];
  }

  /**
   * Starts writing the batch once a writer is free and no batch being written shares a key with
   * it; false (not written) when a cancel came meanwhile. Throws a failed write's error.
   */
  async dispatch(batch: B): Promise<boolean> {
    for (const [written, other] of [...this.running]) if (overlaps(other.keys, batch.keys)) await written;
    while (!this.free.length) await Promise.race(this.running.keys());
    if (this.error) throw this.error;
    if (this.cancelled) return false;
    const transaction = this.free.pop()!;
    const written: Promise<void> = this.write(transaction, batch)
      .then(
        (cancel) => {
          if (cancel) this.cancelled = true;
        },
        (err) => {
          this.error ??= err;
        },
      )
      .finally(() => {
        this.running.delete(written);
        this.free.push(transaction);
      });
    this.running.set(written, batch);
    return true;
  }

  /** Waits for every batch being written; throws a failed write's error. */
  async finish(): Promise<void> {
    await Promise.all(this.running.keys());
    if (this.error) throw this.error;
  }
}
