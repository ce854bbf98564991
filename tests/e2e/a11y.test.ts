import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations } from './axe';
import { DEMO, SKIP_E2E, startE2E, type E2E } from './harness';

/**
 * axe-core (WCAG 2.1 A and AA) where the walks do not go: the login page (with a failed sign-in's
 * alert) on a wide screen and a phone, and the sidebar with every group open: no serious or
 * critical violation, and no page wider than the window. Every menu screen, its add dialog and
 * that dialog's toast are checked by the walks that read them: at 1,440 px in both languages
 * (language-walk.test.ts) and at 390 px (layout-phone.test.ts), after their charts are drawn.
 */

const VIEWPORTS = [
  { name: 'wide', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

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
