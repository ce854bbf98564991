import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Db } from '../../src/server/db/db';
import { id as messages } from '../../i18n/id';
import { topN } from '../../src/domain/analytics';
import { DEMO, SKIP_E2E, eventually, pathOf, startE2E, type E2E } from './harness';

const analysis = messages.app.analysis;

/**
 * The demo seed is meant to bring appointments, AGD reports, SOS calls and mental-health
 * responses; when a kind is missing, a few rows of it are added so every chart has data.
 */
async function ensureMonitoringRows(db: Db) {
  const count = async (sql: string) => (await db.query<{ n: number }>(sql)).rows[0].n;
  const recentAppointments = await count(
    `SELECT count(*)::int AS n FROM appointments WHERE scheduled_date > now() - interval '25 days'`,
  );
  if (!recentAppointments)
    await db.query(
      `INSERT INTO appointments (medical_facility_id, nik, name, scheduled_date, poly_code, health_insurance, created_by)
       SELECT (SELECT min(id) FROM medical_facilities), lpad(g::text, 16, '3'), 'Pasien ' || g,
              now() - make_interval(days => g % 20), 'UMU', 'BPJS', 'e2e'
         FROM generate_series(1, 60) g`,
    );
  if (!(await count(`SELECT count(*)::int AS n FROM agd_reports`)))
    await db.query(
      `INSERT INTO agd_reports (category)
       SELECT (ARRAY['Kecelakaan Lalu Lintas', 'Kecelakaan Lalu Lintas', 'Serangan Jantung', 'Stroke'])[1 + g % 4]
         FROM generate_series(1, 24) g`,
    );
  if (!(await count(`SELECT count(*)::int AS n FROM emergencies`)))
    await db.query(
      `INSERT INTO emergencies (fullname, phone, latitude, longitude)
       SELECT 'Pelapor ' || g, '08120000000' || g, -6.2, 106.8 FROM generate_series(1, 5) g`,
    );
  if (!(await count(`SELECT count(*)::int AS n FROM mental_health_responses WHERE completed`))) {
    await db.query(
      `INSERT INTO mental_health_assessments (assessment_name, assessment_type)
       VALUES ('Kesehatan Mental Baik', 'Skrining'), ('Kecemasan Ringan', 'Kecemasan')
       ON CONFLICT (assessment_name) DO NOTHING`,
    );
    await db.query(
      `INSERT INTO mental_health_responses (assessment_id, completed, score, satisfaction, created_at)
       SELECT (SELECT array_agg(id ORDER BY id) FROM mental_health_assessments)[1 + g % 2],
              true, 60 + g % 40, 1 + g % 5, now() - make_interval(days => g % 150)
         FROM generate_series(1, 40) g`,
    );
  }
}

/** '12.345' (Indonesian grouping) → 12345. */
const cardNumber = async (card: Locator) =>
  Number((await card.getByTestId('stat-value').innerText()).replace(/\./g, '').replace(',', '.'));

/** The drawn marks of a chart: bars, areas, lines or pie sectors with a non-empty shape. */
const marks = (chart: Locator) =>
  chart.locator(
    '.recharts-bar-rectangle path, path.recharts-area-area, path.recharts-line-curve, .recharts-pie-sector path',
  );

