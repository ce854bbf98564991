import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, SKIP_E2E, eventually, labelled, pathOf, startE2E, type E2E } from './harness';
import { expectNoSeriousA11yViolations } from './axe';

describe.skipIf(SKIP_E2E)('gateway and journey configuration screens (e2e)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E({ patients: 20 });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('configures a connection, activates it, and the gateway then forwards; delete asks first', async () => {
    const page = await e2e.newPage({ as: DEMO.super_admin });
    await page.goto('/master/domain-config');
    await page.getByRole('heading', { name: 'Konfigurasi Gateway (Domain)', level: 1 }).waitFor();
    await page.getByText('Gateway pengalihan', { exact: true }).waitFor();
    const table = page.getByRole('table', { name: 'Konfigurasi Gateway (Domain)' });
    await table.getByText('Belum Dikonfigurasi').first().waitFor();
    await expectNoSeriousA11yViolations(page, 'domain config');

    // The floating add button: a connection, then its facility code and targets.
    await page.getByRole('button', { name: 'Tambah konfigurasi' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await dialog.getByText('ID koneksi wajib diisi').waitFor();
    await dialog.getByRole('combobox', { name: /Koneksi/ }).click();
    await page.getByRole('listbox').getByRole('option').first().click();
    await dialog.getByLabel(/Kode fasilitas/).fill('E2EGW');
    await dialog.getByLabel('URL target production').fill(`${e2e.baseUrl}/api`);
    await expectNoSeriousA11yViolations(page, 'domain config dialog', { include: '[role="dialog"]' });
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText('Konfigurasi gateway disimpan').waitFor();

    const row = table.getByRole('row').filter({ hasText: '/api/gateway/E2EGW' });
    await row.getByText('Terkonfigurasi tetapi Nonaktif').waitFor();
    const token = await e2e.apiToken(DEMO.super_admin);
    expect((await e2e.api(token, '/api/gateway/E2EGW/health')).status).toBe(503);
    await row.getByRole('button', { name: 'Activate' }).click();
    await row.getByText('Aktif & Terkonfigurasi').waitFor();
    expect(await row.getByRole('button', { name: 'Activate' }).count()).toBe(0);
    // Now the gateway goes to the target, through the outbound guard: this test server listens on
    // a loopback port that is not on the allow-list, so the call is refused before connecting.
    const forwarded = await e2e.api(token, '/api/gateway/E2EGW/health');
    expect(forwarded.status).toBe(502);
    expect(forwarded.body.error).toMatch(/OUTBOUND_ALLOW_HOSTS/);

    await row.getByRole('button', { name: /^Hapus/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Hapus' }).click();
    await page.getByText('Konfigurasi gateway dihapus').waitFor();
    await eventually(() => table.getByRole('row').filter({ hasText: '/api/gateway/E2EGW' }).count()).toBe(0);
  });

  it('the journey configuration menu opens its screen', async () => {
    const page = await e2e.newPage({ as: DEMO.super_admin });
    await page.goto('/master/journey-config');
    await page
      .getByRole('table')
      .or(page.getByText(/Belum ada|Tidak ada/))
      .first()
      .waitFor();
    await expectNoSeriousA11yViolations(page, 'journey config');
    // The spec's route stays in the address bar.
    expect(pathOf(page)).toBe('/master/journey-config');
  });

  it('builds a journey configuration through the step picker, and a saved one reopens with its steps', async () => {
    const page = await e2e.newPage({ as: DEMO.super_admin });
    await page.goto('/master/journey-config');
    await page.getByRole('row').filter({ hasText: 'RAWAT_JALAN' }).first().waitFor();
    await page.getByRole('link', { name: 'Tambah' }).first().click();
    const dialog = page.getByRole('dialog');
    const row = (n: number) => dialog.getByRole('group', { name: `Langkah ${n}` });
    const choose = async (n: number, option: string) => {
      await row(n)
        .getByRole('combobox', { name: /^ID langkah/ })
        .click();
      await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
      await page.getByRole('listbox').waitFor({ state: 'detached' });
    };

    // Type and at least one step are required.
    await dialog.getByText('Belum ada langkah. Tambahkan setidaknya satu.').waitFor();
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await eventually(() => dialog.getByText('Wajib diisi').count()).toBe(2);
    // A new step's 'supported' switch waits for its id; its empty fields are errors on save.
    await dialog.getByRole('button', { name: 'Tambah Langkah' }).click();
    await eventually(() => row(1).getByLabel('Didukung').isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await eventually(() => row(1).getByText('Wajib diisi').count()).toBe(3);

    // The type is in capitals as it is typed.
    await dialog.getByLabel(labelled('Jenis Perjalanan')).fill('e2e_rawat');
    await expect(dialog.getByLabel(labelled('Jenis Perjalanan')).inputValue()).resolves.toBe('E2E_RAWAT');

    // Choosing an id fills the titles and the default duration (spec §9), still editable.
    await choose(1, 'Konsultasi Dokter (consultation)');
    await expect(
      row(1)
        .getByRole('textbox', { name: labelled('Judul') })
        .inputValue(),
    ).resolves.toBe('Konsultasi Dokter');
    await expect(row(1).getByRole('textbox', { name: 'Judul (English)' }).inputValue()).resolves.toBe(
      'Doctor Consultation',
    );
    await expect(row(1).getByRole('spinbutton').inputValue()).resolves.toBe('15');
    await row(1).getByRole('spinbutton').fill('20');
    await row(1).getByLabel('Didukung').check();

    await dialog.getByRole('button', { name: 'Tambah Langkah' }).click();
    // An id another step has cannot be chosen again.
    await row(2)
      .getByRole('combobox', { name: /^ID langkah/ })
      .click();
    await expect(
      page.getByRole('option', { name: 'Konsultasi Dokter (consultation)' }).getAttribute('aria-disabled'),
    ).resolves.toBe('true');
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await choose(2, 'Pengiriman E-Resep (submit_e_recipe)');
    await expect(row(2).getByRole('spinbutton').inputValue()).resolves.toBe('30');
    await row(2).getByLabel('Didukung').check();
    await dialog.getByRole('button', { name: 'Tambah Langkah' }).click();
    await choose(3, 'Pembayaran (payment)');
    await row(3).getByLabel('Didukung').check();

    // Removing a step takes it out of the supported steps; payment then moves to the top.
    await dialog.getByRole('button', { name: 'Hapus langkah 2' }).click();
    await eventually(() => dialog.getByRole('group', { name: /^Langkah \d$/ }).count()).toBe(2);
    await dialog.getByRole('button', { name: 'Naikkan langkah 2' }).focus();
    await page.keyboard.press('Enter');
    await eventually(() =>
      row(1)
        .getByRole('textbox', { name: labelled('Judul') })
        .inputValue(),
    ).toBe('Pembayaran');
    await expectNoSeriousA11yViolations(page, 'journey config dialog', { include: '[role="dialog"]' });

    // The raw JSON shows the same steps.
    await dialog.getByLabel('JSON mentah').check();
    await expect(dialog.getByRole('textbox', { name: /JSON/ }).inputValue()).resolves.toMatch(
      /"id": "payment"[\s\S]*"id": "consultation"/,
    );
    await dialog.getByLabel('JSON mentah').uncheck();

    await dialog.getByRole('button', { name: 'Simpan' }).click();
    const saved = page.getByRole('row').filter({ hasText: 'E2E_RAWAT' });
    await saved.getByText('2 langkah, 2 didukung').waitFor();

    const token = await e2e.apiToken(DEMO.super_admin);
    const { body } = await e2e.api(token, '/api/admin/journey-config?search=E2E_RAWAT');
    const config = body.data.find((c: any) => c.journey_type === 'E2E_RAWAT');
    expect(config.journey_steps).toEqual([
      { id: 'payment', title: 'Pembayaran', title_en: 'Payment', default_duration_minutes: 15 },
      {
        id: 'consultation',
        title: 'Konsultasi Dokter',
        title_en: 'Doctor Consultation',
        default_duration_minutes: 20,
      },
    ]);
    expect(config.supported_journey).toEqual(['payment', 'consultation']);

    // Reopened, the dialog shows the saved steps.
    await page.reload();
    await saved.getByRole('link', { name: 'Ubah' }).click();
    await eventually(() =>
      row(1)
        .getByRole('combobox', { name: /^ID langkah/ })
        .innerText(),
    ).toBe('Pembayaran (payment)');
    await expect(row(2).getByRole('spinbutton').inputValue()).resolves.toBe('20');
    await expect(row(2).getByLabel('Didukung').isChecked()).resolves.toBe(true);

    // The server's own refusal (a type that exists) lands next to the type.
    await dialog.getByLabel(labelled('Jenis Perjalanan')).fill('rawat_jalan');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await dialog.getByText('Data dengan nilai ini sudah terdaftar').waitFor();
  });

  it("'initialize defaults' recreates a missing default journey configuration", async () => {
    const token = await e2e.apiToken(DEMO.super_admin);
    const { body } = await e2e.api(token, '/api/admin/journey-config?search=TINDAKAN');
    const tindakan = body.data.find((c: any) => c.journey_type === 'TINDAKAN');
    expect(
      (await e2e.api(token, `/api/admin/journey-config/${tindakan.id}`, { method: 'DELETE' })).status,
    ).toBe(200);
    const page = await e2e.newPage({ as: DEMO.super_admin });
    await page.goto('/master/journey-config');
    await page.getByRole('button', { name: 'Inisialisasi Default' }).click();
    await page.getByText('Konfigurasi default dibuat: TINDAKAN').waitFor();
    await page.getByRole('row').filter({ hasText: 'TINDAKAN' }).waitFor();
  });
});
