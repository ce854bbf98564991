import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, SKIP_E2E, eventually, pathOf, snap, startE2E, type E2E } from './harness';

/** The pagination's '1-10 dari 5.000'. */
const rangeInfo = (page: Page) => page.locator('.MuiTablePagination-displayedRows');
const rows = (page: Page) => page.locator('table tbody tr');

describe.skipIf(SKIP_E2E)('master screens as a user expects them (e2e)', () => {
  let e2e: E2E;

  beforeAll(async () => {
    // The demo city's patient count, so the pagination shows a grouped thousand.
    e2e = await startE2E({ patients: 5000 });
  }, 300_000);
  afterAll(async () => {
    await e2e?.close();
  });

  it("writes the patient list's total the Indonesian way: '1-10 dari 5.000'", async () => {
    const page = await e2e.newPage({ as: DEMO.admin });
    await page.goto('/master/patients');
    await eventually(() => rows(page).count()).toBe(10);
    await eventually(() => rangeInfo(page).innerText()).toBe('1-10 dari 5.000');
    await snap(page, 'master-patients-id-1440');
  });

  it('a failed list load shows an alert that can be dismissed, and no pagination counts', async () => {
    const page = await e2e.newPage({ as: DEMO.admin });
    await page.route('**/api/master/patients?**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Internal Server Error', message: 'Database unavailable' }),
      }),
    );
    await page.goto('/master/patients');
    const alert = page.getByRole('alert').filter({ hasText: 'Gagal mengambil data pasien' });
    await alert.waitFor();
    await snap(page, 'master-patients-error');
    expect(await page.getByText(/\bdari\b/).count()).toBe(0);
    await alert.getByRole('button', { name: 'Tutup' }).click();
    await alert.waitFor({ state: 'detached' });
    expect(await page.getByText(/\bdari\b/).count()).toBe(0);
  });

  it('a viewer on a master route is sent to the dashboard before any master data is asked for', async () => {
    const page = await e2e.newPage({ as: DEMO.viewer });
    const masterRequests: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname.startsWith('/api/master/')) masterRequests.push(req.url());
    });
    await page.goto('/master/patients');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByTestId('stat-patients').waitFor();
    await page.waitForLoadState('networkidle');
    expect(pathOf(page)).toBe('/dashboard');
    expect(masterRequests).toEqual([]);
  });
});
