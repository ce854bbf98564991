/**
 * The screens generated from their declarations (ResourceScreen): each opens at its spec route
 * for the super admin, in Indonesian and English, with its table's columns, its add dialog in
 * groups and no page wider than the screen (their layout and axe at both widths: the walks').
 * Screenshots in /tmp with SHOTS=1 (e2e-gen-<screen>-<lang>-<width>.png).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, SKIP_E2E, eventually, snap, startE2E, type E2E } from './harness';
import { expectNoSeriousA11yViolations } from './axe';
import { navigate, screenReady } from './waits';

/** Each generated screen: its route, a column header and a dialog group title in both languages. */
const SCREENS = [
  {
    path: '/master/users',
    header: { id: 'Info Pengguna', en: 'User Info' },
    group: { id: 'Akun', en: 'Account' },
  },
  {
    path: '/master/delivery',
    header: { id: 'Info Pesanan', en: 'Order Info' },
    group: { id: 'Pesanan', en: 'Order' },
  },
  {
    path: '/simulator/patients',
    header: { id: 'Pasien', en: 'Patient' },
    group: { id: 'Identitas', en: 'Identity' },
  },
  { path: '/simulator/schedules', header: { id: 'Hari', en: 'Day' }, group: null },
  {
    path: '/simulator/doctors',
    header: { id: 'Jadwal Praktik', en: 'Work Schedule' },
    group: null,
  },
  {
    path: '/simulator/facilities',
    header: { id: 'Jam & Layanan', en: 'Hours & Services' },
    group: null,
  },
  {
    path: '/master/medical-facilities',
    header: { id: 'Status Online', en: 'Online Status' },
    group: null,
  },
  {
    path: '/simulator/delivery',
    header: { id: 'Info Pesanan', en: 'Order Info' },
    group: { id: 'Pesanan', en: 'Order' },
  },
] as const;

const rows = (page: Page) => page.locator('tbody tr');
const headers = (page: Page) => page.locator('thead th').allInnerTexts();

describe.skipIf(SKIP_E2E)('generated screens', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  }, 180_000);
  afterAll(async () => {
    await e2e?.close();
  });

  // Their layout and axe at 1,440 and 390 px, in both languages: the walks' (language-walk,
  // layout-phone). Here: what the declaration puts on them, in each language.
  for (const lang of ['id', 'en'] as const) {
    it(`open with their columns and grouped dialog in ${lang === 'id' ? 'Indonesian' : 'English'}, no page wider than the screen`, async () => {
      const page = await e2e.newPage({ as: DEMO.super_admin });
      if (lang === 'en')
        await page.addInitScript(() => window.localStorage.setItem('RaStore.locale', '"en"'));
      const width = 1400;
      for (const screen of SCREENS) {
        const name = screen.path.slice(1).replace('/', '-');
        await navigate(page, screen.path);
        await screenReady(page);
        await eventually(() => rows(page).count()).toBeGreaterThan(0);
        expect(await headers(page)).toContain(screen.header[lang]);
        await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(
          width,
        );
        await snap(page, `gen-${name}-${lang}-${width}`);
        await navigate(page, `${screen.path}/create`);
        const dialog = page.getByRole('dialog');
        await dialog.waitFor();
        if (screen.group) await dialog.getByText(screen.group[lang], { exact: true }).first().waitFor();
        await snap(page, `gen-${name}-dialog-${lang}-${width}`);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
      }
    }, 240_000);
  }

  it("a facility user's facilities screen: their one facility to edit, nothing to add or delete", async () => {
    const page = await e2e.newPage({ as: DEMO.medical_facility });
    await page.goto('/master/medical-facilities');
    await eventually(() => rows(page).count()).toBe(1);
    await expect(page.getByRole('link', { name: 'Tambah' }).count()).resolves.toBe(0);
    await expect(rows(page).getByRole('button', { name: /Hapus/ }).count()).resolves.toBe(0);
    await rows(page).getByRole('link', { name: /Ubah/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^Nama/ }).waitFor();
    await expectNoSeriousA11yViolations(page, '/master/medical-facilities (medical_facility)');
    await snap(page, 'gen-own-facility-dialog');
  });

  it('filters users by a range of creation days; a range that ends before it starts says so', async () => {
    const page = await e2e.newPage({ as: DEMO.super_admin });
    await page.goto('/master/users');
    await eventually(() => rows(page).count()).toBeGreaterThan(0);
    const from = page.getByLabel('Dibuat dari');
    const to = page.getByLabel('Dibuat sampai');
    await from.fill('2026-03-10');
    await to.fill('2026-03-09');
    await page.getByText('Tanggal akhir tidak boleh sebelum tanggal awal').first().waitFor();
    // A range with no user in it: the filtered list is empty, and the error is gone.
    await from.fill('2001-01-01');
    await to.fill('2001-01-02');
    await eventually(() => page.evaluate(() => new URL(location.href).searchParams.get('filter'))).toContain(
      '"created_at_to":"2001-01-02"',
    );
    await eventually(() => page.getByText('Tanggal akhir tidak boleh sebelum tanggal awal').count()).toBe(0);
    await eventually(() => rows(page).count()).toBe(0);
  });

  it('while a list is loading, its spinner is named: axe stays clean on a slow server', async () => {
    const page = await e2e.newPage({ as: DEMO.super_admin });
    await page.goto('/simulator/schedules');
    await eventually(() => rows(page).count()).toBeGreaterThan(0);
    await page.route('**/api/admin/simulator/schedules?*', async (route) => {
      await new Promise((r) => setTimeout(r, 3000));
      await route.continue();
    });
    await page
      .getByRole('button', { name: /Refresh|Muat ulang/i })
      .first()
      .click();
    await page.getByRole('progressbar').first().waitFor();
    await expectNoSeriousA11yViolations(page, '/simulator/schedules (loading)');
    await page.unroute('**/api/admin/simulator/schedules?*');
  });

  it('no uncaught errors in the pages', () => {
    expect(e2e.pageErrors).toEqual([]);
  });
});
