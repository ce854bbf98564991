/**
 * A field added to the patient schema, as a maintainer adds it on a fresh clone: only
 * src/resources/patients/schema.json is edited; `npm run new:migration -- --check` names the
 * field and fails, `npm run new:migration -- <label>` writes one migration, and nothing else is
 * touched. The console is then built and the server started from the copy: the field is in the
 * patient dialog (in its last group, with its choices), saved from there and stored; the API
 * refuses a value outside its choices with 400; OpenAPI and the export have it.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { startServer, type RunningServer } from '../../bench/harness';
import { CHROMIUM_PATH, CONTEXT, DEMO, SKIP_E2E, chooseOption, eventually } from './harness';
import { copyProject, run, runStatus } from './project-copy';

const PASSWORD = 'demo12345';
const SCHEMA = 'src/resources/patients/schema.json';
const COLOR = { type: ['string', 'null'], title: 'Warna favorit', enum: ['merah', 'hijau', 'biru', null] };

/** The files below `dir` (relative to `root`) changed after `since` (ms). */
const WATCHED = ['src', 'i18n', 'schemas', 'scripts', 'tests', 'public'];

/** Every file under the copy's watched folders with its content's hash. */
function contents(root: string): Map<string, string> {
  return new Map(
    WATCHED.flatMap((dir) =>
      readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => path.join(e.parentPath, e.name))
        .map(
          (f) =>
            [path.relative(root, f), createHash('sha256').update(readFileSync(f)).digest('hex')] as const,
        ),
    ),
  );
}

/** The files whose content differs from `before`, or that are new (not by their times: coarse). */
function changedSince(root: string, before: Map<string, string>): string[] {
  return [...contents(root)]
    .filter(([file, hash]) => before.get(file) !== hash)
    .map(([file]) => file)
    .sort();
}

describe.skipIf(SKIP_E2E)('a field added to the patient schema alone (e2e)', () => {
  let dir: string;
  let project: string;
  let server: RunningServer | undefined;
  let browser: Browser;
  let failedCheck: { status: number | null; stdout: string };
  let written = '';
  let passedCheck = '';
  let changed: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'dkj-patient-field-'));
    project = copyProject(dir);
    const copied = contents(project);
    // The maintainer's edit: one property in the schema.
    const schema = JSON.parse(readFileSync(path.join(project, SCHEMA), 'utf8'));
    schema.properties.favorite_color = COLOR;
    writeFileSync(path.join(project, SCHEMA), `${JSON.stringify(schema, null, 2)}\n`);
    // The maintainer's commands.
    const check = runStatus(project, ['--import', 'tsx', 'scripts/new-migration.ts', '--check']);
    failedCheck = { status: check.status, stdout: check.stdout };
    written = run(project, ['--import', 'tsx', 'scripts/new-migration.ts', 'add_favorite_color']);
    passedCheck = run(project, ['--import', 'tsx', 'scripts/new-migration.ts', '--check']);
    changed = changedSince(project, copied);
    // Then as `npm start` does: the console built from the changed sources, the server started.
    run(project, ['scripts/ensure-build.mjs']);
    server = await startServer(project, {
      DATA_DIR: path.join(dir, 'data'),
      DEMO_PASSWORD: PASSWORD,
      DEMO_PATIENTS: '20',
    });
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: ['--no-sandbox', '--disable-gpu'],
    });
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const token = async () => {
    const res = await fetch(`${server!.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO.admin, password: PASSWORD }),
    });
    return ((await res.json()) as { token: string }).token;
  };
  const api = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(`${server!.base}${url}`, {
      ...init,
      headers: { authorization: `Bearer ${await token()}`, 'content-type': 'application/json' },
    });
    const text = await res.text();
    return { status: res.status, text, json: () => JSON.parse(text) };
  };

  it('is named by the check, written into one migration by new:migration, and no other file is touched', () => {
    expect(failedCheck.status).toBe(1);
    expect(failedCheck.stdout).toContain(
      "patients.favorite_color: no column (text CHECK (favorite_color IN ('merah', 'hijau', 'biru')))",
    );
    const migration = changed.find((f) => f.startsWith('src/server/db/migrations/'))!;
    expect(migration).toMatch(/^src\/server\/db\/migrations\/\d{3}_add_favorite_color\.sql$/);
    expect(written).toContain(`wrote ${migration}`);
    expect(passedCheck).toMatch(/^Declarations and migrations in agreement/);
    expect(changed).toEqual([SCHEMA, migration].sort());
  });

  it('is in the patient dialog, and a value chosen there is stored', async () => {
    const context = await browser.newContext({ ...CONTEXT, baseURL: server!.base });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    await page.goto('/login');
    await page.locator('input[name="email"]').fill(DEMO.admin);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByRole('button', { name: 'MASUK' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');

    await page.goto('/master/patients');
    const rows = page.locator('table tbody tr');
    await eventually(() => rows.count(), 20_000).toBeGreaterThan(0);
    const edit = rows.first().getByRole('link', { name: /Ubah/ });
    const id = (await edit.getAttribute('href'))!.split('/').pop();
    await edit.click();
    const dialog = page.getByRole('dialog');
    await chooseOption(page, dialog, 'Warna favorit', 'biru');
    await dialog.getByRole('button', { name: /Simpan/ }).click();
    await dialog.waitFor({ state: 'detached' });
    const stored = await api(`/api/master/patients/${id}`);
    expect(stored.json().favorite_color).toBe('biru');
    // Opened again, the dialog shows the stored value.
    await page.goto(`/master/patients/${id}`);
    const box = page.getByRole('dialog').getByRole('combobox', { name: /^Warna favorit/ });
    await eventually(() => box.innerText()).toContain('biru');
  });

  it('is refused by the API outside its choices (400), and is in OpenAPI and the export', async () => {
    const { json } = await api(`/api/master/patients?limit=1`);
    const [patient] = json().data;
    const refused = await api(`/api/master/patients/${patient.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ favorite_color: 'ungu' }),
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.json().errors ?? {})).toEqual(['favorite_color']);
    const taken = await api(`/api/master/patients/${patient.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ favorite_color: 'hijau' }),
    });
    expect(taken.status, taken.text).toBe(200);
    expect(taken.json().favorite_color).toBe('hijau');

    const doc = (await (await fetch(`${server!.base}/api/docs/json`)).json()) as {
      paths: Record<string, unknown>;
    };
    expect(JSON.stringify(doc.paths['/api/master/patients'])).toContain(
      '"favorite_color":{"type":"string","title":"Warna favorit","enum":["merah","hijau","biru",null],"nullable":true}',
    );
    const csv = await api('/api/master/patients/export');
    expect(csv.status).toBe(200);
    // Its column under its title, with the value stored.
    const [header, ...lines] = csv.text.trim().split(/\r?\n/);
    expect(header.split(',').at(-1)).toBe('Warna favorit');
    expect(lines.some((l) => l.trim().endsWith(',hijau'))).toBe(true);
  });
});
