/**
 * The If-Match browser tests' walk: the writes a page sends (PUT, PATCH, DELETE with their
 * If-Match), and one declared resource's screen walked through its edit dialog's save, its JSON
 * fields dialog's save where it has one, and its delete.
 */
import { expect } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { RESOURCES } from '../../src/resources';
import type { ResourceDeclaration } from '../../src/domain/resource';
import { DEMO, eventually, type E2E } from './harness';

export interface Write {
  method: string;
  path: string;
  ifMatch: string | undefined;
}

/** The PUT, PATCH and DELETE requests the page sends to the API, with their If-Match. */
export function recordWrites(page: Page): Write[] {
  const writes: Write[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (!url.pathname.startsWith('/api/') || !['PUT', 'PATCH', 'DELETE'].includes(req.method())) return;
    writes.push({ method: req.method(), path: url.pathname, ifMatch: req.headers()['if-match'] });
  });
  return writes;
}

/** A write's answer: its status, and the version it left (or the reason it was refused). */
export async function answer(res: Promise<Response>) {
  const r = await res;
  const body = await r.json().catch(() => null);
  return { status: r.status(), version: body?.version as unknown, body: JSON.stringify(body) };
}

export const isWrite = (method: string) => (r: Response) =>
  r.request().method() === method && new URL(r.url()).pathname.startsWith('/api/');

/** The screens of the declarations with a menu entry, at their menu path. */
export const SCREENS = RESOURCES.filter((d) => d.menu).map((d) => ({ decl: d, path: d.menus[0] }));

/** Declarations whose rows open JSON fields in a dialog of their own (PATCH). */
const hasJsonDialog = (d: ResourceDeclaration) => Object.values(d.columns ?? {}).some((c) => c?.json);

/** A signed-in page and what it has sent, with an API token to read the stored records. */
export interface Walker {
  e2e: E2E;
  token: string;
  page: Page;
  writes: Write[];
}

export async function walker(e2e: E2E): Promise<Walker> {
  const page = await e2e.newPage({ as: DEMO.super_admin });
  return { e2e, token: await e2e.apiToken(DEMO.super_admin), page, writes: recordWrites(page) };
}

/** A stored record's version, read through the API. */
export async function storedVersion(w: Walker, url: string) {
  const res = await w.e2e.api(w.token, url);
  expect(res.status, url).toBe(200);
  return String(res.body.version);
}

/**
 * A declared resource's screen: the first row's edit dialog saved unchanged, its JSON fields
 * saved, then the row deleted; each write on the version stored at that moment, and taken.
 */
export async function walkScreen(w: Walker, decl: ResourceDeclaration, path: string) {
  const { page, writes } = w;
  const since = (from: number) => writes.slice(from);
  const storedOf = (id: string) => storedVersion(w, `/api/${decl.name}/${id}`);
  await page.goto(path);
  const rows = page.locator('table tbody tr').filter({ hasNotText: DEMO.super_admin });
  await eventually(() => rows.count(), 20_000).toBeGreaterThan(0);
  const from = writes.length;
  const edit = rows.first().getByRole('link', { name: /Ubah/ });
  const href = (await edit.getAttribute('href'))!;
  const id = href.split('/').pop()!;
  await edit.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /Simpan/ }).waitFor();
  const shown = await storedOf(id);

  const saving = answer(page.waitForResponse(isWrite('PUT')));
  await dialog.getByRole('button', { name: /Simpan/ }).click();
  const saved = await saving;
  expect(saved.status, `save ${path}/${id}: ${saved.body}`).toBe(200);
  await dialog.waitFor({ state: 'detached' });
  expect(since(from)).toEqual([{ method: 'PUT', path: `/api/${decl.name}/${id}`, ifMatch: `"${shown}"` }]);
  expect(String(saved.version)).not.toBe(shown);

  if (hasJsonDialog(decl)) {
    const row = rows.filter({ has: page.locator(`a[href$="/${id}"]`) });
    await row.locator('button[aria-label*=": "]').first().click();
    const json = page.getByRole('dialog');
    const patching = answer(page.waitForResponse(isWrite('PATCH')));
    await json.getByRole('button', { name: 'Simpan' }).click();
    expect((await patching).status).toBe(200);
    await json.waitFor({ state: 'detached' });
    expect(since(from).slice(1)).toEqual([
      { method: 'PATCH', path: `/api/${decl.name}/${id}`, ifMatch: `"${String(saved.version)}"` },
    ]);
  }
  const current = await storedOf(id);

  const row = rows.filter({ has: page.locator(`a[href$="/${id}"]`) });
  const remove = row.getByRole('button', { name: /Hapus/ });
  await remove.click();
  const deleting = answer(page.waitForResponse(isWrite('DELETE')));
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Konfirmasi|Hapus|Ya/ })
    .last()
    .click();
  const deleted = await deleting;
  expect(deleted.status, `delete ${path}/${id}: ${deleted.body}`).toBe(200);
  expect(since(from).at(-1)).toEqual({
    method: 'DELETE',
    path: `/api/${decl.name}/${id}`,
    ifMatch: `"${current}"`,
  });
  expect(since(from)).toHaveLength(hasJsonDialog(decl) ? 3 : 2);
  await eventually(() => row.count()).toBe(0);
}
