/**
 * Import of CSV files into declared resources: the job's life, headers, each column type,
 * problems with row numbers, dry runs, the natural key's upsert, the rejected-rows file.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { dbTargets, startTestApp, DEMO_EMAILS, type TestApp } from './helper';
import {
  csv,
  importFile,
  importUrl,
  patientCells,
  PATIENT_HEADERS,
  upload,
  waitForJob,
} from './import-helper';
import { IMPORT_ACCEPTS, IMPORT_MESSAGES } from '../../src/server/imports/routes';
import { unsupportedMediaType } from '../../src/server/plugins/errors';
import { NIK_MESSAGES } from '../../src/domain/nik';
import { INTERRUPTED } from '../../src/server/imports/jobs';
import { MISSING_COLUMNS, NO_COLUMN_KNOWN, STOPPED_AT } from '../../src/server/imports/run';

const PATIENTS = 'master/patients';
const MARK = 'Impvantis';

describe.each(dbTargets())('import (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  const count = async (sql: string, params: unknown[] = []) =>
    (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params)).rows[0].n;

  beforeAll(async () => {
    t = await startTestApp(kind, { patients: 30 });
    admin = await t.login(DEMO_EMAILS.admin);
  });
  afterAll(() => t?.close());

  it('imports the good rows, rejects the bad ones with their row, column, value and reason', async () => {
    const rows = [
      PATIENT_HEADERS,
      patientCells(`Ani ${MARK}`),
      patientCells(`Budi ${MARK}`, '1985-02-03', 'P').map((c, i) => (i === 5 ? 'L' : c)), // NIK says woman
      patientCells(`Citra ${MARK}`, '1992-07-08', 'P'),
      patientCells(`Dedi ${MARK}`).map((c, i) => (i === 4 ? '31/02/1990' : c)),
    ];
    const job = await importFile(t, admin, PATIENTS, csv(rows), { file_name: 'pasien.csv' });
    expect(job).toMatchObject({
      resource: PATIENTS,
      file_name: 'pasien.csv',
      status: 'done',
      dry_run: false,
      on_error: 'skip',
      rows_read: 4,
      rows_inserted: 2,
      rows_updated: 0,
      rows_unchanged: 0,
      rows_rejected: 2,
      error: null,
    });
    expect(job.columns).toEqual(PATIENT_HEADERS);
    expect(job.fields).toContainEqual({ column: 'Nomor Identitas', field: 'identity_number' });
    expect(job.problems).toEqual([
      // Numbered as a spreadsheet shows the file: the header is row 1.
      { row: 3, column: 'Nomor Identitas', value: rows[2][2], message: NIK_MESSAGES.genderMismatch },
      {
        row: 5,
        column: 'Tanggal Lahir',
        value: '31/02/1990',
        message: expect.stringMatching(/^Tanggal tidak valid/),
      },
    ]);
    expect(job.bytes_read).toBe(job.bytes_total);
    expect(job.started_at).toBeTruthy();
    expect(job.finished_at).toBeTruthy();
    expect(await count(`patients WHERE full_name LIKE $1`, [`%${MARK}`])).toBe(2);
    const stored = await t.db.query(`SELECT date_of_birth, created_by FROM patients WHERE full_name = $1`, [
      `Citra ${MARK}`,
    ]);
    expect(stored.rows[0]).toEqual({ date_of_birth: '1992-07-08', created_by: 'admin' });

    const rejected = await t.request(admin, { method: 'GET', url: `/api/imports/${job.id}/rejected` });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.headers['content-type']).toContain('text/csv');
    const lines = rejected.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(`${PATIENT_HEADERS.join(',')},Kesalahan`);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`Budi ${MARK}`);
    expect(lines[1]).toContain(`Nomor Identitas: ${NIK_MESSAGES.genderMismatch}`);
    expect(lines[2]).toContain('31/02/1990');
  });

  it('takes the file as the one file of a form, named by it; refuses another body, saying what it takes', async () => {
    const form = new FormData();
    const text = csv([PATIENT_HEADERS, patientCells(`Eka ${MARK}`)]);
    form.append('file', new Blob([text], { type: 'text/csv' }), 'dari-formulir.csv');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const res = await t.request(admin, {
      method: 'POST',
      url: importUrl(PATIENTS, { dry_run: true }).replace(/file_name=[^&]*&?/, ''),
      headers: { 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(res.statusCode).toBe(202);
    const job = await waitForJob(t, admin, res.json().id);
    expect(job).toMatchObject({
      file_name: 'dari-formulir.csv',
      status: 'done',
      rows_read: 1,
      rows_rejected: 0,
    });

    const empty = new FormData();
    empty.append('note', 'no file here');
    const emptyRequest = new Request('http://localhost/', { method: 'POST', body: empty });
    const noFile = await t.request(admin, {
      method: 'POST',
      url: importUrl(PATIENTS),
      headers: { 'content-type': emptyRequest.headers.get('content-type')! },
      payload: Buffer.from(await emptyRequest.arrayBuffer()),
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().errors).toEqual({ file: IMPORT_MESSAGES.noFile });

    const image = await upload(t, admin, PATIENTS, Buffer.from([0x89, 0x50]), {}, 'image/png');
    expect(image.statusCode).toBe(415);
    expect(image.json().message).toBe(unsupportedMediaType(IMPORT_ACCEPTS));
    expect(image.json().message).toContain('multipart/form-data');
    expect(image.json().message).not.toContain('application/json');
  });

  it('numbers a problem by its spreadsheet row, blank rows counted, and names every bad cell of a row', async () => {
    const twoBad = patientCells(`Fajar ${MARK}`).map((c, i) =>
      i === 4 ? '31/02/1990' : i === 7 ? 'Emas' : c,
    );
    const text = csv([PATIENT_HEADERS, patientCells(`Gita ${MARK}`), twoBad]);
    // A blank line between the two data rows: a spreadsheet shows the bad row as row 4.
    const lines = text.split('\r\n');
    const withBlank = [lines[0], lines[1], '', ...lines.slice(2)].join('\r\n');
    const job = await importFile(t, admin, PATIENTS, withBlank, { dry_run: true });
    expect(job.rows_rejected).toBe(1);
    expect(job.problems.map((p: { row: number; column: string }) => [p.row, p.column])).toEqual([
      [4, 'Tanggal Lahir'],
      [4, 'Asuransi'],
    ]);
  });

  it('a dry run checks every row and writes nothing', async () => {
    const before = await count('patients');
    const job = await importFile(
      t,
      admin,
      PATIENTS,
      csv([
        PATIENT_HEADERS,
        patientCells(`Eka ${MARK}`),
        patientCells(`Fajar ${MARK}`).map((c, i) => (i === 2 ? '123' : c)),
      ]),
      { dry_run: true },
    );
    expect(job).toMatchObject({
      status: 'done',
      dry_run: true,
      rows_read: 2,
      rows_inserted: 0,
      rows_rejected: 1,
    });
    expect(job.problems).toEqual([
      { row: 3, column: 'Nomor Identitas', value: '123', message: NIK_MESSAGES.format },
    ]);
    expect(await count('patients')).toBe(before);
  });

  it('only its creator and super admins see a job', async () => {
    const job = await importFile(t, admin, PATIENTS, csv([PATIENT_HEADERS, patientCells(`Gita ${MARK}`)]), {
      dry_run: true,
    });
    const staff = await t.login(DEMO_EMAILS.staff);
    expect((await t.request(staff, { method: 'GET', url: `/api/imports/${job.id}` })).statusCode).toBe(404);
    const superAdmin = await t.login(DEMO_EMAILS.super_admin);
    expect((await t.request(superAdmin, { method: 'GET', url: `/api/imports/${job.id}` })).statusCode).toBe(
      200,
    );
    expect((await t.request(null, { method: 'GET', url: `/api/imports/${job.id}` })).statusCode).toBe(401);
  });

  it('refuses a 0-byte file and a mapping to an unknown field', async () => {
    const empty = await upload(t, admin, PATIENTS, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/kosong/);
    const bad = await upload(t, admin, PATIENTS, csv([PATIENT_HEADERS]), {
      mapping: { Nama: 'no_such_field' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('no_such_field');
  });

  it('a file that is not CSV fails its job with a clear message', async () => {
    const res = await upload(
      t,
      admin,
      PATIENTS,
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 1, 2, 3]),
      {},
      'application/octet-stream',
    );
    expect(res.statusCode).toBe(202);
    const job = await waitForJob(t, admin, res.json().id);
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/bukan CSV atau Excel/);
  });

  it('stops at the first bad row when asked to, keeping the good rows before it', async () => {
    const rows = [
      PATIENT_HEADERS,
      patientCells(`Hana ${MARK}`),
      patientCells(`Indra ${MARK}`).map((c, i) => (i === 7 ? 'Jamkesda' : c)),
      patientCells(`Joko ${MARK}`),
    ];
    const job = await importFile(t, admin, PATIENTS, csv(rows), { on_error: 'stop' });
    expect(job).toMatchObject({
      status: 'failed',
      error: STOPPED_AT(3, false),
      rows_read: 2,
      rows_inserted: 1,
      rows_rejected: 1,
    });
    expect(job.problems).toEqual([
      { row: 3, column: 'Asuransi', value: 'Jamkesda', message: expect.stringMatching(/^Pilih salah satu/) },
    ]);
    expect(await count(`patients WHERE full_name IN ($1, $2)`, [`Hana ${MARK}`, `Joko ${MARK}`])).toBe(1);
  });

  it('follows the mapping given for columns it does not recognise', async () => {
    const headers = ['Nama', 'Tipe', 'NIK', 'Lahir Di', 'Lahir', 'JK', 'Status', 'Penjamin'];
    const mapping = Object.fromEntries(
      headers.map((h, i) => [
        h,
        [
          'full_name',
          'identity_type',
          'identity_number',
          'place_of_birth',
          'date_of_birth',
          'gender',
          'marital_status',
          'insurance',
        ][i],
      ]),
    );
    const file = csv([headers, patientCells(`Kartika ${MARK}`)]);
    const unknown = await importFile(t, admin, PATIENTS, file, { dry_run: true });
    expect(unknown).toMatchObject({ status: 'failed', error: NO_COLUMN_KNOWN, columns: headers });
    expect(unknown.fields.every((f: { field: string | null }) => f.field === null)).toBe(true);
    const job = await importFile(t, admin, PATIENTS, file, { mapping: { ...mapping, Penjamin: '' } });
    expect(job).toMatchObject({ status: 'done', rows_inserted: 1 });
    expect(job.fields).toContainEqual({ column: 'NIK', field: 'identity_number' });
    expect(job.fields).toContainEqual({ column: 'Penjamin', field: null });
    expect(await count(`patients WHERE full_name = $1 AND insurance IS NULL`, [`Kartika ${MARK}`])).toBe(1);
  });

  it('fails a file that lacks a required column, naming it', async () => {
    const headers = PATIENT_HEADERS.filter((h) => h !== 'Tanggal Lahir' && h !== 'Tempat Lahir');
    const cells = patientCells(`Lina ${MARK}`).filter((_, i) => i !== 3 && i !== 4);
    const job = await importFile(t, admin, PATIENTS, csv([headers, cells]), { dry_run: true });
    expect(job).toMatchObject({
      status: 'failed',
      error: MISSING_COLUMNS(['Tempat Lahir', 'Tanggal Lahir']),
    });
  });

  it('shows a job whose server stopped as failed, interrupted', async () => {
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO import_jobs (resource, file_name, admin_id, status, dry_run, on_error, started_at, heartbeat_at)
       SELECT $1, 'lama.csv', id, 'running', false, 'skip', app_now() - interval '5 minutes', app_now() - interval '2 minutes'
         FROM web_admins WHERE email = $2 RETURNING id`,
      [PATIENTS, DEMO_EMAILS.admin],
    );
    const res = await t.request(admin, { method: 'GET', url: `/api/imports/${rows[0].id}` });
    expect(res.json()).toMatchObject({ status: 'failed', error: INTERRUPTED });
    expect(res.json().finished_at).toBeTruthy();
  });
});
