/** Layout at 1,440 px: see layout-walk.ts for what is measured. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SKIP_E2E, startE2E, type E2E } from './harness';
import { layoutPages, VIEWPORTS, walkEnglish, walkWithDialogs } from './layout-walk';

const viewport = VIEWPORTS[0];

describe.skipIf(SKIP_E2E)('layout at 1,440 px', () => {
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
});
