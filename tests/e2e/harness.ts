/**
 * End-to-end harness: the console built into dist/ (rebuilt when stale), the real Fastify
 * server on a random port over a fresh in-memory PGlite database seeded with the demo data,
 * and one headless Chromium (the system's, never a downloaded one) per test file.
 *
 * Skip rule: without a Chromium binary the suites are skipped, unless E2E=1, in which case
 * they run and fail (CI must never skip silently).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { expect, inject } from 'vitest';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { dbOptions, loadConfig, type Config } from '../../src/server/config';
import { openDb, type Db } from '../../src/server/db/db';
import { prepareDatabase } from '../../src/server/setup';
import { seedOnFirstStart } from '../../src/server/seed/demo';
import { DEMO_EMAIL_BY_ROLE } from '../../src/server/seed/demo-accounts';
import { prepareConsole } from './console';
import { trackRequests } from './waits';
import { CHROMIUM_PATH } from './browser-path';
import { dropTestSchema } from '../api/helper';

export { ROOT, ensureBuild } from './console';
export { CHROMIUM_PATH };
export const E2E_REQUIRED = process.env.E2E === '1';
/**
 * The servers' database: PostgreSQL when TEST_DATABASE_URL is set (native, a fraction of the
 * CPU that PGlite's WebAssembly takes for the same requests), else PGlite. The API tests run on
 * both; E2E_DATABASE=pglite keeps the browser tests on PGlite. Each file's server has a schema
 * of its own there, dropped when the file ends (as the API tests' are).
 */
const E2E_DATABASE_URL = process.env.E2E_DATABASE === 'pglite' ? undefined : process.env.TEST_DATABASE_URL;

/** True when the suites must be skipped: no browser and E2E=1 not set. */
export const SKIP_E2E = !existsSync(CHROMIUM_PATH) && !E2E_REQUIRED;

export const DEMO = DEMO_EMAIL_BY_ROLE;

const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * A browser context as the tests' users have it: a 1,400 × 900 window, Indonesian, in Jakarta,
 * with the system's "reduce motion" setting on. The console then draws no transition or animation
 * (theme.ts): a sixth less of the browser's work over a run, and no wait for a dialog or menu to
 * finish moving. header.test.ts shows the console both ways.
 */
export const CONTEXT = {
  viewport: { width: 1400, height: 900 },
  locale: 'id-ID',
  timezoneId: 'Asia/Jakarta',
  reducedMotion: 'reduce',
} satisfies BrowserContextOptions;

export interface StartOptions {
  /** Demo patients to seed (default 60). */
  patients?: number;
  /** Settings of the server under test other than the harness's own (e.g. an SMTP_URL). */
  config?: Partial<Config>;
}

export interface E2E {
  baseUrl: string;
  app: FastifyInstance;
  db: Db;
  config: Config;
  browser: Browser;
  /** Errors thrown in any page (uncaught exceptions), for assertions and debugging. */
  pageErrors: string[];
  /**
   * A fresh browser context (own local storage) and a page in it, still on about:blank.
   * With `as`, the context starts signed in as that user (token and user in local storage, as
   * the login page leaves them) without going through the form: faster for tests about other
   * screens.
   */
  newPage(options?: { as?: string }): Promise<Page>;
  /** Signs in through the login form and waits for /dashboard. */
  login(page: Page, email: string, password?: string): Promise<void>;
  /** Signs in through the API and returns the bearer token. */
  apiToken(email: string, password?: string): Promise<string>;
  /** fetch against the server with an optional bearer token; returns status and parsed JSON. */
  api<T = any>(token: string | null, url: string, init?: RequestInit): Promise<{ status: number; body: T }>;
  close(): Promise<void>;
}

