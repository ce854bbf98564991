/**
 * Import below an integrated facility: the Parameters and Connections tabs have 'Impor' beside
 * their add button; a parameters CSV with one bad row goes under the facility picked, the tab
 * lists the new rows; the dialog is axe clean, in Indonesian and English, wide and on a phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, SKIP_E2E, eventually, snap, startE2E, type E2E } from './harness';
import { expectNoSeriousA11yViolations } from './axe';
import { csv } from '../api/import-helper';

const INTEGRATED = '/master/medical-facilities-integrated';
const FILE = csv([
  ['Tipe', 'Nilai', 'Deskripsi', 'Flag Poli'],
  ['POLI', 'UMU', 'Poli Umum Impor', 'Y'],
  ['POLI', '', 'Tanpa nilai', ''],
  ['POLI', 'GIG', 'Poli Gigi Impor', ''],
]);

describe.skipIf(SKIP_E2E)('import below an integrated facility (e2e)', () => {
  let e2e: E2E;
  let facility: { id: number; name: string };

  beforeAll(async () => {
    e2e = await startE2E({ patients: 20 });
    const token = await e2e.apiToken(DEMO.admin);
    const res = await e2e.api(token, '/api/master/medical-facilities', {
      method: 'POST',
      body: JSON.stringify({
        name: 'Klinik Impor Parameter',
        email: 'klinik.impor@e2e.example',
        password: 'rahasia-123',
        type: 'KLINIK',
      }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    facility = res.body as { id: number; name: string };
  });
  afterAll(async () => {
    await e2e?.close();
  });

  async function openFacility(page: Page) {
    await page.goto(INTEGRATED);
    await page.getByLabel('Cari nama, email, telepon').fill('Impor Parameter');
    await page
      .getByRole('list', { name: 'Fasilitas Kesehatan' })
      .getByRole('button', { name: /Klinik Impor Parameter/ })
      .click();
    await page.locator(`[data-selected-facility="${facility.id}"]`).waitFor();
  }

  it("imports a facility's parameters through the tab's dialog, the bad row rejected", async () => {
    const page = await e2e.newPage({ as: DEMO.admin });
    await openFacility(page);
    await page.getByText('Belum ada parameter').waitFor();
    await page.getByRole('button', { name: 'Impor', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Impor Parameter Fasilitas' });
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'parameter.csv', mimeType: 'text/csv', buffer: Buffer.from(FILE) });
    // The tab's own headers are the fields' names.
    await expect.poll(() => dialog.getByRole('combobox', { name: 'Nilai' }).innerText()).toBe('Nilai');
    expect(await dialog.getByRole('combobox', { name: 'Flag Poli' }).innerText()).toBe('Flag Poli');
    await expectNoSeriousA11yViolations(page, 'the parameters import dialog');
    await snap(page, 'import-params-dialog');

    await dialog.getByRole('button', { name: 'Impor', exact: true }).click();
    await dialog.getByText('Impor selesai.').waitFor();
    expect(await dialog.getByTestId('import-count-inserted').innerText()).toContain('2');
    expect(await dialog.getByTestId('import-count-rejected').innerText()).toContain('1');
    const problems = dialog.getByTestId('import-problems').locator('tbody tr');
    await eventually(() => problems.count()).toBe(1);
    expect((await problems.first().locator('td').allInnerTexts()).slice(0, 2)).toEqual(['3', 'Nilai']);
    await dialog.getByRole('button', { name: 'Tutup' }).click();

    // The tab reads its rows again when the import ends: they are this facility's.
    const table = page.getByRole('table', { name: 'Parameter' });
    await table.getByText('Poli Umum Impor').waitFor();
    await table.getByText('Poli Gigi Impor').waitFor();
    const token = await e2e.apiToken(DEMO.admin);
    const stored = await e2e.api(token, `/api/master/medical-facilities/${facility.id}/params`);
    expect((stored.body as { value: string }[]).map((p) => p.value).sort()).toEqual(['GIG', 'UMU']);

    // The connections tab has its own import, below the same facility.
    await page.getByRole('tab', { name: 'Koneksi' }).click();
    await page.getByText('Belum ada koneksi').waitFor();
    await page.getByRole('button', { name: 'Impor', exact: true }).click();
    await page.getByRole('dialog', { name: 'Impor Koneksi Fasilitas' }).waitFor();
    await snap(page, 'import-connections-dialog');
    expect(e2e.pageErrors).toEqual([]);
  });

  it('shows the import in English and fits a phone', async () => {
    const page = await e2e.newPage({ as: DEMO.admin });
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Bahasa Indonesia' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(INTEGRATED);
    await page.getByLabel(/Search/).fill('Impor Parameter');
    await page.getByRole('button', { name: /Klinik Impor Parameter/ }).click();
    await page.locator(`[data-selected-facility="${facility.id}"]`).waitFor();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Facility Parameters' });
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'parameter.csv', mimeType: 'text/csv', buffer: Buffer.from(FILE) });
    await expect.poll(() => dialog.getByRole('combobox', { name: 'Nilai' }).innerText()).toBe('Value');
    expect((await dialog.boundingBox())!.width).toBe(390);
    const content = dialog.locator('.MuiDialogContent-root');
    expect(await content.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expectNoSeriousA11yViolations(page, 'the parameters import dialog on a phone, in English');
    await snap(page, 'import-params-phone-en');
  });
});
