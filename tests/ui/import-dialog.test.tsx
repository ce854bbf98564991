/**
 * The import dialog's reading of a file before it is sent: the header row of a CSV (comma or
 * semicolon, BOM or not, quoted headers) and each column's first field, by the export's
 * Indonesian headers, the field names or the labels on screen.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { i18nProvider } from '../../src/app/providers/i18nProvider';
import { autoMap, csvHeader, readCsvHeader } from '../../src/app/resources/generic/import/headers';
import { fieldOptions } from '../../src/app/resources/generic/import/fieldChoices';
import { ImportButton } from '../../src/app/resources/generic/import/ImportButton';
import { patients } from '../../src/resources/patients';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
beforeEach(() => localStorage.clear());

describe('the header row of a CSV', () => {
  it('is split on semicolons when the file uses them, quoted separators kept, BOM dropped', () => {
    expect(csvHeader('\uFEFFNama Lengkap;Nomor Identitas;"Alamat; RT/RW"\r\nBudi;317;Jl. A\r\n')).toEqual({
      columns: ['Nama Lengkap', 'Nomor Identitas', 'Alamat; RT/RW'],
      delimiter: ';',
    });
  });

  it('is split on commas otherwise, a semicolon inside quotes notwithstanding', () => {
    expect(csvHeader('full_name,"identity;number",gender\nBudi,1,L')).toEqual({
      columns: ['full_name', 'identity;number', 'gender'],
      delimiter: ',',
    });
  });

  it('has no columns in an empty file or a file of blank lines', () => {
    expect(csvHeader('').columns).toEqual([]);
    expect(csvHeader('\r\n\r\n').columns).toEqual([]);
  });

  it('is read from the first bytes of a file however long the file is', async () => {
    const body = 'Budi;3171010101900001\r\n'.repeat(20_000);
    const file = new File([`Nama Lengkap;Nomor Identitas\r\n${body}`], 'pasien.csv');
    expect(await readCsvHeader(file)).toEqual({
      columns: ['Nama Lengkap', 'Nomor Identitas'],
      delimiter: ';',
    });
  });
});

describe('the first match of columns to fields', () => {
  const english = (key: string, options?: any) =>
    ({
      'resources.master/patients.fields.full_name': 'Full Name',
      'resources.master/patients.fields.gender': 'Gender',
    })[key] ?? options?._;
  const options = fieldOptions(patients, english as any);

  it('offers only the fields a caller may write', () => {
    const fields = options.map((o) => o.field);
    expect(fields).toContain('identity_number');
    expect(fields).not.toContain('id');
    expect(fields).not.toContain('created_at');
  });

  it("matches the export's Indonesian headers, field names and labels on screen, ignoring case and spacing", () => {
    const columns = [
      'Nama Lengkap',
      'NOMOR IDENTITAS',
      'date_of_birth',
      'gender',
      'Kelurahan / Desa',
      'ID',
      'Catatan',
    ];
    expect(autoMap(columns, options)).toEqual({
      'Nama Lengkap': 'full_name',
      'NOMOR IDENTITAS': 'identity_number',
      date_of_birth: 'date_of_birth',
      gender: 'gender',
      'Kelurahan / Desa': 'village',
      ID: '',
      Catatan: '',
    });
    expect(autoMap(['Full Name', 'Gender'], options)).toEqual({ 'Full Name': 'full_name', Gender: 'gender' });
  });

  it('fills a field from one column only: the first that names it', () => {
    expect(autoMap(['Nama Lengkap', 'full_name'], options)).toEqual({
      'Nama Lengkap': 'full_name',
      full_name: '',
    });
  });
});

/** The list's button and its dialog, opened. */
async function openDialog() {
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <ImportButton decl={patients} />
    </AdminContext>,
  );
  fireEvent.click(await screen.findByRole('button', { name: /^Impor/ }));
  return screen.findByRole('dialog', { name: 'Impor Pasien' });
}

const choose = (dialog: HTMLElement, file: File) =>
  fireEvent.change(dialog.querySelector('input[type="file"]')!, { target: { files: [file] } });

interface Call {
  url: URL;
  method: string;
  body: unknown;
}

/** The API as the dialog sees it: a new job's id for an upload, `job` for every other call. */
function stubApi(job: Record<string, unknown>) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    calls.push({
      url: new URL(String(url), 'http://console'),
      method: init.method ?? 'GET',
      body: init.body,
    });
    const answer = String(url).includes('/import?') ? { id: job.id, status: 'queued' } : job;
    return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

const JOB = {
  id: 7,
  resource: 'master/patients',
  file_name: 'pasien.csv',
  status: 'done',
  dry_run: true,
  on_error: 'skip',
  rows_read: 3,
  rows_inserted: 0,
  rows_updated: 0,
  rows_unchanged: 0,
  rows_rejected: 1,
  bytes_total: 40,
  bytes_read: 40,
  rate: 0,
  eta_seconds: null,
  columns: ['Nama Lengkap', 'Catatan'],
  fields: [
    { column: 'Nama Lengkap', field: 'full_name' },
    { column: 'Catatan', field: null },
  ],
  problems: [{ row: 2, column: 'Nama Lengkap', value: '', message: 'Wajib diisi' }],
  error: null,
};

