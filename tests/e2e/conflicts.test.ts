/**
 * No lost updates in the console: two people edit one patient; the second save is refused with
 * the conflict shown field by field, and they either take the stored record or save anyway.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { makeNik } from '../../src/domain/nik';
import { DEMO, SKIP_E2E, eventually, labelled, startE2E, type E2E } from './harness';

describe.skipIf(SKIP_E2E)('editing a patient someone else changed (e2e)', () => {
  let e2e: E2E;
  let token: string;
  let seq = 7000;

  const create = async (fullName: string) => {
    const res = await e2e.api(token, '/api/master/patients', {
      method: 'POST',
      body: JSON.stringify({
        full_name: fullName,
        identity_type: 'KTP',
        identity_number: makeNik('31.74.02', '1979-02-14', 'L', seq++),
        place_of_birth: 'Jakarta',
        date_of_birth: '1979-02-14',
        gender: 'L',
        marital_status: 'Menikah',
        phone_number: '081200000001',
        created_by: 'e2e',
      }),
    });
    expect(res.status).toBe(201);
    return res.body as { id: number };
  };

  /** Opens the edit dialog of a patient and waits for its values. */
  const openEdit = async (id: number, name: string) => {
    const page = await e2e.newPage({ as: DEMO.admin });
    await page.goto(`/master/patients/${id}`);
    const dialog = page.getByRole('dialog');
    await eventually(() => dialog.getByLabel(labelled('Nama Lengkap')).inputValue()).toBe(name);
    return { page, dialog };
  };
  const phone = (page: Page) => page.getByRole('dialog').getByLabel(labelled('Nomor Telepon'));
  const fullName = (page: Page) => page.getByRole('dialog').getByLabel(labelled('Nama Lengkap'));

  beforeAll(async () => {
    e2e = await startE2E({ patients: 20 });
    token = await e2e.apiToken(DEMO.admin);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it("shows the conflict with both values; 'Muat ulang' brings the first person's edit", async () => {
    const { id } = await create('Agus Bersamaan');
    const first = await openEdit(id, 'Agus Bersamaan');
    const second = await openEdit(id, 'Agus Bersamaan');

    await phone(first.page).fill('081399999999');
    await first.dialog.getByRole('button', { name: 'Simpan' }).click();
    await eventually(() => first.page.getByRole('dialog').count()).toBe(0);

    await fullName(second.page).fill('Agus Bersamaan Kedua');
    await second.dialog.getByRole('button', { name: 'Simpan' }).click();
    const conflict = second.dialog
      .getByRole('alert')
      .filter({ hasText: 'Data ini telah diubah oleh pengguna lain' });
    await conflict.waitFor();
    // The dialog stays open, and the phone row shows theirs beside mine.
    const row = conflict.locator('tr[data-field="phone_number"]');
    await expect(row.locator('[data-side="theirs"]').innerText()).resolves.toBe('081399999999');
    await expect(row.locator('[data-side="yours"]').innerText()).resolves.toBe('081200000001');
    expect((await e2e.api(token, `/api/master/patients/${id}`)).body.full_name).toBe('Agus Bersamaan');

    await conflict.getByRole('button', { name: 'Muat ulang' }).click();
    await eventually(() => phone(second.page).inputValue()).toBe('081399999999');
    await expect(fullName(second.page).inputValue()).resolves.toBe('Agus Bersamaan');
    // Editing on the current version now saves.
    await fullName(second.page).fill('Agus Bersamaan Kedua');
    await second.dialog.getByRole('button', { name: 'Simpan' }).click();
    await eventually(() => second.page.getByRole('dialog').count()).toBe(0);
    expect((await e2e.api(token, `/api/master/patients/${id}`)).body).toMatchObject({
      full_name: 'Agus Bersamaan Kedua',
      phone_number: '081399999999',
    });
  });

  it("'Simpan tetap' writes the second person's form over the change, knowingly", async () => {
    const { id } = await create('Sari Tetap');
    const mine = await openEdit(id, 'Sari Tetap');
    const other = await e2e.api(token, `/api/master/patients/${id}`, {
      method: 'PATCH',
      body: JSON.stringify({ phone_number: '081377777777' }),
    });
    expect(other.status).toBe(200);

    await phone(mine.page).fill('081366666666');
    await mine.dialog.getByRole('button', { name: 'Simpan' }).click();
    const conflict = mine.dialog
      .getByRole('alert')
      .filter({ hasText: 'Data ini telah diubah oleh pengguna lain' });
    await conflict.waitFor();
    await conflict.getByRole('button', { name: 'Simpan tetap' }).click();
    await eventually(() => mine.page.getByRole('dialog').count()).toBe(0);
    expect((await e2e.api(token, `/api/master/patients/${id}`)).body.phone_number).toBe('081366666666');
  });

  it("refuses deleting a record changed since the list showed it; 'Hapus tetap' deletes it knowingly", async () => {
    const { id } = await create('Rina Hapus Bersamaan');
    const nik = (await e2e.api(token, `/api/master/patients/${id}`)).body.identity_number as string;
    const page = await e2e.newPage({ as: DEMO.admin });
    // Live updates cut off: an open list would otherwise show the change at once (realtime.test.ts).
    await page.route('**/api/events?**', (route) => route.abort());
    await page.goto('/master/patients');
    await page.getByPlaceholder(/Cari/).fill(nik);
    const rows = page.locator('table tbody tr');
    await eventually(() => rows.allInnerTexts()).toEqual([expect.stringContaining('Rina Hapus Bersamaan')]);
    // Someone changes the record after the list showed it.
    await e2e.api(token, `/api/master/patients/${id}`, {
      method: 'PATCH',
      body: JSON.stringify({ phone_number: '081355555555' }),
    });
    await rows.first().getByRole('button', { name: 'Hapus' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /konfirmasi|ya|hapus/i })
      .click();
    const conflict = page.getByRole('dialog').filter({ hasText: 'Data ini telah diubah oleh pengguna lain' });
    await conflict.waitFor();
    await expect(
      conflict.locator('tr[data-field="phone_number"] [data-side="theirs"]').innerText(),
    ).resolves.toBe('081355555555');
    expect((await e2e.api(token, `/api/master/patients/${id}`)).status).toBe(200);
    await conflict.getByRole('button', { name: 'Hapus tetap' }).click();
    await eventually(() => e2e.api(token, `/api/master/patients/${id}`).then((r) => r.status)).toBe(404);
  });
});
