/** Uploading a file to an import route and waiting for its job, for the import tests. */
import type { Readable } from 'node:stream';
import { expect } from 'vitest';
import type { TestApp } from './helper';
import { makeNik } from '../../src/domain/nik';

export const CSV = 'text/csv';
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface ImportQuery {
  file_name?: string;
  dry_run?: boolean;
  on_error?: 'skip' | 'stop';
  mapping?: Record<string, string | null>;
}

export function importUrl(resource: string, q: ImportQuery = {}) {
  const params = new URLSearchParams({ file_name: q.file_name ?? 'data.csv' });
  if (q.dry_run !== undefined) params.set('dry_run', q.dry_run ? '1' : '0');
  if (q.on_error) params.set('on_error', q.on_error);
  if (q.mapping) params.set('mapping', JSON.stringify(q.mapping));
  return `/api/${resource}/import?${params}`;
}

/** POSTs the file; answers the raw response. */
export function upload(
  t: TestApp,
  token: string,
  resource: string,
  body: string | Buffer | Readable,
  q: ImportQuery = {},
  contentType = CSV,
) {
  return t.request(token, {
    method: 'POST',
    url: importUrl(resource, q),
    headers: { 'content-type': contentType },
    payload: body,
  });
}

export type Job = Record<string, any>;

/** Polls the job until it has ended. */
export async function waitForJob(t: TestApp, token: string, id: number, timeoutMs = 120_000): Promise<Job> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.request(token, { method: 'GET', url: `/api/imports/${id}` });
    expect(res.statusCode).toBe(200);
    const job = res.json();
    if (!['queued', 'running'].includes(job.status)) return job;
    if (Date.now() > until) throw new Error(`import ${id} still ${job.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Uploads and waits: the ended job. */
export async function importFile(
  t: TestApp,
  token: string,
  resource: string,
  body: string | Buffer | Readable,
  q: ImportQuery = {},
  contentType = CSV,
): Promise<Job> {
  const res = await upload(t, token, resource, body, q, contentType);
  expect(res.statusCode, res.body).toBe(202);
  const created = res.json();
  expect(created.id).toBeGreaterThan(0);
  expect(['queued', 'running']).toContain(created.status);
  return waitForJob(t, token, created.id);
}

/** A CSV of these rows (the first is the header), with a separator and line end. */
export const csv = (rows: (string | number)[][], sep = ',', eol = '\r\n') =>
  rows
    .map((r) =>
      r
        .map((c) => (/[",;\r\n]/.test(String(c)) ? `"${String(c).replace(/"/g, '""')}"` : String(c)))
        .join(sep),
    )
    .join(eol) + eol;

let seq = 7000;
/** A valid patient's cells under the export's Indonesian headers. */
export const PATIENT_HEADERS = [
  'Nama Lengkap',
  'Jenis Identitas',
  'Nomor Identitas',
  'Tempat Lahir',
  'Tanggal Lahir',
  'Jenis Kelamin',
  'Status Pernikahan',
  'Asuransi',
];
export function patientCells(name: string, dob = '1990-05-17', gender: 'L' | 'P' = 'L') {
  const [y, m, d] = dob.split('-');
  return [
    name,
    'KTP',
    makeNik('31.71.01', dob, gender, seq++),
    'Jakarta',
    `${d}/${m}/${y}`,
    gender,
    'Menikah',
    'BPJS',
  ];
}
