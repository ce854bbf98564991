/**
 * An uploaded file as rows of text cells, read as a stream (never the whole file in memory):
 * an XLSX workbook (told by the ZIP header 'PK') through exceljs' streaming reader, its first
 * sheet; anything else as CSV through csv-parse, UTF-8 with or without a BOM, the separator
 * (comma, semicolon or tab) told from the header line. The first row holds the headers.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';

export const NOT_A_TABLE = 'Berkas bukan CSV atau Excel (.xlsx) yang dapat dibaca';
export const EMPTY_FILE = 'Berkas kosong: tidak ada baris judul kolom';
export const BAD_CSV = (line: number) =>
  `Berkas CSV rusak di sekitar baris ${line} (tanda kutip tidak tertutup?)`;

export interface TableSource {
  kind: 'csv' | 'xlsx';
  /** The rows: the header row first, then the data rows (blank rows left out). */
  rows: AsyncIterable<string[]>;
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

export async function openTable(path: string): Promise<TableSource> {
  const start = await head(path, 64 * 1024);
  if (!start.length) throw new FileError(EMPTY_FILE);
  let read = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      read += chunk.length;
      done(null, chunk);
    },
  });
  const file = createReadStream(path, { highWaterMark: 256 * 1024 });
  const stream = file.pipe(counter);
  const close = () => {
    file.destroy();
    counter.destroy();
  };
  if (start[0] === 0x50 && start[1] === 0x4b)
    return { kind: 'xlsx', rows: xlsxRows(stream), bytesRead: () => read, close };
  if (start.includes(0)) throw new FileError(NOT_A_TABLE);
  const text = start.toString('utf8').replace(/^\uFEFF/, '');
  const delimiter = detectDelimiter(text.split(/\r?\n/)[0]);
  const parser = stream.pipe(
    parse({ delimiter, bom: true, relax_column_count: true, skip_empty_lines: true, relax_quotes: true }),
  );
  return { kind: 'csv', rows: csvRows(parser), bytesRead: () => read, close };
}

async function* csvRows(parser: AsyncIterable<string[]>): AsyncGenerator<string[]> {
  try {
    for await (const record of parser) {
      if (record.length === 1 && record[0].trim() === '') continue;
      yield record;
    }
  } catch (err) {
    const line = (err as { lines?: number }).lines;
    throw new FileError(line ? BAD_CSV(line) : NOT_A_TABLE);
  }
}

async function* xlsxRows(stream: NodeJS.ReadableStream): AsyncGenerator<string[]> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(stream as any, {
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
        yield cells;
      }
      break; // the first sheet only
    }
  } catch (err) {
    if (err instanceof FileError) throw err;
    throw new FileError(NOT_A_TABLE);
  }
}
