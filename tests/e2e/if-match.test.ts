/**
 * Every write the console makes is conditional: the requests of the integrated facility
 * screen's saves and deletes (facility, parameter, connection, credentials) each carry If-Match
 * with the version shown (every other screen: if-match-screens and if-match-pages); two people editing one
 * facility: the second save gets the conflict view instead of overwriting the first. The
 * rebuilt screen is axe clean and photographed wide and on a phone, in both languages.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, SKIP_E2E, eventually, labelled, shoot, startE2E, type E2E } from './harness';
import { expectNoSeriousA11yViolations } from './axe';

const INTEGRATED = '/master/medical-facilities-integrated';
const SHOTS = '/tmp/shots';

interface Write {
  method: string;
  path: string;
  ifMatch: string | undefined;
}

/** The PUT, PATCH and DELETE requests the page sends to the API, with their If-Match. */
function recordWrites(page: Page): Write[] {
  const writes: Write[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (!url.pathname.startsWith('/api/') || !['PUT', 'PATCH', 'DELETE'].includes(r.method())) return;
    writes.push({ method: r.method(), path: url.pathname, ifMatch: r.headers()['if-match'] });
  });
  return writes;
}

/** 'PUT /api/master/medical-facilities/:id/params/:id': a write by method and route. */
const routes = (writes: Write[]) =>
  writes.map((w) => `${w.method} ${w.path.replace(/\/\d+(?=\/|$)/g, '/:id')}`);

/** Every write named a version (an ETag, '"<version>"'). */
function expectAllConditional(writes: Write[]) {
  expect(writes.length).toBeGreaterThan(0);
  for (const w of writes) expect(w.ifMatch, `${w.method} ${w.path}`).toMatch(/^"[^"]+"$/);
}

