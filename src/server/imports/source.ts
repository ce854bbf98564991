/**
 * An uploaded file as rows of text cells, read as a stream (never the whole file in memory):
 * an XLSX workbook (told by the ZIP header 'PK') through exceljs' streaming reader, its first
 * sheet; anything else as CSV through Papa Parse (five times faster than csv-parse on a wide
 * register, which at a million rows is the difference between fitting the time budget or not),
 * UTF-8 with or without a BOM, the separator (comma, semicolon or tab) told from the header
 * line. The first row holds the headers.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import Papa from 'papaparse';
import type ExcelJS from 'exceljs';

export const NOT_A_TABLE = 'Berkas bukan CSV atau Excel (.xlsx) yang dapat dibaca';
export const EMPTY_FILE = 'Berkas kosong: tidak ada baris judul kolom';
export const BAD_CSV = (line: number) =>
  `Berkas CSV rusak di sekitar baris ${line} (tanda kutip tidak tertutup?)`;

/** One row of the file and its number as a spreadsheet shows it (the header row is 1). */
export interface SheetRow {
  line: number;
  cells: string[];
}

export interface TableSource {
  kind: 'csv' | 'xlsx';
  /** The rows: the header row first, then the data rows (blank rows left out). */
  rows: AsyncIterable<SheetRow>;
  /** Bytes of the file read so far. */
  bytesRead(): number;
  close(): void;
}

/** A problem with the file as a whole: the job fails with this message. */
export class FileError extends Error {}

async function head(path: string, size: number): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const buf = Buffer.alloc(size);
    const { bytesRead } = await file.read(buf, 0, size, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** The separator of a header line: the most frequent of , ; and tab outside quotes. */
export function detectDelimiter(line: string): string {
  const counts: Record<string, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch in counts) counts[ch]++;
  }
  const [best, count] = Object.entries(counts).sort((a, b) => b[1] - a[1])[0];
  return count > 0 ? best : ',';
}

/** An Excel cell's value as the text a CSV would hold. */
export function cellText(value: unknown): string {
  if (value == null) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    // Excel dates carry no zone: exceljs reads them as UTC; a date alone has no time.
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19);
  }
  if (typeof value === 'object') {
    const v = value as Record<string, any>;
    if (Array.isArray(v.richText)) return v.richText.map((r: { text: string }) => r.text).join('');
    if ('result' in v) return cellText(v.result);
    if ('text' in v) return cellText(v.text);
    if ('error' in v) return '';
    return JSON.stringify(v);
  }
  return String(value);
}

/** Past this many bytes without a row ending, the file is not a table (an unclosed quote). */
const MAX_ROW_BYTES = 16 * 1024 * 1024;

export async function openTable(path: string): Promise<TableSource> {
  const start = await head(path, 64 * 1024);
  if (!start.length) throw new FileError(EMPTY_FILE);
  // Chunks under V8's large-object size: their text dies young instead of waiting for a full
  // collection (at a million rows, 256 KB chunks kept some 100 MB of read text around).
  const file = createReadStream(path, { highWaterMark: 64 * 1024 });
  const xlsx = start[0] === 0x50 && start[1] === 0x4b;
  if (!xlsx && start.includes(0)) {
    file.destroy();
    throw new FileError(NOT_A_TABLE);
  }
  const state = { read: 0, sinceRow: 0 };
  // Counts the bytes read; a CSV's go on as text decoded across chunk boundaries.
  const decoder = new StringDecoder('utf8');
  const counter = new Transform({
    readableObjectMode: !xlsx,
    transform(chunk: Buffer, _enc, done) {
      state.read += chunk.length;
      state.sinceRow += chunk.length;
      if (!xlsx && state.sinceRow > MAX_ROW_BYTES) return done(new FileError(BAD_CSV(0)));
      done(null, xlsx ? chunk : decoder.write(chunk));
    },
    flush(done) {
      done(null, xlsx ? undefined : decoder.end() || undefined);
    },
  });
  const stream = file.pipe(counter);
  file.on('error', (err) => counter.destroy(err));
  const close = () => {
    file.destroy();
    counter.destroy();
  };
  if (xlsx) return { kind: 'xlsx', rows: xlsxRows(stream), bytesRead: () => state.read, close };
  const text = start.toString('utf8').replace(/^\uFEFF/, '');
  const delimiter = detectDelimiter(text.split(/\r?\n/)[0]);
  return { kind: 'csv', rows: csvRows(stream, delimiter, state), bytesRead: () => state.read, close };
}

/**
 * The rows of a CSV, parsed as they stream in: the parser pauses while more than a few
 * thousand rows wait to be read (so memory stays flat whatever the file's size).
 */
async function* csvRows(
  input: NodeJS.ReadableStream,
  delimiter: string,
  state: { sinceRow: number },
): AsyncGenerator<SheetRow> {
  const queue: SheetRow[] = [];
  let parser: Papa.Parser | undefined;
  let paused = false;
  let done = false;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const signal = () => {
    wake?.();
    wake = undefined;
  };
  input.on('error', (err: Error) => {
    failure = err instanceof FileError ? err : new FileError(NOT_A_TABLE);
    signal();
  });
  let line = 0;
  Papa.parse(input as unknown as File, {
    delimiter,
    // Blank rows are left out below, after they are counted: a row's number is the one a
    // spreadsheet shows for it ('greedy' would also join every row to find them).
    skipEmptyLines: false,
    step(results: Papa.ParseStepResult<string[]>, p: Papa.Parser) {
      parser = p;
      line++;
      state.sinceRow = 0;
      const quotes = results.errors.find((e) => e.type === 'Quotes');
      if (quotes && !failure) failure = new FileError(BAD_CSV(line));
      queue.push({ line, cells: results.data });
      if (queue.length >= 500 && !paused) {
        // The parser's pause keeps the rest of its chunk; the file must stop flowing too.
        paused = true;
        p.pause();
        input.pause();
      }
      signal();
    },
    complete() {
      done = true;
      signal();
    },
    error(err: Error) {
      failure = err instanceof FileError ? err : new FileError(NOT_A_TABLE);
      signal();
    },
  });
  for (;;) {
    if (failure) throw failure;
    const row = queue.shift();
    if (row) {
      if (paused && queue.length < 100) {
        paused = false;
        input.resume();
        parser?.resume();
      }
      if (row.cells.every((c) => c.trim() === '')) continue;
      yield row;
      continue;
    }
    if (done) return;
    await new Promise<void>((r) => (wake = r));
  }
}

async function* xlsxRows(stream: NodeJS.ReadableStream): AsyncGenerator<SheetRow> {
  // Loaded when a workbook arrives: a server that never reads one does not carry it.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.stream.xlsx.WorkbookReader(stream as any, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  try {
    for await (const sheet of workbook) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const values = row.values as unknown[];
        const cells = Array.from({ length: Math.max(0, values.length - 1) }, (_, i) =>
          cellText(values[i + 1]),
        );
        if (cells.every((c) => c.trim() === '')) continue;
        yield { line: row.number, cells };
      }
      break; // the first sheet only
    }
  } catch (err) {
    if (err instanceof FileError) throw err;
    throw new FileError(NOT_A_TABLE);
  }
}
