/**
 * The two ways the seed writes rows, behind one interface: COPY in PostgreSQL's binary format
 * (the bulk load on its own PostgreSQL connection, and PGlite's in-process COPY) and
 * `INSERT ... SELECT * FROM unnest(...)` (a database given without a way to COPY). Both take
 * the column lists of ./tables.ts and write the same values.
 */
import type { Queryable, Tx } from '../db/db.js';
import { BinaryCopyWriter } from './binary.js';
import type { EncoderPool } from './encoder-pool.js';
import { drawPatients, patientRanges, type PatientRange } from './entities/patients.js';
import type { CityPlan, IdBases } from './generate.js';
import { APPOINTMENTS, JOURNEYS, PATIENTS, encodePatientRange, sqlValue, type SeedTable } from './tables.js';

/** Rows a range of patients wrote. */
export interface RangeRows {
  patients: number;
  appointments: number;
  journeys: number;
}

export interface SeedWriter {
  /** The load's transaction. */
  readonly tx: Tx;
  /** Writes `rows` into `table`; resolves to how many there were. */
  write<R>(table: SeedTable<R>, rows: Iterable<R>): Promise<number>;
  /**
   * Writes the plan's patients with their appointments and journey steps, range by range,
   * calling `sent` after each; resolves to where the time went.
   */
  writePatients(plan: CityPlan, ids: IdBases, sent: (rows: RangeRows) => void): Promise<string>;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Draws ranges `ahead` of the one being written: `draw` starts a range (in a thread, or here
 * at once), `send` writes it. The first pass over the patients (patientRanges()) runs here, a
 * range at a time, while the database takes the range before.
 */
async function overlapRanges<T extends { rows: RangeRows }>(
  ranges: Iterator<PatientRange>,
  ahead: number,
  draw: (range: PatientRange) => Promise<T>,
  send: (drawn: T) => Promise<void>,
  sent: (rows: RangeRows) => void,
) {
  const queue: Promise<T>[] = [];
  const time = { plan: 0, wait: 0, send: 0 };
  const take = () => {
    const t = performance.now();
    const next = ranges.next();
    time.plan += performance.now() - t;
    if (next.done) return false;
    const drawn = draw(next.value);
    // Awaited in turn; until then a failure must not count as unhandled.
    drawn.catch(() => undefined);
    queue.push(drawn);
    return true;
  };
  while (queue.length < ahead && take());
  while (queue.length) {
    let t = performance.now();
    const range = await queue.shift()!;
    time.wait += performance.now() - t;
    t = performance.now();
    const sending = send(range);
    sending.catch(() => undefined); // awaited below, after the next range is under way
    await new Promise((resolve) => setImmediate(resolve));
    take();
    await sending;
    time.send += performance.now() - t;
    sent(range.rows);
  }
  return time;
}

/** COPY ... FROM STDIN of a table, binary, FREEZE when the table was emptied in this transaction. */
export const copySql = (t: SeedTable<never>, freeze: boolean) =>
  `COPY ${t.table} (${t.columns.map((c) => c.name).join(', ')}) FROM STDIN (FORMAT binary${freeze ? ', FREEZE' : ''})`;

export interface CopyWriterOptions {
  /** Sends one COPY statement with its data; resolves when the database has taken it all. */
  send: (sql: string, data: Buffer[]) => Promise<void>;
  /** Tables emptied in the load's transaction: they take COPY ... FREEZE. */
  frozen: ReadonlySet<string>;
  /** Threads drawing and encoding the patients (none: drawn here). */
  pool: EncoderPool | null;
  /** Patients per range: drawn and sent together. */
  rangeSize: number;
}

/** Writes through binary COPY; ranges of patients are drawn and encoded in `pool` when given. */
export function copyWriter(tx: Tx, { send, frozen, pool, rangeSize }: CopyWriterOptions): SeedWriter {
  const sql = <R>(t: SeedTable<R>) => copySql(t as SeedTable<never>, frozen.has(t.table));
  return {
    tx,
    async write(table, rows) {
      const w = new BinaryCopyWriter(1 << 16);
      for (const row of rows) table.encode(w, row);
      const n = w.rows;
      await send(sql(table), w.finish());
      return n;
    },
    async writePatients(plan, ids, sent) {
      let encoding = 0;
      const time = await overlapRanges(
        patientRanges(plan, ids, rangeSize),
        pool ? 2 * pool.size : 1,
        async (range) => {
          const encoded = pool ? await pool.encode(range, ids) : encodePatientRange(plan, ids, range);
          encoding += encoded.ms;
          return encoded;
        },
        async (range) => {
          if (range.rows.patients) await send(sql(PATIENTS), range.patients);
          if (range.rows.appointments) await send(sql(APPOINTMENTS), range.appointments);
          if (range.rows.journeys) await send(sql(JOURNEYS), range.journeys);
        },
        sent,
      );
      return (
        `drawing and encoding ${seconds(encoding)} in ${pool ? `${pool.size} threads` : 'this thread'}, ` +
        `first pass ${seconds(time.plan)}, COPY ${seconds(time.send)}, waiting for the draws ${seconds(time.wait)}`
      );
    },
  };
}

/**
 * Inserts rows with one `INSERT ... SELECT * FROM unnest(...)` per `chunk` rows, each column
 * passed as one array parameter.
 */
export async function insertColumns<R>(
  q: Queryable,
  table: SeedTable<R>,
  rows: readonly R[],
  chunk: number,
): Promise<void> {
  const { columns } = table;
  const sql = `INSERT INTO ${table.table} (${columns.map((c) => c.name).join(', ')})
     SELECT * FROM unnest(${columns.map((c, i) => `$${i + 1}::${c.type}[]`).join(', ')})`;
  for (let from = 0; from < rows.length; from += chunk) {
    const to = Math.min(rows.length, from + chunk);
    const arrays = columns.map((c) => {
      const values = new Array(to - from);
      for (let r = from; r < to; r++) values[r - from] = sqlValue(c.type, c.get(rows[r]));
      return values;
    });
    await q.query(sql, arrays);
  }
}

export interface InsertWriterOptions {
  /** Rows per INSERT. */
  chunk: number;
  /** Patients per range: drawn together, inserted while the next range is drawn. */
  rangeSize: number;
}

/** Writes through INSERTs of column arrays. */
export function insertWriter(tx: Tx, { chunk, rangeSize }: InsertWriterOptions): SeedWriter {
  const write = async <R>(table: SeedTable<R>, rows: Iterable<R>) => {
    let n = 0;
    let batch: R[] = [];
    for (const row of rows) {
      batch.push(row);
      if (batch.length >= 10_000) {
        await insertColumns(tx, table, batch, chunk);
        n += batch.length;
        batch = [];
      }
    }
    await insertColumns(tx, table, batch, chunk);
    return n + batch.length;
  };
  return {
    tx,
    write,
    async writePatients(plan, ids, sent) {
      let drawing = 0;
      const time = await overlapRanges(
        patientRanges(plan, ids, rangeSize),
        1,
        async (range) => {
          const t = performance.now();
          const [batch] = drawPatients(plan, ids, rangeSize, range);
          drawing += performance.now() - t;
          const rows = {
            patients: batch.patients.length,
            appointments: batch.appointments.length,
            journeys: batch.journeys.length,
          };
          return { ...batch, rows };
        },
        async (batch) => {
          await write(PATIENTS, batch.patients);
          await write(APPOINTMENTS, batch.appointments);
          await write(JOURNEYS, batch.journeys);
        },
        sent,
      );
      return `drawing ${seconds(drawing)}, first pass ${seconds(time.plan)}, INSERT ${seconds(time.send)}`;
    },
  };
}
