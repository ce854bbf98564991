import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { id as messages } from '../../i18n/id';
import { visibleMenu, type MenuItem } from '../../src/domain/menu';
import { DEMO, SKIP_E2E, eventually, pathOf, startE2E, storageItem, type E2E } from './harness';

const label = (item: MenuItem) => {
  const key = item.labelKey.replace(/^app\.menu\./, '') as keyof typeof messages.app.menu;
  return messages.app.menu[key];
};

const menu = (page: Page) => page.getByTestId('sidebar-menu');
const linkNames = async (page: Page) =>
  (await menu(page).getByRole('link').allInnerTexts()).map((t) => t.trim());
const groupButton = (page: Page, name: string) => menu(page).getByRole('button', { name, exact: true });

/** Loads a console path and waits for the sidebar. */
async function openConsole(page: Page, path: string) {
  await page.goto(path);
  // The menu lists the role's items once /auth/me has answered: its first item is the dashboard.
  await menu(page).getByRole('link', { name: 'Dashboard' }).waitFor();
}

/** Opens every collapsed group of the sidebar so all of its links are rendered. */
async function expandAll(page: Page) {
  const groups = menu(page).locator('[aria-expanded]');
  // The menu may draw itself again as the access answer settles after the first paint (a group
  // then starts closed again): open every group until all stay open.
  for (let attempt = 0; attempt < 5; attempt++) {
    for (let i = 0; i < (await groups.count()); i++) {
      const g = groups.nth(i);
      if ((await g.getAttribute('aria-expanded')) !== 'true') await g.click();
      await eventually(() => g.getAttribute('aria-expanded')).toBe('true');
    }
    await page.waitForTimeout(300);
    const states = await groups.evaluateAll((els) => els.map((e) => e.getAttribute('aria-expanded')));
    if (states.every((x) => x === 'true')) return;
  }
}

