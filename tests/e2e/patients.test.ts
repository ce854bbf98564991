import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { makeNik } from '../../src/domain/nik';
import { DEMO, SKIP_E2E, chooseOption, eventually, labelled, pathOf, startE2E, type E2E } from './harness';

const SEARCH = 'Cari nama, NIK, telepon, email';
const rows = (page: Page) => page.locator('table tbody tr');
/** The pagination's '1-10 dari 60'. */
const rangeInfo = (page: Page) => page.locator('.MuiTablePagination-displayedRows').innerText();
const queryParam = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);
const listFilter = (page: Page) => JSON.parse(queryParam(page, 'filter') ?? '{}');

async function openList(page: Page) {
  await page.goto('/master/patients');
  await page.getByRole('columnheader', { name: 'Info Pasien' }).waitFor();
  await eventually(() => rows(page).count()).toBeGreaterThan(0);
}

async function search(page: Page, text: string) {
  await page.getByPlaceholder(SEARCH).fill(text);
  await eventually(() => listFilter(page).q).toBe(text);
}

describe.skipIf(SKIP_E2E)('master patients as admin (e2e)', () => {
  let e2e: E2E;
  let token: string;
  let seq = 9000;

  /** A valid patient body (KTP NIK agreeing with birth date and gender). */
  const patientBody = (fullName: string, gender: 'L' | 'P' = 'P', dob = '1985-11-23') => ({
    full_name: fullName,
    identity_type: 'KTP',
    identity_number: makeNik('31.74.02', dob, gender, seq++),
    place_of_birth: 'Jakarta',
    date_of_birth: dob,
    gender,
    marital_status: 'Menikah',
    created_by: 'e2e',
  });

  const createViaApi = async (fullName: string) => {
    const res = await e2e.api(token, '/api/master/patients', {
      method: 'POST',
      body: JSON.stringify(patientBody(fullName)),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: number; full_name: string; identity_number: string };
  };

  const apiList = async (query: Record<string, string>) => {
    const res = await e2e.api(token, `/api/master/patients?${new URLSearchParams(query)}`);
    expect(res.status).toBe(200);
    return res.body as { data: any[]; pagination: { total: number } };
  };

  beforeAll(async () => {
    e2e = await startE2E({ patients: 60 });
    token = await e2e.apiToken(DEMO.admin);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('shows the columns, 10 rows per page and the total', async () => {
    const page = await e2e.newPage({ as: DEMO.admin });
    await openList(page);
    const headers = await page.getByRole('columnheader').allInnerTexts();
    expect(headers.map((h) => h.trim())).toEqual([
      'Info Pasien',
      'Identitas',
      'Kontak',
      'Lokasi',
      'Asuransi',
      'Aksi',
    ]);
    const { pagination } = await apiList({ limit: '1' });
    expect(pagination.total).toBe(60);
    await eventually(() => rows(page).count()).toBe(10);
    await eventually(() => rangeInfo(page)).toBe(`1-10 dari ${pagination.total}`);
  });

  it("searching a patient's name shows that patient, as many rows as the API finds", async () => {
    const { data } = await apiList({ limit: '1', page: '7', sort: 'full_name', order: 'ASC' });
    const target = data[0];
    const expected = await apiList({ search: target.full_name, limit: '10' });
    expect(expected.pagination.total).toBeGreaterThanOrEqual(1);

    const page = await e2e.newPage({ as: DEMO.admin });
    await openList(page);
    await search(page, target.full_name);
    await eventually(() => rows(page).count()).toBe(Math.min(expected.pagination.total, 10));
    await eventually(() => rangeInfo(page)).toBe(
      `1-${Math.min(expected.pagination.total, 10)} dari ${expected.pagination.total}`,
    );
    const row = rows(page).filter({ hasText: target.identity_number });
    await expect(row.count()).resolves.toBe(1);
    await expect(row.innerText()).resolves.toContain(target.full_name);

    // Searching by NIK finds exactly that patient too.
    await search(page, target.identity_number);
    await eventually(() => rows(page).allInnerTexts()).toEqual([expect.stringContaining(target.full_name)]);

    // Nothing matching: the empty message.
    await search(page, 'zzz-tidak-ada-pasien-ini');
    await eventually(() => rows(page).count()).toBe(0);
  });

  it('the gender filter shows only that gender and goes back to page 1', async () => {
    const women = await apiList({ gender: 'P', limit: '10' });
    expect(women.pagination.total).toBeGreaterThan(10);

    const page = await e2e.newPage({ as: DEMO.admin });
    await openList(page);
    const firstPage = await rows(page).allInnerTexts();
    await page.getByRole('button', { name: 'Ke halaman 2' }).click();
    await eventually(() => queryParam(page, 'page')).toBe('2');
    await eventually(() => rangeInfo(page)).toBe('11-20 dari 60');
    await eventually(() => rows(page).allInnerTexts()).not.toEqual(firstPage);

    await chooseOption(page, page, 'Jenis Kelamin', 'Perempuan');
    await eventually(() => listFilter(page)).toEqual({ gender: 'P' });
    await eventually(() => queryParam(page, 'page')).toBe('1');
    await eventually(() => rangeInfo(page)).toBe(`1-10 dari ${women.pagination.total}`);
    // MUI marks the current page button.
    await expect(page.getByRole('button', { name: 'Halaman 1' }).getAttribute('aria-current')).resolves.toBe(
      'page',
    );
    const infos = await rows(page).locator('td:first-child').allInnerTexts();
    expect(infos).toHaveLength(10);
    for (const info of infos) {
      expect(info).toContain('Perempuan');
      expect(info).not.toContain('Laki-laki');
    }
    // The first rows are the API's first page for that filter.
    expect(infos[0]).toContain(women.data[0].full_name);

    // Both filters together: the API total for the pair.
    const both = await apiList({ gender: 'P', insurance: 'BPJS', limit: '1' });
    await chooseOption(page, page, 'Asuransi', 'BPJS');
    await eventually(() => listFilter(page)).toEqual({ gender: 'P', insurance: 'BPJS' });
    await eventually(() => rangeInfo(page)).toBe(
      `1-${Math.min(both.pagination.total, 10)} dari ${both.pagination.total}`,
    );
  });

  it('an empty form is refused on the client with "Wajib diisi", and a malformed NIK with its message', async () => {
    const page = await e2e.newPage({ as: DEMO.admin });
    await openList(page);
    const posts: Request[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/master/patients')) posts.push(r);
    });

    await page.getByRole('link', { name: 'Tambah' }).click();
    await page.waitForURL((url) => url.pathname === '/master/patients/create');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Tambah Pasien' }).waitFor();
    // Defaults: KTP, WNI, DKI Jakarta, the signed-in username.
    await expect(dialog.getByRole('combobox', { name: /^Jenis Identitas/ }).innerText()).resolves.toBe('KTP');
    await expect(dialog.getByLabel(labelled('Dibuat Oleh')).inputValue()).resolves.toBe('admin');

    await dialog.getByRole('button', { name: 'Simpan' }).click();
    // Nama Lengkap, Nomor Identitas, Tempat Lahir, Tanggal Lahir, Jenis Kelamin, Status Pernikahan.
    await eventually(() => dialog.getByText('Wajib diisi', { exact: true }).count()).toBe(6);
    for (const field of ['Nama Lengkap', 'Nomor Identitas', 'Tempat Lahir', 'Tanggal Lahir']) {
      await expect(dialog.getByLabel(labelled(field)).getAttribute('aria-invalid'), field).resolves.toBe(
        'true',
      );
    }

    await dialog.getByLabel(labelled('Nomor Identitas')).fill('12345');
    await dialog.getByLabel(labelled('Nama Lengkap')).click();
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await eventually(() => dialog.getByText('NIK harus 16 digit angka', { exact: true }).count()).toBe(1);

    expect(pathOf(page)).toBe('/master/patients/create');
    expect(posts).toHaveLength(0);

    // Batal closes the dialog without saving.
    await dialog.getByRole('button', { name: 'Batal' }).click();
    await page.waitForURL((url) => url.pathname === '/master/patients');
    await eventually(() => page.getByRole('dialog').count()).toBe(0);
    expect(posts).toHaveLength(0);
  });

  it('creates a patient through the dialog and finds it in the list', async () => {
    const name = 'Siti Nurhaliza E2E';
    const nik = makeNik('31.71.01', '1990-05-17', 'P', 4321);
    const page = await e2e.newPage({ as: DEMO.admin });
    await openList(page);

    await page.getByRole('link', { name: 'Tambah' }).click();
    await page.waitForURL((url) => url.pathname === '/master/patients/create');
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(labelled('Nama Lengkap')).fill(name);
    await dialog.getByLabel(labelled('Nomor Identitas')).fill(nik);
    await dialog.getByLabel(labelled('Tempat Lahir')).fill('Jakarta');
    await dialog.getByLabel(labelled('Tanggal Lahir')).fill('1990-05-17');
    await chooseOption(page, dialog, 'Jenis Kelamin', 'Perempuan');
    await chooseOption(page, dialog, 'Status Pernikahan', 'Menikah');
    await dialog.getByLabel(labelled('Nomor Telepon')).fill('081234567890');
    await chooseOption(page, dialog, 'Asuransi', 'BPJS');
    await chooseOption(page, dialog, 'Fasilitas Kesehatan', 'RSUD Tarakan');
    await dialog.getByRole('button', { name: 'Simpan' }).click();

    await page.waitForURL((url) => url.pathname === '/master/patients');
    await eventually(() => page.getByRole('dialog').count()).toBe(0);

    const found = await apiList({ search: nik });
    expect(found.pagination.total).toBe(1);
    expect(found.data[0]).toMatchObject({
      full_name: name,
      identity_type: 'KTP',
      identity_number: nik,
      citizenship: 'WNI',
      place_of_birth: 'Jakarta',
      date_of_birth: '1990-05-17',
      gender: 'P',
      marital_status: 'Menikah',
      phone_number: '081234567890',
      insurance: 'BPJS',
      province: 'DKI Jakarta',
      created_by: 'admin',
    });
    const facilities = await e2e.api(token, '/api/admin/medical-facilities?limit=100');
    const tarakan = facilities.body.data.find((f: any) => f.name === 'RSUD Tarakan');
    expect(found.data[0].medical_facility_id).toBe(tarakan.id);

    // Newest first: on page 1 without searching, and by search.
    await eventually(() => rows(page).first().innerText()).toContain(name);
    await eventually(() => rangeInfo(page)).toBe(
      `1-10 dari ${(await apiList({ limit: '1' })).pagination.total}`,
    );
    await search(page, name);
    await eventually(() => rows(page).count()).toBe(1);
    const row = rows(page).first();
    await expect(row.innerText()).resolves.toContain(nik);
    await expect(row.innerText()).resolves.toContain('Perempuan');
    await expect(row.innerText()).resolves.toContain('17/05/1990');
  });

  it("edits a patient's name through the dialog and shows the change", async () => {
    const patient = await createViaApi('Budi Santoso Edit E2E');
    const page = await e2e.newPage({ as: DEMO.admin });
    await openList(page);
    await search(page, patient.identity_number);
    await eventually(() => rows(page).count()).toBe(1);

    await rows(page).first().getByRole('link', { name: 'Ubah' }).click();
    await page.waitForURL((url) => url.pathname === `/master/patients/${patient.id}`);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Edit Pasien' }).waitFor();
    const nameInput = dialog.getByLabel(labelled('Nama Lengkap'));
    await eventually(() => nameInput.inputValue()).toBe('Budi Santoso Edit E2E');
    await expect(dialog.getByLabel(labelled('Nomor Identitas')).inputValue()).resolves.toBe(
      patient.identity_number,
    );
    await expect(dialog.getByLabel(labelled('Tanggal Lahir')).inputValue()).resolves.toBe('1985-11-23');

    await nameInput.fill('Budi Santoso Diubah E2E');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await page.waitForURL((url) => url.pathname === '/master/patients');
    await eventually(() => page.getByRole('dialog').count()).toBe(0);

    await eventually(() => rows(page).allInnerTexts()).toEqual([
      expect.stringContaining('Budi Santoso Diubah E2E'),
    ]);
    const res = await e2e.api(token, `/api/master/patients/${patient.id}`);
    expect(res.body).toMatchObject({
      full_name: 'Budi Santoso Diubah E2E',
      identity_number: patient.identity_number,
      date_of_birth: '1985-11-23',
      gender: 'P',
    });
  });

  it('deletes a patient after confirmation; the row is gone and the API answers 404', async () => {
    const patient = await createViaApi('Dewi Lestari Hapus E2E');
    const page = await e2e.newPage({ as: DEMO.admin });
    await openList(page);
    await search(page, patient.identity_number);
    await eventually(() => rows(page).count()).toBe(1);

    // Cancelling keeps it.
    await rows(page).first().getByRole('button', { name: 'Hapus' }).click();
    let confirm = page.getByRole('dialog');
    await confirm.waitFor();
    await expect(confirm.innerText()).resolves.toContain('Dewi Lestari Hapus E2E');
    await confirm.getByRole('button', { name: /batal/i }).click();
    await eventually(() => page.getByRole('dialog').count()).toBe(0);
    await expect(e2e.api(token, `/api/master/patients/${patient.id}`).then((r) => r.status)).resolves.toBe(
      200,
    );

    await rows(page).first().getByRole('button', { name: 'Hapus' }).click();
    confirm = page.getByRole('dialog');
    await confirm.getByRole('button', { name: /konfirmasi|ya|hapus/i }).click();

    await eventually(() => rows(page).count()).toBe(0);
    await eventually(() => e2e.api(token, `/api/master/patients/${patient.id}`).then((r) => r.status)).toBe(
      404,
    );
    await search(page, 'Dewi Lestari Hapus E2E');
    await eventually(() => rows(page).count()).toBe(0);
  });

  it('no uncaught errors in the pages', () => {
    expect(e2e.pageErrors).toEqual([]);
  });
});
