/**
 * Import through the list's dialog: a patients CSV with two bad rows is checked (the problems
 * by row, nothing written), imported (the bad rows skipped, the list shows the new ones), its
 * rejected rows downloaded, and the job found again after a reload.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { DEMO, SKIP_E2E, eventually, snap, startE2E, type E2E } from './harness';
import { expectNoSeriousA11yViolations } from './axe';
import { NIK_MESSAGES } from '../../src/domain/nik';
import { csv, patientCells, PATIENT_HEADERS } from '../api/import-helper';

const MARK = 'Imporwati';
/** The export's headers, and a column the patients do not have (left out of the import). */
const HEADERS = [...PATIENT_HEADERS, 'Catatan'];
const person = (name: string, dob: string, gender: 'L' | 'P') => [
  ...patientCells(name, dob, gender),
  'pindahan',
];
const ROWS = [
  person(`Ani ${MARK}`, '1990-05-17', 'L'),
  // Row 2: the NIK is a woman's (day + 40), the row says a man.
  person(`Budi ${MARK}`, '1985-02-03', 'P').map((c, i) => (i === 5 ? 'L' : c)),
  person(`Citra ${MARK}`, '1992-07-08', 'P'),
  // Row 4: no such day.
  person(`Dedi ${MARK}`, '1990-05-17', 'L').map((c, i) => (i === 4 ? '31/02/1990' : c)),
  person(`Eka ${MARK}`, '1979-11-30', 'L'),
];
/** Semicolons, a BOM and Windows line ends: as a spreadsheet saves it in Indonesia. */
const FILE = `\uFEFF${csv([HEADERS, ...ROWS], ';')}`;

async function openDialog(page: Page) {
  await page.getByRole('button', { name: 'Impor', exact: true }).click();
  return page.getByRole('dialog', { name: 'Impor Pasien' });
}

describe.skipIf(SKIP_E2E)('import into a list (e2e)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E({ patients: 60 });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('checks a CSV with two bad rows, imports the rest, lists them and downloads the rejected rows', async () => {
    const token = await e2e.apiToken(DEMO.admin);
    const marked = async () =>
      (await e2e.api(token, `/api/master/patients?search=${MARK}&limit=10`)).body.pagination.total;
    const page = await e2e.newPage({ as: DEMO.admin });
    await page.goto('/master/patients');
    await eventually(() => page.locator('table tbody tr').count()).toBeGreaterThan(0);
    const dialog = await openDialog(page);
    await expectNoSeriousA11yViolations(page, 'the empty import dialog');

    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'pasien-baru.csv', mimeType: 'text/csv', buffer: Buffer.from(FILE) });
    // The header read in the browser, each column matched by the export's headers.
    await expect
      .poll(() => dialog.getByRole('combobox', { name: 'Nomor Identitas' }).innerText())
      .toBe('Nomor Identitas');
    expect(await dialog.getByRole('combobox', { name: 'Tanggal Lahir' }).innerText()).toBe('Tanggal Lahir');
    expect(await dialog.getByRole('combobox', { name: 'Catatan' }).innerText()).toBe('Abaikan kolom ini');
    await dialog.getByText('8 dari 9 kolom diimpor').waitFor();

    await dialog.getByRole('button', { name: 'Periksa' }).click();
    await dialog.getByText('Pemeriksaan selesai. Belum ada data yang ditulis.').waitFor();
    const problems = dialog.getByTestId('import-problems').locator('tbody tr');
    await eventually(() => problems.count()).toBe(2);
    const cells = (i: number) => problems.nth(i).locator('td').allInnerTexts();
    expect(await cells(0)).toEqual(['3', 'Nomor Identitas', ROWS[1][2], NIK_MESSAGES.genderMismatch]);
    expect((await cells(1)).slice(0, 3)).toEqual(['5', 'Tanggal Lahir', '31/02/1990']);
    expect(await dialog.getByTestId('import-count-valid').innerText()).toContain('3');
    expect(await dialog.getByTestId('import-count-rejected').innerText()).toContain('2');
    expect(await marked()).toBe(0);
    await snap(page, 'import-checked');
    await expectNoSeriousA11yViolations(page, 'the import dialog after a check');

    await dialog.getByRole('button', { name: 'Impor', exact: true }).click();
    await dialog.getByText('Impor selesai.').waitFor();
    expect(await dialog.getByTestId('import-count-inserted').innerText()).toContain('3');
    expect(await dialog.getByTestId('import-count-rejected').innerText()).toContain('2');
    expect(await marked()).toBe(3);
    await expectNoSeriousA11yViolations(page, 'the import dialog after an import', {
      exclude: ['.MuiSnackbar-root'],
    });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Unduh baris ditolak' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('pasien-baru-ditolak.csv');
    const lines = readFileSync((await download.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe([...HEADERS, 'Kesalahan'].join(','));
    expect(lines[1]).toBe(
      [...ROWS[1], `Baris 3: Nomor Identitas: ${NIK_MESSAGES.genderMismatch}`]
        .map((c) => (/[,;"]/.test(c) ? `"${c}"` : c))
        .join(','),
    );
    expect(lines[2]).toMatch(
      new RegExp(
        `^Dedi ${MARK},KTP,\\d{16},Jakarta,31/02/1990,L,Menikah,BPJS,pindahan,"?Baris 5: Tanggal Lahir: Tanggal tidak valid`,
      ),
    );

    // The list was read again when the import ended: the new patients are on its first page.
    await dialog.getByRole('button', { name: 'Tutup' }).click();
    const table = page.locator('table tbody');
    for (const name of ['Ani', 'Citra', 'Eka']) await table.getByText(`${name} ${MARK}`).waitFor();
    expect(await table.getByText(`Budi ${MARK}`).count()).toBe(0);

    // The job outlives the page: after a reload the dialog shows it again.
    await page.reload();
    const again = await openDialog(page);
    await again.getByText('Impor selesai.').waitFor();
    expect(await again.getByTestId('import-count-inserted').innerText()).toContain('3');
    expect(e2e.pageErrors).toEqual([]);
  });

  it('fits a phone: the dialog fills the screen without sideways scrolling and stays axe clean', async () => {
    const page = await e2e.newPage({ as: DEMO.admin });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/master/patients');
    await eventually(() => page.locator('table tbody tr').count()).toBeGreaterThan(0);
    const dialog = await openDialog(page);
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'pasien.csv', mimeType: 'text/csv', buffer: Buffer.from(FILE) });
    await dialog.getByRole('combobox', { name: 'Catatan' }).waitFor();
    const content = dialog.locator('.MuiDialogContent-root');
    expect(await content.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect((await dialog.boundingBox())!.width).toBe(390);
    await expectNoSeriousA11yViolations(page, 'the import dialog on a phone');
  });
});
