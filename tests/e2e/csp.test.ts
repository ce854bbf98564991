import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page, Response } from 'playwright-core';
import { DEMO, SKIP_E2E, eventually, startE2E, type E2E } from './harness';

/**
 * The Content-Security-Policy in a real browser: the console (login, the dashboard with its
 * charts, the master patients list and its add/edit dialog) and the API docs (swagger UI) run
 * under the policy the server sends without a single violation, and the headers are there.
 *
 * Violations are caught twice: the `securitypolicyviolation` events of every document (an init
 * script, which the policy does not govern, reports them to the test) and Chromium's console
 * messages about the policy (e.g. a blocked eval, which fires no event in some cases).
 */

interface Violation {
  url: string;
  directive: string;
  blocked: string;
  source: string;
  line: number;
  sample: string;
}

const CSP_MESSAGE = /Content[- ]Security[- ]Policy|unsafe-eval|unsafe-inline/i;

/** Directives of a policy header: { 'default-src': ["'self'"], ... }. */
function directives(policy: string) {
  return Object.fromEntries(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name.toLowerCase(), values]),
  ) as Record<string, string[]>;
}

/** The console's policy: same-origin scripts only (no inline, no eval), inline styles allowed. */
function expectConsolePolicy(response: Response | null, what: string) {
  expect(response, what).not.toBeNull();
  const headers = response!.headers();
  const policy = headers['content-security-policy'];
  expect(policy, `${what}: Content-Security-Policy header`).toBeTruthy();
  const d = directives(policy);
  expect(d['default-src'], what).toEqual(["'self'"]);
  const scripts = d['script-src'] ?? d['default-src'];
  expect(scripts, what).toContain("'self'");
  expect(scripts, what).not.toContain("'unsafe-inline'");
  expect(scripts, what).not.toContain("'unsafe-eval'");
  expect(d['style-src'] ?? [], what).toContain("'unsafe-inline'");
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  return d;
}

/** A page that reports every policy violation and policy message of every document it loads. */
async function watchedPage(e2e: E2E) {
  const page = await e2e.newPage();
  const violations: Violation[] = [];
  const messages: string[] = [];
  await page.exposeFunction('__reportCspViolation', (v: Violation) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (e) => {
        (window as unknown as { __reportCspViolation: (v: unknown) => void }).__reportCspViolation({
          url: document.location.href,
          directive: e.effectiveDirective || e.violatedDirective,
          blocked: e.blockedURI,
          source: e.sourceFile,
          line: e.lineNumber,
          sample: e.sample,
        });
      },
      true,
    );
  });
  page.on('console', (m) => {
    if (CSP_MESSAGE.test(m.text())) messages.push(`${m.type()} on ${page.url()}: ${m.text()}`);
  });
  page.on('pageerror', (err) => {
    if (CSP_MESSAGE.test(err.message)) messages.push(`uncaught on ${page.url()}: ${err.message}`);
  });
  return { page, violations, messages };
}

/**
 * Runs a walk through the pages; when a step fails (a screen the policy broke may never show
 * what the step waits for), the failure lists the violations and policy messages seen so far.
 */
async function reporting(seen: { violations: Violation[]; messages: string[] }, walk: () => Promise<void>) {
  try {
    await walk();
  } catch (err) {
    const report = [...seen.messages, ...seen.violations.map((v) => JSON.stringify(v))];
    if (report.length) (err as Error).message += `\n\nContent-Security-Policy reports:\n${report.join('\n')}`;
    throw err;
  }
}

const marks =
  '.recharts-bar-rectangle path, path.recharts-area-area, path.recharts-line-curve, .recharts-pie-sector path';

async function expectChartsDrawn(page: Page, testIds: string[]) {
  for (const id of testIds) {
    const chart: Locator = page.getByTestId(id);
    await chart.locator('svg.recharts-surface').first().waitFor();
    await eventually(() => chart.locator(marks).count()).toBeGreaterThan(0);
  }
}

