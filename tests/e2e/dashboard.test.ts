import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Db } from '../../src/server/db/db';
import { id as messages } from '../../i18n/id';
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
