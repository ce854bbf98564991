/**
 * What the import dialog reads of a file before sending it: the header row of a CSV (comma or
 * semicolon, with or without a BOM) and a first guess of the field each column fills, by the
 * export's Indonesian headers, the field names, or the labels of the language on screen.
 */
import Papa from 'papaparse';
import { normalizeLabel } from '../../../../domain/import-values';

export type Delimiter = ',' | ';';

/** How much of a CSV is read for its header row: one line, however wide, fits. */
const HEAD_BYTES = 64 * 1024;

export const isXlsx = (file: { name: string }) => /\.xlsx$/i.test(file.name);
export const isCsv = (file: { name: string }) => /\.csv$/i.test(file.name);

/** The columns of a CSV's first line and its separator; no columns for an empty text. */
export function csvHeader(text: string): { columns: string[]; delimiter: Delimiter } {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    preview: 1,
    delimitersToGuess: [',', ';'],
    skipEmptyLines: 'greedy',
  });
  const delimiter: Delimiter = parsed.meta.delimiter === ';' ? ';' : ',';
  const columns = (parsed.data[0] ?? []).map((c) => String(c).trim()).filter(Boolean);
  return { columns, delimiter };
}

/** The header row of a CSV file, read from its first bytes only. */
export async function readCsvHeader(file: Blob) {
  return csvHeader(await file.slice(0, HEAD_BYTES).text());
}

/** A field the file's columns may fill, with the names a column may carry for it. */
export interface FieldChoice {
  field: string;
  /** Its export header, its other labels; the field's own name always matches too. */
  names: string[];
}

/** Column → field it fills, '' for a column left out of the import. */
export type ColumnMapping = Record<string, string>;

/**
 * Each column's field where its header is the field's name or one of its labels (case, spaces,
 * underscores, hyphens and slashes aside, as the server matches them); a field is filled by one
 * column at most, the first that names it.
 */
export function autoMap(columns: string[], choices: FieldChoice[]): ColumnMapping {
  const byKey = new Map<string, string>();
  for (const { field, names } of choices)
    for (const name of [field, ...names]) {
      const key = normalizeLabel(name);
      if (key && !byKey.has(key)) byKey.set(key, field);
    }
  const taken = new Set<string>();
  const mapping: ColumnMapping = {};
  for (const column of columns) {
    const field = byKey.get(normalizeLabel(column));
    mapping[column] = field && !taken.has(field) ? field : '';
    if (field) taken.add(field);
  }
  return mapping;
}

/**
 * The mapping as the API takes it: every column, '' for one left out (a column the mapping
 * does not name would be matched by the server again).
 */
export const mappingParam = (mapping: ColumnMapping) => JSON.stringify(mapping);
