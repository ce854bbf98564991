/**
 * The import jobs of the API: start one with the raw file as the body, read its progress,
 * cancel it, download its rejected rows, undo it.
 */
import { API_URL, httpClient } from '../../../providers/http';
import { saveDownload } from '../download';
import { isXlsx, mappingParam, type ColumnMapping } from './headers';

export type ImportStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
export type OnError = 'skip' | 'stop';

export interface ImportProblem {
  row: number;
  column: string | null;
  value: string | null;
  message: string;
}

export interface ImportJob {
  id: string | number;
  resource: string;
  file_name: string;
  status: ImportStatus;
  dry_run: boolean;
  on_error: OnError;
  bytes_total: number | null;
  bytes_read: number;
  rows_read: number;
  rows_inserted: number;
  rows_updated: number;
  rows_unchanged: number;
  rows_rejected: number;
  /** Rows a second. */
  rate: number | null;
  eta_seconds: number | null;
  columns: string[];
  fields: { column: string; field: string }[];
  problems: ImportProblem[];
  started_at: string | null;
  finished_at: string | null;
  error: string | null;
  /** When the import was undone (null: it was not). */
  undone_at: string | null;
  /** A real import that wrote rows and was not undone. */
  undoable: boolean;
}

/** Still working: the console keeps asking for its progress. */
export const isActive = (job: ImportJob | undefined | null) =>
  job?.status === 'queued' || job?.status === 'running';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface StartOptions {
  dryRun: boolean;
  onError: OnError;
  /** None: the server matches the columns itself (an XLSX whose header it alone can read). */
  mapping?: ColumnMapping;
}

/** Sends the file and answers the new job's id. */
export async function startImport(apiName: string, file: File, options: StartOptions) {
  const params = new URLSearchParams({
    file_name: file.name,
    dry_run: options.dryRun ? '1' : '0',
    on_error: options.onError,
  });
  if (options.mapping) params.set('mapping', mappingParam(options.mapping));
  const { json } = await httpClient(`${API_URL}/${apiName}/import?${params}`, {
    method: 'POST',
    body: file,
    headers: new Headers({
      Accept: 'application/json',
      'Content-Type': isXlsx(file) ? XLSX_TYPE : 'text/csv',
    }),
  });
  return json as { id: string | number; status: ImportStatus };
}

export async function fetchImport(id: string | number) {
  const { json } = await httpClient(`${API_URL}/imports/${encodeURIComponent(id)}`);
  return json as ImportJob;
}

export async function cancelImport(id: string | number) {
  await httpClient(`${API_URL}/imports/${encodeURIComponent(id)}/cancel`, { method: 'POST' });
}

/** Saves the job's rejected rows (the file's columns plus 'Kesalahan') as a CSV download. */
export const downloadRejected = (job: ImportJob) =>
  saveDownload(
    `imports/${encodeURIComponent(job.id)}/rejected`,
    `${job.file_name.replace(/\.[^.]+$/, '')}-ditolak.csv`,
  );

/** Undoes a finished import: answers the job and what the undo did. */
export async function undoImport(id: string | number) {
  const { json } = await httpClient(`${API_URL}/imports/${encodeURIComponent(id)}/undo`, { method: 'POST' });
  return json as ImportJob & { undo: { deleted: number; restored: number } };
}
