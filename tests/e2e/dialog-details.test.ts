/**
 * Details of dialogs a user meets: the schedule's Poli picker says to choose a doctor first; a
 * schedule's delete names the schedule; the import's finish toast leaves 'Unduh baris ditolak'
 * usable at 1,440 and 390 px; demo facilities carry their codes; the integrated facility's
 * Parameters and Connections tabs export their rows; a facility operator's delivery picks an app
 * user without a call it may not make. Screenshots in .test-data/shots/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import {
  DEMO,
  ROOT,
  SKIP_E2E,
  chooseOption,
  eventually,
  labelled,
  shoot,
  startE2E,
  type E2E,
} from './harness';
import { expectNoSeriousA11yViolations } from './axe';
import { csv, patientCells, PATIENT_HEADERS } from '../api/import-helper';

const SHOTS = path.join(ROOT, '.test-data/shots');
const shot = (page: Page, name: string) => shoot(page, { path: path.join(SHOTS, `${name}.png`) });
const rows = (page: Page) => page.locator('table tbody tr');

/** True when the control's centre is the control itself (nothing, such as a toast, lies over it). */
const reachable = (control: Locator) =>
  control.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!hit && (el === hit || el.contains(hit));
  });

describe.skipIf(SKIP_E2E)('dialog details (e2e)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    e2e = await startE2E({ patients: 40 });
  }, 180_000);
  afterAll(async () => {
    await e2e?.close();
  });

  it("the schedule's Poli picker waits for a doctor and says so; then offers the doctor's poli", async () => {
    const page = await e2e.newPage({ as: DEMO.admin });
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/simulator/schedules/create');
      const dialog = page.getByRole('dialog');
      const poli = dialog.getByRole('combobox', { name: /^Poli/ });
      await poli.waitFor();
      expect(await poli.isDisabled()).toBe(true);
      await dialog.getByText('Pilih Dokter terlebih dahulu').waitFor();
      await expectNoSeriousA11yViolations(page, 'schedule dialog before a doctor');
      await shot(page, `schedule-poli-waits-${width}`);
    }
    const dialog = page.getByRole('dialog');
    const doctor = dialog.getByRole('combobox', { name: /^Dokter/ });
    await doctor.click();
    await page.getByRole('listbox').getByRole('option').first().click();
    const poli = dialog.getByRole('combobox', { name: /^Poli/ });
    await eventually(() => poli.isDisabled()).toBe(false);
    await eventually(() => dialog.getByText('Pilih Dokter terlebih dahulu').count()).toBe(0);
    await poli.click();
    await eventually(() => page.getByRole('listbox').getByRole('option').count()).toBeGreaterThan(0);
  });

  it("a schedule's delete names it by doctor, day and hours", async () => {
    const token = await e2e.apiToken(DEMO.admin);
    const { body } = await e2e.api(token, '/api/admin/simulator/schedules?limit=1');
    const s = body.data[0];
    const page = await e2e.newPage({ as: DEMO.admin });
    await page.goto(
      `/simulator/schedules?filter=${encodeURIComponent(JSON.stringify({ q: s.doctor_name }))}`,
    );
    await eventually(() => rows(page).count()).toBeGreaterThan(0);
    const row = rows(page)
      .filter({ hasText: `${s.start_time}` })
      .first();
    await row.getByRole('button', { name: /Hapus/ }).click();
    const confirm = page.getByRole('dialog');
    const title = await confirm.getByRole('heading').first().innerText();
    expect(title).not.toMatch(/#\d+/);
    expect(title).toContain(s.doctor_name);
    expect(title).toMatch(/Senin|Selasa|Rabu|Kamis|Jumat|Sabtu|Minggu/);
    expect(title).toMatch(/\d{2}:\d{2}–\d{2}:\d{2}/);
    await expectNoSeriousA11yViolations(page, 'schedule delete confirmation');
    await shot(page, 'schedule-delete-named');
  });

  for (const width of [1440, 390]) {
    it(`at ${width} px the import's finish toast leaves 'Unduh baris ditolak' usable`, async () => {
      const mark = `Tostwati${width}`;
      const good = patientCells(`Ani ${mark}`, '1990-05-17', 'L');
      const bad = patientCells(`Budi ${mark}`, '1985-02-03', 'L').map((c, i) => (i === 4 ? '31/02/1990' : c));
      const file = csv([PATIENT_HEADERS, good, bad]);
      const page = await e2e.newPage({ as: DEMO.admin });
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto('/master/patients');
      await eventually(() => rows(page).count()).toBeGreaterThan(0);
      await page.getByRole('button', { name: 'Impor', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Impor Pasien' });
      await dialog
        .locator('input[type="file"]')
        .setInputFiles({ name: `pasien-${width}.csv`, mimeType: 'text/csv', buffer: Buffer.from(file) });
      await dialog.getByRole('combobox', { name: 'Nomor Identitas' }).waitFor();
      await dialog.getByRole('button', { name: 'Impor', exact: true }).click();
      await dialog.getByText('Impor selesai.').waitFor();
      // The finish toast is up, and the download button beside it can be clicked.
      await page.locator('.MuiSnackbar-root').first().waitFor();
      const download = dialog.getByRole('button', { name: 'Unduh baris ditolak' });
      await download.scrollIntoViewIfNeeded();
      expect(await reachable(download)).toBe(true);
      // Not even partly covered: the toast's box and the button's do not meet.
      const a = (await page.locator('.MuiSnackbar-root').first().boundingBox())!;
      const b = (await download.boundingBox())!;
      const meet = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      expect(meet).toBe(false);
      await shot(page, `import-toast-${width}`);
      const [file2] = await Promise.all([page.waitForEvent('download'), download.click()]);
      expect(file2.suggestedFilename()).toBe(`pasien-${width}-ditolak.csv`);
    });
  }

  it('every demo facility has a code, the one its integration knows it by', async () => {
    const { rows: none } = await e2e.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM medical_facilities WHERE code IS NULL OR code = ''`,
    );
    expect(none[0].n).toBe(0);
    const { rows: params } = await e2e.db.query<{ code: string; value: string }>(
      `SELECT f.code, p.value FROM facility_params p JOIN medical_facilities f ON f.id = p.medical_facility_id
        WHERE p.type = 'KODE_FASKES'`,
    );
    expect(params.length).toBeGreaterThan(0);
    for (const p of params) expect(p.code).toBe(p.value);
    // The facility's edit dialog shows it.
    const page = await e2e.newPage({ as: DEMO.medical_facility });
    await page.goto('/master/medical-facilities');
    await eventually(() => rows(page).count()).toBe(1);
    await rows(page).getByRole('link', { name: /Ubah/ }).click();
    const code = page.getByRole('dialog').getByLabel(labelled('Kode Faskes'));
    await eventually(() => code.inputValue()).toMatch(/^PUS\d{5}$/);
  });

  it("the integrated facility's Parameters and Connections tabs export their rows", async () => {
    const page = await e2e.newPage({ as: DEMO.medical_facility });
    await page.goto('/master/medical-facilities-integrated');
    await page.getByRole('button', { name: 'Tambah Parameter' }).waitFor();
    for (const [tab, header, file] of [
      ['Parameter', 'KODE_FASKES', /params/],
      ['Koneksi', 'SIMRS', /connections/],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      const exportButton = page.getByRole('button', { name: 'Ekspor' });
      await eventually(() => exportButton.isEnabled()).toBe(true);
      await expectNoSeriousA11yViolations(page, `integrated ${tab} tab`);
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await shot(page, `integrated-${tab.toLowerCase()}-export-${width}`);
      }
      await page.setViewportSize({ width: 1400, height: 900 });
      const [download] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
      expect(download.suggestedFilename()).toMatch(file);
      const text = readFileSync((await download.path())!, 'utf8');
      expect(text).toContain(header);
      // Secrets stay on the server.
      expect(text).not.toMatch(/demo-puskesmas/);
    }
  });

  it("a facility operator's delivery picks an app user through what it may read", async () => {
    const page = await e2e.newPage({ as: DEMO.medical_facility });
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 403) refused.push(new URL(r.url()).pathname);
    });
    await page.goto('/simulator/delivery/create');
    const dialog = page.getByRole('dialog');
    const users = dialog.getByRole('combobox', { name: /^Pengguna/ });
    await users.click();
    const first = page.getByRole('listbox').getByRole('option').first();
    await first.waitFor();
    const name = await first.innerText();
    await chooseOption(page, dialog, 'Pengguna', name);
    expect(await users.inputValue()).toBe(name);
    expect(refused).toEqual([]);
    await expectNoSeriousA11yViolations(page, 'delivery dialog (facility operator)');
  });

  it('no uncaught errors in the pages', () => {
    expect(e2e.pageErrors).toEqual([]);
  });
});
