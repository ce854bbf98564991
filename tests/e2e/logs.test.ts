import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, SKIP_E2E, eventually, pathOf, startE2E, type E2E } from './harness';
import { expectNoSeriousA11yViolations } from './axe';
import { generateLogs } from '../../src/server/seed/entities/logs';

const SHOTS = '/tmp/shots-logs';
const OLD_NAME = 'Warga Lognama Lama';
const NEW_NAME = 'Warga Lognama Baru';

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
const shot = async (page: Page, name: string) => {
  if (!process.env.SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

describe.skipIf(SKIP_E2E)('logs monitoring and API logs (e2e)', () => {
  let e2e: E2E;
  let token: string;
  beforeAll(async () => {
    e2e = await startE2E({ patients: 20 });
    token = await e2e.apiToken(DEMO.admin);
    // Traffic of our own: a user created and renamed (activity with old and new values), and a
    // wrong password (a failed sign-in, its security event and a 401 in the request log).
    const created = await e2e.api(token, '/api/master/users', {
      method: 'POST',
      body: JSON.stringify({ name: OLD_NAME, email: 'lognama@example.com', password: 'rahasia123' }),
    });
    expect(created.status).toBe(201);
    const renamed = await e2e.api(token, `/api/master/users/${created.body.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ name: NEW_NAME }),
    });
    expect(renamed.status).toBe(200);
    const wrong = await e2e.api(null, '/api/auth/login', {
      method: 'POST',
      body: JSON.stringify({ email: DEMO.viewer, password: 'salah-sekali' }),
    });
    expect(wrong.status).toBe(401);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('Logs Monitoring: stats, each tab with its filters, the detail as a readable diff, and resolve', async () => {
    const page = await e2e.newPage({ as: DEMO.admin });
    await page.goto('/logs-monitoring');
    await page.getByRole('heading', { name: 'Pemantauan & Analisis Log', level: 1 }).waitFor();
    const stats = (await e2e.api(token, '/api/logs/stats?period=7d')).body;
    await eventually(() => page.getByTestId('stat-activities').getByTestId('stat-value').innerText()).toBe(
      stats.activity.total_activities.toLocaleString('id-ID'),
    );

    await choose(page, 'Aksi', 'UPDATE');
    await choose(page, 'Tabel', 'users');
    const row = page.getByRole('row').filter({ hasText: 'UPDATE' }).first();
    await row.waitFor();
    await expectNoSeriousA11yViolations(page, 'logs monitoring');
    await row.click();
    const diff = page.getByTestId('log-diff');
    await diff.getByRole('cell', { name: OLD_NAME, exact: true }).waitFor();
    await diff.getByRole('cell', { name: NEW_NAME, exact: true }).waitFor();
    expect(await page.getByTestId('log-detail').innerText()).not.toContain('{"');
    await shot(page, 'monitoring-detail-1400');
    await page.getByRole('button', { name: 'Tutup' }).click();

    await page.getByRole('tab', { name: /Riwayat Login/ }).click();
    await choose(page, 'Status', 'FAILED');
    await page.getByRole('row').filter({ hasText: DEMO.viewer }).first().waitFor();

    await page.getByRole('tab', { name: /Log Sistem/ }).click();
    await page.getByRole('region', { name: 'Log Sistem' }).waitFor();

    await page.getByRole('tab', { name: /Peristiwa Keamanan/ }).click();
    await choose(page, 'Penyelesaian', 'Terbuka');
    const event = page.getByRole('row').filter({ hasText: 'FAILED_LOGIN' }).first();
    await event.waitFor();
    await event.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Tandai selesai' }).click();
    await page.getByText('Kejadian keamanan ditandai selesai').waitFor();
    await page.getByRole('button', { name: 'Tutup' }).click();
    const events = (await e2e.api(token, '/api/logs/security-events?event_type=FAILED_LOGIN')).body.data;
    expect(events.some((e: any) => e.is_resolved)).toBe(true);
    await shot(page, 'monitoring-security-1400');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'monitoring-390');
  });

  it('API Logs: request logs with filters and detail, metrics, errors', async () => {
    const page = await e2e.newPage({ as: DEMO.admin });
    await page.goto('/logs/api-logs');
    await page.getByRole('heading', { name: 'Log API', level: 1 }).waitFor();
    await choose(page, 'Metode', 'POST');
    await choose(page, 'Kelas status', '4xx');
    // The request log is written in batches: reload until the refused sign-in is there.
    const refused = page.getByRole('row').filter({ hasText: '/api/auth/login' }).first();
    await eventually(async () => {
      await page.getByRole('button', { name: 'Muat ulang' }).first().click();
      return refused.count();
    }, 20_000).toBeGreaterThan(0);
    await expect(refused.innerText()).resolves.toContain('401');
    await expectNoSeriousA11yViolations(page, 'api logs');
    await refused.click();
    await page.getByTestId('log-detail').getByText('Request ID').waitFor();
    await page.getByRole('button', { name: 'Tutup' }).click();

    await page.getByLabel('URL').fill('zz-no-such-path');
    await page.getByText('Tidak ada log').waitFor();

    await page.getByRole('tab', { name: 'Metrik Kinerja' }).click();
    await page.getByRole('region', { name: 'Metrik Kinerja' }).getByText('/api/auth/login').first().waitFor();
    await page.getByRole('tab', { name: 'Analisis Galat' }).click();
    await page.getByRole('region', { name: 'Analisis Galat' }).getByText('401').first().waitFor();
    await shot(page, 'api-errors-1400');

    if (process.env.SHOTS) {
      await page.getByRole('button', { name: 'Bahasa Indonesia' }).click();
      await page.getByRole('menuitem', { name: 'English' }).click();
      for (const path of ['/logs-monitoring', '/logs/api-logs']) {
        await page.setViewportSize({ width: 1400, height: 900 });
        await page.goto(path);
        await page.getByText('Tidak ada log').or(page.getByRole('row').nth(1)).first().waitFor();
        await shot(page, `en${path.replace(/\//g, '-')}-1400`);
        await page.setViewportSize({ width: 390, height: 844 });
        await shot(page, `en${path.replace(/\//g, '-')}-390`);
      }
    }
  });

  it('API Logs: the URL column stays readable on a 390 px phone (the table scrolls instead)', async () => {
    const page = await e2e.newPage({ as: DEMO.admin });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/logs/api-logs');
    const cell = page.getByRole('cell', { name: /^\/api\// }).first();
    await eventually(async () => {
      await page.getByRole('button', { name: 'Muat ulang' }).first().click();
      return cell.count();
    }, 20_000).toBeGreaterThan(0);
    const box = await cell.boundingBox();
    // About 20 characters a line: '/api/auth/login' reads on one line, not as 'aut / h/lo / gin'.
    expect(box!.width).toBeGreaterThanOrEqual(170);
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
  });

  it('checks a date range in the form, waits for a typed user id, and pages in Indonesian digits', async () => {
    // A history of some size: totals with a thousands separator.
    await generateLogs(e2e.db, { api: 1500, activity: 0, login: 0, system: 0, security: 0 });
    const page = await e2e.newPage({ as: DEMO.admin });
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/logs/api-requests?')) asked.push(r.url());
    });
    await page.goto('/logs/api-logs');
    const pager = page.locator('.MuiTablePagination-displayedRows');
    // 'dari 1.5xx', grouped the Indonesian way, never '1–25 of 1536'.
    await eventually(() => pager.innerText()).toMatch(/^1-25 dari \d\.\d{3}$/);
    // Durations in Indonesian decimals beside the rates ('73,3 ms', never '73.3 ms').
    const cells = await page.getByRole('row').allInnerTexts();
    expect(cells.join('\n')).not.toMatch(/\d\.\d+ ms/);

    // Sampai before Dari: the end field says so, and no request is sent with that range.
    const from = page.getByLabel('Dari tanggal');
    const to = page.getByLabel('Sampai tanggal');
    await from.fill('2026-11-20');
    await to.fill('2026-11-10');
    await page.getByText('Harus pada atau setelah tanggal mulai').waitFor();
    await page.waitForTimeout(800);
    expect(asked.filter((u) => u.includes('dateTo=') && u.includes('dateFrom='))).toEqual([]);
    await page.getByRole('button', { name: 'Atur ulang filter' }).click();
    await expect(page.getByText('Harus pada atau setelah tanggal mulai').count()).resolves.toBe(0);

    // A user id typed key by key asks once, after the typing stops.
    await eventually(() => pager.innerText()).toMatch(/^1-25 dari/);
    const before = asked.length;
    await page.getByLabel('ID pengguna').pressSequentially('12345', { delay: 60 });
    await eventually(() => asked.filter((u) => u.includes('user_id=') || u.includes('userId=')).length).toBe(
      1,
    );
    await page.waitForTimeout(800);
    expect(asked.length - before).toBe(1);
    await expectNoSeriousA11yViolations(page, 'api logs filters');
  });

  it('keeps staff out of both screens: 403 from the server, the console goes to the dashboard', async () => {
    const staffToken = await e2e.apiToken(DEMO.staff);
    for (const url of ['/api/logs/stats', '/api/logs/activity', '/api/logs/api-requests']) {
      expect((await e2e.api(staffToken, url)).status, url).toBe(403);
    }
    const page = await e2e.newPage({ as: DEMO.staff });
    for (const path of ['/logs-monitoring', '/logs/api-logs']) {
      await page.goto(path);
      await eventually(() => pathOf(page)).toBe('/dashboard');
    }
  });
});
