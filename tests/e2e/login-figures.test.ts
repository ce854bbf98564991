import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, SKIP_E2E, eventually, startE2E, type E2E } from './harness';

const FIGURES = [
  '/api/dashboard/appointments-by-date',
  '/api/dashboard/medical-facilities',
  '/api/dashboard/patient-demographics',
  '/api/dashboard/stats',
];

/**
 * Run in the page before its scripts: when each dashboard call was sent and when the dashboard
 * page was first in the document, on the page's clock.
 */
const RECORD = `(() => {
  window.__sent = [];
  const fetch = window.fetch;
  window.fetch = (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input.url, location.href).pathname;
    if (url.startsWith('/api/dashboard/')) window.__sent.push(performance.now());
    return fetch(input, init);
  };
  new MutationObserver(() => {
    if (!window.__pageAt && document.querySelector('[data-testid="dashboard"]')) window.__pageAt = performance.now();
  }).observe(document, { subtree: true, childList: true });
})()`;

describe.skipIf(SKIP_E2E)("'Masuk' to the dashboard's figures (e2e)", () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E({ patients: 20 });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  /** The page's /api/dashboard/* requests, by path, from now on. */
  const figureRequests = (page: Page) => {
    const paths: string[] = [];
    page.on('request', (req) => {
      const { pathname } = new URL(req.url());
      if (pathname.startsWith('/api/dashboard/')) paths.push(pathname);
    });
    return paths;
  };

  const passwordStep = async (page: Page, email: string) => {
    await page.goto('/login');
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(e2e.config.demoPassword);
    await page.getByRole('button', { name: 'MASUK', exact: true }).click();
  };

  it.each([
    ['an admin', DEMO.admin],
    ['a viewer', DEMO.viewer],
    ['a facility operator', DEMO.medical_facility],
  ])(
    "asks for %s's figures with the sign-in's answer, before /auth/me has answered and the page has rendered, once each",
    async (_, email) => {
      const page = await e2e.newPage();
      await page.addInitScript({ content: RECORD });
      // /auth/me is held back until the figures have been asked for (or 5 s have passed).
      let releaseMe!: () => void;
      const meHeld = new Promise<void>((resolve) => (releaseMe = resolve));
      const meRelease = setTimeout(releaseMe, 5_000);
      let meAnswered = false;
      await page.route('**/api/auth/me', async (route) => {
        await meHeld;
        await route.continue();
        meAnswered = true;
      });
      const requested = figureRequests(page);
      await passwordStep(page, email);

      await eventually(() => requested.length).toBe(FIGURES.length);
      expect(meAnswered).toBe(false);
      clearTimeout(meRelease);
      releaseMe();

      await page.getByTestId('stat-patients').getByTestId('stat-value').filter({ hasText: /\d/ }).waitFor();
      await page.getByTestId('chart-appointments').locator('.recharts-surface').waitFor();
      // Sent before the page was there, not by the page once it had rendered ...
      const { sent, pageAt } = (await page.evaluate(
        '({ sent: window.__sent, pageAt: window.__pageAt })',
      )) as {
        sent: number[];
        pageAt: number;
      };
      expect(sent).toHaveLength(FIGURES.length);
      for (const at of sent) expect(at).toBeLessThan(pageAt);
      // ... under the page's own keys: it asked for none of them again.
      expect([...requested].sort()).toEqual(FIGURES);
    },
  );

  it('asks for no figure before the two-factor step is done', async () => {
    // A super admin who is not a demo account must enrol at sign-in (demo accounts are exempt).
    const email = 'kepala.dinas@dinkes.test';
    const hash = (await e2e.db.query(`SELECT password_hash FROM web_admins WHERE email = $1`, [DEMO.admin]))
      .rows[0].password_hash;
    await e2e.db.query(
      `INSERT INTO web_admins (username, email, password_hash, full_name, role)
       VALUES ('kepaladinas', $1, $2, 'Kepala Dinas', 'super_admin')`,
      [email, hash],
    );
    const page = await e2e.newPage();
    const requested = figureRequests(page);
    await passwordStep(page, email);
    await page.getByRole('heading', { name: 'Aktifkan Autentikasi Dua Faktor' }).waitFor();
    // The sign-in's answer has been handled (the step shows): a prefetch would have been sent by now.
    await page.waitForLoadState('networkidle');
    expect(requested).toEqual([]);
  });
});
