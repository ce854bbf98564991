import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, SKIP_E2E, eventually, pathOf, startE2E, storageItem, type E2E } from './harness';

describe.skipIf(SKIP_E2E)('login page (e2e)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('shows the title, the fields and "Lupa Password?"', async () => {
    const page = await e2e.newPage();
    await page.goto('/dashboard');
    // Not signed in: the console sends the visitor to the login page.
    await page.waitForURL((url) => url.pathname === '/login');
    // The redirect lands before the login screen has rendered: wait for it, then look.
    await page.getByRole('heading', { name: 'Masuk', exact: true }).waitFor({ state: 'visible' });
    await expect(page.locator('input[name="email"]').getAttribute('type')).resolves.toBe('email');
    await expect(page.locator('input[name="password"]').getAttribute('type')).resolves.toBe('password');
    await expect(page.getByText('Lupa Password?', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'MASUK', exact: true }).isEnabled()).resolves.toBe(true);
  });

  it('a wrong password shows the server message in an alert that clears as soon as the user types', async () => {
    const page = await e2e.newPage();
    await page.goto('/login');
    await page.locator('input[name="email"]').fill(DEMO.admin);
    await page.locator('input[name="password"]').fill('bukan-password-ini');
    await page.getByRole('button', { name: 'MASUK', exact: true }).click();

    const alert = page.getByRole('alert');
    await eventually(() => alert.allInnerTexts()).toEqual(['Email atau password salah']);
    expect(pathOf(page)).toBe('/login');
    await expect(storageItem(page, 'token')).resolves.toBeNull();
    // The button is usable again after the failure.
    await expect(page.getByRole('button', { name: 'MASUK', exact: true }).isEnabled()).resolves.toBe(true);

    await page.locator('input[name="password"]').press('x');
    await eventually(() => alert.count()).toBe(0);

    // Typing in the email field clears it as well.
    await page.getByRole('button', { name: 'MASUK', exact: true }).click();
    await eventually(() => alert.allInnerTexts()).toEqual(['Email atau password salah']);
    await page.locator('input[name="email"]').press('End');
    await page.locator('input[name="email"]').press('m');
    await eventually(() => alert.count()).toBe(0);
  });

  it('the eye button shows and hides the password', async () => {
    const page = await e2e.newPage();
    await page.goto('/login');
    const password = page.locator('input[name="password"]');
    await password.fill('rahasia');
    expect(await password.getAttribute('type')).toBe('password');

    await page.getByRole('button', { name: 'Tampilkan password' }).click();
    await eventually(() => password.getAttribute('type')).toBe('text');
    expect(await password.inputValue()).toBe('rahasia');
    await expect(page.getByRole('button', { name: 'Tampilkan password' }).count()).resolves.toBe(0);

    await page.getByRole('button', { name: 'Sembunyikan password' }).click();
    await eventually(() => password.getAttribute('type')).toBe('password');
    await eventually(() => page.getByRole('button', { name: 'Tampilkan password' }).count()).toBe(1);
  });

  it('a successful admin login shows "Masuk..." while submitting, lands on /dashboard and stores the session', async () => {
    const page = await e2e.newPage();
    // Hold the login response back a little so the submitting state can be seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/login', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login');
    await page.locator('input[name="email"]').fill(DEMO.admin);
    await page.locator('input[name="password"]').fill(e2e.config.demoPassword);
    await page.getByRole('button', { name: 'MASUK', exact: true }).click();

    const submitting = page.getByRole('button', { name: 'Masuk...' });
    await submitting.waitFor();
    expect(await submitting.isDisabled()).toBe(true);
    release();

    await page.waitForURL((url) => url.pathname === '/dashboard');
    const token = await storageItem(page, 'token');
    expect(token).toBeTruthy();
    const user = JSON.parse((await storageItem(page, 'user')) ?? 'null');
    expect(user).toMatchObject({ email: DEMO.admin, name: 'Admin Demo', role: 'admin', username: 'admin' });
    // The stored token is a live session on the API.
    const me = await e2e.api(token, '/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(DEMO.admin);
    await page.getByTestId('sidebar-menu').waitFor();

    // Signed in, /login sends the user back to the dashboard.
    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByTestId('sidebar-menu').waitFor();
    expect(pathOf(page)).toBe('/dashboard');
  });

  it('no uncaught errors in the pages', () => {
    expect(e2e.pageErrors).toEqual([]);
  });

  it("reads 'Masuk...' (as written, not uppercased) while the sign-in is pending", async () => {
    const page = await e2e.newPage();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/login', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login');
    await page.locator('input[name="email"]').fill(DEMO.admin);
    await page.locator('input[name="password"]').fill(e2e.config.demoPassword);
    await page.getByRole('button', { name: 'MASUK', exact: true }).click();
    const pending = page.getByRole('button', { name: 'Masuk...' });
    // innerText is the text as shown, after any CSS text-transform.
    await eventually(() => pending.innerText()).toBe('Masuk...');
    expect(await pending.isDisabled()).toBe(true);
    release();
    await page.waitForURL((url) => url.pathname === '/dashboard');
  });
});
