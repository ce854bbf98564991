import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, SKIP_E2E, snap, startE2E, type E2E } from './harness';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** The header's title: its box, whether its text fits, and the text-overflow it uses. */
const titleOf = (page: Page) =>
  page.locator('#react-admin-title').evaluate((el) => {
    const box = el.getBoundingClientRect();
    return {
      text: (el as HTMLElement).innerText.trim(),
      right: box.right,
      fits: el.scrollWidth <= el.clientWidth + 1,
      overflow: getComputedStyle(el).textOverflow,
    };
  });

async function open(page: Page, path: string, title: string) {
  await page.goto(path);
  await page
    .getByTestId('sidebar-menu')
    .or(page.getByRole('button', { name: /menu/i }))
    .first()
    .waitFor();
  await page.locator('#react-admin-title').getByText(title).waitFor();
}

describe.skipIf(SKIP_E2E)('the header on a phone and on a desktop (e2e)', () => {
  let e2e: E2E;

  beforeAll(async () => {
    e2e = await startE2E({ patients: 60 });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('at 390 px the language selector is an icon button and page titles stay whole and clear of it', async () => {
    const page = await e2e.newPage({ as: DEMO.admin });
    await page.setViewportSize(PHONE);
    for (const [path, title] of [
      ['/dashboard', 'Dashboard'],
      ['/master/patients', 'Master Data Pasien'],
    ] as const) {
      await open(page, path, title);
      const language = page.getByRole('button', { name: 'Bahasa: Bahasa Indonesia' });
      await language.waitFor();
      const head = await titleOf(page);
      expect(head.text).toBe(title);
      expect(head.fits, `${path}: '${head.text}' is cut`).toBe(true);
      expect(head.overflow).toBe('ellipsis');
      expect(head.right).toBeLessThanOrEqual((await language.boundingBox())!.x);
      await snap(page, `header-id-390${path.replace(/\//g, '-')}`);
    }

    // The icon button switches the language like the wide selector.
    await page.getByRole('button', { name: 'Bahasa: Bahasa Indonesia' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Language: English' }).waitFor();
    await open(page, '/master/patients', 'Patient Master Data');
    expect((await titleOf(page)).fits).toBe(true);
    await snap(page, 'header-en-390-master-patients');
    await open(page, '/geographic', 'Geographic');
    await snap(page, 'header-en-390-geographic');
  });

  it('at 1440 px the selector shows the language by name', async () => {
    const page = await e2e.newPage({ as: DEMO.admin });
    await page.setViewportSize(DESKTOP);
    await open(page, '/master/patients', 'Master Data Pasien');
    await page.getByRole('button', { name: 'Bahasa Indonesia' }).waitFor();
    // The search hint is shown whole.
    const search = page.getByPlaceholder('Cari nama, NIK, telepon, email');
    const hint = await search.evaluate((el: HTMLInputElement) => {
      const style = getComputedStyle(el);
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = style.font;
      const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text: ctx.measureText(el.placeholder).width, room };
    });
    expect(hint.text, 'search hint width').toBeLessThanOrEqual(hint.room);
    await snap(page, 'header-id-1440-master-patients');
    await open(page, '/medical-facilities', 'Analisis');
    await page.getByText('RS Swasta').first().waitFor();
    await snap(page, 'header-id-1440-facilities');
  });

  it('moves only as the system allows: the language menu grows open, or appears at once under "reduce motion"', async () => {
    const page = await e2e.newPage({ as: DEMO.admin });
    await page.setViewportSize(PHONE);
    /** How long the language menu's opening takes (its CSS transition), then closes it. */
    const opening = async () => {
      await page.getByRole('button', { name: 'Bahasa: Bahasa Indonesia' }).click();
      const list = page.getByRole('menu');
      await list.waitFor();
      const duration = await list.evaluate(
        (el) => getComputedStyle(el.closest('.MuiPaper-root')!).transitionDuration,
      );
      await page.keyboard.press('Escape');
      await list.waitFor({ state: 'hidden' });
      return duration;
    };
    // The tests' browser has the system's "reduce motion" on (CONTEXT in harness.ts).
    await open(page, '/dashboard', 'Dashboard');
    expect(await opening()).toBe('0s');
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await open(page, '/dashboard', 'Dashboard');
    expect(await opening()).toMatch(/^0\.[1-9]\d*s/);
  });
});
