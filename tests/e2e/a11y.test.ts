import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { id as messages } from '../../i18n/id';
import { expectNoSeriousA11yViolations } from './axe';
import { DEMO, SKIP_E2E, eventually, startE2E, type E2E } from './harness';

/**
 * axe-core (WCAG 2.1 A and AA) on the login page, the dashboard, the six analysis screens and
 * the master patients list, on a wide screen (persistent sidebar) and a phone (drawer closed):
 * no serious or critical violation, and no screen wider than the window.
 */

const analysis = messages.app.analysis;
const SCREENS = [
  { path: '/dashboard', title: messages.app.menu.dashboard },
  { path: '/patients', title: analysis.patients.title },
  { path: '/appointments', title: analysis.appointments.title },
  { path: '/medical-facilities', title: analysis.facilities.title },
  { path: '/emergency-reports', title: analysis.emergencies.title },
  { path: '/mental-health', title: analysis.mental_health.title },
  { path: '/geographic', title: analysis.geographic.title },
];

const VIEWPORTS = [
  { name: 'wide', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

/** Waits until a screen has its final content: no skeleton, no progress bar, charts drawn. */
async function settled(page: Page) {
  await eventually(() => page.locator('.MuiSkeleton-root').count(), 20_000).toBe(0);
  // Loading bars (indeterminate); the rate bars of the mental-health screen stay.
  await eventually(() => page.locator('.MuiLinearProgress-indeterminate').count()).toBe(0);
  const charts = page.locator('section .recharts-responsive-container');
  await eventually(() => charts.count()).toBeGreaterThan(0);
  // Every chart has drawn its marks (bars, areas, lines or sectors).
  await eventually(() =>
    page
      .locator('section')
      .filter({ has: page.locator('.recharts-responsive-container') })
      .evaluateAll(
        (sections) =>
          sections.filter(
            (s) =>
              !s.querySelector(
                '.recharts-bar-rectangle, path.recharts-area-area, path.recharts-line-curve, .recharts-pie-sector',
              ),
          ).length,
      ),
  ).toBe(0);
}

/**
 * Reflow (WCAG 1.4.10): the page is no wider than the window; wide tables scroll inside their
 * own cards rather than the whole screen sideways.
 */
async function expectNoPageScrollSideways(page: Page, width: number, what: string) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${what}: page width`).toBeLessThanOrEqual(width);
}

describe.skipIf(SKIP_E2E)('accessibility: axe-core, WCAG 2.1 AA (e2e)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  describe.each(VIEWPORTS)('$name ($width px)', ({ name, width, height }) => {
    it('the login page', async () => {
      const page = await e2e.newPage();
      await page.setViewportSize({ width, height });
      await page.goto('/login');
      await page.getByRole('button', { name: 'MASUK', exact: true }).waitFor();
      await expectNoSeriousA11yViolations(page, `/login (${name})`);
      await expectNoPageScrollSideways(page, width, '/login');
      // And with the error alert of a failed sign-in.
      await page.locator('input[name="email"]').fill(DEMO.admin);
      await page.locator('input[name="password"]').fill('not-the-password');
      await page.getByRole('button', { name: 'MASUK', exact: true }).click();
      await page.getByRole('alert').waitFor();
      await expectNoSeriousA11yViolations(page, `/login with an error (${name})`);
    });

    it.each(SCREENS)('$path', async ({ path, title }) => {
      const page = await e2e.newPage({ as: DEMO.super_admin });
      await page.setViewportSize({ width, height });
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
      await settled(page);
      await expectNoSeriousA11yViolations(page, `${path} (${name})`);
      await expectNoPageScrollSideways(page, width, path);
    });

    it('/master/patients', async () => {
      const page = await e2e.newPage({ as: DEMO.super_admin });
      await page.setViewportSize({ width, height });
      await page.goto('/master/patients');
      await eventually(() =>
        page.locator('table tbody tr, .MuiCard-root .MuiListItem-root').count(),
      ).toBeGreaterThan(0);
      await eventually(() => page.locator('.MuiSkeleton-root').count()).toBe(0);
      await expectNoSeriousA11yViolations(page, `/master/patients (${name})`);
      await expectNoPageScrollSideways(page, width, '/master/patients');
    });
  });

  it('the sidebar, with every group open, on a wide screen', async () => {
    const page = await e2e.newPage({ as: DEMO.super_admin });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/dashboard');
    const menu = page.getByTestId('sidebar-menu');
    await menu.waitFor();
    const groups = menu.locator('[aria-expanded="false"]');
    while ((await groups.count()) > 0) await groups.first().click();
    await expectNoSeriousA11yViolations(page, 'the open sidebar', {
      include: 'nav[aria-label="Menu utama"]',
    });
  });
});
