import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { DEMO, SKIP_E2E, eventually, labelled, snap, startE2E, type E2E } from './harness';
import { expectNoSeriousA11yViolations } from './axe';

const LIST = '/master/medical-facilities';
const INTEGRATED = '/master/medical-facilities-integrated';
const rows = (page: Page) => page.locator('table tbody tr');
const CSP_MESSAGE = /Content[- ]Security[- ]Policy|unsafe-eval/i;

/** Everything the page reports about the Content-Security-Policy (a refused eval among them). */
async function watchCsp(page: Page) {
  const messages: string[] = [];
  page.on('console', (m) => {
    if (CSP_MESSAGE.test(m.text())) messages.push(m.text());
  });
  await page.exposeFunction('__reportCsp', (text: string) => messages.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __reportCsp: (t: string) => void }).__reportCsp(
        `${e.violatedDirective} ${e.blockedURI}`,
      ),
    );
  });
  return messages;
}

describe.skipIf(SKIP_E2E)('master facilities and integrated facilities (e2e)', () => {
  let e2e: E2E;
  let token: string;
  let remote: http.Server;
  let remoteUrl: string;
  const remoteHits: string[] = [];

  beforeAll(async () => {
    // The facility's system: a loopback server the platform is allowed to call.
    remote = http.createServer((req, res) => {
      remoteHits.push(req.url!);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    });
    await new Promise<void>((r) => remote.listen(0, '127.0.0.1', r));
    const port = (remote.address() as AddressInfo).port;
    remoteUrl = `http://127.0.0.1:${port}`;
    e2e = await startE2E({ patients: 20 });
    e2e.config.outboundAllowHosts.push(`127.0.0.1:${port}`);
    token = await e2e.apiToken(DEMO.admin);
  });
  afterAll(async () => {
    await e2e?.close();
    remote?.close();
  });

  const createFacility = async (name: string) => {
    const res = await e2e.api(token, '/api/master/medical-facilities', {
      method: 'POST',
      body: JSON.stringify({
        name,
        email: `${name.replace(/\W/g, '').toLowerCase()}@e2e.example`,
        password: 'rahasia-123',
        type: 'KLINIK',
      }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: number; name: string };
  };

  it('admin: lists, adds, edits and deletes a facility on /master/medical-facilities', async () => {
    const page = await e2e.newPage({ as: DEMO.admin });
    await page.goto(LIST);
    // The first screen of the run loads its chunks on a busy machine: more time than the default.
    await page.getByRole('columnheader', { name: 'Nama' }).waitFor({ timeout: 30_000 });
    for (const name of ['Email', 'Jenis', 'Telepon', 'Status Online'])
      await page.getByRole('columnheader', { name }).waitFor();
    await eventually(() => rows(page).count()).toBe(10);
    await rows(page).getByText('Online', { exact: true }).first().waitFor();
    await expectNoSeriousA11yViolations(page, 'master facilities list');
    await snap(page, 'facilities-list');

    await page
      .getByRole('link', { name: 'Tambah' })
      .or(page.getByRole('button', { name: 'Tambah' }))
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(labelled('Nama')).fill('Klinik Ujicoba Fasilitas');
    await dialog.getByLabel(labelled('Email')).fill('ujicoba@klinik.example');
    await dialog.getByLabel(labelled('Password')).fill('rahasia-123');
    await dialog.getByLabel(labelled('Telepon')).fill('021-5550123');
    await snap(page, 'facilities-add');
    await dialog.getByRole('button', { name: /Simpan/ }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByPlaceholder('Cari nama, email, telepon').fill('Ujicoba Fasilitas');
    await eventually(() => rows(page).count()).toBe(1);
    await eventually(() => rows(page).first().innerText()).toContain('Klinik Ujicoba Fasilitas');
    await eventually(() => rows(page).first().innerText()).toContain('Online');

    await rows(page)
      .first()
      .getByRole('link', { name: /Ubah/ })
      .or(rows(page).first().getByRole('button', { name: /Ubah/ }))
      .first()
      .click();
    const edit = page.getByRole('dialog');
    await edit.getByLabel(labelled('Nama')).fill('Klinik Ujicoba Fasilitas Baru');
    await edit.getByRole('button', { name: /Simpan/ }).click();
    await edit.waitFor({ state: 'detached' });
    await eventually(() => rows(page).first().innerText()).toContain('Klinik Ujicoba Fasilitas Baru');

    await rows(page).first().getByRole('button', { name: /Hapus/ }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Konfirmasi|Hapus|Ya/ })
      .last()
      .click();
    await eventually(() => rows(page).count()).toBe(0);
  });

  it('admin: parameters and connections of a facility, with the JSON form, raw JSON and a real connection test', async () => {
    const facility = await createFacility('RS Integrasi Eksperimen');
    const page = await e2e.newPage({ as: DEMO.admin });
    const csp = await watchCsp(page);
    await page.goto(INTEGRATED);
    await page.getByLabel('Cari nama, email, telepon').fill('Integrasi Eksperimen');
    await page
      .getByRole('list', { name: 'Fasilitas Kesehatan' })
      .getByRole('button', { name: /RS Integrasi Eksperimen/ })
      .click();
    await page.locator(`[data-selected-facility="${facility.id}"]`).waitFor();
    await page.getByText('Belum ada parameter').waitFor();
    await snap(page, 'integrated-empty-params');

    // Parameters: add, edit, delete.
    await page.getByRole('button', { name: 'Tambah Parameter' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /Simpan/ }).click();
    await dialog.getByText('Wajib diisi').first().waitFor();
    await dialog.getByLabel(labelled('Tipe')).fill('POLI');
    await dialog.getByLabel(labelled('Nilai')).fill('UMU');
    await dialog.getByLabel(labelled('Deskripsi')).fill('Poli Umum');
    await dialog.getByRole('button', { name: /Simpan/ }).click();
    await dialog.waitFor({ state: 'detached' });
    await eventually(() => rows(page).first().innerText()).toContain('Poli Umum');
    // The row actions' header speaks Indonesian like the rest of the table.
    await page.getByRole('columnheader', { name: 'Aksi' }).waitFor();
    await page.getByRole('button', { name: 'Ubah POLI UMU' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel(labelled('Deskripsi')).fill('Poli Umum Dewasa');
    await dialog.getByRole('button', { name: /Simpan/ }).click();
    await dialog.waitFor({ state: 'detached' });
    await eventually(() => rows(page).first().innerText()).toContain('Poli Umum Dewasa');
    await page.getByRole('button', { name: 'Hapus POLI UMU' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Hapus' }).click();
    await page.getByText('Belum ada parameter').waitFor();

    // Connections: empty, then add through the form with its JSON fields.
    await page.getByRole('tab', { name: 'Koneksi' }).click();
    await page.getByText('Belum ada koneksi').waitFor();
    await page.getByRole('button', { name: 'Tambah Koneksi' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel(labelled('Kode')).fill('SIMRS');
    await dialog.getByLabel(labelled('URL Dasar Produksi')).fill(`${remoteUrl}/api`);
    await dialog.getByLabel(labelled('X-Username')).fill('integrasi');
    await dialog.getByLabel(labelled('X-Password')).fill('Rahasia-Koneksi-1');
    // properties through the generated form (rjsf, precompiled validator under the CSP).
    const props = dialog.locator('[data-json-field="properties"]');
    // The precompiled validator runs in the page: a value below the schema's minimum is refused.
    await props.getByLabel(/Timeout \(ms\)/).fill('50');
    await props.getByText('Periksa isian Properti').waitFor();
    await props.getByLabel(/Timeout \(ms\)/).fill('3000');
    await eventually(() => props.getByText('Periksa isian Properti').count()).toBe(0);
    await props.getByLabel(/API version/).fill('v2');
    // resources as raw JSON: invalid text is a field error, not a failed save.
    const resources = dialog.locator('[data-json-field="resources"]');
    await resources.getByLabel('JSON mentah').check();
    await resources.getByLabel('Resources (JSON)').fill('{"patients": "/pasien",');
    await resources.getByText('JSON tidak valid').waitFor();
    await dialog.getByRole('button', { name: /Simpan/ }).click();
    await resources.getByText('JSON tidak valid').waitFor();
    await dialog.waitFor();
    await resources.getByLabel('Resources (JSON)').fill('{"patients": "/pasien"}');
    await eventually(() => resources.getByText('JSON tidak valid').count()).toBe(0);
    const gateway = dialog.locator('[data-json-field="gateway_config"]');
    await gateway.getByLabel('JSON mentah').check();
    await gateway
      .getByLabel('Konfigurasi Gateway (JSON)')
      .fill(JSON.stringify({ enabled: true, new_base_url: `${remoteUrl}/gw` }));
    await snap(page, 'integrated-connection-dialog');
    await expectNoSeriousA11yViolations(page, 'connection dialog');
    await dialog.getByRole('button', { name: /Simpan/ }).click();
    await dialog.waitFor({ state: 'detached' });
    await eventually(() => rows(page).first().innerText()).toContain('SIMRS');
    await eventually(() => page.locator('[data-gateway="enabled"]').innerText()).toBe('Aktif');

    const stored = await e2e.api(token, `/api/master/medical-facilities/${facility.id}/connections`);
    expect(stored.body[0]).toMatchObject({
      properties: { timeout_ms: 3000, api_version: 'v2' },
      resources: { patients: '/pasien' },
      gateway_config: { enabled: true, new_base_url: `${remoteUrl}/gw` },
      has_password: true,
    });

    // A real test against the facility's (loopback, allow-listed) server.
    await page.getByRole('button', { name: 'Uji Koneksi SIMRS' }).click();
    await eventually(() => page.locator('[data-test-result="ok"]').innerText()).toMatch(
      new RegExp(`Uji koneksi berhasil: HTTP 200 dari ${remoteUrl}/api dalam \\d+ ms`),
    );
    expect(remoteHits).toContain('/api');
    await page.getByRole('button', { name: 'Uji Gateway SIMRS' }).click();
    await eventually(() => page.locator('[data-test-result="ok"]').innerText()).toContain(`${remoteUrl}/gw`);
    await snap(page, 'integrated-connections');
    await expectNoSeriousA11yViolations(page, 'integrated connections');

    // Credentials: both required.
    await page.getByRole('button', { name: 'Perbarui Kredensial SIMRS' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /Simpan/ }).click();
    await eventually(() => dialog.getByText('Wajib diisi').count()).toBe(1); // the password; the username is prefilled
    await dialog.getByLabel(labelled('X-Password')).fill('Kredensial-Baru-2');
    await dialog.getByRole('button', { name: /Simpan/ }).click();
    await dialog.waitFor({ state: 'detached' });

    // Delete with confirmation.
    await page.getByRole('button', { name: 'Hapus SIMRS' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Hapus' }).click();
    await page.getByText('Belum ada koneksi').waitFor();
    expect(csp).toEqual([]);
  });

  it("admin: a field's 'Wajib diisi' goes as soon as the field is filled (facility, parameter, connection dialogs)", async () => {
    const facility = await createFacility('RS Isian Wajib');
    const page = await e2e.newPage({ as: DEMO.admin });
    await page.goto(INTEGRATED);
    const required = (dialog: ReturnType<Page['getByRole']>) => dialog.getByText('Wajib diisi');

    // The facility dialog: name, email and password required.
    await page.getByRole('button', { name: 'Tambah', exact: true }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel(labelled('Nama')).fill('');
    await dialog.getByRole('button', { name: /Simpan/ }).click();
    await eventually(() => required(dialog).count()).toBe(3);
    await dialog.getByLabel(labelled('Nama')).fill('Klinik Isian');
    await eventually(() => required(dialog).count()).toBe(2);
    await dialog.getByLabel(labelled('Email')).fill('isian@klinik.example');
    await eventually(() => required(dialog).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Batal' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The parameter dialog: type, value and description required.
    await page.getByLabel('Cari nama, email, telepon').fill('Isian Wajib');
    await page
      .getByRole('list', { name: 'Fasilitas Kesehatan' })
      .getByRole('button', { name: /RS Isian Wajib/ })
      .click();
    await page.locator(`[data-selected-facility="${facility.id}"]`).waitFor();
    await page.getByRole('button', { name: 'Tambah Parameter' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /Simpan/ }).click();
    await eventually(() => required(dialog).count()).toBe(3);
    await dialog.getByLabel(labelled('Tipe')).fill('POLI');
    await eventually(() => required(dialog).count()).toBe(2);
    await dialog.getByRole('button', { name: 'Batal' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The connection dialog: code and production base URL required.
    await page.getByRole('tab', { name: 'Koneksi' }).click();
    await page.getByRole('button', { name: 'Tambah Koneksi' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /Simpan/ }).click();
    await eventually(() => required(dialog).count()).toBe(2);
    await dialog.getByLabel(labelled('Kode')).fill('SIMRS');
    await eventually(() => required(dialog).count()).toBe(1);
    await expectNoSeriousA11yViolations(page, 'connection dialog with a required field left');
  });

  it('admin: a refused address and a failing call both say so; the failing call takes the facility offline', async () => {
    // An allow-listed loopback port where nothing listens: the call is made and fails.
    const probe = http.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const closedPort = (probe.address() as AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    e2e.config.outboundAllowHosts.push(`127.0.0.1:${closedPort}`);
    const facility = await createFacility('Klinik Uji Gagal');
    for (const [code, url] of [
      ['PRIVAT', 'http://10.255.255.1/api'],
      ['MATI', `http://127.0.0.1:${closedPort}/api`],
    ]) {
      const res = await e2e.api(token, `/api/master/medical-facilities/${facility.id}/connections`, {
        method: 'POST',
        body: JSON.stringify({ code, production_base_url: url }),
      });
      expect(res.status).toBe(201);
    }
    const page = await e2e.newPage({ as: DEMO.admin });
    await page.goto(INTEGRATED);
    await page.getByLabel('Cari nama, email, telepon').fill('Uji Gagal');
    const item = page
      .getByRole('list', { name: 'Fasilitas Kesehatan' })
      .getByRole('button', { name: /Klinik Uji Gagal/ });
    await item.click();
    await eventually(() => item.innerText()).toContain('Online');
    await page.getByRole('tab', { name: 'Koneksi' }).click();
    await page.getByRole('button', { name: 'Uji Koneksi PRIVAT' }).click();
    const failed = page.locator('[data-test-result="failed"]');
    await eventually(() => failed.innerText()).toContain('Uji koneksi gagal');
    await eventually(() => failed.innerText()).toContain('10.0.0.0/8');
    await page.getByRole('button', { name: 'Uji Koneksi MATI' }).click();
    await eventually(() => failed.innerText()).toContain('ECONNREFUSED');
    await eventually(() => item.innerText()).toContain('Offline');
    await eventually(() => page.locator('[data-gateway="not_configured"]').count()).toBe(2);
    await snap(page, 'integrated-failed-test');
  });

  it('medical_facility user: only their own facility, no add or delete of facilities', async () => {
    const page = await e2e.newPage({ as: DEMO.medical_facility });
    await page.goto(LIST);
    await page.getByRole('columnheader', { name: 'Nama' }).waitFor();
    await eventually(() => rows(page).count()).toBe(1);
    await eventually(() => rows(page).first().innerText()).toContain('Puskesmas Kecamatan Gambir');
    // Their one facility: editable, nothing to add or delete.
    expect(await page.getByRole('button', { name: /Tambah|Hapus/ }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /Tambah/ }).count()).toBe(0);
    await rows(page).first().getByRole('link', { name: /Ubah/ }).click();
    const own = page.getByRole('dialog');
    await own.getByLabel(labelled('Telepon')).fill('021-7654321');
    await own.getByRole('button', { name: /Simpan/ }).click();
    await own.waitFor({ state: 'detached' });
    await eventually(() => rows(page).first().innerText()).toContain('021-7654321');
    await snap(page, 'facilities-own');

    await page.goto(INTEGRATED);
    const list = page.getByRole('list', { name: 'Fasilitas Kesehatan' });
    await eventually(() => list.getByRole('button').count()).toBe(1);
    await eventually(() => page.getByRole('button', { name: 'Tambah', exact: true }).count()).toBe(0);
    await eventually(() => page.getByRole('button', { name: /^Hapus Puskesmas/ }).count()).toBe(0);
    await eventually(() => rows(page).count()).toBeGreaterThan(0); // demo parameters
    await page.getByRole('button', { name: /Tambah Parameter/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(labelled('Tipe')).fill('POLI');
    await dialog.getByLabel(labelled('Nilai')).fill('KIA');
    await dialog.getByLabel(labelled('Deskripsi')).fill('Poli KIA');
    await dialog.getByRole('button', { name: /Simpan/ }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: 'Poli KIA', exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Koneksi' }).click();
    await page.locator('[data-gateway]').first().waitFor();
    await snap(page, 'integrated-faskes');
    await expectNoSeriousA11yViolations(page, 'integrated facilities as a facility user');
  });
  it('both screens fit a 390 px phone and read in English', async () => {
    const page = await e2e.newPage({ as: DEMO.admin });
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [path, name] of [
      [LIST, 'phone-list'],
      [INTEGRATED, 'phone-integrated'],
    ]) {
      await page.goto(path);
      await page
        .getByText(/Apotek/)
        .first()
        .waitFor({ timeout: 20_000 });
      if (path === INTEGRATED) await page.getByRole('tab', { name: 'Koneksi' }).click();
      await snap(page, `facilities-${name}`);
      // The page itself never scrolls sideways (wide tables scroll inside their card).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Bahasa Indonesia' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.goto(INTEGRATED);
    await page.getByRole('heading', { name: 'Medical Facilities', exact: true }).waitFor();
    await page.getByLabel('Search name, email, phone').fill('Gambir');
    await page
      .getByRole('list', { name: 'Medical Facilities' })
      .getByRole('button', { name: /Gambir/ })
      .click();
    await page.getByRole('button', { name: 'Add Parameter' }).waitFor();
    await page.getByRole('tab', { name: 'Connections' }).click();
    await page
      .getByRole('button', { name: /^Test Connection/ })
      .first()
      .waitFor();
    await snap(page, 'facilities-en-integrated');
    await page.goto(LIST);
    await page.getByRole('columnheader', { name: 'Online Status' }).waitFor();
    await snap(page, 'facilities-en-list');
  });
});
