import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, SKIP_E2E, eventually, snap, startE2E, type E2E } from './harness';
import { expectNoSeriousA11yViolations } from './axe';

const dialog = (page: Page) => page.getByRole('dialog');
const entries = (page: Page) => dialog(page).getByRole('list').getByRole('listitem');

describe.skipIf(SKIP_E2E)("the patient dialog's access history (e2e)", () => {
  let e2e: E2E;
  let patientId: number;
  let ownPatientId: number;

  /** Opens the patient's dialog and waits for the record; the log rows written so far are flushed. */
  const openPatient = async (page: Page, id: number) => {
    const record = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/master/patients/${id}`);
    await page.goto(`/master/patients/${id}`);
    expect((await record).status()).toBe(200);
    await dialog(page).getByRole('textbox').first().waitFor();
    await e2e.app.logs.flush();
  };

  beforeAll(async () => {
    e2e = await startE2E({ patients: 20 });
    const { rows } = await e2e.db.query<{ id: number }>('SELECT id FROM patients ORDER BY id LIMIT 1');
    patientId = rows[0].id;
    const own = await e2e.db.query<{ id: number }>(
      `UPDATE patients SET medical_facility_id = (SELECT medical_facility_id FROM web_admins WHERE email = $1)
        WHERE id = (SELECT max(id) FROM patients) RETURNING id`,
      [DEMO.medical_facility],
    );
    ownPatientId = own.rows[0].id;
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('shows who opened the record, an empty state and pages, in Indonesian and English, at 390 px', async () => {
    const page = await e2e.newPage({ as: DEMO.admin });
    await openPatient(page, patientId);
    // Nothing recorded yet: the opening above is taken away again.
    await e2e.db.query('DELETE FROM patient_access_logs WHERE patient_id = $1', [patientId]);
    await dialog(page).getByRole('tab', { name: 'Riwayat Akses' }).click();
    await dialog(page).getByText('Belum ada akses tercatat').waitFor();

    // Back to the form, which kept its place, then another user opens the record twelve times.
    await dialog(page).getByRole('tab', { name: 'Data Pasien' }).click();
    await dialog(page).getByRole('textbox').first().waitFor();
    const token = await e2e.apiToken(DEMO.super_admin);
    for (let i = 0; i < 12; i++) {
      const res = await e2e.api(token, `/api/master/patients/${patientId}`, {
        headers: { 'x-screen': `/s${i}` },
      });
      expect(res.status).toBe(200);
    }
    await e2e.app.logs.flush();
    await dialog(page).getByRole('tab', { name: 'Riwayat Akses' }).click();
    await eventually(() => entries(page).count()).toBe(10);
    const first = entries(page).first();
    await first.getByText('Membuka data pasien').waitFor();
    await first.getByText('Layar /s11 · GET /api/master/patients/:id').waitFor();
    await first.getByText('127.0.0.1').waitFor();
    await first.getByText(DEMO.super_admin).waitFor();
    await dialog(page).getByText('1-10 dari 12').waitFor();
    await expectNoSeriousA11yViolations(page, 'access history (id, wide)');
    await snap(page, 'patient-access-wide-id');

    await dialog(page).getByRole('button', { name: 'Ke halaman berikutnya' }).click();
    await eventually(() => entries(page).count()).toBe(2);
    await dialog(page).getByText('11-12 dari 12').waitFor();
    await entries(page).last().getByText('Layar /s0 · GET /api/master/patients/:id').waitFor();

    // A phone, in English.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Bahasa Indonesia' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByText('Sign out').waitFor({ state: 'attached' });
    await page.setViewportSize({ width: 390, height: 844 });
    await openPatient(page, patientId);
    await dialog(page).getByRole('tab', { name: 'Access History' }).click();
    await entries(page).first().getByText('Opened the patient record').waitFor();
    await dialog(page).getByText('1-10 of 13').waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page, 'access history (en, 390 px)');
    await snap(page, 'patient-access-390-en');
    // On a phone the form's Cancel is out of sight on this tab: it has its own Close.
    await dialog(page).getByRole('button', { name: 'Close', exact: true }).click();
    await dialog(page).waitFor({ state: 'detached' });
  });

  it('is not offered to a facility user', async () => {
    const page = await e2e.newPage({ as: DEMO.medical_facility });
    await openPatient(page, ownPatientId);
    expect(await dialog(page).getByRole('tab').count()).toBe(0);
    const { rows } = await e2e.db.query('SELECT action FROM patient_access_logs WHERE patient_id = $1', [
      ownPatientId,
    ]);
    expect(rows).toEqual([{ action: 'VIEW' }]);
  });
});
