/**
 * 'Lupa Password?' in the browser: the dialog without e-mail (whom to ask) and with it (a
 * loopback SMTP server receives the link), the reset page a link opens, a super admin's
 * temporary password changed in the sign-in card before the console opens, and the sign-in
 * page's language switch. axe on each of them.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, SKIP_E2E, eventually, pathOf, startE2E, storageItem, type E2E } from './harness';
import { expectNoSeriousA11yViolations } from './axe';
import { startMailbox, tokenOf } from '../api/mailbox';
import { Secret, TOTP } from 'otpauth';
import { hashPassword, hashToken } from '../../src/server/security/passwords';
import { now } from '../../src/domain/clock';

/** A code the server takes now and has not taken yet: the next step's. */
const nextCode = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: now() + 30_000 });

const ASK_TEXT =
  'Atur ulang password lewat email belum tersedia. Hubungi super admin: ia dapat menyetel password sementara untuk akun Anda, yang wajib Anda ganti saat masuk.';
const SENT_TEXT =
  'Jika email tersebut terdaftar, tautan untuk mengatur ulang password telah dikirim. Periksa kotak masuk Anda.';

/** A reset link for the account, as the server would have mailed it (its hash in the table). */
async function resetLinkFor(e2e: E2E, email: string) {
  const token = randomBytes(32).toString('base64url');
  await e2e.db.query(
    `INSERT INTO password_resets (email, admin_id, token_hash, ip_address, expires_at)
     SELECT email, id, $2, '127.0.0.1', app_now() + interval '30 minutes' FROM web_admins WHERE email = $1`,
    [email, hashToken(token)],
  );
  return `/reset-password?token=${encodeURIComponent(token)}`;
}

async function signInWith(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'MASUK', exact: true }).click();
}

