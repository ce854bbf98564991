/** The list's export downloads every row matching the search, from the server, not the page. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { DEMO, SKIP_E2E, eventually, startE2E, type E2E } from './harness';

describe.skipIf(SKIP_E2E)('master list export (e2e)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E({ patients: 1200 });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('downloads all rows of the list, past the pages and past 1,000, with Indonesian headers', async () => {
    const page = await e2e.newPage({ as: DEMO.admin });
    await page.goto('/master/patients');
    await eventually(() => page.locator('table tbody tr').count()).toBeGreaterThan(0);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /ekspor/i }).click(),
    ]);
    const text = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const lines = text.split('\r\n').filter(Boolean);
    const total = (await e2e.api(await e2e.apiToken(DEMO.admin), '/api/master/patients?limit=1')).body
      .pagination.total as number;
    expect(total).toBeGreaterThan(1000);
    expect(lines).toHaveLength(total + 1);
    expect(lines[0]).toContain('Nama Lengkap');
    expect(download.suggestedFilename()).toMatch(/^master-patients-.*\.csv$/);
  });

  it('exports only what the search finds', async () => {
    const token = await e2e.apiToken(DEMO.admin);
    const one = (await e2e.api(token, '/api/master/patients?limit=1')).body.data[0];
    const page = await e2e.newPage({ as: DEMO.admin });
    await page.goto('/master/patients');
    await page.getByPlaceholder(/Cari/).fill(one.identity_number);
    await eventually(() => page.locator('table tbody tr').count()).toBe(1);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /ekspor/i }).click(),
    ]);
    const lines = readFileSync((await download.path())!, 'utf8')
      .split('\r\n')
      .filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(one.identity_number);
  });
});
