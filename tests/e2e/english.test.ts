import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, SKIP_E2E, eventually, snap, startE2E, type E2E } from './harness';

/** Every screen that exists for an admin, by path, with a text its English version shows. */
const SCREENS: [string, string][] = [
  ['/dashboard', 'Total Patients'],
  ['/patients', 'Patient Data Analysis'],
  ['/appointments', 'Appointment'],
  ['/medical-facilities', 'Facilit'],
  ['/emergency-reports', 'Emergenc'],
  ['/mental-health', 'Mental Health'],
  ['/geographic', 'Geographic'],
  ['/master/appointments', 'Patient Type'],
  ['/master/emergencies', 'Add'],
  ['/master/users', 'Add'],
  ['/master/delivery', 'Add'],
  ['/master/poli', 'Add'],
  ['/master/medical-facilities', 'Add'],
  ['/api-simulator', 'Send a request to see its response here.'],
  // Last: its pagination is checked below.
  ['/master/patients', 'Patient'],
];

/** Texts of the Indonesian console that must not remain once English is chosen. */
const INDONESIAN = ['Keluar', 'Terjadi kesalahan', 'Data Pasien', ' dari '];

const main = (page: Page) => page.locator('#main-content, main').first();

describe.skipIf(SKIP_E2E)('the console in English (e2e)', () => {
  let e2e: E2E;

  beforeAll(async () => {
    e2e = await startE2E({ patients: 60 });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('opens every screen in English after choosing it in the header, without errors', async () => {
    const page = await e2e.newPage({ as: DEMO.admin });
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await page.goto('/dashboard');
    await page.getByTestId('sidebar-menu').waitFor();
    await page.getByRole('button', { name: 'Bahasa Indonesia' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByText('Sign out').waitFor();

    for (const [path, text] of SCREENS) {
      await page.goto(path);
      await page.getByTestId('sidebar-menu').waitFor();
      await main(page).getByText(text).first().waitFor();
      await page.waitForLoadState('networkidle');
      const body = await page.locator('body').innerText();
      expect(body, path).not.toContain('Something went wrong');
      for (const word of INDONESIAN) expect(body, `${path}: ${word}`).not.toContain(word);
      await snap(page, `en${path.replace(/\//g, '-')}`);
    }
    await eventually(() => page.locator('.MuiTablePagination-displayedRows').innerText()).toMatch(
      /^1-10 of 6\d$/,
    );
    expect(errors).toEqual([]);
  });

  it("checks a form in English: the dialog's own messages follow the console's language", async () => {
    const page = await e2e.newPage({ as: DEMO.super_admin });
    await page.addInitScript(() => window.localStorage.setItem('RaStore.locale', '"en"'));
    await page.goto('/master/poli');
    await main(page).getByRole('link', { name: 'Add' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Required').first().waitFor();
    await dialog.getByRole('textbox').first().fill('umum 1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Only capital letters, digits, underscores (_) or hyphens (-)').waitFor();
    const text = await dialog.innerText();
    expect(text).not.toContain('Wajib diisi');
    expect(text).not.toContain('Hanya huruf');
  });

  it('shows the sign-in page in English once English was chosen', async () => {
    const page = await e2e.newPage();
    await page.addInitScript(() => window.localStorage.setItem('RaStore.locale', '"en"'));
    await page.goto('/login');
    await page.getByRole('button', { name: 'SIGN IN' }).waitFor();
    expect(await page.locator('body').innerText()).not.toContain('Something went wrong');
  });
});
