import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { DEMO, SKIP_E2E, eventually, pathOf, snap, startE2E, type E2E } from './harness';
import { expectNoSeriousA11yViolations } from './axe';
import { now } from '../../src/domain/clock';

const codeAt = (secret: string, timestamp: number) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp });
/** The current code (the enrolment spends its step). */
const currentCode = (secret: string) => codeAt(secret, now());
/**
 * A code the server takes now and has not taken yet: the next step's (the server accepts the
 * step after the current one; the current one may already be spent by the enrolment).
 */
const nextCode = (secret: string) => codeAt(secret, now() + 30_000);

const PHONE = { width: 390, height: 844 };

describe.skipIf(SKIP_E2E)('two-factor sign-in (e2e)', () => {
  let e2e: E2E;
  let secret = '';
  let recoveryCodes: string[] = [];

  beforeAll(async () => {
    e2e = await startE2E({ patients: 20 });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  const signOut = async (page: Page) => {
    await page.getByTestId('sidebar-menu').waitFor();
    await page.getByRole('button', { name: 'Keluar' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
  };
  const passwordStep = async (page: Page, email: string, submit = 'MASUK') => {
    await page.goto('/login');
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(e2e.config.demoPassword);
    await page.getByRole('button', { name: submit, exact: true }).click();
  };

  it('enrols the super admin from the user menu: QR code, first code, recovery codes', async () => {
    const page = await e2e.newPage({ as: DEMO.super_admin });
    await page.goto('/dashboard');
    await page.getByTestId('sidebar-menu').waitFor();
    await page.getByRole('button', { name: /Menu pengguna/ }).click();
    await page.getByRole('menuitem', { name: 'Autentikasi Dua Faktor' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'user menu');
    await page.getByRole('menuitem', { name: 'Autentikasi Dua Faktor' }).click();
    await page.waitForURL((url) => url.pathname === '/account/two-factor');
    await eventually(() => page.getByTestId('two-factor-status').innerText()).toBe('Tidak aktif');
    await page.getByRole('button', { name: 'Aktifkan', exact: true }).click();

    const dialog = page.getByRole('dialog', { name: 'Aktifkan Autentikasi Dua Faktor' });
    await dialog.getByRole('img', { name: 'Kode QR untuk aplikasi autentikator' }).waitFor();
    secret = (await dialog.getByTestId('two-factor-secret').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectNoSeriousA11yViolations(page, 'enrolment dialog');
    await snap(page, 'two-factor-enrol');

    // A wrong code first: the server's reason, and the dialog stays.
    await dialog
      .getByRole('textbox', { name: 'Kode Autentikasi' })
      .fill('000000' === nextCode(secret) ? '111111' : '000000');
    await dialog.getByRole('button', { name: 'Aktifkan', exact: true }).click();
    await eventually(() => dialog.getByRole('alert').innerText()).toBe('Kode autentikasi salah');
    await dialog.getByRole('textbox', { name: 'Kode Autentikasi' }).fill(currentCode(secret));
    await dialog.getByRole('button', { name: 'Aktifkan', exact: true }).click();

    const list = dialog.getByRole('list', { name: 'Kode pemulihan' });
    await list.waitFor();
    recoveryCodes = await list.getByRole('listitem').allInnerTexts();
    expect(recoveryCodes).toHaveLength(10);
    await expectNoSeriousA11yViolations(page, 'recovery codes');
    await snap(page, 'two-factor-codes');
    const done = dialog.getByRole('button', { name: 'Selesai' });
    expect(await done.isDisabled()).toBe(true);
    await dialog.getByLabel('Saya sudah menyimpan kode pemulihan').check();
    await done.click();
    await dialog.waitFor({ state: 'detached' });
    await eventually(() => page.getByTestId('two-factor-status').innerText()).toBe('Aktif');
    await expect(page.getByText('Kode pemulihan tersisa: 10 dari 10').isVisible()).resolves.toBe(true);
    await signOut(page);
  });

  it('signs in with the password, then the code of the authenticator', async () => {
    const page = await e2e.newPage();
    await passwordStep(page, DEMO.super_admin);
    await page.getByRole('heading', { name: 'Kode Autentikasi' }).waitFor();
    expect(pathOf(page)).toBe('/login');
    await expectNoSeriousA11yViolations(page, 'code step');
    await page.setViewportSize(PHONE);
    await snap(page, 'two-factor-code-step-390');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await page.getByRole('textbox', { name: 'Kode Autentikasi' }).fill(nextCode(secret));
    await page.getByRole('button', { name: 'Verifikasi' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByText('Total Pasien').waitFor();
  });

  it('signs in with a recovery code once; the same code then fails', async () => {
    const page = await e2e.newPage();
    await passwordStep(page, DEMO.super_admin);
    await page.getByRole('button', { name: 'Gunakan kode pemulihan' }).click();
    await page.getByRole('heading', { name: 'Kode Pemulihan' }).waitFor();
    await page.getByRole('textbox', { name: 'Kode Pemulihan' }).fill(recoveryCodes[0]);
    await page.getByRole('button', { name: 'Verifikasi' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByText('Kode pemulihan tersisa: 9. Buat kode baru bila hampir habis.').waitFor();
    await signOut(page);

    await passwordStep(page, DEMO.super_admin);
    await page.getByRole('button', { name: 'Gunakan kode pemulihan' }).click();
    await page.getByRole('textbox', { name: 'Kode Pemulihan' }).fill(recoveryCodes[0]);
    await page.getByRole('button', { name: 'Verifikasi' }).click();
    await eventually(() => page.getByRole('alert').innerText()).toBe('Kode autentikasi salah');
    expect(pathOf(page)).toBe('/login');
  });

  it('shows the code step in English at 390 px', async () => {
    const page = await e2e.newPage();
    await page.setViewportSize(PHONE);
    await page.addInitScript(() => window.localStorage.setItem('RaStore.locale', '"en"'));
    await passwordStep(page, DEMO.super_admin, 'SIGN IN');
    await page.getByRole('heading', { name: 'Authentication Code' }).waitFor();
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByRole('heading', { name: 'Recovery Code' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'code step (English, 390 px)');
    await snap(page, 'two-factor-recovery-en-390');
  });

  it('makes a super admin who has not enrolled enrol at sign-in before reaching the console', async () => {
    // A super admin who is not a demo account (those are exempt while DEMO=1), with the demo password.
    const email = 'kepala.dinas@dinkes.test';
    const hash = (await e2e.db.query(`SELECT password_hash FROM web_admins WHERE email = $1`, [DEMO.admin]))
      .rows[0].password_hash;
    await e2e.db.query(
      `INSERT INTO web_admins (username, email, password_hash, full_name, role)
       VALUES ('kepaladinas', $1, $2, 'Kepala Dinas', 'super_admin')`,
      [email, hash],
    );
    const page = await e2e.newPage();
    await page.setViewportSize(PHONE);
    await passwordStep(page, email);
    await page.getByRole('heading', { name: 'Aktifkan Autentikasi Dua Faktor' }).waitFor();
    await page.getByRole('img', { name: 'Kode QR untuk aplikasi autentikator' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'enrolment at sign-in (390 px)');
    await snap(page, 'two-factor-enrol-at-login-390');
    const own = (await page.getByTestId('two-factor-secret').innerText()).replace(/\s/g, '');
    await page.getByRole('textbox', { name: 'Kode Autentikasi' }).fill(nextCode(own));
    await page.getByRole('button', { name: 'Aktifkan', exact: true }).click();
    await page.getByRole('list', { name: 'Kode pemulihan' }).waitFor();
    await page.getByLabel('Saya sudah menyimpan kode pemulihan').check();
    await page.getByRole('button', { name: 'Lanjutkan' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    // The session is a whole one now: the dashboard's figures load.
    await page.getByText('Total Pasien').waitFor();
    await snap(page, 'two-factor-enrolled-dashboard-390');
  });

  it('turns two-factor off with the password and a code', async () => {
    const page = await e2e.newPage();
    // A recovery code: the authenticator's next code may already be spent by the test before.
    await passwordStep(page, DEMO.super_admin);
    await page.getByRole('button', { name: 'Gunakan kode pemulihan' }).click();
    await page.getByRole('textbox', { name: 'Kode Pemulihan' }).fill(recoveryCodes[2]);
    await page.getByRole('button', { name: 'Verifikasi' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.goto('/account/two-factor');
    await eventually(() => page.getByTestId('two-factor-status').innerText()).toBe('Aktif');
    await page.getByRole('button', { name: 'Nonaktifkan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nonaktifkan Autentikasi Dua Faktor' });
    await dialog.locator('input[name="password"]').fill('salah-sekali');
    await dialog
      .getByRole('textbox', { name: 'Kode autentikasi atau kode pemulihan' })
      .fill(recoveryCodes[1]);
    await dialog.getByRole('button', { name: 'Nonaktifkan' }).click();
    await eventually(() => dialog.getByText('Password salah').count()).toBe(1);
    await expectNoSeriousA11yViolations(page, 'disable dialog');
    await dialog.locator('input[name="password"]').fill(e2e.config.demoPassword);
    await dialog.getByRole('button', { name: 'Nonaktifkan' }).click();
    await dialog.waitFor({ state: 'detached' });
    await eventually(() => page.getByTestId('two-factor-status').innerText()).toBe('Tidak aktif');
    expect(await e2e.apiToken(DEMO.super_admin)).toEqual(expect.any(String));
    // The page at 390 px, in English.
    await page.setViewportSize(PHONE);
    await page.addInitScript(() => window.localStorage.setItem('RaStore.locale', '"en"'));
    await page.reload();
    await eventually(() => page.getByTestId('two-factor-status').innerText()).toBe('Off');
    await expectNoSeriousA11yViolations(page, 'two-factor page (English, 390 px)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await snap(page, 'two-factor-page-en-390');
  });
});
