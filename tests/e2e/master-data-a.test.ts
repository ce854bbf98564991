import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { expectNoSeriousA11yViolations } from './axe';
import { DEMO, SKIP_E2E, chooseOption, eventually, labelled, pathOf, startE2E, type E2E } from './harness';

/**
 * Master emergencies, users and delivery in the browser: list, search, filter, add, edit and
 * delete with confirmation, no serious axe violation; emergencies also as the facility operator.
 */

const rows = (page: Page) => page.locator('table tbody tr');
const rangeInfo = (page: Page) => page.locator('.MuiTablePagination-displayedRows').innerText();
const listFilter = (page: Page) => JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}');

async function openList(page: Page, path: string, firstHeader: string) {
  await page.goto(path);
  await page.getByRole('columnheader', { name: firstHeader }).waitFor();
  await eventually(() => rows(page).count()).toBeGreaterThan(0);
}

async function search(page: Page, placeholder: string, text: string) {
  await page.getByPlaceholder(placeholder).fill(text);
  await eventually(() => listFilter(page).q).toBe(text);
}

const headers = async (page: Page) =>
  (await page.getByRole('columnheader').allInnerTexts()).map((h) => h.trim());

/** Deletes the only row shown, cancelling once first; the API answers 404 after. */
async function deleteOnlyRow(e2e: E2E, token: string, page: Page, url: string, text: string) {
  await eventually(() => rows(page).count()).toBe(1);
  await rows(page).first().getByRole('button', { name: 'Hapus' }).click();
  let confirm = page.getByRole('dialog');
  await confirm.waitFor();
  await expect(confirm.innerText()).resolves.toContain(text);
  await confirm.getByRole('button', { name: /batal/i }).click();
  await eventually(() => page.getByRole('dialog').count()).toBe(0);
  expect((await e2e.api(token, url)).status).toBe(200);

  await rows(page).first().getByRole('button', { name: 'Hapus' }).click();
  confirm = page.getByRole('dialog');
  await confirm.getByRole('button', { name: /konfirmasi|ya|hapus/i }).click();
  await eventually(() => rows(page).count()).toBe(0);
  await eventually(() => e2e.api(token, url).then((r) => r.status)).toBe(404);
}

