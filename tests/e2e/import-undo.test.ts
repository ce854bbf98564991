/**
 * Undoing an import from its job in the list's dialog: asked first, then the new clinic is gone
 * from the list and the updated one has its description back; an import one of whose rows was
 * changed since is refused, the row named, nothing changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, SKIP_E2E, eventually, startE2E, type E2E } from './harness';
import { expectNoSeriousA11yViolations } from './axe';
import { csv } from '../api/import-helper';

const HEADERS = ['Kode Poli', 'Nama Poli', 'Deskripsi', 'Tersedia BPJS', 'Aktif'];

describe.skipIf(SKIP_E2E)('undo an import (e2e)', () => {
  let e2e: E2E;
  let token: string;
  const poli = async (code: string) =>
    (await e2e.api(token, `/api/master/poli?search=${code}&limit=10`)).body.data as Record<string, any>[];

  beforeAll(async () => {
    e2e = await startE2E({ patients: 20 });
    token = await e2e.apiToken(DEMO.admin);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  /** Opens the import dialog, imports these rows and waits for the end. */
  async function importRows(page: Page, name: string, rows: string[][]) {
    await page.getByRole('button', { name: 'Impor', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /^Impor / });
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv([HEADERS, ...rows])) });
    await dialog.getByText('5 dari 5 kolom diimpor').waitFor();
    await dialog.getByRole('button', { name: 'Impor', exact: true }).click();
    await dialog.getByText('Impor selesai.').waitFor();
    return dialog;
  }

  it('asks, then deletes what the import created and gives back what it updated', async () => {
    const created = await e2e.api(token, '/api/master/poli', {
      method: 'POST',
      body: JSON.stringify({
        poly_code: 'URG1',
        poly_name: 'Poli Urung Satu',
        description: 'Sebelum impor',
        is_bpjs_available: true,
        is_active: true,
      }),
    });
    expect(created.status).toBe(201);
    const page = await e2e.newPage({ as: DEMO.admin });
    await page.goto(`/master/poli?filter=${encodeURIComponent(JSON.stringify({ q: 'URG' }))}`);
    const table = page.locator('table tbody');
    await table.getByText('Poli Urung Satu').waitFor();
    const dialog = await importRows(page, 'poli-urung.csv', [
      ['URG1', 'Poli Urung Satu', 'Sesudah impor', 'Ya', 'Aktif'],
      ['URG2', 'Poli Urung Dua', 'Baru', 'Tidak', 'Aktif'],
    ]);
    expect((await poli('URG')).map((p) => p.poly_code).sort()).toEqual(['URG1', 'URG2']);
    await table.getByText('Poli Urung Dua').waitFor();

    await expectNoSeriousA11yViolations(page, 'the finished import with its undo', {
      exclude: ['.MuiSnackbar-root'],
    });
    await dialog.getByRole('button', { name: 'Batalkan impor' }).click();
    const confirm = page.getByRole('dialog', { name: 'Batalkan impor poli-urung.csv?' });
    await confirm
      .getByText(/Data baru dari impor ini \(1\) dihapus dan data yang diperbarui \(1\)/)
      .waitFor();
    await expectNoSeriousA11yViolations(page, 'the undo question', { exclude: ['.MuiSnackbar-root'] });
    await confirm.getByRole('button', { name: 'Ya, batalkan impor' }).click();
    await dialog.getByText('Impor ini sudah dibatalkan', { exact: false }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Batalkan impor' }).count()).toBe(0);
    const left = await poli('URG');
    expect(left.map((p) => [p.poly_code, p.description])).toEqual([['URG1', 'Sebelum impor']]);
    await expectNoSeriousA11yViolations(page, 'the undone import', { exclude: ['.MuiSnackbar-root'] });

    // The list was read again: the clinic the import created is gone from it.
    await dialog.getByRole('button', { name: 'Tutup' }).click();
    await table.getByText('Poli Urung Satu').waitFor();
    await eventually(() => table.getByText('Poli Urung Dua').count()).toBe(0);
    expect(e2e.pageErrors).toEqual([]);
  });

  it('refuses when a row was changed since, naming it, and changes nothing', async () => {
    const page = await e2e.newPage({ as: DEMO.admin });
    await page.goto('/master/poli');
    await eventually(() => page.locator('table tbody tr').count()).toBeGreaterThan(0);
    const dialog = await importRows(page, 'poli-ubah.csv', [
      ['URH1', 'Poli Ubah Satu', 'Impor', 'Ya', 'Aktif'],
      ['URH2', 'Poli Ubah Dua', 'Impor', 'Ya', 'Aktif'],
    ]);
    const [changed] = await poli('URH2');
    const edit = await e2e.api(token, `/api/master/poli/${changed.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ description: 'Diubah sesudah impor' }),
    });
    expect(edit.status).toBe(200);

    await dialog.getByRole('button', { name: 'Batalkan impor' }).click();
    const confirm = page.getByRole('dialog', { name: 'Batalkan impor poli-ubah.csv?' });
    await confirm.getByRole('button', { name: 'Ya, batalkan impor' }).click();
    await confirm
      .getByRole('alert')
      .getByText('Impor tidak dapat dibatalkan: 1 baris telah diubah atau dihapus sesudah impor (URH2).', {
        exact: false,
      })
      .waitFor();
    await expectNoSeriousA11yViolations(page, 'the refused undo', { exclude: ['.MuiSnackbar-root'] });
    await confirm.getByRole('button', { name: 'Jangan batalkan' }).click();
    expect((await poli('URH')).map((p) => [p.poly_code, p.description])).toEqual([
      ['URH1', 'Impor'],
      ['URH2', 'Diubah sesudah impor'],
    ]);
    expect(e2e.pageErrors).toEqual([]);
  });
});