describe.skipIf(SKIP_E2E)('forgotten password without e-mail (e2e)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E({ patients: 10 });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it("'Lupa Password?' is a button reached by the keyboard, opening a dialog that says whom to ask", async () => {
    const page = await e2e.newPage();
    const signIns: string[] = [];
    page.on('request', (r) => void (r.url().includes('/api/auth/login') && signIns.push(r.url())));
    await page.goto('/login');
    await page.locator('input[name="email"]').fill(DEMO.admin);
    await page.locator('input[name="password"]').fill(e2e.config.demoPassword);
    await page.locator('input[name="password"]').focus();
    await page.keyboard.press('Tab'); // the eye button
    await page.keyboard.press('Tab');
    const forgot = page.getByRole('button', { name: 'Lupa Password?', exact: true });
    await eventually(() => forgot.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectNoSeriousA11yViolations(page, 'the sign-in page');

    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Lupa Password?' });
    await dialog.getByText(ASK_TEXT).waitFor();
    // No address to type where nothing would be sent.
    expect(await dialog.locator('input').count()).toBe(0);
    // The sign-in underneath was not submitted.
    expect(signIns).toEqual([]);
    await expectNoSeriousA11yViolations(page, 'the dialog without e-mail');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('the reset page sets a new password with a link, shows the server reasons by the fields, then leads to the sign-in', async () => {
    const link = await resetLinkFor(e2e, DEMO.staff);
    const before = await e2e.apiToken(DEMO.staff);
    const page = await e2e.newPage();
    await page.goto(link);
    await page.getByRole('heading', { name: 'Atur Ulang Password' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'the reset page');

    const password = page.locator('input[name="new_password"]');
    const confirm = page.locator('input[name="confirm_password"]');
    const save = page.getByRole('button', { name: 'Simpan Password' });
    // Typed twice differently: said by the second field, nothing sent.
    await password.fill('Baru-Sekali-2026');
    await confirm.fill('Baru-Sekali-2025');
    await save.click();
    await page.getByText('Password tidak sama').waitFor();
    // A common password: the server's reason, by the first field.
    await password.fill('password123');
    await confirm.fill('password123');
    await save.click();
    await page.getByText('Password ini terlalu umum dan mudah ditebak. Pilih yang lain.').waitFor();
    expect(await page.locator('#login-new_password').evaluate((el) => el.getAttribute('aria-invalid'))).toBe(
      'true',
    );

    // Show/hide as on the sign-in.
    await page.getByRole('button', { name: 'Tampilkan password: Password baru' }).click();
    await eventually(() => password.getAttribute('type')).toBe('text');

    await password.fill('Baru-Sekali-2026');
    await confirm.fill('Baru-Sekali-2026');
    await save.click();
    await page
      .getByTestId('reset-done')
      .getByText('Password berhasil diatur ulang.', { exact: false })
      .waitFor();
    // Every session of the account ended.
    expect((await e2e.api(before, '/api/auth/me')).status).toBe(401);

    await page.getByRole('link', { name: 'Kembali ke halaman masuk' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.locator('input[name="email"]').fill(DEMO.staff);
    await page.locator('input[name="password"]').fill('Baru-Sekali-2026');
    await page.getByRole('button', { name: 'MASUK', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');

    // The link works once.
    const again = await e2e.newPage();
    await again.goto(link);
    await again.locator('input[name="new_password"]').fill('Lain-Lagi-2026!');
    await again.locator('input[name="confirm_password"]').fill('Lain-Lagi-2026!');
    await again.getByRole('button', { name: 'Simpan Password' }).click();
    await again
      .getByRole('alert')
      .getByText('Tautan atur ulang password tidak valid, sudah dipakai, atau sudah kedaluwarsa.', {
        exact: false,
      })
      .waitFor();
  });

  it("a super admin's temporary password is changed in the sign-in card, then the console opens", async () => {
    const root = await e2e.apiToken(DEMO.super_admin);
    const { rows } = await e2e.db.query<{ id: number }>('SELECT id FROM web_admins WHERE email = $1', [
      DEMO.admin,
    ]);
    const set = await e2e.api(root, `/api/master/web-admins/${rows[0].id}/temporary-password`, {
      method: 'POST',
      body: JSON.stringify({ password: 'Sementara-2026' }),
    });
    expect(set.status).toBe(200);

    const page = await e2e.newPage();
    await signInWith(page, DEMO.admin, 'Sementara-2026');
    await page.getByRole('heading', { name: 'Ganti Password Sementara' }).waitFor();
    expect(pathOf(page)).toBe('/login');
    // Nothing is stored until the password is changed.
    expect(await storageItem(page, 'token')).toBeNull();
    await expectNoSeriousA11yViolations(page, 'the change of a temporary password');

    const password = page.locator('input[name="new_password"]');
    const confirm = page.locator('input[name="confirm_password"]');
    const save = page.getByRole('button', { name: 'Simpan dan Lanjutkan' });
    // The temporary password again: the server says it must differ.
    await password.fill('Sementara-2026');
    await confirm.fill('Sementara-2026');
    await save.click();
    await page.getByText('Password baru harus berbeda dari password sementara').waitFor();

    await password.fill('Punya-Saya-2026');
    await confirm.fill('Punya-Saya-2026');
    await save.click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByTestId('sidebar-menu').waitFor();
    const token = await storageItem(page, 'token');
    const me = await e2e.api(token, '/api/auth/me');
    expect(me.body).toMatchObject({ email: DEMO.admin, password_change_required: false });
    expect(me.body.menus.length).toBeGreaterThan(0);
    // The old temporary password no longer opens the account.
    const old = await e2e.api(null, '/api/auth/login', {
      method: 'POST',
      body: JSON.stringify({ email: DEMO.admin, password: 'Sementara-2026' }),
    });
    expect(old.status).toBe(401);
  });

  it("a super admin sets a temporary password from the web admins' list", async () => {
    const page = await e2e.newPage({ as: DEMO.super_admin });
    await page.goto('/master/web-admins');
    const row = page.getByRole('row').filter({ hasText: DEMO.viewer });
    await row.getByRole('button', { name: 'Setel Password Sementara' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Password sementara' }).fill('Sementara-Viewer-26');
    await expectNoSeriousA11yViolations(page, 'the temporary password dialog');
    await dialog.getByRole('button', { name: 'Setel', exact: true }).click();
    await page
      .getByText('Password sementara disimpan; pengguna wajib menggantinya saat masuk berikutnya.')
      .first()
      .waitFor();
    const { rows } = await e2e.db.query<{ must_change_password: boolean }>(
      'SELECT must_change_password FROM web_admins WHERE email = $1',
      [DEMO.viewer],
    );
    expect(rows[0].must_change_password).toBe(true);
    const login = await e2e.api(null, '/api/auth/login', {
      method: 'POST',
      body: JSON.stringify({ email: DEMO.viewer, password: 'Sementara-Viewer-26' }),
    });
    expect(login.body.password_change_required).toBe(true);
  });

  /** A new account (not a demo one, so two-factor rules apply), with a temporary password. */
  const accountWithTemporaryPassword = async (username: string, role: string, enrol = false) => {
    const email = `${username}@dinkes.test`;
    const hash = await hashPassword('Awal-Sandi-2026');
    const { rows } = await e2e.db.query<{ id: number }>(
      `INSERT INTO web_admins (username, email, password_hash, full_name, role)
       VALUES ($1, $2, $3, $1, $4) RETURNING id`,
      [username, email, hash, role],
    );
    let secret = '';
    if (enrol) {
      const res = await e2e.api(null, '/api/auth/login', {
        method: 'POST',
        body: JSON.stringify({ email, password: 'Awal-Sandi-2026' }),
      });
      const token = res.body.token as string;
      secret = (await e2e.api(token, '/api/auth/2fa/setup', { method: 'POST' })).body.secret;
      const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: now() });
      const on = await e2e.api(token, '/api/auth/2fa/enable', {
        method: 'POST',
        body: JSON.stringify({ code }),
      });
      expect(on.status).toBe(200);
    }
    const root = await e2e.apiToken(DEMO.super_admin);
    const set = await e2e.api(root, `/api/master/web-admins/${rows[0].id}/temporary-password`, {
      method: 'POST',
      body: JSON.stringify({ password: 'Sementara-2026' }),
    });
    expect(set.status).toBe(200);
    return { email, secret };
  };
  const changeTo = async (page: Page, password: string) => {
    await page.getByRole('heading', { name: 'Ganti Password Sementara' }).waitFor();
    await page.locator('input[name="new_password"]').fill(password);
    await page.locator('input[name="confirm_password"]').fill(password);
    await page.getByRole('button', { name: 'Simpan dan Lanjutkan' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByTestId('sidebar-menu').waitFor();
    const me = await e2e.api(await storageItem(page, 'token'), '/api/auth/me');
    expect(me.body.password_change_required).toBe(false);
  };

  it('with two-factor on, the code comes first, then the change of the temporary password', async () => {
    const { email, secret } = await accountWithTemporaryPassword('dua.langkah', 'admin', true);
    const page = await e2e.newPage();
    await signInWith(page, email, 'Sementara-2026');
    await page.getByRole('textbox', { name: 'Kode Autentikasi' }).fill(nextCode(secret));
    await page.getByRole('button', { name: 'Verifikasi' }).click();
    await changeTo(page, 'Kode-Lalu-Ganti-2026');
  });

  it('a role that must enrol does so first, then changes the temporary password', async () => {
    const { email } = await accountWithTemporaryPassword('kepala.baru', 'super_admin');
    const page = await e2e.newPage();
    await signInWith(page, email, 'Sementara-2026');
    await page.getByRole('heading', { name: 'Aktifkan Autentikasi Dua Faktor' }).waitFor();
    const own = (await page.getByTestId('two-factor-secret').innerText()).replace(/\s/g, '');
    await page.getByRole('textbox', { name: 'Kode Autentikasi' }).fill(nextCode(own));
    await page.getByRole('button', { name: 'Aktifkan', exact: true }).click();
    await page.getByLabel('Saya sudah menyimpan kode pemulihan').check();
    await page.getByRole('button', { name: 'Lanjutkan' }).click();
    await changeTo(page, 'Enrol-Lalu-Ganti-2026');
  });

  it('a stored session whose password must be changed is sent back to the sign-in', async () => {
    const root = await e2e.apiToken(DEMO.super_admin);
    const { rows } = await e2e.db.query<{ id: number }>('SELECT id FROM web_admins WHERE email = $1', [
      DEMO.viewer,
    ]);
    await e2e.api(root, `/api/master/web-admins/${rows[0].id}/temporary-password`, {
      method: 'POST',
      body: JSON.stringify({ password: 'Sementara-2026' }),
    });
    const login = await e2e.api(null, '/api/auth/login', {
      method: 'POST',
      body: JSON.stringify({ email: DEMO.viewer, password: 'Sementara-2026' }),
    });
    expect(login.body.password_change_required).toBe(true);
    const page = await e2e.newPage();
    await page.goto('/login');
    const u = login.body.user;
    await page.evaluate(
      ({ token, user }) => {
        localStorage.setItem('token', token);
        localStorage.setItem('user', JSON.stringify(user));
      },
      {
        token: login.body.token as string,
        user: { id: u.id, email: u.email, name: u.full_name, role: u.role, username: u.username },
      },
    );
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
    await page.getByRole('button', { name: 'MASUK', exact: true }).waitFor();
    await eventually(() => storageItem(page, 'token')).toBeNull();
  });

  it('the sign-in page, its dialog and the reset page read in the language chosen on it', async () => {
    const page = await e2e.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Bahasa Indonesia' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor();
    await page.getByRole('button', { name: 'SIGN IN', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Show password' }).count()).toBe(1);
    await expectNoSeriousA11yViolations(page, 'the sign-in page in English');

    // The server's refusal, in the chosen language.
    await page.locator('input[name="email"]').fill(DEMO.admin);
    await page.locator('input[name="password"]').fill('not-this-one');
    await page.getByRole('button', { name: 'SIGN IN', exact: true }).click();
    await eventually(() => page.getByRole('alert').allInnerTexts()).toEqual(['Wrong email or password']);

    await page.getByRole('button', { name: 'Forgot password?', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Forgot password?' });
    await dialog.getByText('Password reset by email is not available here.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.goto(await resetLinkFor(e2e, DEMO.medical_facility));
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
    await page.getByRole('button', { name: 'Save Password' }).waitFor();
    const body = await page.locator('body').innerText();
    for (const word of ['Atur Ulang', 'Kembali', 'Simpan', 'Password baru']) expect(body).not.toContain(word);

    // Back to Indonesian, on a phone: the switch is an icon button.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitem', { name: 'Bahasa Indonesia' }).click();
    await page.getByRole('heading', { name: 'Atur Ulang Password' }).waitFor();
  });

  it('no uncaught errors in the pages', () => {
    expect(e2e.pageErrors).toEqual([]);
  });
});

describe.skipIf(SKIP_E2E)('forgotten password with e-mail (e2e)', () => {
  let e2e: E2E;
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;
  beforeAll(async () => {
    mailbox = await startMailbox();
    e2e = await startE2E({
      patients: 10,
      config: {
        passwordReset: {
          smtpUrl: mailbox.url,
          mailFrom: 'Dashboard Kesehatan Jakarta <no-reply@localhost>',
          publicUrl: 'https://konsol.example',
          linkMinutes: 30,
          maxPerEmail: 2,
          maxPerIp: 10,
        },
      },
    });
  });
  afterAll(async () => {
    await e2e?.close();
    await mailbox?.close();
  });

  it('sends the link to the address typed, says so whatever the address, and says when there were too many', async () => {
    const page = await e2e.newPage();
    await page.goto('/login');
    // The address typed for the sign-in is the dialog's first guess.
    await page.locator('input[name="email"]').fill(DEMO.staff);
    await page.getByRole('button', { name: 'Lupa Password?', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Lupa Password?' });
    const email = dialog.getByRole('textbox', { name: 'Email' });
    await email.waitFor();
    expect(await email.inputValue()).toBe(DEMO.staff);
    await expectNoSeriousA11yViolations(page, 'the dialog with e-mail');

    const mail = mailbox.next();
    await dialog.getByRole('button', { name: 'Kirim Tautan' }).click();
    await dialog.getByTestId('forgot-password-sent').getByText(SENT_TEXT).waitFor();
    const received = await mail;
    expect(received.to).toBe(DEMO.staff);
    const token = decodeURIComponent(tokenOf(received));
    await dialog.getByRole('button', { name: 'Tutup' }).click();

    // The link of the mail opens the reset page of this console.
    await page.goto(`/reset-password?token=${encodeURIComponent(token)}`);
    await page.locator('input[name="new_password"]').fill('Dari-Email-2026');
    await page.locator('input[name="confirm_password"]').fill('Dari-Email-2026');
    await page.getByRole('button', { name: 'Simpan Password' }).click();
    await page.getByTestId('reset-done').waitFor();
    expect(await e2e.apiToken(DEMO.staff, 'Dari-Email-2026')).toBeTruthy();

    // An unknown address gets the same answer; past the limit, the field says so.
    const other = await e2e.newPage();
    await other.goto('/login');
    await other.getByRole('button', { name: 'Lupa Password?', exact: true }).click();
    const second = other.getByRole('dialog', { name: 'Lupa Password?' });
    const field = second.getByRole('textbox', { name: 'Email' });
    await field.fill('tidak.ada@demo.local');
    await second.getByRole('button', { name: 'Kirim Tautan' }).click();
    await second.getByTestId('forgot-password-sent').getByText(SENT_TEXT).waitFor();
    await second.getByRole('button', { name: 'Tutup' }).click();
    await other.getByRole('button', { name: 'Lupa Password?', exact: true }).click();
    await field.fill('tidak.ada@demo.local');
    await second.getByRole('button', { name: 'Kirim Tautan' }).click();
    await second.getByTestId('forgot-password-sent').waitFor();
    await second.getByRole('button', { name: 'Tutup' }).click();
    await other.getByRole('button', { name: 'Lupa Password?', exact: true }).click();
    await field.fill('tidak.ada@demo.local');
    await second.getByRole('button', { name: 'Kirim Tautan' }).click();
    await second.getByText('Terlalu banyak permintaan atur ulang password. Coba lagi nanti.').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(mailbox.received.map((m) => m.to)).toEqual([DEMO.staff]);
  });

  it('no uncaught errors in the pages', () => {
    expect(e2e.pageErrors).toEqual([]);
  });
});
