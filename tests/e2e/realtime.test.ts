/**
 * A live console against the real server's change stream: an open list shows a record created
 * elsewhere (in place on the first page, as 'N data baru — Tampilkan' further on), an open edit
 * dialog says at once that someone else saved, a staff console loses a revoked menu within 2 s,
 * and the sign of a cut stream; each screen axe clean.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { makeNik } from '../../src/domain/nik';
import { DEMO, SKIP_E2E, eventually, labelled, pathOf, startE2E, type E2E } from './harness';
import { expectNoSeriousA11yViolations } from './axe';

const rows = (page: Page) => page.locator('table tbody tr');
const sidebarLinks = (page: Page) => page.getByTestId('sidebar-menu').getByRole('link').allInnerTexts();

describe.skipIf(SKIP_E2E)('the live console (e2e)', () => {
  let e2e: E2E;
  /** Another person's session: the writes the open consoles learn of. */
  let other: string;
  let seq = 5100;

  const createPatient = async (fullName: string) => {
    const res = await e2e.api(other, '/api/master/patients', {
      method: 'POST',
      body: JSON.stringify({
        full_name: fullName,
        identity_type: 'KTP',
        identity_number: makeNik('31.74.02', '1988-04-09', 'P', seq++),
        place_of_birth: 'Jakarta',
        date_of_birth: '1988-04-09',
        gender: 'P',
        marital_status: 'Menikah',
        phone_number: '081200000002',
        created_by: 'e2e',
      }),
    });
    expect(res.status).toBe(201);
    return res.body as { id: number; version: number };
  };

  /** A console page whose change stream is open (the app bar shows no cut). */
  const openLive = async (path: string, as: string = DEMO.admin) => {
    const page = await e2e.newPage({ as });
    const opened = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events');
    await page.goto(path);
    expect((await opened).status()).toBe(200);
    return page;
  };

  beforeAll(async () => {
    e2e = await startE2E({ patients: 25 });
    other = await e2e.apiToken(DEMO.super_admin);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('an open list shows a record created elsewhere in place, keeping its search', async () => {
    const page = await openLive('/master/patients');
    await eventually(() => rows(page).count()).toBe(10);
    // The search stays as typed while the new record arrives.
    await page.getByPlaceholder(/Cari/).fill('Langsung');
    await eventually(() => JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}').q).toBe(
      'Langsung',
    );
    await page.waitForLoadState('networkidle');
    await createPatient('Dewi Langsung Muncul');
    await eventually(() => rows(page).allInnerTexts(), 5_000).toEqual([
      expect.stringContaining('Dewi Langsung Muncul'),
    ]);
    await expect(page.getByPlaceholder(/Cari/).inputValue()).resolves.toBe('Langsung');
    expect(e2e.pageErrors).toEqual([]);
  });

  it("further on, says 'N data baru — Tampilkan' without moving the page; 'Tampilkan' shows them", async () => {
    const page = await openLive('/master/patients');
    await eventually(() => rows(page).count()).toBe(10);
    await page.getByRole('button', { name: 'Ke halaman 2' }).click();
    const second = page.getByRole('button', { name: 'Halaman 2' });
    await eventually(() => second.getAttribute('aria-current')).toBe('page');
    await page.waitForLoadState('networkidle');
    const before = await rows(page).allInnerTexts();

    await createPatient('Rudi Halaman Dua');
    await createPatient('Wati Halaman Dua');
    const bar = page.getByTestId('new-records-bar');
    await eventually(() => bar.innerText(), 5_000).toContain('2 data baru');
    expect(await rows(page).allInnerTexts()).toEqual(before);
    expect(await second.getAttribute('aria-current')).toBe('page');
    await expectNoSeriousA11yViolations(page, 'the list with new records');

    await bar.getByRole('button', { name: 'Tampilkan' }).click();
    await eventually(() => rows(page).first().innerText()).toContain('Wati Halaman Dua');
    expect(await bar.count()).toBe(0);
  });

  it('an open edit dialog says at once that someone else saved, and offers the conflict view', async () => {
    const { id } = await createPatient('Agus Dialog Terbuka');
    const page = await openLive(`/master/patients/${id}`);
    const dialog = page.getByRole('dialog');
    await eventually(() => dialog.getByLabel(labelled('Nama Lengkap')).inputValue()).toBe(
      'Agus Dialog Terbuka',
    );
    await dialog.getByLabel(labelled('Nomor Telepon')).fill('081311111111');

    const saved = await e2e.api(other, `/api/master/patients/${id}`, {
      method: 'PATCH',
      body: JSON.stringify({ phone_number: '081322222222' }),
    });
    expect(saved.status).toBe(200);
    const notice = dialog.getByTestId('remote-change');
    await eventually(() => notice.innerText(), 5_000).toContain(`Diubah oleh Super Admin Demo pukul`);
    // The time of the save, as the console shows times (Jakarta).
    expect(await notice.innerText()).toMatch(/pukul \d{2}:\d{2}/);
    await expectNoSeriousA11yViolations(page, 'the edit dialog told of another save');

    // Before the user's own save: the conflict view with both values.
    await notice.getByRole('button', { name: 'Lihat perubahan' }).click();
    const conflict = dialog
      .getByRole('alert')
      .filter({ hasText: 'Data ini telah diubah oleh pengguna lain' });
    await conflict.waitFor();
    const row = conflict.locator('tr[data-field="phone_number"]');
    await expect(row.locator('[data-side="theirs"]').innerText()).resolves.toBe('081322222222');
    await expect(row.locator('[data-side="yours"]').innerText()).resolves.toBe('081311111111');
    await conflict.getByRole('button', { name: 'Muat ulang' }).click();
    await eventually(() => dialog.getByLabel(labelled('Nomor Telepon')).inputValue()).toBe('081322222222');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await eventually(() => page.getByRole('dialog').count()).toBe(0);
  });

  it('an open staff console loses a revoked menu within 2 s', async () => {
    const staff = await openLive('/patients', DEMO.staff);
    await staff.getByTestId('sidebar-menu').getByRole('link', { name: 'Data Pasien' }).waitFor();
    // Past the first reads of the access: what follows comes from the stream, not a load.
    await staff.waitForLoadState('networkidle');

    const now = await e2e.api(other, '/api/admin/menu-access');
    const menus = (now.body.matrix.staff as string[]).filter((m) => m !== '/patients');
    const put = await e2e.api(other, '/api/admin/menu-access', {
      method: 'PUT',
      body: JSON.stringify({ role: 'staff', menus, version: now.body.version }),
    });
    expect(put.status).toBe(200);
    // The 10 s poll would be too late: this is the stream.
    await eventually(() => pathOf(staff), 2_000).toBe('/dashboard');
    expect(await sidebarLinks(staff)).not.toContain('Data Pasien');
    await staff.getByText('Anda tidak memiliki akses ke halaman itu').waitFor();
  });

  it('a new SOS report appears on an open dashboard within 2 s', async () => {
    const page = await openLive('/dashboard');
    const card = page.getByTestId('stat-emergencies').getByTestId('stat-value');
    await card.waitFor();
    await page.waitForLoadState('networkidle');
    const count = async () => Number((await card.innerText()).replace(/\./g, ''));
    const before = await count();
    const sos = await e2e.api(other, '/api/master/emergencies', {
      method: 'POST',
      body: JSON.stringify({
        fullname: 'Laporan SOS Langsung',
        phone: '081234567890',
        latitude: -6.2,
        longitude: 106.8,
      }),
    });
    expect(sos.status).toBe(201);
    // The console keeps figures 30 s and the server reuses them 5 s: this is the stream.
    await eventually(count, 2_000).toBe(before + 1);
  });

  it('shows when live updates are cut off, and comes back by itself', async () => {
    const page = await e2e.newPage({ as: DEMO.admin });
    // The stream cannot be reached (a proxy or the network in between).
    await page.route('**/api/events?**', (route) => route.abort());
    await page.goto('/master/patients');
    const sign = page.getByTestId('live-status');
    await sign.waitFor();
    expect(await sign.innerText()).toBe('Pembaruan langsung terputus');
    expect(await sign.locator('xpath=..').getAttribute('aria-live')).toBe('polite');
    await expectNoSeriousA11yViolations(page, 'the app bar with live updates cut off');

    await page.unroute('**/api/events?**');
    await sign.waitFor({ state: 'detached', timeout: 10_000 });
  });
});
