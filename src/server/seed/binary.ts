/**
 * PostgreSQL's binary COPY format, written straight from the generator's rows into buffers:
 * no text to parse on the server side (timestamps are the costly part of a text COPY), no
 * intermediate strings on ours.
 *
 * A COPY stream is a header, one tuple per row (a 16-bit field count, then per field a 32-bit
 * length, -1 for NULL, and the value in the type's binary send format), and a trailer.
 */
/** The binary formats the encoders write; each column's SQL type must be one of its `types`. */
export const BINARY_TYPES = {
  int2: ['smallint'],
  int4: ['integer'],
  float8: ['double precision'],
  bool: ['boolean'],
  date: ['date'],
  timestamptz: ['timestamp with time zone'],
  text: ['text', 'character varying', 'character'],
} as const;
export type BinaryType = keyof typeof BINARY_TYPES;

const SIGNATURE = [0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00]; // PGCOPY\n\377\r\n\0
/** 2000-01-01, PostgreSQL's epoch, in Unix days and milliseconds. */
const PG_EPOCH_DAY = 10_957;
const PG_EPOCH_MS = PG_EPOCH_DAY * 86_400_000;
const TWO_32 = 4_294_967_296;

/** Collects one COPY stream (header, tuples, trailer) in buffers of about `chunkSize` bytes. */
export class BinaryCopyWriter {
  /** Rows written so far. */
  rows = 0;
  /** The buffer being written (valid between row() and end()). */
  buf: Buffer;
  private readonly chunks: Buffer[] = [];
  private pos = 0;

  constructor(private readonly chunkSize = 1 << 20) {
    this.buf = Buffer.allocUnsafeSlow(chunkSize);
    for (const byte of SIGNATURE) this.buf[this.pos++] = byte;
    this.pos = int32(this.buf, this.pos, 0); // flags
    this.pos = int32(this.buf, this.pos, 0); // header extension length
  }

  /**
   * Starts a tuple of `fields` fields that take at most `bytes` bytes; returns the position in
   * `buf` to write them at, with the field writers below, and to hand to end() after the last.
   */
  row(fields: number, bytes: number): number {
    this.room(2 + bytes);
    this.rows++;
    const buf = this.buf;
    const p = this.pos;
    buf[p] = fields >>> 8;
    buf[p + 1] = fields & 0xff;
    return p + 2;
  }

  end(p: number): void {
    // Writes past the end of a Buffer are dropped silently: a row must not outgrow its room.
    if (p > this.buf.length) throw new Error('COPY row larger than the room taken for it');
    this.pos = p;
  }

  /** The whole stream, trailer included; the writer is done after this. */
  finish(): Buffer[] {
    this.room(2);
    this.buf[this.pos++] = 0xff;
    this.buf[this.pos++] = 0xff;
    this.chunks.push(this.buf.subarray(0, this.pos));
    this.buf = Buffer.alloc(0);
    this.pos = 0;
    return this.chunks;
  }

  /** Makes room for `bytes` more bytes, starting a new buffer when this one is full. */
  private room(bytes: number): void {
    if (this.pos + bytes <= this.buf.length) return;
    if (this.pos) this.chunks.push(this.buf.subarray(0, this.pos));
    // Never from Buffer's shared pool: whole chunks move between threads.
    this.buf = Buffer.allocUnsafeSlow(Math.max(this.chunkSize, bytes));
    this.pos = 0;
  }
}

/** Room a row of `fields` fields with text of `textLength` UTF-16 units in all may need. */
export const rowBytes = (fields: number, textLength: number) => 12 * fields + 3 * textLength;

// Field writers: each writes one field (its length, then its value) at p in b and returns the
// position after it.

function int32(b: Buffer, p: number, v: number): number {
  b[p] = v >>> 24;
  b[p + 1] = v >>> 16;
  b[p + 2] = v >>> 8;
  b[p + 3] = v;
  return p + 4;
}

function nil(b: Buffer, p: number): number {
  return int32(b, p, -1);
}

function int2(b: Buffer, p: number, v: number): number {
  p = int32(b, p, 2);
  b[p] = v >>> 8;
  b[p + 1] = v;
  return p + 2;
}

function int4(b: Buffer, p: number, v: number): number {
  return int32(b, int32(b, p, 4), v);
}

function bool(b: Buffer, p: number, v: boolean): number {
  p = int32(b, p, 1);
  b[p] = v ? 1 : 0;
  return p + 1;
}

function float8(b: Buffer, p: number, v: number): number {
  b.writeDoubleBE(v, int32(b, p, 8));
  return p + 12;
}

/** A date, as a Unix day number. */
function date(b: Buffer, p: number, day: number): number {
  return int32(b, int32(b, p, 4), day - PG_EPOCH_DAY);
}

/** A timestamptz, as epoch milliseconds (whole milliseconds). */
function timestamp(b: Buffer, p: number, ms: number): number {
  const micros = (ms - PG_EPOCH_MS) * 1000;
  const high = Math.floor(micros / TWO_32);
  return int32(b, int32(b, int32(b, p, 8), high), micros - high * TWO_32);
}

/** Text (also varchar and char(n)) in UTF-8. */
function text(b: Buffer, p: number, s: string): number {
  const bytes = b.write(s, p + 4);
  int32(b, p, bytes);
  return p + 4 + bytes;
}

/** A field writer: writes value `v` (null: NULL) at p in b and returns the position after it. */
export type FieldWriter = (b: Buffer, p: number, v: any) => number;

/**
 * The field writer of each binary type (dates as Unix day numbers, timestamps as epoch ms).
 * Each is a function of its own, so that a call site that always writes one type stays
 * monomorphic (see ./tables.ts).
 */
export const FIELD_WRITERS: Record<BinaryType, FieldWriter> = {
  int2: (b, p, v) => (v === null ? nil(b, p) : int2(b, p, v)),
  int4: (b, p, v) => (v === null ? nil(b, p) : int4(b, p, v)),
  float8: (b, p, v) => (v === null ? nil(b, p) : float8(b, p, v)),
  bool: (b, p, v) => (v === null ? nil(b, p) : bool(b, p, v)),
  date: (b, p, v) => (v === null ? nil(b, p) : date(b, p, v)),
  timestamptz: (b, p, v) => (v === null ? nil(b, p) : timestamp(b, p, v)),
  text: (b, p, v) => (v === null ? nil(b, p) : text(b, p, v)),
};
