/**
 * The role walk: as one demo role, every screen of its menu is opened; where the screen offers
 * 'Tambah', its add dialog is filled from the declaration's schema (enums and named ranges picked
 * from their lists, references through their pickers, formats and patterns with values that fit
 * them), saved, and the success toast and the new row are asserted; where it does not, no add
 * button is shown. Every request the console sends on the way is recorded: none may answer 403
 * (a picker calling what the role may not read) or 5xx.
 */
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { RESOURCES } from '../../src/resources';
import { defaultMenuPaths } from '../../src/domain/menu';
import { makeNik } from '../../src/domain/nik';
import { baseType, dialogGroups, type JsonSchema, type ResourceDeclaration } from '../../src/domain/resource';
import type { Role } from '../../src/domain/roles';
import { DEMO, eventually, snap, type E2E } from './harness';
import { expectNoSeriousA11yViolations } from './axe';
import { closeLayers, listReady, navigate, screenReady, untilInAddress } from './waits';

/** What a walk saw on one screen. */
export interface ScreenVisit {
  path: string;
  added: boolean;
}

/** The non-resource screen that offers adding a record of a declared resource. */
const INTEGRATED = '/master/medical-facilities-integrated';

const declAt = (path: string) =>
  path === INTEGRATED
    ? RESOURCES.find((d) => d.name === 'master/medical-facilities')
    : RESOURCES.find((d) => d.menus[0] === path);

let serial = 0;
/** A number unique to this run's records (codes, NIKs, e-mails). */
const next = () => ++serial + (process.pid % 500) * 10;

const DATE = '1990-05-17';

/** A value of a text field that its schema accepts: the first candidate matching pattern and lengths. */
function textValue(field: string, prop: JsonSchema, form: Record<string, string>): string {
  const n = next();
  const gender = form.gender === 'P' ? 'P' : 'L';
  const nik = makeNik('31.71.01', form.date_of_birth || DATE, gender, 4000 + n);
  const candidates = [
    field === 'end_time' ? '10:00' : '08:00',
    ...(/nik|identity_number/.test(field) ? [nik] : []),
    '10110',
    `E2E${n}`,
    nik,
    `https://e2e-${n}.example.test`,
    `0812${String(n).padStart(7, '0')}`,
    `Uji Peran ${n}`,
  ];
  if (prop.format === 'email') return `peran${n}@e2e.example.test`;
  const re = prop.pattern ? new RegExp(prop.pattern) : null;
  const fits = (v: string) =>
    (!re || re.test(v)) && v.length >= (prop.minLength ?? 0) && v.length <= (prop.maxLength ?? Infinity);
  const value = candidates.find(fits);
  if (!value) throw new Error(`no value for ${field} (${prop.pattern})`);
  return value;
}

/** The least value a JSON field's schema takes: its required properties, its fewest items. */
function sample(prop: JsonSchema): unknown {
  const type = baseType(prop);
  if (prop.enum) return prop.enum.find((v) => v !== null);
  if (type === 'array')
    return Array.from({ length: Math.max(1, (prop as { minItems?: number }).minItems ?? 1) }, () =>
      sample(prop.items ?? {}),
    );
  if (type === 'object')
    return Object.fromEntries((prop.required ?? []).map((k) => [k, sample(prop.properties?.[k] ?? {})]));
  if (type === 'integer' || type === 'number') return prop.minimum ?? 1;
  if (type === 'boolean') return true;
  return 'Uji Peran';
}

/** Fills the dialog's required JSON fields (arrays, objects) as raw JSON. */
async function fillJson(dialog: Locator, decl: ResourceDeclaration, fields: string[]) {
  const props = decl.schema.properties ?? {};
  const json = fields.filter((f) => ['array', 'object'].includes(baseType(props[f])));
  if (!json.length) return;
  const switches = dialog
    .getByRole('checkbox', { name: 'JSON mentah' })
    .or(dialog.getByRole('switch', { name: 'JSON mentah' }));
  for (let i = 0; i < (await switches.count()); i++)
    if (!(await switches.nth(i).isChecked())) await switches.nth(i).check();
  const boxes = dialog.getByRole('textbox', { name: /\(JSON\)$/ });
  for (const [i, field] of json.entries()) {
    const box = boxes.nth(i);
    if ((await box.inputValue()).trim()) continue;
    await box.fill(JSON.stringify(sample(props[field])));
  }
}

