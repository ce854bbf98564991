import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { makeNik } from '../../src/domain/nik';
import { DEMO, SKIP_E2E, chooseOption, eventually, labelled, startE2E, type E2E } from './harness';

const rows = (page: Page) => page.locator('table tbody tr');
const rangeInfo = (page: Page) => page.locator('.MuiTablePagination-displayedRows').innerText();

async function openList(page: Page) {
  await page.goto('/master/patients');
  await page.getByRole('columnheader', { name: 'Info Pasien' }).waitFor();
  await eventually(() => rows(page).count()).toBeGreaterThan(0);
}

describe.skipIf(SKIP_E2E)('master patients as a medical facility operator (e2e)', () => {
  let e2e: E2E;
  let token: string;
  let facility: { id: number; name: string };

  beforeAll(async () => {
    e2e = await startE2E({ patients: 60 });
    token = await e2e.apiToken(DEMO.medical_facility);
    const me = await e2e.api(token, '/api/auth/me');
    expect(me.body.role).toBe('medical_facility');
    const { rows: f } = await e2e.db.query<{ id: number; name: string }>(
      'SELECT id, name FROM medical_facilities WHERE id = $1',
      [me.body.medical_facility_id],
    );
    facility = f[0];
    expect(facility.name).toBe('Puskesmas Kecamatan Gambir');
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it("lists only the facility's patients: the total is the API's for this user, not all patients", async () => {
    const res = await e2e.api(token, '/api/master/patients?limit=10');
    expect(res.status).toBe(200);
    const total = res.body.pagination.total as number;
    const { rows: counts } = await e2e.db.query<{ mine: number; all: number }>(
      'SELECT count(*) FILTER (WHERE medical_facility_id = $1)::int AS mine, count(*)::int AS "all" FROM patients',
      [facility.id],
    );
    expect(total).toBe(counts[0].mine);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(counts[0].all);

    const page = await e2e.newPage({ as: DEMO.medical_facility });
    await openList(page);
    await eventually(() => rangeInfo(page)).toBe(`1-${Math.min(total, 10)} dari ${total}`);
    await expect(rows(page).count()).resolves.toBe(Math.min(total, 10));
    // The same patients the API gives this user, in the same order.
    const shown = await rows(page).allInnerTexts();
    res.body.data.forEach((p: any, i: number) => expect(shown[i]).toContain(p.identity_number));

    // A patient of another facility cannot be found by searching.
    const { rows: other } = await e2e.db.query<{ identity_number: string }>(
      'SELECT identity_number FROM patients WHERE medical_facility_id <> $1 LIMIT 1',
      [facility.id],
    );
    await page.getByPlaceholder('Cari nama, NIK, telepon, email').fill(other[0].identity_number);
    await eventually(() => new URL(page.url()).searchParams.get('filter')).toContain(
      other[0].identity_number,
    );
    await eventually(() => rows(page).count()).toBe(0);
  });

  it('the add dialog preselects their facility and locks it; the saved patient belongs to it', async () => {
    const page = await e2e.newPage({ as: DEMO.medical_facility });
    await openList(page);
    await page.getByRole('link', { name: 'Tambah' }).click();
    await page.waitForURL((url) => url.pathname === '/master/patients/create');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Tambah Pasien' }).waitFor();

    const select = dialog.getByRole('combobox', { name: /^Fasilitas Kesehatan/ });
    await eventually(() => select.inputValue()).toBe(facility.name);
    await expect(select.isDisabled()).resolves.toBe(true);
    // Clicking it opens no list of other facilities.
    await select.click({ force: true });
    await page.waitForTimeout(300);
    await expect(page.getByRole('listbox').count()).resolves.toBe(0);

    const nik = makeNik('31.71.01', '2001-02-03', 'L', 7777);
    await dialog.getByLabel(labelled('Nama Lengkap')).fill('Andi Faskes E2E');
    await dialog.getByLabel(labelled('Nomor Identitas')).fill(nik);
    await dialog.getByLabel(labelled('Tempat Lahir')).fill('Jakarta');
    await dialog.getByLabel(labelled('Tanggal Lahir')).fill('2001-02-03');
    await chooseOption(page, dialog, 'Jenis Kelamin', 'Laki-laki');
    await chooseOption(page, dialog, 'Status Pernikahan', 'Belum Menikah');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await page.waitForURL((url) => url.pathname === '/master/patients');
    await eventually(() => page.getByRole('dialog').count()).toBe(0);

    const found = await e2e.api(token, `/api/master/patients?search=${nik}`);
    expect(found.body.pagination.total).toBe(1);
    expect(found.body.data[0]).toMatchObject({
      full_name: 'Andi Faskes E2E',
      medical_facility_id: facility.id,
      created_by: 'faskes',
    });
    await eventually(() => rows(page).first().innerText()).toContain('Andi Faskes E2E');
  });

  it('no uncaught errors in the pages', () => {
    expect(e2e.pageErrors).toEqual([]);
  });
});
