import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO,
  SKIP_E2E,
  chooseOption,
  eventually,
  labelled,
  pathOf,
  snap,
  startE2E,
  type E2E,
} from './harness';
import { expectNoSeriousA11yViolations } from './axe';
import { pickOption, untilInAddress } from './waits';
import { DEMO_FACILITY_NAME } from '../../src/server/seed/demo-accounts';
import { makeNik } from '../../src/domain/nik';

/** The sandbox's menu paths: each screen lives at its path (the spec's route). */
const SCREENS = [
  '/simulator/patients',
  '/simulator/doctors',
  '/simulator/schedules',
  '/simulator/appointments',
  '/simulator/facilities',
  '/simulator/api-keys',
  '/simulator/poli',
  '/simulator/delivery',
];

describe.skipIf(SKIP_E2E)('sandbox console screens (e2e)', () => {
  let e2e: E2E;
  let token: string;
  let facilityId: number;
  beforeAll(async () => {
    e2e = await startE2E({ patients: 20 });
    token = await e2e.apiToken(DEMO.super_admin);
    const { body: masters } = await e2e.api(token, '/api/admin/medical-facilities?limit=1');
    const master = (Array.isArray(masters) ? masters : masters.data)[0];
    const created = await e2e.api(token, '/api/admin/simulator/facilities', {
      method: 'POST',
      body: JSON.stringify({
        name: 'RS Simulasi Cempaka Putih dengan Nama dan Alamat yang Cukup Panjang',
        facility_code: 'SIME2E',
        type: 'RSUD',
        level: 'Sekunder',
        capacity: 120,
        phone: '021-555-0101',
        address: 'Jl. Cempaka Putih Tengah No. 17, Kecamatan Cempaka Putih, Jakarta Pusat 10510',
        medical_facility_id: master.id,
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    facilityId = created.body.id;
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('every simulator menu opens its screen at its own path, with a table or its empty state', async () => {
    const page = await e2e.newPage({ as: DEMO.super_admin });
    for (const menuPath of SCREENS) {
      await page.goto(menuPath);
      await page.locator('table, .MuiTypography-h6').filter({ hasNotText: 'Dashboard' }).first().waitFor();
      // The spec's route stays in the address bar, for bookmarks and links.
      expect(pathOf(page), menuPath).toBe(menuPath);
      // The sidebar marks the item that led here.
      const current = page.getByTestId('sidebar-menu').locator('[aria-current="page"]');
      await eventually(() => current.getAttribute('href')).toBe(menuPath);
      await expectNoSeriousA11yViolations(page, menuPath);
    }
  });

  it('facility list: the address cut at 50 characters, a type chip; hours and services saved and reloaded', async () => {
    const page = await e2e.newPage({ as: DEMO.super_admin });
    await page.goto('/simulator/facilities');
    const row = page.getByRole('row').filter({ hasText: 'SIME2E' });
    await row.getByText('Jl. Cempaka Putih Tengah No. 17, Kecamatan Cempaka…').waitFor();
    await row.getByText('RSUD', { exact: true }).waitFor();
    await row.getByText('Sekunder').waitFor();

    await row.getByRole('button', { name: /Atur jam operasional & layanan/ }).click();
    const dialog = page.getByRole('dialog');
    const services = dialog.locator('[data-json-field="services"]');
    await services.getByLabel('JSON mentah').check();
    await services.getByRole('textbox').fill('{"a": 1}');
    await services.getByText('Harus berupa daftar JSON ([ ... ])').waitFor();
    await expect(dialog.getByRole('button', { name: 'Simpan' }).isDisabled()).resolves.toBe(true);
    await services.getByRole('textbox').fill('["UGD", "Rawat Jalan"]');
    await services.getByLabel('JSON mentah').uncheck();
    // Back in the generated form, the two services are its entries.
    await eventually(() => services.locator('input[type="text"]').count()).toBe(2);
    await expectNoSeriousA11yViolations(page, 'facility hours dialog', { include: '[role="dialog"]' });
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText('Data berhasil disimpan').waitFor();

    const stored = await e2e.api(token, `/api/admin/simulator/facilities/${facilityId}`);
    expect(stored.body.services).toEqual(['UGD', 'Rawat Jalan']);
    await page.reload();
    await row.getByText('2 layanan').waitFor();
    await row.getByRole('button', { name: /Atur jam operasional & layanan/ }).click();
    const again = page.getByRole('dialog').locator('[data-json-field="services"] input[type="text"]');
    await eventually(() => again.count()).toBe(2);
    await expect(again.first().inputValue()).resolves.toBe('UGD');
  });

  it('API keys: the info card, key masked to its first and last 4, reveal, and Test through the server', async () => {
    const created = await e2e.api(token, '/api/admin/simulator-apikeys', {
      method: 'POST',
      body: JSON.stringify({ simulasi_medical_facility_id: facilityId, username: 'e2e-penguji' }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const full = await e2e.api(token, `/api/admin/simulator-apikeys/${created.body.id}/reveal`);
    const key: string = full.body.x_api_key;
    expect(key.length).toBeGreaterThan(8);

    const page = await e2e.newPage({ as: DEMO.super_admin });
    await page.goto('/simulator/api-keys');
    await page.getByText('Cara memakai API key').waitFor();
    const row = page.getByRole('row').filter({ hasText: 'e2e-penguji' });
    await row.getByText(`${key.slice(0, 4)}••••${key.slice(-4)}`).waitFor();
    expect(await row.getByText(key, { exact: true }).count()).toBe(0);
    await row.getByRole('button', { name: 'Tampilkan API Key e2e-penguji' }).click();
    await row.getByText(key, { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Uji e2e-penguji' }).click();
    await page.getByText(/API key valid: RS Simulasi Cempaka Putih/).waitFor();
    await expectNoSeriousA11yViolations(page, 'simulator api keys');
  });

  it('API keys: the add dialog shows the key it will create, and that key is the one saved', async () => {
    const page = await e2e.newPage({ as: DEMO.super_admin });
    await page.goto('/simulator/api-keys/create');
    const dialog = page.getByRole('dialog');
    const keyBox = dialog.getByRole('textbox', { name: labelled('API Key') });
    await keyBox.waitFor();
    expect(await keyBox.inputValue()).toBe('');
    await pickOption(
      page,
      dialog,
      'Fasilitas Simulasi',
      'RS Simulasi Cempaka Putih dengan Nama dan Alamat yang Cukup Panjang (SIME2E)',
      'RS Simulasi Cempaka Putih',
    );
    // The facility code, six digits, six lowercase letters (spec part 2 §5, §9), shown whole.
    await eventually(() => keyBox.inputValue()).toMatch(/^sime2e\d{6}[a-z]{6}$/);
    const first = await keyBox.inputValue();
    await dialog.getByText('API key ini yang akan dibuat').waitFor();
    await dialog.getByRole('button', { name: 'Buat ulang API key' }).click();
    await eventually(() => keyBox.inputValue()).not.toBe(first);
    const shown = await keyBox.inputValue();
    expect(shown).toMatch(/^sime2e\d{6}[a-z]{6}$/);
    await dialog.getByRole('textbox', { name: labelled('Username') }).fill('e2e-pratinjau');
    await expectNoSeriousA11yViolations(page, 'api key dialog', { include: '[role="dialog"]' });
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText('Data berhasil dibuat').waitFor();

    const { body } = await e2e.api(token, '/api/admin/simulator-apikeys?search=e2e-pratinjau');
    const saved = (Array.isArray(body) ? body : body.data).find((k: any) => k.username === 'e2e-pratinjau');
    const full = await e2e.api(token, `/api/admin/simulator-apikeys/${saved.id}/reveal`);
    expect(full.body.x_api_key).toBe(shown);
  });

  it('poli: copy from master asks for at least one poli, then copies the chosen ones', async () => {
    const page = await e2e.newPage({ as: DEMO.super_admin });
    await page.goto('/simulator/poli');
    await page.getByRole('button', { name: 'Salin dari Master' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Salin', exact: true }).click();
    await dialog.getByText('Pilih setidaknya satu poli untuk disalin').waitFor();
    await dialog.getByRole('combobox', { name: 'Fasilitas Kesehatan' }).click();
    await page.getByRole('option', { name: /RS Simulasi Cempaka Putih/ }).click();
    await dialog.getByRole('checkbox', { name: /^UMU/ }).check();
    await expectNoSeriousA11yViolations(page, 'copy poli dialog', { include: '[role="dialog"]' });
    await dialog.getByRole('button', { name: 'Salin', exact: true }).click();
    await page.getByText('1 poli disalin').waitFor();
    const { body } = await e2e.api(token, `/api/admin/simulator/poli?limit=100&search=UMU`);
    const copied = body.data.filter((p: any) =>
      p.medical_facility_name?.startsWith('RS Simulasi Cempaka Putih'),
    );
    expect(copied.map((p: any) => p.poly_code)).toEqual(['UMU']);
  });

  it("doctors: the specialization chip, fee in rupiah, and the work schedule's generated form", async () => {
    const page = await e2e.newPage({ as: DEMO.super_admin });
    await page.goto('/simulator/doctors');
    const first = page.getByRole('button', { name: /Atur jadwal praktik/ }).first();
    await first.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/^Jadwal Praktik: /).waitFor();
    await dialog.locator('[data-json-field="work_schedule"]').getByLabel('JSON mentah').waitFor();
    await expectNoSeriousA11yViolations(page, 'doctor schedule dialog', { include: '[role="dialog"]' });
    await dialog.getByRole('button', { name: 'Batal' }).click();
    await page
      .getByText(/Rp\s?[0-9.]+/)
      .first()
      .waitFor();
  });

  it('appointments: Indonesian status chips, queue #n, and the journey dialog with its titles', async () => {
    const { body } = await e2e.api(token, '/api/admin/simulator/appointments?limit=20');
    let chosen: any = null;
    let events: any[] = [];
    for (const a of body.data) {
      const j = await e2e.api(token, `/api/admin/simulator/appointments/${a.id}/journeys`);
      if (j.body.data.length) {
        chosen = a;
        events = j.body.data;
        break;
      }
    }
    expect(chosen, 'an appointment of the demo sandbox with journey events').not.toBeNull();
    const page = await e2e.newPage({ as: DEMO.super_admin });
    await page.goto('/simulator/appointments');
    await page.getByPlaceholder('Cari Booking ID atau keluhan').fill(chosen.booking_id);
    const row = page.getByRole('row').filter({ hasText: chosen.booking_id });
    await row.getByText(`#${chosen.queue_number}`).waitFor();
    const labels: Record<string, string> = {
      scheduled: 'Terjadwal',
      confirmed: 'Dikonfirmasi',
      in_progress: 'Sedang Berlangsung',
      completed: 'Selesai',
      cancelled: 'Dibatalkan',
      no_show: 'Tidak Hadir',
    };
    await row.getByText(labels[chosen.status], { exact: true }).waitFor();
    await row.getByRole('button', { name: `Lihat perjalanan ${chosen.booking_id}` }).click();
    const dialog = page.getByRole('dialog');
    const rows = dialog.getByRole('table').getByRole('row');
    await eventually(() => rows.count()).toBe(events.length + 1);
    const done = events.filter((e) => e.is_completed).length;
    const chips = dialog.locator('.MuiChip-root');
    expect(await chips.filter({ hasText: /^Selesai$/ }).count()).toBe(done);
    expect(await chips.filter({ hasText: /^Dalam Proses$/ }).count()).toBe(events.length - done);
    if (events[0].title_en) await dialog.getByText(events[0].title_en, { exact: true }).first().waitFor();
    await expectNoSeriousA11yViolations(page, 'sandbox journey dialog', { include: '[role="dialog"]' });
  });

  it("doctors and schedules: the delete toasts in the console's language ('Dokter berhasil dihapus')", async () => {
    const sandbox = (await e2e.api(token, `/api/admin/simulator/facilities/${facilityId}`)).body;
    const doctor = await e2e.api(token, '/api/admin/simulator/doctors', {
      method: 'POST',
      body: JSON.stringify({
        nip: 'E2E-DOK-01',
        name: 'dr. Pesan Uji',
        specialization: 'Dokter Umum',
        medical_facility_id: sandbox.medical_facility_id,
      }),
    });
    expect(doctor.status, JSON.stringify(doctor.body)).toBe(201);
    const schedule = await e2e.api(token, '/api/admin/simulator/schedules', {
      method: 'POST',
      body: JSON.stringify({
        doctor_id: doctor.body.id,
        poly_name: 'Poli Umum',
        day_of_week: 3,
        start_time: '08:00',
        end_time: '12:00',
      }),
    });
    expect(schedule.status, JSON.stringify(schedule.body)).toBe(201);
    const page = await e2e.newPage({ as: DEMO.super_admin });
    const only = (filter: object) => `?filter=${encodeURIComponent(JSON.stringify(filter))}`;
    for (const [path, text, message] of [
      [
        `/simulator/schedules${only({ doctor_id: doctor.body.id })}`,
        'dr. Pesan Uji',
        'Jadwal berhasil dihapus',
      ],
      [`/simulator/doctors${only({ q: 'E2E-DOK-01' })}`, 'E2E-DOK-01', 'Dokter berhasil dihapus'],
    ]) {
      await page.goto(path);
      const row = page.getByRole('row').filter({ hasText: text });
      await row.first().waitFor();
      await row.first().getByRole('button', { name: 'Hapus' }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /konfirmasi|ya|hapus/i })
        .click();
      await page.getByText(message).waitFor();
    }
  });

  it("appointments: the patient and doctor pickers offer only the chosen facility's, labelled with it", async () => {
    const page = await e2e.newPage({ as: DEMO.super_admin });
    await page.goto('/simulator/appointments/create');
    const dialog = page.getByRole('dialog');
    await chooseOption(page, dialog, 'Fasilitas Kesehatan', DEMO_FACILITY_NAME);
    for (const label of ['Dokter', 'Pasien']) {
      const picker = dialog.getByRole('combobox', { name: new RegExp(`^${label}`) });
      await picker.click();
      const options = page.getByRole('listbox').getByRole('option');
      await eventually(() => options.count()).toBeGreaterThan(0);
      const texts = await options.allInnerTexts();
      // One facility's records, each labelled with it (its sandbox's name).
      const facilities = new Set(texts.map((t) => t.split(' · ')[1]));
      expect([...facilities], texts.join('\n')).toEqual([expect.stringMatching(/Gambir/)]);
      await page.keyboard.press('Escape');
    }
  });

  it('schedules: days by name, and the day filter', async () => {
    const page = await e2e.newPage({ as: DEMO.super_admin });
    await page.goto('/simulator/schedules');
    await page.locator('table tbody tr').first().waitFor();
    await page.getByRole('combobox', { name: 'Hari' }).click();
    await page.getByRole('option', { name: 'Senin', exact: true }).click();
    await eventually(async () => {
      const rows = await page.locator('table tbody tr').allInnerTexts();
      const others = ['Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu', 'Minggu'];
      return rows.length > 0 && rows.every((r) => r.includes('Senin') && !others.some((o) => r.includes(o)));
    }).toBe(true);
    await untilInAddress(page, '"day_of_week":"1"');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await expectNoSeriousA11yViolations(page, 'simulator schedules');
    // The dialog's day is chosen by name too, not typed as a number 1-7.
    await page.getByRole('link', { name: 'Tambah' }).first().click();
    const dialog = page.getByRole('dialog');
    await chooseOption(page, dialog, 'Hari', 'Rabu');
    await expect(dialog.getByRole('combobox', { name: /^Hari/ }).innerText()).resolves.toBe('Rabu');
  });

  it("schedules: the poli is picked among the doctor's facility's, by name, not typed", async () => {
    const { body: doctors } = await e2e.api(token, '/api/admin/simulator/doctors?limit=1&search=Andi');
    const doctor = doctors.data[0];
    const { body: poli } = await e2e.api(
      token,
      `/api/admin/simulator/poli?limit=100&medical_facility_id=${doctor.medical_facility_id}`,
    );
    const page = await e2e.newPage({ as: DEMO.super_admin });
    await page.goto('/simulator/schedules/create');
    const dialog = page.getByRole('dialog');
    await chooseOption(page, dialog, 'Dokter', `${doctor.name} (${doctor.specialization})`);
    await dialog.getByRole('combobox', { name: /^Poli/ }).click();
    const offered = page.getByRole('listbox').getByRole('option');
    await eventually(async () => (await offered.allInnerTexts()).sort()).toEqual(
      poli.data.map((p: any) => `${p.poly_name} (${p.poly_code})`).sort(),
    );
    const chosen = poli.data[poli.data.length - 1];
    await offered.filter({ hasText: `(${chosen.poly_code})` }).click();
    await chooseOption(page, dialog, 'Hari', 'Sabtu');
    await dialog.getByLabel(/^Jam Mulai/).fill('19:00');
    await dialog.getByLabel(/^Jam Selesai/).fill('20:30');
    await dialog.getByLabel(/^Ruangan/).fill('R-E2E');
    await dialog.getByRole('button', { name: /Simpan/ }).click();
    await dialog.waitFor({ state: 'detached' });
    const { body: saved } = await e2e.api(
      token,
      `/api/admin/simulator/schedules?limit=100&doctor_id=${doctor.id}&day_of_week=6`,
    );
    const row = saved.data.find((r: any) => r.room_number === 'R-E2E');
    expect(row).toMatchObject({ poly_code: chosen.poly_code, poly_name: chosen.poly_name, day_of_week: 6 });
    await snap(page, 'schedule-poli-picked');
  });

  it('delivery: the master screen on the sandbox orders, status badges in the spec colours, Rp prices, the same required fields', async () => {
    const { body: users } = await e2e.api(token, '/api/master/users?limit=1');
    const created = await e2e.api(token, '/api/admin/simulator/delivery', {
      method: 'POST',
      body: JSON.stringify({
        order_id: 'ORD-SIM-E2E',
        delivery_id: 'DLV-SIM-E2E',
        user_id: users.data[0].id,
        medical_facility_id: (await e2e.api(token, '/api/admin/medical-facilities?limit=1')).body.data[0].id,
        hospital_address: 'Jl. Cempaka Putih Tengah No. 17',
        hospital_latitude: -6.1754,
        hospital_longitude: 106.8272,
        medicine_count: 3,
        medicine_weight: 0.5,
        patient_nik: '3171014101900001',
        patient_address: 'Jl. Kebon Sirih No. 2',
        patient_kota: 'Jakarta Pusat',
        patient_kecamatan: 'Menteng',
        patient_kode_pos: '10340',
        delivery_status: 'shipped',
        delivery_price: 1250000,
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    const page = await e2e.newPage({ as: DEMO.super_admin });
    await page.goto('/simulator/delivery');
    const row = page.getByRole('row').filter({ hasText: 'ORD-SIM-E2E' });
    await row.getByText('Jakarta Pusat / Menteng').waitFor();
    await row.getByText('3 obat').waitFor();
    await row.getByText('Rp 1.250.000').waitFor();
    const badge = row.locator('.MuiChip-root').filter({ hasText: 'Dikirim' });
    await expect(badge.getAttribute('class')).resolves.toContain('MuiChip-colorPrimary');
    await expectNoSeriousA11yViolations(page, 'simulator delivery');

    // The sandbox form asks for what the master form asks for.
    const requiredLabels = async (path: string) => {
      await page.goto(path);
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(labelled('Order ID')).waitFor();
      const labels = await dialog.locator('label').allInnerTexts();
      await dialog.getByRole('button', { name: 'Batal' }).click();
      return labels
        .filter((l) => /\*\s*$/.test(l))
        .map((l) => l.replace(/[\s*]+$/, ''))
        .sort();
    };
    const sandbox = await requiredLabels('/simulator/delivery/create');
    expect(sandbox).toHaveLength(13);
    expect(sandbox).toEqual(await requiredLabels('/master/delivery/create'));
  });

  it('patients: name with NIK, birth date dd/MM/yyyy, an insurance chip; created and deleted with the spec messages', async () => {
    const page = await e2e.newPage({ as: DEMO.super_admin });
    await page.goto('/simulator/patients');
    await page.getByRole('link', { name: 'Tambah' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    // nik, name, gender and birth date, and the facility the sandbox patient belongs to.
    await eventually(() => dialog.getByText('Wajib diisi').count()).toBe(5);
    await dialog.getByLabel(labelled('NIK')).fill(makeNik('31.71.01', '1990-02-05', 'P', 77));
    await dialog.getByLabel(labelled('Nama')).fill('Siti E2E Sandbox');
    await chooseOption(page, dialog, 'Jenis Kelamin', 'Perempuan');
    await dialog.getByLabel(labelled('Tanggal Lahir')).fill('1990-02-05');
    await dialog.getByLabel(labelled('Tempat Lahir')).fill('Bandung');
    await chooseOption(page, dialog, 'Fasilitas Kesehatan', DEMO_FACILITY_NAME);
    await chooseOption(page, dialog, 'Jenis Asuransi', 'Asuransi Swasta');
    await expectNoSeriousA11yViolations(page, 'sandbox patient dialog', { include: '[role="dialog"]' });
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText('Pasien berhasil ditambahkan').waitFor();

    await page.getByPlaceholder('Cari nama, NIK, No. RM atau No. JKN').fill('Siti E2E');
    const row = page.getByRole('row').filter({ hasText: 'Siti E2E Sandbox' });
    await row.getByText(makeNik('31.71.01', '1990-02-05', 'P', 77)).waitFor();
    await row.getByText('05/02/1990').waitFor();
    await row.getByText('Bandung').waitFor();
    const chip = row.locator('.MuiChip-root').filter({ hasText: 'Asuransi Swasta' });
    await expect(chip.getAttribute('class')).resolves.toContain('MuiChip-colorInfo');
    await expectNoSeriousA11yViolations(page, 'simulator patients');

    await row.getByRole('button', { name: 'Hapus' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /konfirmasi|ya|hapus/i })
      .click();
    await page.getByText('Pasien berhasil dihapus').waitFor();
  });

  it("a new sandbox patient's facility picker offers only facilities with a sandbox", async () => {
    const token = await e2e.apiToken(DEMO.admin);
    const linked = (await e2e.api(token, '/api/admin/simulator/facilities?limit=100')).body.data.map(
      (f: any) => f.medical_facility_id,
    );
    const names = (await e2e.api(token, `/api/admin/medical-facilities?ids=${linked.join(',')}`)).body.data
      .map((f: any) => f.name)
      .sort();
    const page = await e2e.newPage({ as: DEMO.admin });
    await page.goto('/simulator/patients/create');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: /^Fasilitas/ }).click();
    const options = page.getByRole('listbox').getByRole('option');
    await eventually(async () => (await options.allInnerTexts()).sort()).toEqual(names);
  });

  it("a facility user's new sandbox patient has their facility preselected", async () => {
    const page = await e2e.newPage({ as: DEMO.medical_facility });
    await page.goto('/simulator/patients');
    await page.getByRole('link', { name: 'Tambah' }).first().click();
    const dialog = page.getByRole('dialog');
    await eventually(() => dialog.getByRole('combobox', { name: /Fasilitas/ }).inputValue()).toContain(
      DEMO_FACILITY_NAME,
    );
  });
});