/** Opens the list of a picker (select or autocomplete) and picks its first option. */
async function pickFirst(page: Page, box: Locator) {
  const searches = await box.evaluate((el) => el.tagName === 'INPUT');
  await box.click();
  if (searches) await box.fill('');
  const option = page.getByRole('listbox').getByRole('option').first();
  await option.waitFor({ timeout: 15_000 });
  for (let attempt = 1; ; attempt++) {
    await option.click();
    try {
      await page.getByRole('listbox').waitFor({ state: 'detached', timeout: 3_000 });
      return;
    } catch (err) {
      if (attempt >= 3) throw err;
      if (!(await page.getByRole('listbox').isVisible())) return;
    }
  }
}

/** The control of one field in the dialog (by its name), and its current value. */
async function control(dialog: Locator, field: string) {
  const named = dialog.locator(`[name="${field}"]`).first();
  if (!(await named.count())) return null;
  const hidden = await named.evaluate((el) => el.getAttribute('aria-hidden') === 'true');
  // A select keeps its value in a hidden input beside the combobox the user clicks.
  const box = hidden ? named.locator('xpath=..').locator('[role="combobox"]') : named;
  return { input: named, box, value: await named.inputValue() };
}

/** The form's values by field name, as the inputs hold them. */
async function formValues(dialog: Locator, fields: string[]) {
  const values: Record<string, string> = {};
  for (const f of fields) {
    const c = await control(dialog, f);
    if (c) values[f] = c.value;
  }
  return values;
}

/**
 * Fills every required field of the dialog that is still empty, in the dialog's order, from the
 * declaration's schema. Pickers come first in their order (a later picker may be narrowed by an
 * earlier one), then dates and choices (a NIK agrees with them), then the rest.
 */
export async function fillRequired(page: Page, dialog: Locator, decl: ResourceDeclaration) {
  const props = decl.schema.properties ?? {};
  const fields = dialogGroups(decl).flatMap((g) => g.fields);
  const required = (f: string) => {
    const p = props[f];
    const refFills = Object.keys(decl.references?.[f]?.copy ?? {}).some((c) =>
      decl.schema.required?.includes(c),
    );
    return (decl.schema.required ?? []).includes(f) || !!decl.visibleWhen?.[f] || refFills || !!p?.minLength;
  };
  const rank = (f: string) => {
    const p = props[f];
    if (decl.references?.[f] || f === 'medical_facility_id') return 0;
    if (p.enum || p.format === 'date' || p.format === 'date-time' || baseType(p) === 'integer') return 1;
    return 2;
  };
  const todo = fields.filter(required).sort((a, b) => rank(a) - rank(b));
  await fillJson(dialog, decl, todo);
  for (const field of todo) {
    const prop = props[field];
    const c = await control(dialog, field);
    if (!c || c.value !== '') continue;
    if (await c.box.isDisabled()) continue;
    const role = await c.box.getAttribute('role');
    const type = baseType(prop);
    if (role === 'combobox') await pickFirst(page, c.box);
    else if (prop.format === 'date') await c.input.fill(DATE);
    else if (prop.format === 'date-time') await c.input.fill('2030-01-15T09:30');
    else if (type === 'integer' || type === 'number')
      await c.input.fill(String(Math.max(prop.minimum ?? 1, Math.min(prop.maximum ?? 10, 10))));
    else await c.input.fill(textValue(field, prop, await formValues(dialog, ['gender', 'date_of_birth'])));
  }
}

/** The walk's requests that the server refused as forbidden or failed on. */
function watchResponses(page: Page) {
  const bad: string[] = [];
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.pathname.startsWith('/api/') && (res.status() === 403 || res.status() >= 500))
      bad.push(`${res.request().method()} ${url.pathname}${url.search} → ${res.status()}`);
  });
  return bad;
}

/** The add control of a screen: the list's 'Tambah' link or the integrated screen's button. */
const addControl = (page: Page) =>
  page
    .getByRole('link', { name: 'Tambah', exact: true })
    .or(page.getByRole('button', { name: 'Tambah', exact: true }));

