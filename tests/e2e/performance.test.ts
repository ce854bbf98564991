import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, SKIP_E2E, eventually, pathOf, startE2E, type E2E } from './harness';
import { expectNoSeriousA11yViolations } from './axe';

const SHOTS = '/tmp/shots-performance';
const figure = (page: Page, id: string) => page.getByTestId(id).getByTestId('stat-value').innerText();
/** '12.345' as the console writes it. */
const shown = (n: number) => n.toLocaleString('id-ID');

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe.skipIf(SKIP_E2E)('performance analytics (e2e)', () => {
  let e2e: E2E;
  let token: string;
  beforeAll(async () => {
    e2e = await startE2E({ patients: 60 });
    token = await e2e.apiToken(DEMO.admin);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('shows the figures of the chosen range and facility, and each tab its chart and table', async () => {
    const page = await e2e.newPage({ as: DEMO.admin });
    await page.goto('/performance-analytics');
    await page
      .getByRole('heading', { name: 'Analisis Kinerja - Janji Temu & Perjalanan Pasien', level: 1 })
      .waitFor();
    const month = (await e2e.api(token, '/api/analytics/performance?dateRange=30')).body;
    await eventually(() => figure(page, 'stat-total')).toBe(shown(month.overview.totalAppointments));
    await expectNoSeriousA11yViolations(page, 'performance analytics');

    await choose(page, 'Rentang tanggal', '7 hari terakhir');
    const week = (await e2e.api(token, '/api/analytics/performance?dateRange=7')).body;
    expect(week.overview.totalAppointments).toBeLessThan(month.overview.totalAppointments);
    await eventually(() => figure(page, 'stat-total')).toBe(shown(week.overview.totalAppointments));

    const top = month.facilityPerformance[0];
    await choose(page, 'Rentang tanggal', '30 hari terakhir');
    await choose(page, 'Fasilitas kesehatan', top.facilityName);
    const one = (
      await e2e.api(token, `/api/analytics/performance?dateRange=30&medicalFacility=${top.facilityId}`)
    ).body;
    await eventually(() => figure(page, 'stat-total')).toBe(shown(one.overview.totalAppointments));
    expect(one.overview.totalAppointments).toBeLessThan(month.overview.totalAppointments);
    await page.getByTestId('table-facility').getByText(top.facilityName).waitFor();

    for (const [tab, ids] of [
      ['Kinerja Dokter', ['chart-doctor', 'table-doctor']],
      ['Analisis Perjalanan', ['chart-journey', 'table-journey']],
      ['Analisis Waktu Tunggu', ['chart-wait-buckets', 'chart-wait-daily']],
      ['Tren & Wawasan', ['chart-trends', 'insights', 'chart-satisfaction']],
      ['Kinerja Fasilitas', ['chart-facility', 'table-facility']],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      for (const id of ids) await page.getByTestId(id).waitFor();
      // A drawn chart (recharts' surface) or a table with rows, not an empty state.
      await page.getByTestId(ids[0]).locator('svg.recharts-surface').first().waitFor();
    }
    await page.getByRole('tab', { name: 'Kinerja Dokter' }).click();
    await page.getByTestId('table-doctor').getByText(one.doctorPerformance[0].doctorName).first().waitFor();
    await expectNoSeriousA11yViolations(page, 'performance analytics, doctor tab');

    if (process.env.SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/id-1400.png`, fullPage: true });
      await page.getByRole('button', { name: 'Bahasa Indonesia' }).click();
      await page.getByRole('menuitem', { name: 'English' }).click();
      await page.getByRole('tab', { name: 'Tren & Wawasan' }).click();
      await page.getByText('Insights', { exact: true }).waitFor();
      await page.screenshot({ path: `${SHOTS}/en-1400.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SHOTS}/en-390.png` });
      await page.getByTestId('insights').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/en-390-insights.png` });
    }
  });

  it("shows '-' and no score for the figures of a facility without appointments", async () => {
    const name = 'Klinik Tanpa Kunjungan';
    await e2e.db.query(`INSERT INTO medical_facilities (name, email, type) VALUES ($1, $2, 'KLINIK')`, [
      name,
      `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@faskes.test`,
    ]);
    const page = await e2e.newPage({ as: DEMO.admin });
    await page.setViewportSize({ width: 1400, height: 1000 });
    await page.goto('/performance-analytics');
    await eventually(() => figure(page, 'stat-total')).not.toBe('0');
    await choose(page, 'Fasilitas kesehatan', name);
    await eventually(() => figure(page, 'stat-total')).toBe('0');
    const completion = page.getByTestId('stat-completion');
    await eventually(() => figure(page, 'stat-completion')).toBe('-');
    expect(await figure(page, 'stat-wait')).toBe('-');
    expect(await figure(page, 'stat-satisfaction')).toBe('-');
    // No score or rating made of nothing: the card says there is no data.
    expect(await completion.innerText()).not.toMatch(/skor|Kurang|%/);
    expect(await completion.innerText()).toContain('belum ada data');
    expect(await completion.locator('.MuiChip-root').count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'performance analytics without data');
    if (process.env.SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/id-1400-empty.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SHOTS}/id-390-empty.png`, fullPage: true });
      await page.setViewportSize({ width: 1400, height: 1000 });
      await page.getByRole('button', { name: 'Bahasa Indonesia' }).click();
      await page.getByRole('menuitem', { name: 'English' }).click();
      await page.getByRole('tab', { name: 'Kinerja Fasilitas' }).waitFor();
      await choose(page, 'Medical facility', name);
      await eventually(() => completion.innerText()).toContain('no data yet');
      expect(await completion.innerText()).not.toMatch(/score|Poor|%/);
      await page.screenshot({ path: `${SHOTS}/en-1400-empty.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SHOTS}/en-390-empty.png`, fullPage: true });
    }
  });

  it('keeps staff out: the server answers 403 and the console goes to the dashboard', async () => {
    const staffToken = await e2e.apiToken(DEMO.staff);
    expect((await e2e.api(staffToken, '/api/analytics/performance')).status).toBe(403);
    expect((await e2e.api(staffToken, '/api/analytics/performance/filter-options')).status).toBe(403);
    const page = await e2e.newPage({ as: DEMO.staff });
    await page.goto('/performance-analytics');
    await eventually(() => pathOf(page)).toBe('/dashboard');
    expect(await page.getByTestId('performance-analytics').count()).toBe(0);
  });
});
