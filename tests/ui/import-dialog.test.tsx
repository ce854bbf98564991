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
import { patients } from '../../src/domain/resources/patients';

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

describe('the import dialog', () => {
  it('shows each column of a chosen CSV with the field it fills, ready to check and import', async () => {
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <ImportButton decl={patients} />
      </AdminContext>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Impor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Impor Pasien' });
    const file = new File(['Nama Lengkap;Jenis Kelamin;Catatan\r\nBudi;L;x\r\n'], 'pasien.csv', {
      type: 'text/csv',
    });
    fireEvent.change(dialog.querySelector('input[type="file"]')!, { target: { files: [file] } });
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
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <ImportButton decl={patients} />
      </AdminContext>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Impor' }));
    const dialog = await screen.findByRole('dialog');
    const file = new File(['%PDF'], 'laporan.pdf', { type: 'application/pdf' });
    fireEvent.change(dialog.querySelector('input[type="file"]')!, { target: { files: [file] } });
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'File harus berformat CSV atau XLSX',
    );
    expect(within(dialog).getByRole('button', { name: 'Impor' })).toHaveProperty('disabled', true);
  });

  it('checks the file with every column named, the ignored ones empty, and shows the problems by row', async () => {
    const calls: { url: string; method: string; body: unknown }[] = [];
    const job = {
      id: 7,
      status: 'done',
      dry_run: true,
      file_name: 'pasien.csv',
      rows_read: 3,
      rows_inserted: 2,
      rows_updated: 0,
      rows_unchanged: 0,
      rows_rejected: 1,
      bytes_total: 40,
      bytes_read: 40,
      columns: ['Nama Lengkap', 'Catatan'],
      fields: [],
      problems: [{ row: 2, column: 'Nama Lengkap', value: '', message: 'Wajib diisi' }],
    };
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      calls.push({ url: String(url), method: init.method ?? 'GET', body: init.body });
      const answer = String(url).includes('/import?') ? { id: 7, status: 'queued' } : job;
      return new Response(JSON.stringify(answer), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <ImportButton decl={patients} />
      </AdminContext>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Impor' }));
    const dialog = await screen.findByRole('dialog');
    const file = new File(['Nama Lengkap,Catatan\nBudi,x\n,y\nSiti,z\n'], 'pasien.csv', { type: 'text/csv' });
    fireEvent.change(dialog.querySelector('input[type="file"]')!, { target: { files: [file] } });
    await within(dialog).findByRole('combobox', { name: 'Catatan' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Periksa' }));
    const table = await within(dialog).findByRole('table');
    const sent = new URL(calls.find((c) => c.method === 'POST')!.url, 'http://x');
    expect(sent.pathname).toBe('/api/master/patients/import');
    expect(sent.searchParams.get('dry_run')).toBe('1');
    expect(sent.searchParams.get('file_name')).toBe('pasien.csv');
    expect(JSON.parse(sent.searchParams.get('mapping')!)).toEqual({
      'Nama Lengkap': 'full_name',
      Catatan: '',
    });
    expect(calls.find((c) => c.method === 'POST')!.body).toBe(file);
    expect(within(table).getAllByRole('row')[1].textContent).toBe('2Nama LengkapWajib diisi');
    expect(within(dialog).getByTestId('import-count-rejected').textContent).toBe('Bermasalah1');
    expect(localStorage.getItem('import-job:master/patients')).toBe('7');
  });
});
