/** Layout at 390 px: see layout-walk.ts for what is measured. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { layoutPages, VIEWPORTS, walkEnglish, walkWithDialogs, SHOTS } from './layout-walk';
import { screenReady } from './waits';
import { SKIP_E2E, shoot, startE2E, type E2E } from './harness';
import { expectNoSeriousA11yViolations } from './axe';

const viewport = VIEWPORTS[1];

describe.skipIf(SKIP_E2E)('layout at 390 px', () => {
  let e2e: E2E;
  let page: Page;
  let en: Page;
  beforeAll(async () => {
    e2e = await startE2E({ patients: 30 });
    ({ page, en } = await layoutPages(e2e));
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it(`every screen and add dialog at ${viewport.width} px: nothing covered, clipped or overlapping`, async () => {
    expect(await walkWithDialogs(page, viewport)).toEqual([]);
  }, 300_000);

  it(`every screen in English at ${viewport.width} px: its longer texts fit too`, async () => {
    expect(await walkEnglish(en, viewport)).toEqual([]);
  }, 180_000);

  it('the changed screens stay axe clean in both languages at both widths (screenshots in /tmp/shots with SHOTS=1)', async () => {
    mkdirSync(SHOTS, { recursive: true });
    for (const [lang, p] of [
      ['id', page],
      ['en', en],
    ] as const)
      for (const size of VIEWPORTS) {
        await p.setViewportSize(size);
        for (const path of [
          '/simulator/facilities',
          '/simulator/schedules/create',
          '/master/appointments/create',
        ]) {
          await p.goto(path);
          await screenReady(p);
          const what = `${path} (${lang}, ${size.width} px)`;
          await expectNoSeriousA11yViolations(p, what);
          const name = path.slice(1).replace(/\//g, '-');
          await shoot(p, { path: `${SHOTS}/layout-${name}-${lang}-${size.width}.png` });
          if (!path.endsWith('/create')) continue;
          // The form's error toast, where it shows beside the dialog's buttons.
          await p
            .getByRole('dialog')
            .getByRole('button', { name: lang === 'id' ? 'Simpan' : 'Save' })
            .click();
          await p.locator('.MuiSnackbar-root').waitFor();
          await screenReady(p);
          await shoot(p, { path: `${SHOTS}/layout-${name}-toast-${lang}-${size.width}.png` });
        }
      }
  }, 120_000);
});