describe.skipIf(SKIP_E2E)('sidebar and route guard (e2e)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it("admin sees the groups and items of the admin role, and none of the super admin's", async () => {
    const page = await e2e.newPage({ as: DEMO.admin });
    await openConsole(page, '/dashboard');
    const token = await storageItem(page, 'token');
    const me = await e2e.api(token, '/api/auth/me');
    expect(me.status).toBe(200);
    const expected = visibleMenu(me.body.menus as string[]);
    const expectedGroups = expected.filter((i) => i.submenu).map(label);
    const expectedLeaves = expected.flatMap((i) => (i.submenu ? i.submenu : [i])).map(label);

    expect(expectedGroups).toEqual(['API Simulator', 'Master Data']);
    for (const g of expectedGroups) {
      // On /dashboard no child of the groups is active: they start closed.
      await expect(groupButton(page, g).getAttribute('aria-expanded')).resolves.toBe('false');
    }
    await expect(
      menu(page).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current'),
    ).resolves.toBe('page');

    await expandAll(page);
    const links = await linkNames(page);
    expect(links).toEqual(expectedLeaves);
    for (const name of [
      'Dashboard',
      'Data Pasien',
      'Janji Temu',
      'Log Sistem',
      'Log API',
      'Pengguna',
      'Pengiriman',
    ])
      expect(links).toContain(name);
    for (const name of [
      'Admin Web',
      'Konfigurasi Gateway',
      'Pengelola Menu per Peran',
      'Konfigurasi Perjalanan',
    ])
      expect(links).not.toContain(name);
  });

  it('super admin, for contrast, does see Web Admins, Gateway Config and Menu Role Manager', async () => {
    const page = await e2e.newPage({ as: DEMO.super_admin });
    await openConsole(page, '/dashboard');
    await expandAll(page);
    const links = await linkNames(page);
    for (const name of ['Admin Web', 'Konfigurasi Gateway', 'Pengelola Menu per Peran'])
      expect(links).toContain(name);
  });

  it('on /master/patients the Master Data group opens by itself and marks Data Pasien active; name and email are shown', async () => {
    const page = await e2e.newPage({ as: DEMO.admin });
    await openConsole(page, '/master/patients');
    await page.getByRole('columnheader', { name: 'Info Pasien' }).waitFor();

    await eventually(() => groupButton(page, 'Master Data').getAttribute('aria-expanded')).toBe('true');
    await expect(groupButton(page, 'API Simulator').getAttribute('aria-expanded')).resolves.toBe('false');
    const masterPatients = menu(page).locator('a[href="/master/patients"]');
    await expect(masterPatients.innerText()).resolves.toBe('Data Pasien');
    await expect(masterPatients.getAttribute('aria-current')).resolves.toBe('page');
    // Only one active item: not the top-level 'Data Pasien' (/patients), not Dashboard.
    await expect(menu(page).locator('[aria-current="page"]').count()).resolves.toBe(1);
    await expect(menu(page).locator('a[href="/patients"]').getAttribute('aria-current')).resolves.toBeNull();

    // The user can still fold the group.
    await groupButton(page, 'Master Data').click();
    await eventually(() => groupButton(page, 'Master Data').getAttribute('aria-expanded')).toBe('false');
    await eventually(() => menu(page).locator('a[href="/master/patients"]').count()).toBe(0);

    // Clicking a leaf of another group navigates there and opens that group instead.
    // As a user does: the group opens, then its item is clicked (not while it is still unfolding).
    await groupButton(page, 'API Simulator').click();
    await eventually(() => groupButton(page, 'API Simulator').getAttribute('aria-expanded')).toBe('true');
    const leaf = menu(page).getByRole('link', { name: 'Simulator Pasien' });
    await leaf.waitFor({ state: 'visible' });
    await leaf.click();
    await page.waitForURL((url) => url.pathname === '/simulator/patients');
    await eventually(() =>
      menu(page).locator('a[href="/simulator/patients"]').getAttribute('aria-current'),
    ).toBe('page');

    const nav = page.locator('nav[aria-label="Menu utama"]');
    await expect(page.getByTestId('sidebar-user-name').innerText()).resolves.toBe('Admin Demo');
    await expect(nav.getByText(DEMO.admin, { exact: true }).count()).resolves.toBe(1);
  });

  it('every sidebar label is the Indonesian menu text of its item, capitalised, never a key or a stand-in', async () => {
    const page = await e2e.newPage({ as: DEMO.super_admin });
    await openConsole(page, '/dashboard');
    await expandAll(page);
    const token = await storageItem(page, 'token');
    const items = visibleMenu((await e2e.api(token, '/api/auth/me')).body.menus as string[]);
    const expected = items.flatMap((i) => [i, ...(i.submenu ?? [])]).map(label);
    // Groups are buttons, leaves are links; in menu order. An opened group's items render just
    // after its button says it is expanded: read once they are all there.
    const read = async () =>
      (
        await menu(page)
          .locator('a, [aria-expanded]')
          .evaluateAll((els) => els.map((e) => e.textContent ?? ''))
      ).map((t) => t.trim());
    await eventually(async () => (await read()).length).toBe(expected.length);
    const shown = await read();
    expect(shown).toEqual(expected);
    for (const text of shown) {
      expect(text, `sidebar label '${text}'`).toMatch(/^\p{Lu}/u);
      expect(text).not.toMatch(/^app\.|_/);
    }
    // The performance screen's item in particular (it once showed 'performance analytics').
    await expect(menu(page).locator('a[href="/performance-analytics"]').innerText()).resolves.toBe(
      messages.app.menu.performance_analytics,
    );
    expect(messages.app.menu.performance_analytics).toBe('Analisis Kinerja');
  });

  it("the sidebar's content fits its 280 px drawer: the product name wraps, 'Keluar' is whole", async () => {
    const page = await e2e.newPage({ as: DEMO.admin });
    await page.setViewportSize({ width: 1440, height: 900 });
    await openConsole(page, '/dashboard');
    const overflow = await page.locator('nav[aria-label="Menu utama"]').evaluate((nav) => {
      const drawer = nav.closest('.MuiDrawer-paper')!.getBoundingClientRect();
      return [nav, ...nav.querySelectorAll('*')]
        .filter((e) => e.getBoundingClientRect().right > drawer.right + 0.5)
        .map((e) => `${e.tagName} '${(e.textContent ?? '').trim().slice(0, 30)}'`);
    });
    expect(overflow).toEqual([]);
  });

  it('viewer sees only Dashboard, and every other path leads back to /dashboard', async () => {
    const page = await e2e.newPage({ as: DEMO.viewer });
    await openConsole(page, '/dashboard');
    await eventually(() => linkNames(page)).toEqual(['Dashboard']);
    await expect(menu(page).getByRole('button').count()).resolves.toBe(0);
    await expect(page.getByTestId('sidebar-user-name').innerText()).resolves.toBe('Viewer Demo');

    for (const path of ['/master/patients', '/patients', '/master/patients/create', '/no-such-page']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await menu(page).waitFor();
      expect(pathOf(page), path).toBe('/dashboard');
    }
    // The API agrees: the viewer may not read patients.
    const token = await storageItem(page, 'token');
    const res = await e2e.api(token, '/api/master/patients');
    expect(res.status).toBe(403);
  });

  it("'Keluar' returns to /login, clears the session and revokes the token on the server", async () => {
    const page = await e2e.newPage();
    await e2e.login(page, DEMO.admin);
    const token = await storageItem(page, 'token');
    expect(token).toBeTruthy();
    await expect(e2e.api(token, '/api/auth/me').then((r) => r.status)).resolves.toBe(200);

    await page.locator('nav[aria-label="Menu utama"]').getByRole('button', { name: 'Keluar' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await expect(storageItem(page, 'token')).resolves.toBeNull();
    await expect(storageItem(page, 'user')).resolves.toBeNull();
    await eventually(() => e2e.api(token, '/api/auth/me').then((r) => r.status)).toBe(401);

    // Signed out, the console no longer opens.
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/login');
  });

  it("signing in as another user in the same tab shows that user's menu, not the previous one's", async () => {
    const page = await e2e.newPage();
    await e2e.login(page, DEMO.admin);
    await menu(page).getByRole('link', { name: 'Data Pasien' }).first().click();
    await page.waitForURL((url) => url.pathname === '/patients');
    await page.locator('nav[aria-label="Menu utama"]').getByRole('button', { name: 'Keluar' }).click();
    await page.waitForURL((url) => url.pathname === '/login');

    // No reload in between: cached profile, menu and access answers must not leak.
    await page.locator('input[name="email"]').fill(DEMO.viewer);
    await page.locator('input[name="password"]').fill(e2e.config.demoPassword);
    await page.getByRole('button', { name: 'MASUK', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await eventually(() => page.getByTestId('sidebar-user-name').innerText()).toBe('Viewer Demo');
    await eventually(() => linkNames(page)).toEqual(['Dashboard']);
    // An in-app navigation (no reload) to a forbidden screen is turned back too.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/master/patients');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await expect(page.getByRole('columnheader', { name: 'Info Pasien' }).count()).resolves.toBe(0);
  });

  it('no uncaught errors in the pages', () => {
    expect(e2e.pageErrors).toEqual([]);
  });
});