describe.skipIf(SKIP_E2E)('master emergencies, users and delivery (e2e)', () => {
  let e2e: E2E;
  let token: string;

  beforeAll(async () => {
    e2e = await startE2E({ patients: 60 });
    token = await e2e.apiToken(DEMO.admin);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  describe('emergencies', () => {
    const SEARCH = 'Cari nama atau telepon';
    const URL = '/api/master/emergencies';

    it('lists the spec columns, finds by name and phone, and has no serious axe violation', async () => {
      const created = await e2e.api(token, URL, {
        method: 'POST',
        body: JSON.stringify({
          fullname: 'Rahmat Darurat E2E',
          phone: '081299887766',
          latitude: -6.2,
          longitude: 106.816666,
          accuracy: 15,
        }),
      });
      expect(created.status).toBe(201);
      const page = await e2e.newPage({ as: DEMO.admin });
      await openList(page, '/master/emergencies', 'Info Pasien');
      expect(await headers(page)).toEqual(['Info Pasien', 'Kontak', 'Lokasi', 'Akurasi', 'Dibuat', 'Aksi']);
      const total = (await e2e.api(token, `${URL}?limit=1`)).body.pagination.total;
      await eventually(() => rangeInfo(page)).toBe(`1-10 dari ${total}`);
      // Newest first: the row just made, with 6 decimals, '± 15 m' and dd/MM/yyyy HH:mm.
      const first = await rows(page).first().innerText();
      expect(first).toContain('Rahmat Darurat E2E');
      expect(first).toContain('-6.200000, 106.816666');
      expect(first).toContain('± 15 m');
      expect(first).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
      await expectNoSeriousA11yViolations(page, '/master/emergencies');

      await search(page, SEARCH, '0812998877');
      await eventually(() => rows(page).allInnerTexts()).toEqual([
        expect.stringContaining('Rahmat Darurat E2E'),
      ]);
      await search(page, SEARCH, 'zzz-tidak-ada');
      await eventually(() => rows(page).count()).toBe(0);
    });

    it('refuses a bad phone and latitude in the dialog, then creates, edits and deletes', async () => {
      const page = await e2e.newPage({ as: DEMO.admin });
      await openList(page, '/master/emergencies', 'Info Pasien');
      const posts: Request[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && r.url().includes(URL)) posts.push(r);
      });
      await page.getByRole('link', { name: 'Tambah' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: 'Tambah Data Darurat' }).waitFor();
      await dialog.getByRole('button', { name: 'Simpan' }).click();
      await eventually(() => dialog.getByText('Wajib diisi', { exact: true }).count()).toBe(4);

      await dialog.getByLabel(labelled('Nama Lengkap')).fill('Sari Dialog E2E');
      await dialog.getByLabel(labelled('Nomor Telepon')).fill('12-34');
      await dialog.getByLabel(labelled('Latitude')).fill('90.5');
      await dialog.getByLabel(labelled('Longitude')).fill('106.8');
      await dialog.getByRole('button', { name: 'Simpan' }).click();
      await eventually(() => dialog.getByText(/^Nomor telepon tidak valid/).count()).toBe(1);
      await eventually(() => dialog.getByText('Maksimal 90', { exact: true }).count()).toBe(1);
      expect(posts).toHaveLength(0);

      await dialog.getByLabel(labelled('Nomor Telepon')).fill('+6281311112222');
      await dialog.getByLabel(labelled('Latitude')).fill('-6.1754');
      await dialog.getByLabel(labelled('Akurasi (m)')).fill('8');
      await dialog.getByRole('button', { name: 'Simpan' }).click();
      await page.waitForURL((u) => u.pathname === '/master/emergencies');
      await eventually(() => page.getByRole('dialog').count()).toBe(0);
      const found = (await e2e.api(token, `${URL}?search=Sari Dialog E2E`)).body;
      expect(found.data).toEqual([
        expect.objectContaining({
          fullname: 'Sari Dialog E2E',
          phone: '+6281311112222',
          latitude: -6.1754,
          longitude: 106.8,
          accuracy: 8,
        }),
      ]);
      const id = found.data[0].id;

      await search(page, SEARCH, 'Sari Dialog E2E');
      await eventually(() => rows(page).count()).toBe(1);
      await rows(page).first().getByRole('link', { name: 'Ubah' }).click();
      await page.waitForURL((u) => u.pathname === `/master/emergencies/${id}`);
      const edit = page.getByRole('dialog');
      const name = edit.getByLabel(labelled('Nama Lengkap'));
      await eventually(() => name.inputValue()).toBe('Sari Dialog E2E');
      await name.fill('Sari Diubah E2E');
      await edit.getByRole('button', { name: 'Simpan' }).click();
      await page.waitForURL((u) => u.pathname === '/master/emergencies');
      expect((await e2e.api(token, `${URL}/${id}`)).body.fullname).toBe('Sari Diubah E2E');

      await search(page, SEARCH, 'Sari Diubah E2E');
      await deleteOnlyRow(e2e, token, page, `${URL}/${id}`, 'Sari Diubah E2E');
    });

    it('opens for the medical_facility operator, with no serious axe violation', async () => {
      const page = await e2e.newPage({ as: DEMO.medical_facility });
      await openList(page, '/master/emergencies', 'Info Pasien');
      expect(pathOf(page)).toBe('/master/emergencies');
      await eventually(() => rows(page).count()).toBe(10);
      await expectNoSeriousA11yViolations(page, '/master/emergencies (medical_facility)');
    });
  });

  describe('users', () => {
    const SEARCH = 'Cari nama atau email';
    const URL = '/api/master/users';

    it('lists users with status and service chips, filters by verification, no serious axe violation', async () => {
      const page = await e2e.newPage({ as: DEMO.admin });
      await openList(page, '/master/users', 'Info Pengguna');
      expect(await headers(page)).toEqual(['Info Pengguna', 'Email', 'Status', 'Layanan', 'Dibuat', 'Aksi']);
      const unverified = (await e2e.api(token, `${URL}?verified=false&limit=1`)).body.pagination.total;
      expect(unverified).toBeGreaterThan(10);
      await expectNoSeriousA11yViolations(page, '/master/users');

      await chooseOption(page, page, 'Verifikasi', 'Belum Terverifikasi');
      await eventually(() => listFilter(page)).toEqual({ verified: 'false' });
      await eventually(() => rangeInfo(page)).toBe(`1-10 dari ${unverified}`);
      const statuses = await rows(page).locator('td:nth-child(3)').allInnerTexts();
      expect(statuses).toEqual(Array(10).fill('Belum Terverifikasi'));
      // A user with delivery shows the 'Pengiriman Obat' chip.
      const withDelivery = (await e2e.api(token, `${URL}?limit=100`)).body.data.find(
        (u: any) => u.has_medicine_delivery,
      );
      await search(page, SEARCH, withDelivery.email);
      await chooseOption(
        page,
        page,
        'Verifikasi',
        withDelivery.verified ? 'Terverifikasi' : 'Belum Terverifikasi',
      );
      await eventually(() => rows(page).allInnerTexts()).toEqual([
        expect.stringContaining('Pengiriman Obat'),
      ]);
    });

    it('asks for 8 password characters, creates a user, edits without touching the password, deletes', async () => {
      const page = await e2e.newPage({ as: DEMO.admin });
      await openList(page, '/master/users', 'Info Pengguna');
      await page.getByRole('link', { name: 'Tambah' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: 'Tambah Pengguna' }).waitFor();
      await expect(dialog.getByText('Minimal 8 karakter', { exact: true }).count()).resolves.toBe(1);
      await dialog.getByLabel(labelled('Nama')).fill('Wulan Pengguna E2E');
      await dialog.getByLabel(labelled('Email')).fill('wulan.e2e@example.com');
      await dialog.getByLabel(labelled('Password')).fill('1234567');
      await dialog.getByRole('button', { name: 'Simpan' }).click();
      await eventually(() => dialog.getByText('Minimal 8 karakter', { exact: true }).count()).toBe(1);
      await dialog.getByLabel(labelled('Password')).fill('12345678');
      await dialog.getByLabel('Layanan Antar Obat').check();
      await dialog.getByRole('button', { name: 'Simpan' }).click();
      await page.waitForURL((u) => u.pathname === '/master/users');
      await eventually(() => page.getByRole('dialog').count()).toBe(0);
      const found = (await e2e.api(token, `${URL}?search=wulan.e2e`)).body.data;
      expect(found).toEqual([
        expect.objectContaining({ name: 'Wulan Pengguna E2E', verified: false, has_medicine_delivery: true }),
      ]);
      expect(found[0]).not.toHaveProperty('password');
      const id = found[0].id;
      const hashBefore = (await e2e.db.query('SELECT password_hash FROM users WHERE id = $1', [id])).rows[0]
        .password_hash;

      await search(page, SEARCH, 'wulan.e2e');
      await eventually(() => rows(page).allInnerTexts()).toEqual([
        expect.stringContaining('Pengiriman Obat'),
      ]);
      await rows(page).first().getByRole('link', { name: 'Ubah' }).click();
      const edit = page.getByRole('dialog');
      const name = edit.getByLabel(labelled('Nama'));
      await eventually(() => name.inputValue()).toBe('Wulan Pengguna E2E');
      await expect(edit.getByLabel(labelled('Password')).inputValue()).resolves.toBe('');
      await expect(edit.getByText('Kosongkan bila tidak diubah').count()).resolves.toBe(1);
      await name.fill('Wulan Diubah E2E');
      await edit.getByLabel('Terverifikasi').check();
      await edit.getByRole('button', { name: 'Simpan' }).click();
      await page.waitForURL((u) => u.pathname === '/master/users');
      await eventually(() => rows(page).allInnerTexts()).toEqual([
        expect.stringContaining('Wulan Diubah E2E'),
      ]);
      expect((await e2e.api(token, `${URL}/${id}`)).body).toMatchObject({
        name: 'Wulan Diubah E2E',
        verified: true,
      });
      const hashAfter = (await e2e.db.query('SELECT password_hash FROM users WHERE id = $1', [id])).rows[0]
        .password_hash;
      expect(hashAfter).toBe(hashBefore);

      await deleteOnlyRow(e2e, token, page, `${URL}/${id}`, 'Wulan Diubah E2E');
    });
  });

  describe('delivery', () => {
    const SEARCH = 'Cari order ID, delivery ID, NIK, kota';
    const URL = '/api/master/delivery';

    it('lists orders with status badges and Rupiah prices, filters by status, no serious axe violation', async () => {
      const page = await e2e.newPage({ as: DEMO.admin });
      await openList(page, '/master/delivery', 'Info Pesanan');
      expect(await headers(page)).toEqual([
        'Info Pesanan',
        'Info Pasien',
        'Obat',
        'Lokasi',
        'Status',
        'Harga',
        'Aksi',
      ]);
      await expectNoSeriousA11yViolations(page, '/master/delivery');
      const delivered = (await e2e.api(token, `${URL}?delivery_status=delivered&limit=10`)).body;
      expect(delivered.pagination.total).toBeGreaterThan(10);
      await chooseOption(page, page, 'Status', 'Terkirim');
      await eventually(() => listFilter(page)).toEqual({ delivery_status: 'delivered' });
      await eventually(() => rangeInfo(page)).toBe(`1-10 dari ${delivered.pagination.total}`);
      const statuses = await rows(page).locator('td:nth-child(5)').allInnerTexts();
      expect(statuses).toEqual(Array(10).fill('Terkirim'));
      const firstRow = await rows(page).first().innerText();
      const d = delivered.data[0];
      expect(firstRow).toContain(d.order_id);
      if (d.delivery_price != null) expect(firstRow).toMatch(/Rp \d{1,3}(\.\d{3})*/);
      await search(page, SEARCH, d.order_id);
      await eventually(() => rows(page).count()).toBe(1);
    });

    it('reaches every facility in the facility picker by searching, past the first hundred', async () => {
      // More facilities than a first page of a hundred, the last of them by name added here.
      const superToken = await e2e.apiToken(DEMO.super_admin);
      const count = async () =>
        (await e2e.api(token, '/api/admin/medical-facilities?limit=1')).body.pagination.total as number;
      for (let i = (await count()) + 1; i <= 110; i++) {
        const n = String(i).padStart(3, '0');
        const made = await e2e.api(superToken, '/api/master/medical-facilities', {
          method: 'POST',
          body: JSON.stringify({
            name: `Zona Sehat Uji ${n}`,
            email: `zona${n}@uji.id`,
            password: 'rahasia123',
            type: 'KLINIK',
          }),
        });
        expect(made.status, JSON.stringify(made.body)).toBe(201);
      }
      const all = (await e2e.api(token, '/api/admin/medical-facilities?limit=1000')).body;
      expect(all.pagination.total).toBeGreaterThan(100);
      const last = all.data
        .map((f: any) => f.name)
        .sort((a: string, b: string) => a.localeCompare(b))
        .at(-1);
      const page = await e2e.newPage({ as: DEMO.admin });
      await openList(page, '/master/delivery', 'Info Pesanan');
      await page.getByRole('link', { name: 'Tambah' }).click();
      const dialog = page.getByRole('dialog');
      const picker = dialog.getByRole('combobox', { name: /^Fasilitas Kesehatan/ });
      await picker.click();
      await picker.fill(last.split(' ').slice(-2).join(' '));
      await page.getByRole('listbox').getByRole('option', { name: last, exact: true }).click();
      await expect(picker.inputValue()).resolves.toBe(last);
      await expectNoSeriousA11yViolations(page, 'facility picker', { include: '[role="dialog"]' });
    });

    it('creates a delivery as Menunggu (PENDING), edits its status, deletes it', async () => {
      const user = (await e2e.api(token, '/api/master/users?limit=1')).body.data[0];
      const page = await e2e.newPage({ as: DEMO.admin });
      await openList(page, '/master/delivery', 'Info Pesanan');
      await page.getByRole('link', { name: 'Tambah' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: 'Tambah Pengiriman' }).waitFor();
      await expect(dialog.getByRole('combobox', { name: /^Status/ }).innerText()).resolves.toBe('Menunggu');
      await expect(dialog.getByLabel(labelled('Berat Obat (kg)')).getAttribute('step')).resolves.toBe('0.1');
      const fill = async (label: string, value: string) => dialog.getByLabel(labelled(label)).fill(value);
      await fill('Order ID', 'ORD-E2E-0001');
      // The user is picked by searching the users by name.
      await dialog.getByRole('combobox', { name: /^Pengguna/ }).fill(user.email);
      await page.getByRole('option', { name: `${user.name} (${user.email})` }).click();
      await fill('Biaya Kirim (Rp)', '25000');
      await chooseOption(page, dialog, 'Fasilitas Kesehatan', 'RSUD Tarakan');
      await fill('Alamat Faskes', 'Jl. Kyai Caringin No. 7');
      await fill('Latitude Faskes', '-6.1713');
      await fill('Longitude Faskes', '106.8104');
      await fill('Jumlah Obat', '4');
      await fill('Berat Obat (kg)', '0.7');
      await fill('NIK Pasien', '3171015705900001');
      await fill('Alamat Pasien', 'Jl. Kebon Sirih No. 5');
      await fill('Kota', 'Kota Jakarta Pusat');
      await fill('Kecamatan', 'Menteng');
      await fill('Kode Pos', '10340');
      await dialog.getByRole('button', { name: 'Simpan' }).click();
      await page.waitForURL((u) => u.pathname === '/master/delivery');
      await eventually(() => page.getByRole('dialog').count()).toBe(0);
      const found = (await e2e.api(token, `${URL}?search=ORD-E2E-0001`)).body.data;
      expect(found).toEqual([
        expect.objectContaining({
          order_id: 'ORD-E2E-0001',
          user_id: user.id,
          medicine_count: 4,
          medicine_weight: 0.7,
          delivery_status: 'PENDING',
          delivery_price: 25000,
        }),
      ]);
      const id = found[0].id;

      await search(page, SEARCH, 'ORD-E2E-0001');
      await eventually(() => rows(page).allInnerTexts()).toEqual([expect.stringContaining('Rp 25.000')]);
      await expect(rows(page).first().innerText()).resolves.toContain('Menunggu');
      await rows(page).first().getByRole('link', { name: 'Ubah' }).click();
      const edit = page.getByRole('dialog');
      await eventually(() => edit.getByLabel(labelled('Order ID')).inputValue()).toBe('ORD-E2E-0001');
      await chooseOption(page, edit, 'Status', 'Dikirim');
      await edit.getByRole('button', { name: 'Simpan' }).click();
      await page.waitForURL((u) => u.pathname === '/master/delivery');
      await eventually(() => rows(page).allInnerTexts()).toEqual([expect.stringContaining('Dikirim')]);
      expect((await e2e.api(token, `${URL}/${id}`)).body.delivery_status).toBe('shipped');

      await deleteOnlyRow(e2e, token, page, `${URL}/${id}`, 'ORD-E2E-0001');
    });
  });

  it('no uncaught errors in the pages', () => {
    expect(e2e.pageErrors).toEqual([]);
  });
});
