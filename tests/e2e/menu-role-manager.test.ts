import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, SKIP_E2E, eventually, startE2E, storageItem, type E2E } from './harness';
import { expectNoSeriousA11yViolations } from './axe';

const sidebarLinks = async (page: Page) =>
  (await page.getByTestId('sidebar-menu').getByRole('link').allInnerTexts()).map((t) => t.trim());
const toggle = (page: Page, name: string) =>
  page.getByTestId('menu-access-list').getByRole('switch', { name, exact: true });

describe.skipIf(SKIP_E2E)('menu role manager (e2e)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E({ patients: 20 });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('a menu removed for staff leaves their sidebar and answers 403 without a restart; restore defaults brings both back', async () => {
    const staff = await e2e.newPage({ as: DEMO.staff });
    await staff.goto('/dashboard');
    await staff.getByTestId('sidebar-menu').waitFor();
    expect(await sidebarLinks(staff)).toContain('Kesehatan Mental');
    const staffToken = (await storageItem(staff, 'token'))!;
    expect((await e2e.api(staffToken, '/api/dashboard/mental-health')).status).toBe(200);

    const admin = await e2e.newPage({ as: DEMO.super_admin });
    await admin.goto('/menu-role-manager');
    await admin.getByRole('heading', { name: 'Pengelola Menu per Peran', level: 1 }).waitFor();
    await admin.getByRole('tab', { name: 'Staf', exact: true }).click();
    await expect(toggle(admin, 'Kesehatan Mental').isChecked()).resolves.toBe(true);
    // The dashboard is always on, and cannot be switched off.
    await expect(toggle(admin, 'Dashboard').isDisabled()).resolves.toBe(true);
    await expectNoSeriousA11yViolations(admin, 'menu role manager');

    await toggle(admin, 'Kesehatan Mental').click();
    await admin.getByText('Ada perubahan yang belum disimpan').waitFor();
    await admin.getByRole('button', { name: 'Simpan' }).click();
    await admin.getByText('Akses menu berhasil disimpan').waitFor();

    // The staff user's next load and next request follow the new matrix.
    await staff.reload();
    await staff.getByTestId('sidebar-menu').getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await sidebarLinks(staff)).not.toContain('Kesehatan Mental');
    expect((await e2e.api(staffToken, '/api/dashboard/mental-health')).status).toBe(403);

    await admin.getByRole('button', { name: 'Pulihkan Default' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Pulihkan' }).click();
    await admin.getByText('Akses menu dikembalikan ke default').waitFor();
    await expect(toggle(admin, 'Kesehatan Mental').isChecked()).resolves.toBe(true);

    await staff.reload();
    await eventually(() => sidebarLinks(staff)).toContain('Kesehatan Mental');
    expect((await e2e.api(staffToken, '/api/dashboard/mental-health')).status).toBe(200);
  });

  it('applies a change at once to a console already open in another browser: the screen left with a message, the sidebar updated', async () => {
    // Staff works on 'Data Pasien' in a browser of their own.
    const staff = await e2e.newPage({ as: DEMO.staff });
    await staff.goto('/patients');
    await staff.getByTestId('sidebar-menu').getByRole('link', { name: 'Data Pasien' }).waitFor();
    expect(await sidebarLinks(staff)).not.toContain('Log Sistem');

    // The super admin takes 'Data Pasien' from staff and gives them 'Log Sistem'.
    const admin = await e2e.newPage({ as: DEMO.super_admin });
    await admin.goto('/menu-role-manager');
    await admin.getByRole('tab', { name: 'Staf', exact: true }).click();
    await toggle(admin, 'Data Pasien').click();
    await toggle(admin, 'Log Sistem').click();
    await admin.getByRole('button', { name: 'Simpan' }).click();
    await admin.getByText('Akses menu berhasil disimpan').waitFor();

    // Without a reload, within seconds: staff is sent to the dashboard and told why.
    await eventually(() => new URL(staff.url()).pathname, 20_000).toBe('/dashboard');
    await staff.getByText('Anda tidak memiliki akses ke halaman itu').waitFor();
    await eventually(() => sidebarLinks(staff)).toContain('Log Sistem');
    expect(await sidebarLinks(staff)).not.toContain('Data Pasien');
    await staff.getByTestId('sidebar-menu').getByRole('link', { name: 'Log Sistem' }).click();
    await staff.waitForURL((u) => u.pathname === '/logs-monitoring');
    await staff.getByRole('heading', { name: 'Pemantauan & Analisis Log', level: 1 }).waitFor();

    await admin.getByRole('button', { name: 'Pulihkan Default' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Pulihkan' }).click();
    await admin.getByText('Akses menu dikembalikan ke default').waitFor();
  });

  it('turning a parent off clears its submenus and disables them; a save over a newer matrix is refused', async () => {
    const page = await e2e.newPage({ as: DEMO.super_admin });
    await page.goto('/menu-role-manager');
    await page.getByRole('tab', { name: 'Admin', exact: true }).click();
    const group = toggle(page, 'Master Data');
    const users = toggle(page, 'Master Data › Pengguna');
    await expect(users.isChecked()).resolves.toBe(true);
    await group.click();
    await expect(users.isChecked()).resolves.toBe(false);
    await expect(users.isDisabled()).resolves.toBe(true);
    await group.click();
    await expect(users.isDisabled()).resolves.toBe(false);
    await expect(users.isChecked()).resolves.toBe(false);
    await users.click();

    // Meanwhile another super admin saves.
    const token = await e2e.apiToken(DEMO.super_admin);
    const now = await e2e.api(token, '/api/admin/menu-access');
    const other = await e2e.api(token, '/api/admin/menu-access', {
      method: 'PUT',
      body: JSON.stringify({ role: 'viewer', menus: ['/dashboard', '/patients'], version: now.body.version }),
    });
    expect(other.status).toBe(200);

    await toggle(page, 'Master Data › Pengiriman').click();
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText(/diubah oleh super admin lain/).waitFor();
    await page.getByRole('button', { name: 'Muat matriks terbaru' }).click();
    await page.getByRole('tab', { name: 'Viewer', exact: true }).click();
    await expect(toggle(page, 'Data Pasien').isChecked()).resolves.toBe(true);
    const after = await e2e.api(token, '/api/admin/menu-access');
    expect(after.body.matrix.admin).toContain('/master/delivery');
  });
});
