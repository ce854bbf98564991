import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, SKIP_E2E, eventually, pathOf, startE2E, type E2E } from './harness';
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
    await table.getByText('Not Configured').first().waitFor();
    await expectNoSeriousA11yViolations(page, 'domain config');

    // The floating add button: a connection, then its facility code and targets.
    await page.getByRole('button', { name: 'Tambah konfigurasi' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await dialog.getByText('Connection ID is required').waitFor();
    await dialog.getByRole('combobox', { name: /Koneksi/ }).click();
    await page.getByRole('listbox').getByRole('option').first().click();
    await dialog.getByLabel(/Kode fasilitas/).fill('E2EGW');
    await dialog.getByLabel('URL target production').fill(`${e2e.baseUrl}/api`);
    await expectNoSeriousA11yViolations(page, 'domain config dialog', { include: '[role="dialog"]' });
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText('Konfigurasi gateway disimpan').waitFor();

    const row = table.getByRole('row').filter({ hasText: '/api/gateway/E2EGW' });
    await row.getByText('Configured but Inactive').waitFor();
    const token = await e2e.apiToken(DEMO.super_admin);
    expect((await e2e.api(token, '/api/gateway/E2EGW/health')).status).toBe(503);
    await row.getByRole('button', { name: 'Activate' }).click();
    await row.getByText('Active & Configured').waitFor();
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
    await eventually(() => pathOf(page)).toBe('/admin/journey-config');
    await page
      .getByRole('table')
      .or(page.getByText(/Belum ada|Tidak ada/))
      .first()
      .waitFor();
    await expectNoSeriousA11yViolations(page, 'journey config');
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