async function expectChartDrawn(chart: Locator) {
  await chart.locator('svg.recharts-surface').first().waitFor();
  await eventually(() => marks(chart).count()).toBeGreaterThan(0);
  await expect(chart.getByTestId('empty-state').count()).resolves.toBe(0);
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await page.getByTestId('sidebar-menu').waitFor();
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

const oneDecimal = new Intl.NumberFormat('id-ID', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
/** The share as the pies write it: '30,8%', '25,0%'. */
const share = (part: number, whole: number) =>
  `${oneDecimal.format(Math.round((part / whole) * 1000) / 10)}%`;

/** The percentage labels drawn beside a pie's slices (empty for slices too small to label). */
const pieLabels = async (chart: Locator) =>
  (await chart.locator('.recharts-pie-label-text').allTextContents()).map((t) => t.trim()).filter(Boolean);

/** Hovers a pie's slice and returns the tooltip's text. */
async function sliceTooltip(chart: Locator, index: number) {
  await chart.locator('.recharts-pie-sector path').nth(index).hover();
  const tooltip = chart.locator('.recharts-tooltip-wrapper');
  await eventually(() => tooltip.innerText()).toMatch(/\S/);
  return tooltip.innerText();
}

/** A response of the API for a route, answered by the test with the given JSON. */
const fulfilJson = (body: unknown) => ({
  status: 200,
  contentType: 'application/json',
  body: JSON.stringify(body),
});

describe.skipIf(SKIP_E2E)('dashboard and analysis screens (e2e)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
    await ensureMonitoringRows(e2e.db);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('dashboard: today in Indonesian, five cards with figures and four charts with data', async () => {
    const page = await e2e.newPage({ as: DEMO.admin });
    await open(page, '/dashboard');
    await heading(page, 'Dashboard').waitFor();
    // 'Sabtu, 21 November 2026'
    await expect(page.getByTestId('today').innerText()).resolves.toMatch(
      /^(Senin|Selasa|Rabu|Kamis|Jumat|Sabtu|Minggu), \d{1,2} \p{L}+ \d{4}$/u,
    );

    const cards = {
      patients: 'Total Pasien',
      appointments: 'Janji Temu',
      facilities: 'Fasilitas Kesehatan',
      emergencies: 'Laporan Darurat',
      reports: 'Total Laporan AGD',
    };
    for (const [key, label] of Object.entries(cards)) {
      const card = page.getByTestId(`stat-${key}`);
      await expect(card.getByText(label, { exact: true }).count()).resolves.toBe(1);
      await eventually(() => cardNumber(card)).toBeGreaterThan(0);
    }

    const token = await page.evaluate(() => localStorage.getItem('token'));
    const stats = (await e2e.api(token, '/api/dashboard/stats')).body;
    await expect(cardNumber(page.getByTestId('stat-patients'))).resolves.toBe(stats.totalPatients);
    await expect(cardNumber(page.getByTestId('stat-reports'))).resolves.toBe(stats.totalReports);

    const charts = {
      'chart-appointments': 'Janji Temu 30 Hari Terakhir',
      'chart-facility-types': 'Distribusi Jenis Fasilitas Kesehatan',
      'chart-gender': 'Pasien berdasarkan Jenis Kelamin',
      'chart-age': 'Pasien berdasarkan Kelompok Usia',
    };
    for (const [testId, title] of Object.entries(charts)) {
      const chart = page.getByTestId(testId);
      await chart.getByRole('heading', { name: title }).waitFor();
      await expectChartDrawn(chart);
    }
    await expect(
      page.getByTestId('chart-appointments').locator('path.recharts-area-area').count(),
    ).resolves.toBe(1);
    await expect(page.getByTestId('chart-gender').locator('.recharts-bar-rectangle').count()).resolves.toBe(
      2,
    );
    await expect(
      page.getByTestId('chart-age').locator('.recharts-bar-rectangle').count(),
    ).resolves.toBeGreaterThan(2);
    expect(e2e.pageErrors).toEqual([]);
  });

  it('dashboard: a failing section shows its message and a retry that recovers it', async () => {
    const page = await e2e.newPage({ as: DEMO.admin });
    let fail = true;
    await page.route('**/api/dashboard/medical-facilities', (route) =>
      fail
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' })
        : route.continue(),
    );
    await open(page, '/dashboard');
    const chart = page.getByTestId('chart-facility-types');
    await chart.getByText('Gagal memuat data fasilitas kesehatan').waitFor();
    // The other sections are unaffected.
    await expectChartDrawn(page.getByTestId('chart-gender'));
    fail = false;
    await chart.getByRole('button', { name: 'Coba Lagi' }).click();
    await expectChartDrawn(chart);
  });

  it("share pies: every slice of 5 % or more labelled with its percentage, one decimal ('40,0%'), and the tooltip gives it too", async () => {
    const page = await e2e.newPage({ as: DEMO.admin });
    // Shares that come out whole (40 %, 25 % ...) must still read with one decimal; the last
    // slice (2 %) stays unlabelled.
    const types = [
      { facility_type: 'PUSKESMAS', count: 80 },
      { facility_type: 'KLINIK', count: 50 },
      { facility_type: 'APOTEK', count: 31 },
      { facility_type: 'RSUD', count: 20 },
      { facility_type: 'RS_SWASTA', count: 15 },
      { facility_type: null, count: 4 },
    ];
    await page.route('**/api/dashboard/medical-facilities', (route) => route.fulfill(fulfilJson(types)));
    await open(page, '/dashboard');
    const pie = page.getByTestId('chart-facility-types');
    await expectChartDrawn(pie);
    await eventually(() => pieLabels(pie)).toEqual(['40,0%', '25,0%', '15,5%', '10,0%', '7,5%']);
    await expect(sliceTooltip(pie, 0)).resolves.toContain('80 (40,0%)');
    await expect(sliceTooltip(pie, 5)).resolves.toContain('4 (2,0%)');

    // A re-layout (a narrower window, printing, a full-page capture) keeps the labels: they
    // never vanish while the pie is redrawn at its new size.
    await page.mouse.move(0, 0);
    const counts: number[] = [];
    for (const width of [1000, 1400]) {
      await page.setViewportSize({ width, height: 900 });
      for (let i = 0; i < 15; i++) {
        counts.push((await pieLabels(pie)).length);
        await page.waitForTimeout(50);
      }
    }
    expect(
      counts.every((n) => n === 5),
      `label counts while re-laid out: ${counts.join(',')}`,
    ).toBe(true);
  });

  it("geographic: the 'Komposisi 6 Wilayah Teratas' pie labels the six largest areas' shares", async () => {
    const page = await e2e.newPage({ as: DEMO.admin });
    const token = await e2e.apiToken(DEMO.admin);
    const { areas } = (await e2e.api(token, '/api/dashboard/geographic?level=kecamatan')).body as {
      areas: { area_name: string; total: number }[];
    };
    const top6 = topN(
      areas.map((a) => ({ ...a, count: a.total })),
      6,
      (a) => a.area_name,
    );
    const total = top6.reduce((n, a) => n + a.total, 0);
    const expected = top6.filter((a) => a.total / total >= 0.05).map((a) => share(a.total, total));
    expect(expected.length).toBeGreaterThan(0);

    await open(page, '/geographic');
    const pie = page.getByTestId('chart-top6');
    await expectChartDrawn(pie);
    await eventually(() => pieLabels(pie)).toEqual(expected);
    for (const label of expected) expect(label).toMatch(/^\d+,\d%$/);
    await expect(sliceTooltip(pie, 0)).resolves.toContain(
      `${top6[0].area_name} : ${top6[0].total} (${share(top6[0].total, total)})`,
    );
  });

  it('geographic: facilities (a handful per area) get their own right axis beside patients (hundreds of thousands), so their bars show', async () => {
    const page = await e2e.newPage({ as: DEMO.admin });
    // A city-sized kabupaten level: patients 120.000-480.000 per area, 2-10 facilities.
    const names = [
      'Kepulauan Seribu',
      'Jakarta Selatan',
      'Jakarta Timur',
      'Jakarta Pusat',
      'Jakarta Barat',
      'Jakarta Utara',
    ];
    const figures = [
      [480_000, 10],
      [420_000, 8],
      [300_000, 6],
      [250_000, 5],
      [180_000, 3],
      [120_000, 2],
    ];
    const areas = names.map((name, i) => ({
      area_code: `31.0${i + 1}`,
      area_name: name,
      population: 1_000_000,
      area_km2: 100,
      patients: figures[i][0],
      facilities: figures[i][1],
      total: figures[i][0] + figures[i][1],
    }));
    await page.route('**/api/dashboard/geographic?*', (route) =>
      route.fulfill(
        fulfilJson({
          level: 'kabupaten',
          patientsByArea: areas.map((a) => ({
            area_code: a.area_code,
            area_name: a.area_name,
            count: a.patients,
          })),
          facilitiesByArea: areas.map((a) => ({
            area_code: a.area_code,
            area_name: a.area_name,
            count: a.facilities,
          })),
          areas,
          unassignedPatients: 0,
        }),
      ),
    );
    await open(page, '/geographic?level=kabupaten');
    const chart = page.getByTestId('chart-by-area');
    await expectChartDrawn(chart);

    // Two value axes: patients on the left, facilities on the right, each named.
    const axes = chart.locator('.recharts-yAxis');
    await eventually(() => axes.count()).toBe(2);
    const axisTicks = async (side: 'left' | 'right') =>
      (
        await chart
          .locator(`.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value[orientation="${side}"]`)
          .allTextContents()
      ).map((t) => Number(t.replace(/\./g, '')));
    await eventually(async () => Math.max(...(await axisTicks('left')))).toBeGreaterThanOrEqual(480_000);
    const rightTicks = await axisTicks('right');
    expect(Math.max(...rightTicks)).toBeGreaterThanOrEqual(10);
    expect(Math.max(...rightTicks)).toBeLessThan(100);
    expect(rightTicks.every(Number.isInteger)).toBe(true);
    const axisNames = await chart.locator('.recharts-label').allTextContents();
    expect(axisNames).toEqual(expect.arrayContaining(['Pasien', 'Fasilitas']));

    // Every facility bar is drawn at a readable height: the smallest (2 of 10) is a fifth of the
    // largest, not a sliver under one pixel.
    const barHeights = (series: number) =>
      chart
        .locator('.recharts-bar')
        .nth(series)
        .locator('.recharts-bar-rectangle path')
        .evaluateAll((paths) => paths.map((p) => (p as SVGGraphicsElement).getBBox().height));
    // Read once the bars have grown to their size (they animate, and redraw when the layout
    // settles).
    const drawn = async () => {
      const [patients, facilities] = [await barHeights(0), await barHeights(1)];
      if (facilities.length !== 6 || patients.length !== 6) return null;
      return {
        smallestFacility: Math.min(...facilities) > 20,
        facilityRatio: Math.round((Math.min(...facilities) / Math.max(...facilities)) * 10) / 10,
        tallestPatients: Math.max(...patients) > 100,
      };
    };
    await eventually(drawn).toEqual({ smallestFacility: true, facilityRatio: 0.2, tallestPatients: true });
  });

  const screens = [
    { path: '/patients', title: analysis.patients.title, chart: 'chart-age' },
    { path: '/appointments', title: analysis.appointments.title, chart: 'chart-daily' },
    { path: '/medical-facilities', title: analysis.facilities.title, chart: 'chart-pie', table: true },
    { path: '/emergency-reports', title: analysis.emergencies.title, chart: 'chart-category', table: true },
    { path: '/mental-health', title: analysis.mental_health.title, chart: 'chart-trend' },
    { path: '/geographic', title: analysis.geographic.title, chart: 'chart-top10', table: true },
  ];

  it.each(screens)('$path shows its title and charts from the API', async ({ path, title, chart, table }) => {
    const page = await e2e.newPage({ as: DEMO.staff });
    await open(page, path);
    await heading(page, title).waitFor();
    expect(pathOf(page)).toBe(path);
    // The app bar carries the screen's title too.
    await expect(page.locator('header').getByText(title, { exact: true }).count()).resolves.toBe(1);
    await expectChartDrawn(page.getByTestId(chart));
    // Four stat cards, all filled.
    await eventually(() => page.getByTestId('stat-value').count()).toBe(4);
    if (table) await eventually(() => page.getByRole('table').locator('tbody tr').count()).toBeGreaterThan(0);
  });

  it('mental health: six months of trend and the rates from the API, not fixed figures', async () => {
    const page = await e2e.newPage({ as: DEMO.admin });
    const token = await e2e.apiToken(DEMO.admin);
    const summary = (await e2e.api(token, '/api/dashboard/mental-health')).body;
    await open(page, '/mental-health');
    const trend = page.getByTestId('chart-trend');
    await expectChartDrawn(trend);
    await eventually(() => trend.locator('.recharts-xAxis .recharts-cartesian-axis-tick').count()).toBe(6);
    await expect(page.getByTestId('participation').getByTestId('rate-value').innerText()).resolves.toBe(
      `${summary.participation.rate}%`,
    );
    await expect(page.getByTestId('satisfaction').getByTestId('rate-value').innerText()).resolves.toBe(
      `${summary.satisfaction.rate}%`,
    );
  });

  it('geographic: the level selector asks the server for that level and keeps it in the URL', async () => {
    const page = await e2e.newPage({ as: DEMO.admin });
    await open(page, '/geographic');
    const rows = page.getByTestId('ranking-table').locator('tbody tr');
    const figures = page.getByTestId('geographic-figures');
    // Default: kecamatan, DKI Jakarta's 44.
    await eventually(() => figures.getAttribute('data-level')).toBe('kecamatan');
    await eventually(() => rows.count()).toBe(44);
    await expect(cardNumber(page.getByTestId('stat-areas'))).resolves.toBe(44);

    const selector = page.getByRole('group', { name: 'Tingkat wilayah' });
    await selector.getByRole('button', { name: 'Kabupaten' }).click();
    await eventually(() => figures.getAttribute('data-level')).toBe('kabupaten');
    await eventually(() => rows.count()).toBe(6);
    expect(new URL(page.url()).searchParams.get('level')).toBe('kabupaten');
    await expect(rows.first().locator('td').nth(0).innerText()).resolves.toBe('1');
    await expect(rows.first().getByText('Prioritas Tinggi').count()).resolves.toBe(1);

    // The choice survives a reload; the keyboard works the selector too.
    await page.reload();
    await eventually(() => figures.getAttribute('data-level')).toBe('kabupaten');
    await eventually(() => rows.count()).toBe(6);
    await selector.getByRole('button', { name: 'Provinsi' }).focus();
    await page.keyboard.press('Enter');
    await eventually(() => rows.count()).toBe(1);
    expect(new URL(page.url()).searchParams.get('level')).toBe('provinsi');
  });

  it('a viewer, who only has the dashboard, is kept off the analysis screens', async () => {
    const page = await e2e.newPage({ as: DEMO.viewer });
    await open(page, '/geographic');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await heading(page, 'Dashboard').waitFor();
    await eventually(() => cardNumber(page.getByTestId('stat-patients'))).toBeGreaterThan(0);
  });
});