describe.skipIf(SKIP_E2E)('Content-Security-Policy in the browser (e2e)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('the console: login, dashboard charts, master patients list and its dialogs, without a violation', async () => {
    const { page, violations, messages } = await watchedPage(e2e);
    await reporting({ violations, messages }, async () => {
      const loginResponse = await page.goto('/login');
      const policy = expectConsolePolicy(loginResponse, '/login');
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
      await page.getByRole('button', { name: 'MASUK', exact: true }).waitFor();

      // Every script of the page comes from a file of the same origin (none inline).
      const scripts = await page
        .locator('script')
        .evaluateAll((els) =>
          els.map((s) => ({ src: (s as HTMLScriptElement).src, inline: !(s as HTMLScriptElement).src })),
        );
      expect(scripts.filter((s) => s.inline)).toEqual([]);
      for (const s of scripts) expect(new URL(s.src).origin).toBe(e2e.baseUrl);

      await e2e.login(page, DEMO.admin);
      await expectChartsDrawn(page, [
        'chart-appointments',
        'chart-facility-types',
        'chart-gender',
        'chart-age',
      ]);
      // Pie labels and tooltips are drawn after the animation; let them come.
      await eventually(() =>
        page.getByTestId('chart-facility-types').locator('.recharts-pie-label-text').count(),
      ).toBeGreaterThan(0);

      // A reload of a console route: the server's answer for the SPA path carries the policy too.
      expectConsolePolicy(await page.goto('/dashboard'), '/dashboard');
      await page.getByTestId('sidebar-menu').waitFor();

      // The master patients list, then its add dialog and its edit dialog (schema checks run there).
      await page
        .getByTestId('sidebar-menu')
        .getByRole('button', { name: 'Master Data', exact: true })
        .click();
      await page.getByTestId('sidebar-menu').locator('a[href="/master/patients"]').click();
      await page.waitForURL((url) => url.pathname === '/master/patients');
      await eventually(() => page.locator('table tbody tr').count()).toBeGreaterThan(0);

      await page.getByRole('link', { name: 'Tambah' }).click();
      await page.waitForURL((url) => url.pathname === '/master/patients/create');
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: 'Tambah Pasien' }).waitFor();
      // Saving the empty form runs the schema check and shows its messages.
      await dialog.getByRole('button', { name: 'Simpan' }).click();
      await eventually(() => dialog.getByText('Wajib diisi', { exact: true }).count()).toBeGreaterThan(0);
      await dialog.getByRole('button', { name: 'Batal' }).click();
      await eventually(() => page.getByRole('dialog').count()).toBe(0);

      await page.locator('table tbody tr').first().getByRole('link', { name: 'Ubah' }).click();
      const edit = page.getByRole('dialog');
      await edit.getByRole('heading', { name: 'Edit Pasien' }).waitFor();
      await eventually(() => edit.locator('input[name="full_name"]').inputValue()).not.toBe('');
    });

    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
    expect(messages).toEqual([]);
    expect(e2e.pageErrors).toEqual([]);
  });

  it('the API docs (swagger UI) render under the policy, without a violation', async () => {
    const { page, violations, messages } = await watchedPage(e2e);
    await reporting({ violations, messages }, async () => {
      // The answer of the document itself (after any redirect to the UI's static index).
      const response = await page.goto('/api/docs');
      expect(response?.status()).toBe(200);
      const headers = response!.headers();
      expect(headers['content-security-policy'], '/api/docs: Content-Security-Policy header').toBeTruthy();
      const d = directives(headers['content-security-policy']);
      expect(d['script-src'] ?? d['default-src']).not.toContain("'unsafe-eval'");
      expect(headers['x-content-type-options']).toBe('nosniff');

      await page.locator('.swagger-ui .info .title').waitFor({ timeout: 20_000 });
      await eventually(() => page.locator('.swagger-ui .opblock').count(), 20_000).toBeGreaterThan(3);
      // Opening an operation renders its parameters and responses (more of the UI's code runs).
      await page.locator('.swagger-ui .opblock-summary').first().click();
      await page.locator('.swagger-ui .opblock-body').first().waitFor();
    });

    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
    expect(messages).toEqual([]);
  });
});
