/**
 * A batch of checked rows handed to the database through COPY into a temporary table of the
 * batch's transaction (dropped at its end), from which one INSERT ... SELECT upserts them all.
 * COPY's text format costs the database a fraction of what parsing the same rows as one JSON
 * parameter does, and the server keeps a batch as a few buffers of text instead of objects.
 *
 * The table holds each row's index in the batch (`i`) and its values as text: the upsert casts
 * them to the columns' types, so that a value the database refuses fails the upsert (and then
 * only its row, written alone) rather than the COPY.
 */
import type { Tx } from '../db/db.js';
import { quote } from '../resources/model.js';

/** The staged rows, as the upsert reads them. */
export const STAGE = 'pg_temp.import_stage';

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const SPECIAL = /[\\\t\n\r]/;
const SPECIALS = /[\\\t\n\r]/g;

/** A value as a field of COPY's text format (NULL as \N; JSON fields as their JSON text). */
export function copyField(value: unknown): string {
  if (value == null) return '\\N';
  const text =
    typeof value === 'string'
      ? value
      : typeof value === 'boolean'
        ? value
          ? 't'
          : 'f'
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value);
  return SPECIAL.test(text) ? text.replace(SPECIALS, (c) => ESCAPES[c]) : text;
}

/** Flushes its text to a buffer past this many characters. */
const CHUNK_CHARS = 1 << 16;
const NEWLINE = 0x0a;

/**
 * Lines of text kept as buffers: outside the JavaScript heap, where text that lives while its
 * batch is written would otherwise pile up until a full collection. Read back by index.
 */
export class LineBuffers {
  private readonly chunks: { buffer: Buffer; lines: number }[] = [];
  private text = '';
  private pending = 0;
  /** Lines added; the next one's index. */
  count = 0;

  /** Adds a line (holding no newline); answers its index. */
  push(line: string): number {
    this.text += line + '\n';
    this.pending++;
    if (this.text.length > CHUNK_CHARS) this.flush();
    return this.count++;
  }

  /** The line of this index. */
  get(index: number): string {
    this.flush();
    let first = 0;
    for (const { buffer, lines } of this.chunks) {
      if (index >= first + lines) {
        first += lines;
        continue;
      }
      let start = 0;
      for (let k = first; k < index; k++) start = buffer.indexOf(NEWLINE, start) + 1;
      return buffer.toString('utf8', start, buffer.indexOf(NEWLINE, start));
    }
    throw new RangeError(`no line ${index}`);
  }

  /** Every line, as buffers. */
  buffers(): Buffer[] {
    this.flush();
    return this.chunks.map((c) => c.buffer);
  }

  private flush() {
    if (!this.text) return;
    this.chunks.push({ buffer: Buffer.from(this.text), lines: this.pending });
    this.text = '';
    this.pending = 0;
  }
}

/** The COPY text of a batch's rows, built as they are checked. */
export class StagedRows {
  private readonly lines = new LineBuffers();
  /** One row's fields, the row's index first (reused: a line is one join). */
  private readonly fields: string[];

  /** `columns`: the columns every row of the batch fills (a value it lacks is NULL). */
  constructor(readonly columns: string[]) {
    this.fields = new Array<string>(columns.length + 1);
  }

  /** Rows added; the next one's index. */
  get count() {
    return this.lines.count;
  }

  /** Adds a row's values; answers its index in the batch. */
  add(values: Record<string, unknown>): number {
    const { fields, columns } = this;
    fields[0] = String(this.lines.count);
    for (let i = 0; i < columns.length; i++) fields[i + 1] = copyField(values[columns[i]]);
    return this.lines.push(fields.join('\t'));
  }

  /** The text as buffers, for COPY. */
  finish(): Buffer[] {
    return this.lines.buffers();
  }
}

/** Creates the batch's table in the caller's transaction and COPYs its rows into it. */
export async function stageRows(tx: Tx, rows: StagedRows): Promise<void> {
  if (!tx.copyFrom) throw new Error('staging needs a driver with COPY');
  const { columns } = rows;
  await tx.query(
    `CREATE TEMP TABLE import_stage (i int, ${columns.map((c) => `${quote(c)} text`).join(', ')}) ON COMMIT DROP`,
  );
  await tx.copyFrom(`COPY ${STAGE} (i, ${columns.map(quote).join(', ')}) FROM STDIN`, rows.finish());
}
