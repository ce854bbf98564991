import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, SKIP_E2E, eventually, snap, startE2E, type E2E } from './harness';
import { expectNoSeriousA11yViolations } from './axe';

/** The words of the JSON-field editor in each language. */
const WORDS = {
  id: {
    edit: /Atur jam operasional & layanan/,
    raw: 'JSON mentah',
    add: 'Tambah isian',
    time: 'Format jam HH:MM (00:00–23:59)',
    check: 'Periksa isian Jam Operasional',
    invalid: 'JSON tidak valid',
    monday: 'Senin',
  },
  en: {
    edit: /Set operating hours & services/,
    raw: 'Raw JSON',
    add: 'Add item',
    time: 'Time as HH:MM (00:00–23:59)',
    check: 'Check the Operating Hours entries',
    invalid: 'Not valid JSON',
    monday: 'Monday',
  },
};

describe.skipIf(SKIP_E2E)('the JSON-field editor (e2e)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E({ patients: 20 });
    const token = await e2e.apiToken(DEMO.super_admin);
    const { body: masters } = await e2e.api(token, '/api/admin/medical-facilities?limit=1');
    const master = (Array.isArray(masters) ? masters : masters.data)[0];
    const created = await e2e.api(token, '/api/admin/simulator/facilities', {
      method: 'POST',
      body: JSON.stringify({
        name: 'RS Simulasi Editor JSON',
        facility_code: 'JSONED',
        type: 'RSUD',
        level: 'Sekunder',
        capacity: 80,
        medical_facility_id: master.id,
        services: ['UGD'],
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  /** Opens the facility's hours and services, checks the form and the raw text, with screenshots. */
  async function editorIn(page: Page, lang: 'id' | 'en', width: number) {
    const w = WORDS[lang];
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/simulator/facilities');
    const row = page.getByRole('row').filter({ hasText: 'JSONED' });
    await row.getByRole('button', { name: w.edit }).click();
    const dialog = page.getByRole('dialog');
    const hours = dialog.locator('[data-json-field="operational_hours"]');
    const services = dialog.locator('[data-json-field="services"]');

    // The generated form: its titles, buttons and the schema's messages in the console's language.
    await hours.getByText(w.monday, { exact: true }).waitFor();
    await services.getByRole('button', { name: w.add }).waitFor();
    await hours.getByRole('textbox').first().fill('25:00');
    await hours.getByText(w.time).first().waitFor();
    await hours.getByText(w.check).waitFor();
    await expect(
      dialog.getByRole('button', { name: lang === 'id' ? 'Simpan' : 'Save' }).isDisabled(),
    ).resolves.toBe(true);
    await snap(page, `json-field-form-${lang}-${width}`);
    await expectNoSeriousA11yViolations(page, `JSON editor form (${lang}, ${width} px)`, {
      include: '[role="dialog"]',
    });
    await hours.getByRole('textbox').first().fill('07:30');
    await hours.getByRole('textbox').nth(1).fill('16:00');
    await eventually(() => hours.getByText(w.check).count()).toBe(0);

    // Raw JSON: text that is not JSON is an error next to the field.
    await services.getByLabel(w.raw).check();
    await services.getByRole('textbox').fill('["UGD", ');
    await services.getByText(w.invalid).waitFor();
    await snap(page, `json-field-raw-${lang}-${width}`);
    await expectNoSeriousA11yViolations(page, `JSON editor raw (${lang}, ${width} px)`, {
      include: '[role="dialog"]',
    });
    await services.getByRole('textbox').fill('["UGD", "Farmasi"]');
    await eventually(() => services.getByText(w.invalid).count()).toBe(0);
    // The page never scrolls sideways, not even on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await dialog.getByRole('button', { name: lang === 'id' ? 'Batal' : 'Cancel' }).click();
  }

  it('Indonesian: form and raw JSON at 1400 and 390 px', async () => {
    const page = await e2e.newPage({ as: DEMO.super_admin });
    await editorIn(page, 'id', 1400);
    await editorIn(page, 'id', 390);
  });

  it('English: form and raw JSON at 1400 and 390 px', async () => {
    const page = await e2e.newPage({ as: DEMO.super_admin });
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Bahasa Indonesia' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByText('Sign out').waitFor();
    await editorIn(page, 'en', 1400);
    await editorIn(page, 'en', 390);
  });
});
