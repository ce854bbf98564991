import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  DEMO,
  SKIP_E2E,
  chooseOption,
  eventually,
  labelled,
  pathOf,
  snap,
  startE2E,
  type E2E,
} from './harness';
import { expectNoSeriousA11yViolations } from './axe';
import { screenReady } from './waits';

const API = '/api/master/appointments';
const rows = (page: Page) => page.locator('table tbody tr');
const rangeInfo = (page: Page) => page.locator('.MuiTablePagination-displayedRows').innerText();
const listFilter = (page: Page) => JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}');

async function openList(page: Page) {
  await page.goto('/master/appointments');
  await page.locator('th', { hasText: /^Tipe Pasien$/ }).waitFor();
  await eventually(() => rows(page).count()).toBeGreaterThan(0);
}

describe.skipIf(SKIP_E2E)('master appointments (e2e)', () => {
  let e2e: E2E;
  let admin: string;

  const apiList = async (token: string, query: Record<string, string>) => {
    const res = await e2e.api(token, `${API}?${new URLSearchParams(query)}`);
    expect(res.status).toBe(200);
    return res.body as { data: any[]; pagination: { total: number } };
  };

  beforeAll(async () => {
    e2e = await startE2E({ patients: 60 });
    admin = await e2e.apiToken(DEMO.admin);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('shows the columns, ten rows, the total, and no serious accessibility violation', async () => {
    const page = await e2e.newPage({ as: DEMO.admin });
    await openList(page);
    const headers = (await page.getByRole('columnheader').allInnerTexts()).map((h) => h.trim());
    expect(headers).toEqual([
      'Pasien',
      'Jadwal',
      'Fasilitas',
      'Poli',
      'Asuransi',
      'Antrean',
      'Tipe Pasien',
      'Perjalanan',
      'Aksi',
    ]);
    const { pagination, data } = await apiList(admin, { limit: '10' });
    await eventually(() => rows(page).count()).toBe(10);
    await eventually(() => rangeInfo(page)).toBe(`1-10 dari ${pagination.total.toLocaleString('id-ID')}`);
    await expect(rows(page).first().innerText()).resolves.toContain(data[0].name);
    await expectNoSeriousA11yViolations(page, 'master appointments');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'appointments-390');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });

  it('the insurance filter shows only that insurance and the facility filter only that facility', async () => {
    const page = await e2e.newPage({ as: DEMO.admin });
    await openList(page);
    const umum = await apiList(admin, { health_insurance: 'Umum', limit: '1' });
    await chooseOption(page, page, 'Jenis Asuransi', 'Umum');
    await eventually(() => listFilter(page)).toEqual({ health_insurance: 'Umum' });
    await eventually(() => rangeInfo(page)).toBe(
      `1-${Math.min(10, umum.pagination.total)} dari ${umum.pagination.total.toLocaleString('id-ID')}`,
    );
    const cells = await rows(page).locator('td:nth-child(5)').allInnerTexts();
    expect(cells.every((c) => c.trim() === 'Umum')).toBe(true);

    const facilities = (await e2e.api(admin, `${API}/filter-options`)).body.medical_facilities;
    const tarakan = facilities.find((f: any) => f.name === 'RSUD Tarakan');
    await chooseOption(page, page, 'Fasilitas Kesehatan', 'RSUD Tarakan');
    await eventually(() => listFilter(page)).toEqual({
      health_insurance: 'Umum',
      medical_facility_id: tarakan.id,
    });
    const both = await apiList(admin, {
      health_insurance: 'Umum',
      medical_facility_id: String(tarakan.id),
      limit: '1',
    });
    await eventually(() => rangeInfo(page).catch(() => '')).toBe(
      both.pagination.total ? `1-${Math.min(10, both.pagination.total)} dari ${both.pagination.total}` : '',
    );
  });

  it("'Lihat Perjalanan' lists the events of an appointment, and says so when there are none", async () => {
    const page = await e2e.newPage({ as: DEMO.admin });
    await openList(page);
    const first = (await apiList(admin, { limit: '1' })).data[0];
    const events = (await e2e.api(admin, `${API}/${first.id}/journeys`)).body as any[];
    await rows(page).first().getByRole('button', { name: 'Lihat Perjalanan' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: new RegExp(`Perjalanan Pasien: ${first.name}`) }).waitFor();
    if (events.length) {
      await eventually(() => dialog.locator('tbody tr').count()).toBe(events.length);
      const text = await dialog.innerText();
      expect(text).toContain(events[0].title);
      expect(text).toMatch(/Selesai|Berlangsung/);
      expect(text).toMatch(/\d+m|N\/A/);
      // 'Ym' under an hour, 'Xh Ym' from it (spec): never '0h 21m'.
      expect(text).not.toMatch(/\b0h \d+m/);
      const short = events.find((e) => e.duration_minutes != null && e.duration_minutes < 60);
      if (short) expect(text).toContain(`${Math.round(short.duration_minutes)}m`);
    } else {
      await dialog.getByText('Belum ada data perjalanan untuk janji temu ini.').waitFor();
    }
    await expectNoSeriousA11yViolations(page, 'journey dialog');
    await dialog.getByRole('button', { name: 'Tutup' }).click();
    await eventually(() => page.getByRole('dialog').count()).toBe(0);

    // A new appointment has no journey yet.
    const created = await e2e.api(admin, API, {
      method: 'POST',
      body: JSON.stringify({
        nik: '3171011705900002',
        name: 'Aaaa Tanpa Perjalanan',
        scheduled_date: '2099-01-01T02:00:00.000Z',
        medical_facility_id: first.medical_facility_id,
        poly_code: 'UMU',
        health_insurance: 'Umum',
        created_by: 'e2e',
      }),
    });
    expect(created.status).toBe(201);
    await page.reload();
    await eventually(() => rows(page).first().innerText()).toContain('Aaaa Tanpa Perjalanan');
    await rows(page).first().getByRole('button', { name: 'Lihat Perjalanan' }).click();
    await page.getByRole('dialog').getByText('Belum ada data perjalanan untuk janji temu ini.').waitFor();
  });

  it('creates an appointment through the dialog, refusing an end before the start, then edits and deletes it', async () => {
    const page = await e2e.newPage({ as: DEMO.admin });
    await openList(page);
    await page.getByRole('link', { name: 'Tambah' }).click();
    await page.waitForURL((u) => u.pathname === '/master/appointments/create');
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(labelled('NIK')).fill('3171011705900003');
    await dialog.getByLabel(labelled('Nama Pasien')).fill('Budi Dialog Janji');
    await chooseOption(page, dialog, 'Fasilitas Kesehatan', 'RSUD Tarakan');
    await dialog.getByLabel(labelled('Jadwal')).fill('2099-02-03T09:00');
    await dialog.getByLabel(labelled('Jam Mulai')).fill('10:00');
    await dialog.getByLabel(labelled('Jam Selesai')).fill('09:30');
    await dialog.getByLabel(labelled('Kode Poli')).fill('ANA');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await eventually(() => dialog.getByText('Jam selesai harus setelah jam mulai').count()).toBe(1);
    expect(pathOf(page)).toBe('/master/appointments/create');

    await dialog.getByLabel(labelled('Jam Selesai')).fill('11:00');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await page.waitForURL((u) => u.pathname === '/master/appointments');
    const found = await apiList(admin, { search: 'Budi Dialog Janji' });
    expect(found.pagination.total).toBe(1);
    expect(found.data[0]).toMatchObject({
      nik: '3171011705900003',
      start_time: '10:00',
      end_time: '11:00',
      poly_code: 'ANA',
      health_insurance: 'Umum',
      created_by: 'admin',
    });
    const id = found.data[0].id;

    await page.goto(`/master/appointments/${id}`);
    const edit = page.getByRole('dialog');
    // The form shows the stored record first; typing before it arrives would be overwritten.
    await eventually(() => edit.getByLabel(labelled('Nama Pasien')).inputValue()).toBe('Budi Dialog Janji');
    await edit.getByLabel(labelled('Nama Pasien')).fill('Budi Dialog Diubah');
    await edit.getByRole('button', { name: 'Simpan' }).click();
    await page.waitForURL((u) => u.pathname === '/master/appointments');
    await eventually(
      async () => (await apiList(admin, { search: 'Budi Dialog Diubah' })).pagination.total,
    ).toBe(1);

    await page.getByPlaceholder('Cari nama pasien atau NIK').fill('Budi Dialog Diubah');
    // The row found by the search, once the list has settled (not the list it replaces).
    const row = rows(page).filter({ hasText: 'Budi Dialog Diubah' });
    await eventually(() => rows(page).count()).toBe(1);
    await row.waitFor();
    await screenReady(page);
    await row.getByRole('button', { name: 'Hapus' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Konfirmasi|Ya|Hapus/ })
      .last()
      .click();
    await eventually(async () => (await e2e.api(admin, `${API}/${id}`)).status).toBe(404);
  });

  it('a medical_facility user sees only their facility, preselected and fixed in the dialog', async () => {
    const token = await e2e.apiToken(DEMO.medical_facility);
    const me = (await e2e.api(token, '/api/auth/me')).body;
    const page = await e2e.newPage({ as: DEMO.medical_facility });
    await openList(page);
    const mine = await apiList(token, { limit: '100' });
    expect(mine.data.every((r) => r.medical_facility_id === me.medical_facility_id)).toBe(true);
    await eventually(() => rangeInfo(page)).toBe(
      `1-${Math.min(10, mine.pagination.total)} dari ${mine.pagination.total}`,
    );
    await page.getByRole('link', { name: 'Tambah' }).click();
    const dialog = page.getByRole('dialog');
    const facility = dialog.getByRole('combobox', { name: /^Fasilitas Kesehatan/ });
    const own = (await e2e.api(token, `/api/admin/medical-facilities?ids=${me.medical_facility_id}`)).body
      .data[0];
    await eventually(() => facility.inputValue()).toBe(own.name);
    await expect(facility.isDisabled()).resolves.toBe(true);
    await expectNoSeriousA11yViolations(page, 'appointment dialog (facility user)');
  });
});