describe.skipIf(SKIP_E2E)('every write carries If-Match (e2e)', () => {
  let e2e: E2E;
  let token: string;

  beforeAll(async () => {
    e2e = await startE2E({ patients: 20 });
    token = await e2e.apiToken(DEMO.admin);
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  const post = async (url: string, body: Record<string, unknown>) => {
    const res = await e2e.api(token, url, { method: 'POST', body: JSON.stringify(body) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: number; version: string };
  };

  /** A facility with one parameter and one connection, to edit and delete through the screen. */
  async function facilityWithChildren(name: string) {
    const facility = await post('/api/master/medical-facilities', {
      name,
      email: `${name.replace(/\W/g, '').toLowerCase()}@e2e.example`,
      password: 'rahasia-123',
      type: 'KLINIK',
    });
    const base = `/api/master/medical-facilities/${facility.id}`;
    await post(`${base}/params`, { type: 'POLI', value: 'UMU', description: 'Poli Umum' });
    await post(`${base}/connections`, { code: 'SIMRS', production_base_url: 'https://simrs.example/api' });
    return facility;
  }

  async function openFacility(page: Page, name: string, search: string) {
    await page.goto(INTEGRATED);
    await page.getByLabel(/Cari nama, email, telepon|Search name, email, phone/).fill(search);
    await page
      .getByRole('list', { name: /Fasilitas Kesehatan|Medical Facilities/ })
      .getByRole('button', { name: new RegExp(name) })
      .click();
  }

  async function save(page: Page) {
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /Simpan/ }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  it('the integrated facility screen: facility, parameter, connection and credentials saves and deletes', async () => {
    const facility = await facilityWithChildren('Klinik Versi Integrasi');
    const page = await e2e.newPage({ as: DEMO.admin });
    const writes = recordWrites(page);
    await openFacility(page, 'Klinik Versi Integrasi', 'Versi Integrasi');
    await page.locator(`[data-selected-facility="${facility.id}"]`).waitFor();

    // The facility.
    await page.getByRole('button', { name: 'Ubah Klinik Versi Integrasi' }).click();
    await page.getByRole('dialog').getByLabel(labelled('Telepon')).fill('021-5550101');
    await save(page);
    await page.getByText('021-5550101').waitFor();

    // A parameter: save, then delete.
    await page.getByRole('button', { name: 'Ubah POLI UMU' }).click();
    await page.getByRole('dialog').getByLabel(labelled('Deskripsi')).fill('Poli Umum Dewasa');
    await save(page);
    await page.getByRole('cell', { name: 'Poli Umum Dewasa' }).waitFor();
    await page.getByRole('button', { name: 'Hapus POLI UMU' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Hapus' }).click();
    await page.getByText('Belum ada parameter').waitFor();

    // A connection: save, credentials, then delete.
    await page.getByRole('tab', { name: 'Koneksi' }).click();
    await page.getByRole('button', { name: 'Ubah SIMRS' }).click();
    await page.getByRole('dialog').getByLabel(labelled('X-Username')).fill('integrasi');
    await save(page);
    await page.getByText('integrasi', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Perbarui Kredensial SIMRS' }).click();
    await page.getByRole('dialog').getByLabel(labelled('X-Password')).fill('Rahasia-Baru-1');
    await save(page);
    await page.getByText(/Password tersimpan/).waitFor();
    await page.getByRole('button', { name: 'Hapus SIMRS' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Hapus' }).click();
    await page.getByText('Belum ada koneksi').waitFor();

    // The facility itself.
    await page.getByRole('button', { name: 'Hapus Klinik Versi Integrasi' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Hapus' }).click();
    await eventually(() => page.locator(`[data-selected-facility="${facility.id}"]`).count()).toBe(0);

    const base = '/api/master/medical-facilities/:id';
    expect(routes(writes)).toEqual([
      `PUT ${base}`,
      `PUT ${base}/params/:id`,
      `DELETE ${base}/params/:id`,
      `PUT ${base}/connections/:id`,
      `PUT ${base}/connections/:id/credentials`,
      `DELETE ${base}/connections/:id`,
      `DELETE ${base}`,
    ]);
    expect(writes.every((w) => w.path.startsWith(`/api/master/medical-facilities/${facility.id}`))).toBe(
      true,
    );
    expectAllConditional(writes);
  });

  it('two people edit one facility: the second save gets the conflict view, not an overwrite', async () => {
    const facility = await facilityWithChildren('Klinik Dua Penyunting');
    const [first, second] = [await e2e.newPage({ as: DEMO.admin }), await e2e.newPage({ as: DEMO.admin })];
    const secondWrites = recordWrites(second);
    // The second console without live updates: it holds the versions it read until it saves
    // (a live console is warned before, see realtime.test.ts).
    await second.route('**/api/events?**', (route) => route.abort());
    for (const page of [first, second]) {
      await openFacility(page, 'Klinik Dua Penyunting', 'Dua Penyunting');
      await page.getByRole('button', { name: 'Ubah Klinik Dua Penyunting' }).click();
      await page.getByRole('dialog').getByLabel(labelled('Telepon')).waitFor();
    }
    await first.getByRole('dialog').getByLabel(labelled('Telepon')).fill('021-5550111');
    await save(first);

    const dialog = second.getByRole('dialog');
    await dialog.getByLabel(labelled('Telepon')).fill('021-5550222');
    await dialog.getByRole('button', { name: /Simpan/ }).click();
    const conflict = dialog
      .getByRole('alert')
      .filter({ hasText: 'Data ini telah diubah oleh pengguna lain' });
    await conflict.waitFor();
    expect(await conflict.locator('tr[data-field="phone"] [data-side="theirs"]').innerText()).toBe(
      '021-5550111',
    );
    expect(await conflict.locator('tr[data-field="phone"] [data-side="yours"]').innerText()).toBe(
      '021-5550222',
    );
    await expectNoSeriousA11yViolations(second, 'facility edit conflict', { include: '[role="dialog"]' });
    await shoot(second, { path: `${SHOTS}/integrated-conflict-1440-id.png` });
    // The first person's phone stands.
    const stored = await e2e.api(token, `/api/master/medical-facilities/${facility.id}`);
    expect(stored.body.phone).toBe('021-5550111');
    expect(secondWrites.map((w) => w.method)).toEqual(['PUT']);
    expectAllConditional(secondWrites);

    // 'Muat ulang' takes the stored record into the form.
    await conflict.getByRole('button', { name: 'Muat ulang' }).click();
    await eventually(() => dialog.getByLabel(labelled('Telepon')).inputValue()).toBe('021-5550111');

    // A parameter the first person changed: the second's delete shows what changed instead.
    await dialog.getByRole('button', { name: 'Batal' }).click();
    await dialog.waitFor({ state: 'detached' });
    await second.getByRole('cell', { name: 'Poli Umum' }).waitFor();
    const [param] = (await e2e.api(token, `/api/master/medical-facilities/${facility.id}/params`)).body;
    const changed = await e2e.api(token, `/api/master/medical-facilities/${facility.id}/params/${param.id}`, {
      method: 'PUT',
      body: JSON.stringify({ type: 'POLI', value: 'UMU', description: 'Poli Umum Baru' }),
      headers: { 'if-match': `"${param.version}"` },
    });
    expect(changed.status).toBe(200);
    await second.getByRole('button', { name: 'Hapus POLI UMU' }).click();
    await second.getByRole('dialog').getByRole('button', { name: 'Hapus' }).click();
    const refused = second
      .getByRole('dialog')
      .filter({ hasText: 'Data ini telah diubah oleh pengguna lain' });
    await refused
      .locator('tr[data-field="description"] [data-side="theirs"]')
      .getByText('Poli Umum Baru')
      .waitFor();
    expect((await e2e.api(token, `/api/master/medical-facilities/${facility.id}/params`)).body).toHaveLength(
      1,
    );
    await refused.getByRole('button', { name: 'Hapus tetap' }).click();
    await second.getByText('Belum ada parameter').waitFor();
  });

  it('the rebuilt screen: axe clean, wide and on a phone, in Indonesian and English', async () => {
    await facilityWithChildren('Klinik Foto Layar');
    const page = await e2e.newPage({ as: DEMO.admin });
    for (const lang of ['id', 'en'] as const) {
      if (lang === 'en') {
        await page.goto('/dashboard');
        await page.getByRole('button', { name: 'Bahasa Indonesia' }).click();
        await page.getByRole('menuitem', { name: 'English' }).click();
      }
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await openFacility(page, 'Klinik Foto Layar', 'Foto Layar');
        await page.getByRole('cell', { name: 'Poli Umum' }).waitFor();
        await shoot(page, { path: `${SHOTS}/integrated-params-${width}-${lang}.png`, fullPage: true });
        await page.getByRole('tab', { name: lang === 'id' ? 'Koneksi' : 'Connections' }).click();
        await page.getByText('SIMRS', { exact: true }).waitFor();
        await expectNoSeriousA11yViolations(page, `integrated connections (${lang}, ${width} px)`);
        await shoot(page, {
          path: `${SHOTS}/integrated-connections-${width}-${lang}.png`,
          fullPage: true,
        });
        await page.getByRole('button', { name: /^(Ubah|Edit) SIMRS$/ }).click();
        await page.getByRole('dialog').locator('[data-json-field="properties"]').waitFor();
        await page.waitForTimeout(400); // the dialog's fade-in
        await expectNoSeriousA11yViolations(page, `connection dialog (${lang}, ${width} px)`, {
          include: '[role="dialog"]',
        });
        await shoot(page, { path: `${SHOTS}/integrated-connection-dialog-${width}-${lang}.png` });
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });
        await page.getByRole('button', { name: /^(Ubah|Edit) Klinik Foto Layar$/ }).click();
        await page
          .getByRole('dialog')
          .getByRole('button', { name: /Simpan|Save/ })
          .waitFor();
        await shoot(page, { path: `${SHOTS}/integrated-facility-dialog-${width}-${lang}.png` });
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
    }
  });
});