describe('the import dialog', () => {
  it('shows each column of a chosen CSV with the field it fills, ready to check and import', async () => {
    const dialog = await openDialog();
    choose(dialog, new File(['Nama Lengkap;Jenis Kelamin;Catatan\r\nBudi;L;x\r\n'], 'pasien.csv'));
    const name = await within(dialog).findByRole('combobox', { name: 'Nama Lengkap' });
    expect(name.textContent).toBe('Nama Lengkap');
    expect(within(dialog).getByRole('combobox', { name: 'Jenis Kelamin' }).textContent).toBe('Jenis Kelamin');
    expect(within(dialog).getByRole('combobox', { name: 'Catatan' }).textContent).toBe('Abaikan kolom ini');
    expect(
      within(dialog).getByText('2 dari 3 kolom diimpor. Kolom yang diabaikan tidak ditulis.'),
    ).toBeTruthy();
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Periksa' })).toHaveProperty('disabled', false),
    );
  });

  it('refuses a file that is neither CSV nor XLSX', async () => {
    const dialog = await openDialog();
    choose(dialog, new File(['%PDF'], 'laporan.pdf', { type: 'application/pdf' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'File harus berformat CSV atau XLSX',
    );
    expect(within(dialog).getByRole('button', { name: 'Impor' })).toHaveProperty('disabled', true);
  });

  it('checks the file with every column named, the ignored ones empty, and shows the problems by row', async () => {
    const calls = stubApi(JOB);
    const dialog = await openDialog();
    const file = new File(['Nama Lengkap,Catatan\nBudi,x\n,y\nSiti,z\n'], 'pasien.csv', { type: 'text/csv' });
    choose(dialog, file);
    await within(dialog).findByRole('combobox', { name: 'Catatan' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Periksa' }));
    const table = await within(dialog).findByRole('table');
    const upload = calls.find((c) => c.method === 'POST')!;
    expect(upload.url.pathname).toBe('/api/master/patients/import');
    expect(upload.url.searchParams.get('dry_run')).toBe('1');
    expect(upload.url.searchParams.get('on_error')).toBe('skip');
    expect(upload.url.searchParams.get('file_name')).toBe('pasien.csv');
    expect(JSON.parse(upload.url.searchParams.get('mapping')!)).toEqual({
      'Nama Lengkap': 'full_name',
      Catatan: '',
    });
    expect(upload.body).toBe(file);
    expect(within(table).getAllByRole('row')[1].textContent).toBe('2Nama LengkapWajib diisi');
    expect(within(dialog).getByTestId('import-count-valid').textContent).toBe('Siap diimpor2');
    expect(within(dialog).getByTestId('import-count-rejected').textContent).toBe('Bermasalah1');
    expect(localStorage.getItem('import-job:master/patients')).toBe('7');
  });

  it("reads an XLSX's columns from a first check the server matches itself", async () => {
    const calls = stubApi({ ...JOB, file_name: 'pasien.xlsx' });
    const dialog = await openDialog();
    choose(dialog, new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'pasien.xlsx'));
    const name = await within(dialog).findByRole('combobox', { name: 'Nama Lengkap' });
    expect(name.textContent).toBe('Nama Lengkap');
    expect(within(dialog).getByRole('combobox', { name: 'Catatan' }).textContent).toBe('Abaikan kolom ini');
    const upload = calls.find((c) => c.method === 'POST')!;
    expect(upload.url.searchParams.get('dry_run')).toBe('1');
    expect(upload.url.searchParams.has('mapping')).toBe(false);
    expect(within(dialog).getByText('Pemeriksaan selesai. Belum ada data yang ditulis.')).toBeTruthy();
  });

  it('finds a running job again after a reload, with its rate and time left, and cancels it', async () => {
    localStorage.setItem('import-job:master/patients', '9');
    const calls = stubApi({
      ...JOB,
      id: 9,
      status: 'running',
      dry_run: false,
      bytes_total: 1000,
      bytes_read: 400,
      rows_read: 4000,
      rows_inserted: 3990,
      rows_rejected: 10,
      rate: 2500,
      eta_seconds: 65,
    });
    const dialog = await openDialog();
    await within(dialog).findByText('Mengimpor…');
    // The list's button says so too (behind the dialog).
    expect(screen.getByRole('button', { name: 'Impor berjalan', hidden: true })).toBeTruthy();
    expect(within(dialog).getByText('2.500 baris/detik · sisa sekitar 1 menit 5 detik')).toBeTruthy();
    expect(within(dialog).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(within(dialog).getByRole('button', { name: 'Impor' })).toHaveProperty('disabled', true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Batalkan impor' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.url.pathname).toBe('/api/imports/9/cancel');
  });
});