/** The record's name as the list shows it: its representation field, else its first searched one. */
function shownName(decl: ResourceDeclaration, record: Record<string, any>) {
  const field = typeof decl.recordRepresentation === 'string' ? decl.recordRepresentation : decl.search[0];
  return String(record?.[field ?? 'id'] ?? '');
}

/** Opens one screen, and where it offers adding, adds a record through its dialog. */
async function visit(page: Page, role: Role, path: string, axe: boolean): Promise<ScreenVisit> {
  // The last screen's dialog and toast closed as a user closes them; this one opened as the menu opens it.
  await closeLayers(page);
  await navigate(page, path);
  const decl = declAt(path);
  // A list's toolbar (where its add button is) is drawn with the list: the add button is
  // counted once the list is, not while the screen is still coming.
  if (decl && path !== INTEGRATED) await listReady(page);
  else if (path === INTEGRATED) {
    // The integrated screen draws its own list of facilities (its add button above it) once its
    // rows come.
    await page.locator('#main-content .MuiListItem-root, main .MuiListItem-root').first().waitFor();
    await screenReady(page);
  } else await screenReady(page);
  expect(new URL(page.url()).pathname, `${role} stays on ${path}`).toBe(path);
  const add = addControl(page);
  // The add button follows the role's access, which may come after the rows on a busy machine.
  if (decl)
    await add
      .first()
      .waitFor({ timeout: 3000 })
      .catch(() => undefined);
  if (!decl || (await add.count()) === 0) {
    // Nothing to add here: the screen shows no add button at all.
    expect(await add.count(), `${role}: no add button on ${path}`).toBe(0);
    if (axe) await expectNoSeriousA11yViolations(page, `${path} (${role})`);
    return { path, added: false };
  }
  await add.first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Simpan' }).waitFor();
  if (axe) await expectNoSeriousA11yViolations(page, `${path} add dialog (${role})`);
  await fillRequired(page, dialog, decl);
  const created = page.waitForResponse(
    (res) => res.request().method() === 'POST' && new URL(res.url()).pathname.startsWith('/api/'),
  );
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  const res = await created;
  const body = await res.json().catch(() => null);
  expect(res.status(), `${role} saves on ${path}: ${JSON.stringify(body)}`).toBe(201);
  // The success toast: react-admin's 'created' or the screen's own, never an error.
  await page.locator('.MuiSnackbar-root').first().waitFor();
  expect(await page.locator('.RaNotification-error').count(), `${role}: error toast on ${path}`).toBe(0);
  await eventually(() => page.getByRole('dialog').count()).toBe(0);
  // The new record is in the list: found by its name where the list searches.
  const name = shownName(decl, body?.data ?? body);
  if (path !== INTEGRATED) {
    const search = page.getByRole('textbox', { name: /Cari|Search/ }).first();
    if (name && (await search.count())) {
      await search.fill(name);
      await untilInAddress(page, name);
    }
  }
  await eventually(() => page.locator('#main-content, main').first().innerText(), 15_000).toContain(name);
  return { path, added: true };
}

/**
 * Walks every screen of the role's menu; returns what it did on each. A screen's failure is
 * noted and the walk goes on, so one run names every screen that fails.
 */
export async function walkRole(
  e2e: E2E,
  role: Role,
  options: { axe?: boolean } = {},
): Promise<ScreenVisit[]> {
  const page = await e2e.newPage({ as: DEMO[role] });
  const bad = watchResponses(page);
  const visits: ScreenVisit[] = [];
  const problems: string[] = [];
  for (const path of defaultMenuPaths(role)) {
    try {
      visits.push(await visit(page, role, path, !!options.axe));
    } catch (err) {
      problems.push(`${path}: ${(err as Error).message.split('\n').slice(0, 4).join(' ')}`);
      await snap(page, `role-walk-${role}-${path.slice(1).replace(/\//g, '-')}`);
    }
  }
  expect(problems, `${role}: screens that failed`).toEqual([]);
  expect(bad, `${role}: refused or failed requests`).toEqual([]);
  return visits;
}