export async function startE2E(options: StartOptions = {}): Promise<E2E> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH} (set CHROMIUM_PATH); E2E=1 requires it`);
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dkj-e2e-'));
  // The console the run's global setup built and copied once, else a copy of this file's own.
  let staticDir = inject('consoleDir');
  if (!staticDir) {
    staticDir = path.join(dataDir, 'console');
    try {
      prepareConsole(staticDir);
    } catch (err) {
      rmSync(dataDir, { recursive: true, force: true });
      throw err;
    }
  }
  const config = loadConfig(
    {},
    { ...options.config, dataDir, secretKey: '0'.repeat(64), staticDir, host: '127.0.0.1' },
  );
  const contexts: BrowserContext[] = [];
  let db: Db | undefined;
  // On PostgreSQL each file's server has a schema of its own.
  const schema = E2E_DATABASE_URL ? `e2e_${randomBytes(6).toString('hex')}` : undefined;
  let app: FastifyInstance | undefined;
  let browser: Browser | undefined;
  const close = async () => {
    for (const c of contexts.splice(0)) await c.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await app?.close().catch(() => undefined);
    await db?.close().catch(() => undefined);
    if (schema) await dropTestSchema(schema).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    db = E2E_DATABASE_URL
      ? await openDb({ ...dbOptions({ ...config, databaseUrl: E2E_DATABASE_URL }), schema })
      : await openDb({});
    await prepareDatabase(db);
    await seedOnFirstStart(db, config, options.patients ?? 60);
    app = await buildApp({ config, db });
    await app.listen({ port: 0, host: '127.0.0.1' });
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: LAUNCH_ARGS });
  } catch (err) {
    await close();
    throw err;
  }
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const pageErrors: string[] = [];
  const ready = { app, db, browser };

  const newPage = async (opts: { as?: string } = {}) => {
    let storageState: Exclude<BrowserContextOptions['storageState'], string> | undefined;
    if (opts.as) {
      const res = await api<{ token: string; user: Record<string, any> }>(null, '/api/auth/login', {
        method: 'POST',
        body: JSON.stringify({ email: opts.as, password: config.demoPassword }),
      });
      if (res.status !== 200) throw new Error(`login ${opts.as}: ${res.status} ${JSON.stringify(res.body)}`);
      const u = res.body.user;
      const user = { id: u.id, email: u.email, name: u.full_name, role: u.role, username: u.username };
      storageState = {
        cookies: [],
        origins: [
          {
            origin: baseUrl,
            localStorage: [
              { name: 'token', value: res.body.token },
              { name: 'user', value: JSON.stringify(user) },
            ],
          },
        ],
      };
    }
    const context = await ready.browser.newContext({ ...CONTEXT, storageState, baseURL: baseUrl });
    contexts.push(context);
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    // Every page's requests are watched: screenReady (waits.ts) waits until none is under way.
    await trackRequests(page);
    page.on('pageerror', (err) => pageErrors.push(`${page.url()}: ${err.message}`));
    return page;
  };

  const login = async (page: Page, email: string, password = config.demoPassword) => {
    await page.goto('/login');
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.getByRole('button', { name: 'MASUK' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByTestId('sidebar-menu').waitFor();
  };

  const api: E2E['api'] = async (token, url, init = {}) => {
    const headers = new Headers(init.headers);
    if (token) headers.set('authorization', `Bearer ${token}`);
    if (init.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
    const res = await fetch(`${baseUrl}${url}`, { ...init, headers });
    const text = await res.text();
    let body: any = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON
    }
    return { status: res.status, body };
  };

  const apiToken = async (email: string, password = config.demoPassword) => {
    const res = await api<{ token: string }>(null, '/api/auth/login', {
      method: 'POST',
      body: JSON.stringify({ email, password }),
    });
    if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.token;
  };

  return { baseUrl, ...ready, config, pageErrors, newPage, login, apiToken, api, close };
}

/** A page's path (without origin and query). */
export const pathOf = (page: Page) => new URL(page.url()).pathname;

/**
 * Screenshots are for a person looking at the screens, not assertions: taken only when SHOTS is
 * set (`SHOTS=1 npx vitest run --project e2e ...`), as encoding them costs the browser much of
 * its time in a whole run.
 */
export const SHOTS_ON = Boolean(process.env.SHOTS);

/** A screenshot of the page when SHOTS is set (see SHOTS_ON), else nothing. */
export async function shoot(page: Page, options: Parameters<Page['screenshot']>[0]) {
  if (SHOTS_ON) await page.screenshot(options);
}

/** Saves a full-page screenshot to /tmp for debugging when SHOTS is set; returns its path. */
export async function snap(page: Page, name: string) {
  const file = path.join(os.tmpdir(), `e2e-${name}.png`);
  await shoot(page, { path: file, fullPage: true }).catch(() => undefined);
  return file;
}

/** Retries an assertion on a value read from the page until it passes (10 s by default). */
export const eventually = <T>(read: () => T | Promise<T>, timeout = 10_000) =>
  expect.poll(read, { timeout, interval: 100 });

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A label matcher that ignores the required-field asterisk: 'Jenis Kelamin' matches 'Jenis Kelamin *'. */
export const labelled = (label: string) => new RegExp(`^${escapeRegExp(label)}(\\s*\\*)?\\s*$`);

/** Picks an option of an MUI select (react-admin SelectInput) found by its label inside scope. */
export async function chooseOption(page: Page, scope: Page | Locator, label: string, option: string) {
  const box = scope.getByRole('combobox', { name: new RegExp(`^${escapeRegExp(label)}`) });
  // A picker that searches on the server (an input) shows the first matches: type, as a user does.
  const searches = await box.evaluate((el) => el.tagName === 'INPUT');
  await box.click();
  if (searches) await box.fill(option);
  // A click that lands while the menu is still opening can be lost on a busy machine: the option
  // is clicked again while the list stays open (choosing the same option twice is harmless).
  for (let attempt = 1; ; attempt++) {
    await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
    try {
      await page.getByRole('listbox').waitFor({ state: 'detached', timeout: attempt < 3 ? 3_000 : 10_000 });
    } catch (err) {
      if (attempt >= 3) throw err;
      if (await page.getByRole('listbox').isVisible()) continue;
    }
    // The list scrolls its current option into view as it opens: a click that lands as it moves
    // takes the option beside. The picker shows what it took; another is chosen again.
    if (searches || attempt >= 3 || (await box.textContent())?.includes(option)) return;
    await box.click();
  }
}

/** A local-storage value of the page's origin. */
export const storageItem = (page: Page, key: string) =>
  page.evaluate((k) => window.localStorage.getItem(k), key);
