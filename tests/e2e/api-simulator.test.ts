/**
 * The API Simulator (spec part 2 §2 'API Simulator', §7, §8, §9): patient search found and not
 * found, a patient created through the rjsf form, the response panel and copy, a history entry
 * replayed after a reload, and the facility user's picker holding only their own key.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, SKIP_E2E, chooseOption, eventually, startE2E, type E2E } from './harness';
import { expectNoSeriousA11yViolations } from './axe';
import { makeNik } from '../../src/domain/nik';

const URL = '/api-simulator';
const SHOTS = process.env.TESTER_SHOTS;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

describe.skipIf(SKIP_E2E)('API Simulator (e2e)', () => {
  let e2e: E2E;
  let keyRow: { id: number; facility_name: string; facility_code: string };
  let keyValue: string;
  let keyCount: number;
  let adminKeys: { id: number; facility_name: string; facility_code: string }[];
  let adminToken: string;
  const sandbox = (url: string) =>
    e2e.api(null, `/api/simulation${url}`, { headers: { 'x-api-key': keyValue } });

  beforeAll(async () => {
    e2e = await startE2E({ patients: 20 });
    const admin = await e2e.apiToken(DEMO.super_admin);
    const faskes = await e2e.apiToken(DEMO.medical_facility);
    const { body: own } = await e2e.api(faskes, '/api/admin/simulator-apikeys?limit=100');
    keyRow = (Array.isArray(own) ? own : own.data)[0];
    const { body: all } = await e2e.api(admin, '/api/admin/simulator-apikeys?limit=100');
    adminKeys = Array.isArray(all) ? all : all.data;
    keyCount = adminKeys.length;
    adminToken = await e2e.apiToken(DEMO.admin);
    keyValue = (await e2e.api(admin, `/api/admin/simulator-apikeys/${keyRow.id}/reveal`)).body.x_api_key;
  });
  afterAll(async () => {
    await e2e?.close();
  });

  const panel = (page: Page) => page.getByTestId('response-panel');
  const chip = (page: Page) => page.getByTestId('status-chip');

  async function open(page: Page) {
    await page.goto(URL);
    await page
      .getByRole('heading', { name: 'Simulator API - Pengujian Fasilitas Kesehatan' })
      .first()
      .waitFor();
  }

  /** The create form's labels in each language. */
  const LABELS = {
    id: { name: /^Nama lengkap/, dob: /^Tanggal lahir/, gender: /^Jenis kelamin/ },
    en: { name: /^Full name/, dob: /^Date of birth/, gender: /^Gender/ },
  };
  /** Fills the given fields of the create form. */
  async function fillPatient(
    page: Page,
    p: { nik?: string; name?: string; dob?: string; gender?: string },
    lang: keyof typeof LABELS = 'id',
  ) {
    const label = LABELS[lang];
    if (p.nik) await page.getByLabel(/^NIK/).first().fill(p.nik);
    if (p.name) await page.getByLabel(label.name).first().fill(p.name);
    if (p.dob) await page.getByLabel(label.dob).first().fill(p.dob);
    if (p.gender) {
      await page.getByRole('combobox', { name: label.gender }).first().click();
      await page.getByRole('listbox').getByRole('option', { name: p.gender, exact: true }).click();
      await eventually(() => page.locator('li[role="option"]').count()).toBe(0);
    }
  }

  it('searches a patient found and not found, and shows status, time, headers and body; copy', async () => {
    const page = await e2e.newPage({ as: DEMO.admin });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.setViewportSize({ width: 1440, height: 1000 });
    await open(page);
    const search = page.getByRole('button', { name: 'Cari Pasien' });
    expect(await search.isDisabled()).toBe(true);
    await chooseOption(
      page,
      page,
      'Fasilitas / API key',
      `${keyRow.facility_name} (${keyRow.facility_code})`,
    );
    await eventually(() => page.locator('li[role="option"]').count()).toBe(0);

    const { body } = await sandbox('/patients?limit=5');
    const patient = body.response.data[0] as { nik: string; name: string };
    // Disabled without an ID number.
    expect(await search.isDisabled()).toBe(true);
    await page.getByLabel('Nomor ID').fill(patient.nik);
    await eventually(() => search.isDisabled()).toBe(false);
    await search.click();
    await page.getByText(/^Permintaan berhasil \(\d+ms\)$/).waitFor();
    await eventually(() => chip(page).textContent()).toMatch(/^200/);
    expect(await chip(page).getAttribute('class')).toContain('colorSuccess');
    await expect.poll(() => page.getByTestId('response-body').textContent()).toContain(patient.name);
    expect(
      await panel(page)
        .getByText(/Waktu: \d+ ms/)
        .count(),
    ).toBe(1);
    await panel(page)
      .getByText(/^Header \(\d+\)$/)
      .click();
    await panel(page).getByText('content-type:').waitFor();
    await expectNoSeriousA11yViolations(page, 'api simulator search');
    await shot(page, 'id-1440-search');

    await page.getByRole('button', { name: 'Salin respons' }).click();
    await page.getByText('Disalin ke papan klip!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(patient.nik);

    // Not found: 404 in the envelope, a warning chip and the spec's failure message.
    const unknown = makeNik('317101', '1990-01-01', 'L', 9876);
    await page.getByLabel('Nomor ID').fill(unknown);
    await search.click();
    await page.getByText('Permintaan gagal: 404 Not Found').waitFor();
    expect(await chip(page).getAttribute('class')).toContain('colorWarning');
    await expect
      .poll(() => page.getByTestId('response-body').textContent())
      .toContain('Data pasien tidak ditemukan');
  });

  it('creates a patient through the form, and replays a history entry after a reload', async () => {
    const page = await e2e.newPage({ as: DEMO.admin });
    await page.setViewportSize({ width: 1440, height: 1000 });
    await open(page);
    await chooseOption(
      page,
      page,
      'Fasilitas / API key',
      `${keyRow.facility_name} (${keyRow.facility_code})`,
    );
    await page.getByRole('tab', { name: 'Pendaftaran Pasien' }).click();
    const send = page.getByRole('button', { name: 'Daftarkan Pasien' });
    // Disabled without NIK and name.
    expect(await send.isDisabled()).toBe(true);
    const nik = makeNik('317101', '1991-02-03', 'P', 4321);
    await fillPatient(page, { nik });
    expect(await send.isDisabled()).toBe(true);
    await fillPatient(page, { name: 'Dewi Penguji', dob: '1991-02-03', gender: 'Perempuan (P)' });
    await eventually(() => send.isDisabled()).toBe(false);
    await expectNoSeriousA11yViolations(page, 'api simulator create');
    await shot(page, 'id-1440-create');
    await send.click();
    await page.getByText(/^Permintaan berhasil \(\d+ms\)$/).waitFor();
    await eventually(() => chip(page).textContent()).toMatch(/^201/);
    const found = await sandbox(`/patient/KTP/${nik}`);
    expect(found.status).toBe(200);
    expect(found.body.response.name).toBe('Dewi Penguji');

    // The history survives a reload; replaying the create sends it again (now refused: the
    // NIK exists), from the form as it was.
    await page.reload();
    await page.getByRole('button', { name: /^Riwayat \(\d+\)$/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('POST /patient').first().waitFor();
    // Read once the dialog has faded in (axe measures the colours on screen).
    await eventually(() =>
      page.locator('.MuiDialog-container').evaluate((el) => getComputedStyle(el).opacity),
    ).toBe('1');
    await expectNoSeriousA11yViolations(page, 'api simulator history');
    await dialog.getByRole('button', { name: 'Kirim ulang' }).first().click();
    await eventually(() => page.getByRole('dialog').count()).toBe(0);
    await eventually(() =>
      page.getByRole('tab', { name: 'Pendaftaran Pasien' }).getAttribute('aria-selected'),
    ).toBe('true');
    await eventually(() => page.getByLabel(/^NIK/).first().inputValue()).toBe(nik);
    await eventually(() => chip(page).textContent()).toMatch(/^4\d\d/);
    await page.getByText(/^Permintaan gagal: 4\d\d/).waitFor();
  });

  it("gives a facility user only their facility's key, and the list APIs answer at 390 px", async () => {
    const page = await e2e.newPage({ as: DEMO.medical_facility });
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page);
    // Their only key is chosen at once.
    await eventually(() => page.getByTestId('key-picker').inputValue()).toBe(String(keyRow.id));
    await page.getByRole('combobox', { name: /^Fasilitas \/ API key/ }).click();
    expect(await page.locator('li[role="option"]').allInnerTexts()).toEqual([
      `${keyRow.facility_name} (${keyRow.facility_code})`,
    ]);
    expect(keyCount).toBeGreaterThan(1);
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'API RSUD/Puskesmas' }).click();
    await page.getByRole('button', { name: 'GET /doctors' }).click();
    await eventually(() => chip(page).textContent()).toMatch(/^200/);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page, 'api simulator 390');
    await shot(page, 'id-390-facility');
  });

  /** The message rjsf shows under a field of the create form ('' when none). */
  const fieldError = async (page: Page, field: string) => {
    const list = page.locator(`[id$="-create_patient_${field}__error"]`);
    return (await list.count()) ? list.innerText() : '';
  };
  const keyLabel = (k: { facility_name: string; facility_code: string }) =>
    `${k.facility_name} (${k.facility_code})`;

  it('starts with the first key chosen, and with the last one used after a reload', async () => {
    const page = await e2e.newPage({ as: DEMO.admin });
    await page.setViewportSize({ width: 1400, height: 900 });
    await open(page);
    await eventually(() => page.getByTestId('key-picker').inputValue()).toBe(String(adminKeys[0].id));
    const other = adminKeys[adminKeys.length - 1];
    expect(other.id).not.toBe(adminKeys[0].id);
    await chooseOption(page, page, 'Fasilitas / API key', keyLabel(other));
    await page.getByLabel('Nomor ID').fill('3171010101900001');
    await eventually(() => page.getByRole('button', { name: 'Cari Pasien' }).isDisabled()).toBe(false);
    await page.reload();
    await open(page);
    await eventually(() => page.getByTestId('key-picker').inputValue()).toBe(String(other.id));
    // Its key is loaded: a search can be sent at once.
    await page.getByLabel('Nomor ID').fill('3171010101900001');
    await eventually(() => page.getByRole('button', { name: 'Cari Pasien' }).isDisabled()).toBe(false);

    // With that key, Bearer asks /v1/token, and a wrong password is said in the dialog.
    await page.getByRole('button', { name: 'Konfigurasi API' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Bearer (token dari /v1/token)').check();
    await dialog.getByLabel('Username', { exact: true }).fill('bukan-pengguna');
    await dialog.getByLabel('Password', { exact: true }).fill('salah-sekali');
    await dialog.getByRole('button', { name: 'Ambil Token' }).click();
    await dialog.getByText(/^Gagal mendapatkan token: /).waitFor();
  });

  it('shows every tab label whole at 1400 and 390 px', async () => {
    const page = await e2e.newPage({ as: DEMO.admin });
    for (const width of [1400, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await open(page);
      await page.getByRole('tab', { name: 'API RSUD/Puskesmas' }).waitFor();
      const clipped = await page.evaluate(() => {
        const list = document.querySelector('[role="tablist"]')!;
        const box = list.getBoundingClientRect();
        return [...list.querySelectorAll('[role="tab"]')]
          .filter((tab) => {
            const r = tab.getBoundingClientRect();
            const cut = r.left < box.left - 0.5 || r.right > box.right + 0.5;
            return cut || tab.scrollWidth > tab.clientWidth + 0.5;
          })
          .map((tab) => tab.textContent);
      });
      expect(clipped, `${width} px`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await shot(page, `id-${width}-tabs`);
    }
  });

  it('create form: sent with NIK and name, the missing fields then marked under themselves in the console language', async () => {
    const page = await e2e.newPage({ as: DEMO.admin });
    await page.setViewportSize({ width: 1400, height: 1000 });
    await open(page);
    await chooseOption(page, page, 'Fasilitas / API key', keyLabel(keyRow));
    await page.getByRole('tab', { name: 'Pendaftaran Pasien' }).click();
    const send = page.getByRole('button', { name: 'Daftarkan Pasien' });
    // Disabled without NIK and name (spec part 2 §2); with them, whatever else is missing.
    expect(await send.isDisabled()).toBe(true);
    const nik = makeNik('317101', '1992-04-05', 'L', 4555);
    await fillPatient(page, { nik, name: 'Budi Penguji' });
    await eventually(() => send.isDisabled()).toBe(false);
    expect(await fieldError(page, 'gender')).toBe('');
    await send.click();
    // Nothing sent: the missing required fields say so under themselves.
    await eventually(() => fieldError(page, 'gender')).toBe('Wajib diisi');
    expect(await fieldError(page, 'dateOfBirth')).toBe('Wajib diisi');
    expect(await fieldError(page, 'nik')).toBe('');
    expect(await page.getByText(/must (have|match|be)/).count()).toBe(0);
    expect(await chip(page).count()).toBe(0);

    await fillPatient(page, { gender: 'Laki-laki (L)' });
    await eventually(() => fieldError(page, 'gender')).toBe('');
    await eventually(() => fieldError(page, 'dateOfBirth')).toBe('Wajib diisi');
    await expectNoSeriousA11yViolations(page, 'api simulator create errors');
    await shot(page, 'id-1400-create-errors');

    // In English (chosen in the header, the page opened again), the same checks speak English.
    await page.getByRole('button', { name: 'Bahasa Indonesia' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.reload();
    await page.getByText('Send a request to see its response here.').waitFor();
    await chooseOption(page, page, 'Facility / API key', keyLabel(keyRow));
    await page.getByRole('tab', { name: 'Patient Create' }).click();
    await fillPatient(page, { nik, name: 'Budi Penguji' }, 'en');
    const register = page.getByRole('button', { name: 'Register Patient' });
    await register.click();
    await eventually(() => fieldError(page, 'dateOfBirth')).toBe('Required');
    expect(await fieldError(page, 'gender')).toBe('Required');
    const dob = page.getByLabel(LABELS.en.dob).first();
    await dob.fill('1992-13-45');
    await eventually(() => fieldError(page, 'dateOfBirth')).toBe('Not a valid date (YYYY-MM-DD)');
    expect(await chip(page).count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'api simulator create errors, English');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'en-390-create-errors');
    await page.setViewportSize({ width: 1400, height: 1000 });
    await shot(page, 'en-1400-create-errors');

    await fillPatient(page, { gender: 'Laki-laki (L)' }, 'en');
    await dob.fill('1992-04-05');
    await eventually(() => fieldError(page, 'dateOfBirth')).toBe('');
    await register.click();
    await eventually(() => chip(page).textContent()).toMatch(/^201/);

    // The history shows when, as dd/MM/yyyy HH:mm in Jakarta time.
    const { body } = await e2e.api(adminToken, '/api/api-simulator/history');
    const at = new Date(Date.parse(body.data[0].created_at) + 7 * 3_600_000).toISOString();
    const jakarta = `${at.slice(8, 10)}/${at.slice(5, 7)}/${at.slice(0, 4)} ${at.slice(11, 16)}`;
    await page.getByRole('button', { name: /^History \(\d+\)$/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('POST /patient').first().waitFor();
    expect(await dialog.getByRole('listitem').first().innerText()).toContain(`${jakarta} · apikey`);
    await shot(page, 'en-1400-history');
  });

  it('create form: a birth date that is no day of the calendar is refused beside the field, not sent', async () => {
    const page = await e2e.newPage({ as: DEMO.admin });
    await page.setViewportSize({ width: 1400, height: 1000 });
    await open(page);
    await chooseOption(page, page, 'Fasilitas / API key', keyLabel(keyRow));
    await page.getByRole('tab', { name: 'Pendaftaran Pasien' }).click();
    const nik = makeNik('317101', '1993-06-07', 'P', 4777);
    await fillPatient(page, { nik, name: 'Sari Penguji', gender: 'Perempuan (P)' });
    const dob = page.getByLabel(LABELS.id.dob).first();
    const send = page.getByRole('button', { name: 'Daftarkan Pasien' });
    for (const impossible of ['1990-13-45', '1993-02-30']) {
      await dob.fill(impossible);
      await eventually(() => send.isDisabled()).toBe(false);
      await send.click();
      await eventually(() => fieldError(page, 'dateOfBirth')).toBe('Format tanggal (YYYY-MM-DD) tidak valid');
    }
    expect(await chip(page).count()).toBe(0);
    await dob.fill('1993-06-07');
    await send.click();
    await eventually(() => chip(page).textContent()).toMatch(/^201/);
  });
});
