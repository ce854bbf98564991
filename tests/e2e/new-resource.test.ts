/**
 * A new master entity as a maintainer adds it: on a copy of the project with a database already
 * in use, `npm run new:resource` and nothing else by hand, then the console is built and the
 * server restarted on that database. The entity's roles find it in the sidebar with its list,
 * add a record through the generated dialog and see it with its price in Rupiah; OpenAPI lists
 * it; a role without it gets 403 and is sent away from its screen.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startServer, type RunningServer } from '../../bench/harness';
import { CHROMIUM_PATH, CONTEXT, DEMO, SKIP_E2E, chooseOption, eventually, labelled, snap } from './harness';
import { expectNoSeriousA11yViolations } from './axe';
import { MEDICINES_SCHEMA } from '../fixtures/medicines-schema';
import { copyProject, run } from './project-copy';

const PASSWORD = 'demo12345';

describe.skipIf(SKIP_E2E)('a new master entity from npm run new:resource (e2e)', () => {
  let dir: string;
  let server: RunningServer | undefined;
  let browser: Browser;
  let printed = '';

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'dkj-new-resource-'));
    const project = copyProject(dir);
    const env = { DATA_DIR: path.join(dir, 'data'), DEMO_PASSWORD: PASSWORD, DEMO_PATIENTS: '200' };
    // A database in use before the entity exists: the project as it is, started once.
    run(project, ['scripts/ensure-build.mjs']);
    const before = await startServer(project, env);
    await before.stop();
    // The maintainer's one step.
    writeFileSync(path.join(dir, 'medicines.json'), JSON.stringify(MEDICINES_SCHEMA));
    printed = run(project, [
      '--import',
      'tsx',
      'scripts/new-resource.ts',
      'medicines',
      path.join(dir, 'medicines.json'),
      '--title-id',
      'Obat',
      '--title-en',
      'Medicines',
    ]);
    run(project, ['scripts/ensure-build.mjs']);
    server = await startServer(project, env);
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: ['--no-sandbox', '--disable-gpu'],
    });
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const signIn = async (email: string): Promise<Page> => {
    const context = await browser.newContext({ ...CONTEXT, baseURL: server!.base });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    await page.goto('/login');
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByRole('button', { name: 'MASUK' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    return page;
  };
  const token = async (email: string) => {
    const res = await fetch(`${server!.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    return ((await res.json()) as { token: string }).token;
  };

  it('says what it wrote and what to review', () => {
    expect(printed).toContain('src/resources/medicines/index.ts');
    expect(printed).toMatch(/migrations\/\d{3}_medicines\.sql/);
  });

  it("is in its roles' menu on the database in use, and a record is added through its generated dialog", async () => {
    const page = await signIn(DEMO.admin);
    const menu = page.getByTestId('sidebar-menu');
    // Opened until it stays open: the sidebar may be drawn again just after the first paint.
    const group = menu.getByRole('button', { name: 'Master Data', exact: true });
    const entry = menu.getByRole('link', { name: 'Obat', exact: true });
    await eventually(async () => {
      if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
      await page.waitForTimeout(300);
      return entry.isVisible();
    }, 20_000).toBe(true);
    await eventually(async () => {
      if (new URL(page.url()).pathname !== '/master/medicines' && (await entry.isVisible()))
        await entry.click();
      await page.waitForTimeout(300);
      return new URL(page.url()).pathname;
    }, 20_000).toBe('/master/medicines');
    await page.getByText('Data Obat').first().waitFor();
    await page.getByRole('link', { name: 'Tambah' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(labelled('Nama Obat')).fill('Parasetamol 500 mg');
    await dialog.getByLabel(labelled('Kode')).fill('PCT-500');
    await chooseOption(page, dialog, 'Satuan', 'tablet');
    await dialog.getByLabel(labelled('Harga')).fill('12500');
    await dialog.getByLabel(labelled('Kedaluwarsa')).fill('2027-06-30');
    await chooseOption(page, dialog, 'Fasilitas Kesehatan', 'RSUD Koja');
    await expect(dialog.getByText('Penyimpanan').count()).resolves.toBeGreaterThan(0);
    // The optional JSON object opens as its form (raw JSON is the second mode) and, left
    // empty, does not stop the save.
    const storage = dialog.locator('[data-json-field="storage"]');
    await expect(storage.getByLabel('JSON mentah').isChecked()).resolves.toBe(false);
    await expect(storage.getByRole('textbox', { name: 'Penyimpanan (JSON)' }).count()).resolves.toBe(0);
    await expectNoSeriousA11yViolations(page, 'new entity dialog');
    await snap(page, 'new-resource-dialog');
    await dialog.getByRole('button', { name: /Simpan/ }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.locator('tbody tr').filter({ hasText: 'Parasetamol 500 mg' });
    await eventually(() => row.count()).toBe(1);
    await expect(row.innerText()).resolves.toContain('Rp 12.500');
    await expect(row.innerText()).resolves.toContain('PCT-500');
    await page.getByRole('button', { name: /Ekspor/ }).waitFor();
    await expectNoSeriousA11yViolations(page, 'new entity list');
    await snap(page, 'new-resource-list');

    const res = await fetch(`${server!.base}/api/master/medicines?search=Parasetamol`, {
      headers: { authorization: `Bearer ${await token(DEMO.admin)}` },
    });
    const body = (await res.json()) as { data: any[] };
    expect(body.data).toEqual([
      expect.objectContaining({
        code: 'PCT-500',
        unit: 'tablet',
        price: 12500,
        expires_on: '2027-06-30',
        storage: null,
      }),
    ]);
  });

  it('is listed in OpenAPI', async () => {
    const doc = (await (await fetch(`${server!.base}/api/docs/json`)).json()) as { paths: object };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/master/medicines', '/api/master/medicines/{id}']),
    );
  });

  it('is refused to a role without it: 403 from the API, not in the menu, sent away from its screen', async () => {
    const res = await fetch(`${server!.base}/api/master/medicines`, {
      headers: { authorization: `Bearer ${await token(DEMO.viewer)}` },
    });
    expect(res.status).toBe(403);
    const page = await signIn(DEMO.viewer);
    const menu = page.getByTestId('sidebar-menu');
    await menu.getByRole('link', { name: 'Dashboard' }).waitFor();
    // The viewer's menu has no Master Data group at all, or one without the entity.
    const group = menu.getByRole('button', { name: 'Master Data', exact: true });
    if (await group.count()) await group.click();
    await expect(menu.getByRole('link', { name: 'Obat', exact: true }).count()).resolves.toBe(0);
    await page.goto('/master/medicines');
    await eventually(() => new URL(page.url()).pathname).toBe('/dashboard');
  });
});
