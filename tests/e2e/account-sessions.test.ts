import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, SKIP_E2E, eventually, pathOf, snap, startE2E, storageItem, type E2E } from './harness';
import { expectNoSeriousA11yViolations } from './axe';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const EMAIL = 'sesi.e2e@dinkes.test';
const PASSWORD = 'Sandi-Awal-E2E-1';
const NEXT_PASSWORD = 'Sandi-Baru-E2E-2';

describe.skipIf(SKIP_E2E)('own sessions and password change (e2e)', () => {
  let e2e: E2E;

  beforeAll(async () => {
    e2e = await startE2E({ patients: 20 });
    const root = await e2e.apiToken(DEMO.super_admin);
    const created = await e2e.api(root, '/api/master/web-admins', {
      method: 'POST',
      body: JSON.stringify({
        username: 'sesi.e2e',
        email: EMAIL,
        password: PASSWORD,
        full_name: 'Sesi Uji E2E',
        role: 'staff',
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  /** Opens the header's user menu and picks an entry. */
  async function fromUserMenu(page: Page, menuLabel: string, entry: string) {
    await page.getByRole('button', { name: new RegExp(`^${menuLabel}`) }).click();
    await page.getByRole('menuitem', { name: entry }).click();
  }

  const sessionRows = (page: Page) => page.getByRole('table').getByRole('row');
  /** On a phone each session is a card of a list. */
  const sessionCards = (page: Page, name = 'Daftar sesi aktif') =>
    page.getByRole('list', { name }).getByRole('listitem');

  it('lists both sign-ins of one user, ends the other one, and that one is signed out', async () => {
    const laptop = await e2e.newPage();
    const phone = await e2e.newPage();
    await e2e.login(laptop, EMAIL, PASSWORD);
    await e2e.login(phone, EMAIL, PASSWORD);
    const phoneToken = (await storageItem(phone, 'token'))!;

    await laptop.setViewportSize(DESKTOP);
    await fromUserMenu(laptop, 'Menu pengguna', 'Sesi Aktif');
    await laptop.waitForURL((u) => u.pathname === '/account/sessions');
    await laptop.getByRole('heading', { name: 'Sesi Aktif', level: 1 }).waitFor();
    await eventually(() => sessionRows(laptop).count()).toBe(3); // the header and two sessions
    const headers = await laptop.getByRole('columnheader').allInnerTexts();
    expect(headers).toEqual(['Perangkat', 'Alamat IP', 'Masuk', 'Terakhir Aktif', 'Aksi']);
    const current = sessionRows(laptop).filter({ hasText: 'Sesi ini' });
    await expect(current.count()).resolves.toBe(1);
    // This session has no 'Akhiri'; the other one has.
    await expect(current.getByRole('button', { name: /^Akhiri/ }).count()).resolves.toBe(0);
    await expect(laptop.getByRole('button', { name: /^Akhiri sesi Chrome/ }).count()).resolves.toBe(1);
    await expectNoSeriousA11yViolations(laptop, 'Sesi Aktif');
    await snap(laptop, 'sessions-id-1440');
    // A phone opens the page with the sidebar closed.
    await laptop.setViewportSize(PHONE);
    await laptop.reload();
    await eventually(() => sessionCards(laptop).count()).toBe(2);
    await expect(sessionCards(laptop).first().innerText()).resolves.toContain('Sesi ini');
    await expectNoSeriousA11yViolations(laptop, 'Sesi Aktif at 390 px');
    await snap(laptop, 'sessions-id-390');

    // Ending asks first; cancelling leaves the session alone.
    await laptop.getByRole('button', { name: /^Akhiri sesi/ }).click();
    const confirm = laptop.getByRole('dialog');
    await confirm.getByText('Akhiri sesi ini?').waitFor();
    await expectNoSeriousA11yViolations(laptop, 'the end-session confirmation');
    await snap(laptop, 'sessions-confirm-id-390');
    await confirm.getByRole('button', { name: 'Batal' }).click();
    await eventually(() => laptop.getByRole('dialog').count()).toBe(0);
    expect((await e2e.api(phoneToken, '/api/auth/me')).status).toBe(200);

    await laptop.getByRole('button', { name: /^Akhiri sesi/ }).click();
    await laptop.getByRole('dialog').getByRole('button', { name: 'Akhiri Sesi' }).click();
    await laptop.getByText('Sesi diakhiri').waitFor();
    await eventually(() => sessionCards(laptop).count()).toBe(1);
    await laptop.getByText('Hanya sesi ini yang aktif', { exact: false }).waitFor();

    // The ended session's token is refused, and its console goes back to the login page.
    expect((await e2e.api(phoneToken, '/api/auth/me')).status).toBe(401);
    await phone.goto('/master/patients');
    await phone.waitForURL((u) => u.pathname === '/login');
    expect((await e2e.api((await storageItem(laptop, 'token'))!, '/api/auth/me')).status).toBe(200);
  });

  it('shows its loading and empty states, and reads in English', async () => {
    const page = await e2e.newPage({ as: DEMO.viewer });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/sessions', async (route) => {
      await held;
      await route.fulfill({ json: { data: [] } });
    });
    await page.setViewportSize(PHONE);
    await page.goto('/account/sessions');
    await page.getByRole('status').filter({ hasText: 'Memuat sesi...' }).waitFor();
    release();
    await page.getByText('Tidak ada sesi aktif.').waitFor();
    await page.unroute('**/api/auth/sessions');

    await page.getByRole('button', { name: 'Bahasa: Bahasa Indonesia' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.reload();
    await page.getByRole('heading', { name: 'Active Sessions', level: 1 }).waitFor();
    await page.getByText('This session', { exact: true }).waitFor();
    await expect(sessionCards(page, 'Active sessions').innerText()).resolves.toMatch(
      /IP address: .*\n+Signed in: .*\n+Last active: /,
    );
    await expectNoSeriousA11yViolations(page, 'Active Sessions at 390 px');
    await snap(page, 'sessions-en-390');
    await page.setViewportSize(DESKTOP);
    await eventually(() => page.getByRole('columnheader').allInnerTexts()).toEqual([
      'Device',
      'IP address',
      'Signed in',
      'Last active',
      'Actions',
    ]);
    await snap(page, 'sessions-en-1440');
    await page.setViewportSize(PHONE);
    await page.reload();
    await page.getByRole('heading', { name: 'Active Sessions', level: 1 }).waitFor();
    await fromUserMenu(page, 'User menu', 'Change Password');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Change Password' }).waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await eventually(() => dialog.getByText('Required', { exact: true }).count()).toBe(3);
    await expectNoSeriousA11yViolations(page, 'Change Password at 390 px');
    await snap(page, 'password-en-390');
  });

  it('changes the password: errors stand by their fields, other sessions end, the new password works', async () => {
    const page = await e2e.newPage();
    await page.setViewportSize(DESKTOP);
    await e2e.login(page, EMAIL, PASSWORD);
    const elsewhere = await e2e.apiToken(EMAIL, PASSWORD);
    // Every session of the user but the console's own ends (the first test's laptop is one).
    const others = (await e2e.api(elsewhere, '/api/auth/sessions')).body.data.length - 1;
    expect(others).toBeGreaterThanOrEqual(1);

    await fromUserMenu(page, 'Menu pengguna', 'Ubah Kata Sandi');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Ubah Kata Sandi' }).waitFor();
    const field = (label: string) => dialog.getByLabel(new RegExp(`^${label}`));
    const current = field('Kata sandi saat ini');
    const next = field('Kata sandi baru');
    const again = field('Ulangi kata sandi baru');
    const helpOf = async (label: string) => {
      const id = await field(label).getAttribute('aria-describedby');
      return id ? page.locator(`[id="${id}"]`).innerText() : '';
    };

    // Typed twice differently: the console says so before asking the server.
    await current.fill(PASSWORD);
    await next.fill(NEXT_PASSWORD);
    await again.fill(`${NEXT_PASSWORD}x`);
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await eventually(() => helpOf('Ulangi kata sandi baru')).toBe('Kata sandi tidak sama');

    // A wrong current password and a common new one: the server's reasons, by their fields.
    await current.fill('bukan-sandi-saya');
    await next.fill('password123');
    await again.fill('password123');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await eventually(() => helpOf('Kata sandi saat ini')).toBe('Kata sandi saat ini salah');
    await eventually(() => helpOf('Kata sandi baru')).toBe(
      'Kata sandi ini terlalu umum dan mudah ditebak. Pilih yang lain.',
    );
    await expectNoSeriousA11yViolations(page, 'Ubah Kata Sandi with errors');
    await snap(page, 'password-id-1440');
    await page.setViewportSize(PHONE);
    await snap(page, 'password-id-390');
    await page.setViewportSize(DESKTOP);

    await current.fill(PASSWORD);
    await next.fill(NEXT_PASSWORD);
    await again.fill(NEXT_PASSWORD);
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText(`Kata sandi berhasil diubah. ${others} sesi lain diakhiri.`).waitFor();
    await eventually(() => page.getByRole('dialog').count()).toBe(0);

    // This session stays, the other one ended; the old password fails and the new one works.
    expect((await e2e.api((await storageItem(page, 'token'))!, '/api/auth/me')).status).toBe(200);
    expect((await e2e.api(elsewhere, '/api/auth/me')).status).toBe(401);
    const login = (password: string) =>
      e2e.api(null, '/api/auth/login', { method: 'POST', body: JSON.stringify({ email: EMAIL, password }) });
    expect((await login(PASSWORD)).status).toBe(401);
    expect((await login(NEXT_PASSWORD)).status).toBe(200);
    const fresh = await e2e.newPage();
    await e2e.login(fresh, EMAIL, NEXT_PASSWORD);
    expect(pathOf(fresh)).toBe('/dashboard');
    expect(e2e.pageErrors).toEqual([]);
  });
});
