/**
 * The mobile registration simulator, E-Registrasi (spec part 2 §2, §4 'Mobile wizard', §5, §7,
 * §8, §9): the wizard end to end for an existing and a new patient, its validation messages,
 * back and reset, the facility user's key loaded automatically, Bearer tokens, the inspector,
 * and a phone-width run.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  CONTEXT,
  DEMO,
  SKIP_E2E,
  chooseOption,
  eventually,
  startE2E,
  storageItem,
  type E2E,
} from './harness';
import { expectNoSeriousA11yViolations } from './axe';
import { makeNik } from '../../src/domain/nik';

const URL = '/simulator/mobile';
/** Screenshots of every step, written only when MOBILE_SHOTS names a directory. */
const SHOTS = process.env.MOBILE_SHOTS;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

interface Key {
  id: number;
  facility_name: string;
  facility_code: string;
  username: string;
  value: string;
}

/** Tomorrow in Jakarta, or the Monday after when tomorrow is a Sunday (the wizard's default). */
function visitDate() {
  const day = (n: number) => new Date(Date.now() + 7 * 3600_000 + n * 86400_000).toISOString().slice(0, 10);
  return new Date(`${day(1)}T00:00:00Z`).getUTCDay() === 0 ? day(2) : day(1);
}

describe.skipIf(SKIP_E2E)('mobile simulator E-Registrasi (e2e)', () => {
  let e2e: E2E;
  let admin: string;
  let key: Key;
  let poli: { poly_code: string; poly_name: string };
  const sandbox = async (url: string, init: RequestInit = {}) =>
    e2e.api(null, `/api/simulation${url}`, {
      ...init,
      headers: { 'x-api-key': key.value, ...(init.headers ?? {}) },
    });
  /** Places left for each doctor of the poli at 09:00 on the visit date, read from the API. */
  const quotaAt = async (time = '09:00') => {
    const { status, body } = await sandbox(
      `/v1/appointment/quota/${poli.poly_code}/${visitDate()}?time=${time}`,
    );
    expect(status).toBe(200);
    return new Map<string, number>(body.response.map((q: any) => [q.doctor_name, q.quota_left]));
  };

  beforeAll(async () => {
    e2e = await startE2E({ patients: 20 });
    admin = await e2e.apiToken(DEMO.super_admin);
    const faskes = await e2e.apiToken(DEMO.medical_facility);
    const { body: own } = await e2e.api(faskes, '/api/admin/simulator-apikeys?limit=100');
    const row = (Array.isArray(own) ? own : own.data)[0];
    const { body: revealed } = await e2e.api(admin, `/api/admin/simulator-apikeys/${row.id}/reveal`);
    key = { ...row, value: revealed.x_api_key };
    const { body: poliList } = await sandbox('/simulator/poli');
    poli = poliList.response.data[0];
  });
  afterAll(async () => {
    await e2e?.close();
  });

  /** Waits until no select menu is open or fading out (axe reads what is on screen). */
  const menusClosed = (page: Page) => eventually(() => page.locator('li[role="option"]').count()).toBe(0);
  const title = (page: Page) => page.getByTestId('step-title');
  const stepError = (page: Page) => page.getByTestId('step-error');

  const keyPicker = (page: Page) => page.getByRole('combobox', { name: /^API Key Fasilitas/ });

  async function pickKey(page: Page) {
    // The picker is enabled once the key the screen opens with is loaded.
    await eventually(() => keyPicker(page).getAttribute('aria-disabled')).toBeNull();
    await chooseOption(page, page, 'API Key Fasilitas', `${key.facility_name} (${key.facility_code})`);
    await eventually(() => page.getByTestId('api-key').inputValue()).toBe(key.value);
  }

  /** The n-th oldest patient of the facility's sandbox (each test books its own). */
  async function existingPatient(n: number) {
    const { status, body } = await sandbox('/patients?limit=100');
    expect(status).toBe(200);
    const oldestFirst = [...body.response.data].reverse();
    return oldestFirst[n] as { nik: string; name: string; insurance_type: string | null };
  }

  it('books an existing patient up to the e-ticket; the quota of that time is one lower', async () => {
    const page = await e2e.newPage({ as: DEMO.super_admin });
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.goto(URL);
    await pickKey(page);
    await expect.poll(() => page.getByTestId('facility-name').textContent()).toBe(key.facility_name);
    await expectNoSeriousA11yViolations(page, 'mobile step 0');
    await shot(page, 'id-1440-0-nik');

    const patient = await existingPatient(0);
    await page.getByTestId('nik-input').fill(patient.nik);
    await page.getByTestId('nik-input').press('Enter');
    // Found: straight to the doctor and service step, the patient's data shown; the keyboard
    // carries on from the new step's title.
    await eventually(() => title(page).textContent()).toBe('Pilih Dokter');
    await eventually(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'step-title',
    );
    await expect.poll(() => page.getByTestId('patient-name').textContent()).toBe(patient.name);
    await page.getByTestId('field-poly').waitFor();
    await eventually(() => page.getByRole('combobox', { name: /^Poli/ }).isDisabled()).toBe(false);
    // The spec's default time 09:00 (ends 10:00); the payment follows the patient's insurance.
    await expect
      .poll(() => page.getByRole('combobox', { name: /^Jam Kunjungan/ }).textContent())
      .toBe('09:00');
    await page.getByText('Selesai 10:00 (1 jam)').waitFor();
    const payment = patient.insurance_type === 'BPJS' ? 'BPJS' : 'Umum';
    expect(await page.getByRole('radio', { name: payment }).isChecked()).toBe(true);
    await chooseOption(page, page, 'Poli', poli.poly_name);
    await menusClosed(page);
    await expectNoSeriousA11yViolations(page, 'mobile step 2');
    await shot(page, 'id-1440-2-doctor');

    const before = await quotaAt();
    await page.getByRole('button', { name: 'Lihat Dokter Tersedia' }).click();
    await eventually(() => title(page).textContent()).toBe('Konfirmasi');
    const doctorName = [...before.keys()][0];
    const option = page.getByRole('radio', {
      name: new RegExp(doctorName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    });
    // The quota is shown as read live.
    await page
      .getByText(`Sisa kuota ${before.get(doctorName)}`)
      .first()
      .waitFor();
    await option.check();
    await expectNoSeriousA11yViolations(page, 'mobile step 3');
    await shot(page, 'id-1440-3-confirm');
    await page.getByRole('button', { name: 'Konfirmasi Janji Temu' }).click();

    // The e-ticket: booking code (also as a QR code), queue number, doctor, poli, time, note.
    await page.getByTestId('e-ticket').waitFor();
    const code = (await page.getByTestId('booking-code').textContent())!;
    expect(code).toMatch(/^APT\d{6}[A-Z]{3}$/);
    expect(await page.getByTestId('queue-number').textContent()).toMatch(/^\d+$/);
    await page.getByTestId('booking-qr').locator('svg[role="img"]').waitFor();
    expect(await page.getByTestId('ticket-doctor').textContent()).toBe(doctorName);
    expect(await page.getByTestId('ticket-poli').textContent()).toBe(poli.poly_name);
    expect(await page.getByTestId('ticket-time').textContent()).toContain('09:00–10:00');
    await page.getByText('Harap datang 30 menit sebelum jadwal dan membawa KTP atau kartu BPJS.').waitFor();
    const steps = page.getByTestId('journey-timeline').locator('li');
    await eventually(() => steps.count()).toBeGreaterThan(1);
    const total = await steps.count();
    expect(await steps.first().getAttribute('data-state')).toBe('current');
    const progress = page.getByTestId('journey-progress');
    expect(await progress.getAttribute('aria-valuenow')).toBe('0');
    expect((await progress.boundingBox())!.width).toBe(0);
    expect((await quotaAt()).get(doctorName)).toBe(before.get(doctorName)! - 1);
    await expectNoSeriousA11yViolations(page, 'mobile e-ticket');
    await shot(page, 'id-1440-4-ticket');

    // The inspector lists the flow's calls, the key masked to its first and last 4 characters.
    const inspector = page.getByTestId('inspector');
    await eventually(() => inspector.getByTestId('inspector-entry').count()).toBeGreaterThanOrEqual(5);
    await expect.poll(() => inspector.textContent()).toContain('/v1/appointment');
    const headers = await inspector.getByTestId('inspector-request-headers').first().textContent();
    expect(headers).toContain(`${key.value.slice(0, 4)}••••${key.value.slice(-4)}`);
    expect(await inspector.textContent()).not.toContain(key.value);
    // Each call says when, as dd/MM/yyyy HH:mm in Jakarta time.
    const when = /· (\d\d)\/(\d\d)\/(\d{4}) (\d\d):(\d\d)$/m.exec(
      await inspector.getByTestId('inspector-entry').first().innerText(),
    );
    expect(when).not.toBeNull();
    const [, d, mo, y, h, mi] = when!;
    const shownAt = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:00+07:00`);
    expect(Math.abs(shownAt - Date.now())).toBeLessThan(10 * 60_000);
    await page.getByRole('switch', { name: 'Inspektur request/response' }).uncheck();
    await eventually(() => inspector.count()).toBe(0);

    // The journey moves on: the completed step turns green with a check, the next is current,
    // and the bar's width is the completed share.
    await e2e.db.query(
      `UPDATE simulator_journey_events SET is_completed = true
        WHERE appointment_id = (SELECT id FROM simulator_appointments WHERE booking_id = $1) AND position = 1`,
      [code],
    );
    await page.getByRole('button', { name: 'Perbarui status' }).click();
    await eventually(() => steps.first().getAttribute('data-state')).toBe('completed');
    expect(await steps.nth(1).getAttribute('data-state')).toBe('current');
    await steps.first().getByTestId('step-done').waitFor();
    expect(await steps.nth(1).getByTestId('step-done').count()).toBe(0);
    const share = Math.round((1 / total) * 100);
    await eventually(() => progress.getAttribute('aria-valuenow')).toBe(String(share));
    const track = (await progress.locator('..').boundingBox())!.width;
    await eventually(async () =>
      Math.abs((await progress.boundingBox())!.width - (track * share) / 100),
    ).toBeLessThan(2);

    // 'Buat Janji Temu Baru' starts over with nothing kept.
    await page.getByRole('button', { name: 'Buat Janji Temu Baru' }).click();
    await eventually(() => title(page).textContent()).toBe('Cek NIK Pasien');
    expect(await page.getByTestId('nik-input').inputValue()).toBe('');
    expect(await page.getByTestId('e-ticket').count()).toBe(0);
  });

  it('registers a new patient with every §5 message on its bad input, steps back by one, then books', async () => {
    const page = await e2e.newPage({ as: DEMO.admin });
    await page.goto(URL);
    await pickKey(page);

    // Step 0: an empty NIK.
    await page.getByRole('button', { name: 'Cek NIK' }).click();
    await page.getByText('NIK harus diisi').waitFor();
    // A NIK that is nobody's yet: the new-patient form, with the server's message.
    const nik = makeNik('31.71.01', '1993-07-21', 'P', 9000 + (Date.now() % 900));
    await page.getByTestId('nik-input').fill(nik);
    await page.getByRole('button', { name: 'Cek NIK' }).click();
    await eventually(() => title(page).textContent()).toBe('Data Pasien');
    await expect
      .poll(() => page.getByTestId('step-info').textContent())
      .toContain('Data pasien tidak ditemukan');
    expect(await page.getByTestId('field-nik').inputValue()).toBe(nik);
    await expectNoSeriousA11yViolations(page, 'mobile step 1');
    await shot(page, 'id-1440-1-patient');

    // Step 1: the four required fields, then the phone.
    await page.getByRole('button', { name: 'Daftarkan Pasien' }).click();
    await expect
      .poll(() => page.getByTestId('form-alert').textContent())
      .toBe('NIK, Nama, Jenis Kelamin, dan Tanggal Lahir harus diisi');
    await page.getByTestId('field-name').fill('Siti Uji Mobile');
    await chooseOption(page, page, 'Jenis Kelamin', 'Perempuan');
    await page.getByTestId('field-dateOfBirth').fill('1993-07-21');
    await page.getByRole('button', { name: 'Daftarkan Pasien' }).click();
    await page.getByText('Nomor telepon harus diisi').waitFor();
    expect(await page.getByTestId('form-alert').count()).toBe(0);
    await page.getByTestId('field-phoneNumber').fill('081234567890');
    await chooseOption(page, page, 'Status Pernikahan', 'Menikah');
    await chooseOption(page, page, 'Asuransi', 'BPJS (0001)');
    await page.getByTestId('field-insurranceNumber').fill('0001234567890');
    await shot(page, 'id-1440-1-patient-filled');
    await page.getByRole('button', { name: 'Daftarkan Pasien' }).click();
    await eventually(() => title(page).textContent()).toBe('Pilih Dokter');
    await expect.poll(() => page.getByTestId('patient-name').textContent()).toBe('Siti Uji Mobile');
    const { status, body } = await sandbox(`/v1/patient/KTP/${nik}`);
    expect(status).toBe(200);
    expect(body.response).toMatchObject({ name: 'Siti Uji Mobile', gender: 'P', insurance_type: 'BPJS' });

    // Back steps back by one: the patient's data, then the NIK check.
    await page.getByTestId('back-button').click();
    await eventually(() => title(page).textContent()).toBe('Data Pasien');
    await page.getByTestId('patient-card').waitFor();
    await page.getByTestId('back-button').click();
    await eventually(() => title(page).textContent()).toBe('Cek NIK Pasien');
    expect(await page.getByTestId('nik-input').inputValue()).toBe(nik);
    await page.getByRole('button', { name: 'Cek NIK' }).click();
    await eventually(() => title(page).textContent()).toBe('Pilih Dokter');

    // Step 2: no poli, then a time without any doctor.
    await eventually(() => page.getByRole('combobox', { name: /^Poli/ }).isDisabled()).toBe(false);
    await page.getByRole('button', { name: 'Lihat Dokter Tersedia' }).click();
    await page.getByText('Silakan pilih poli terlebih dahulu').waitFor();
    await chooseOption(page, page, 'Poli', poli.poly_name);
    await chooseOption(page, page, 'Jam Kunjungan', '07:00');
    await page.getByText('Selesai 08:00 (1 jam)').waitFor();
    await page.getByRole('button', { name: 'Lihat Dokter Tersedia' }).click();
    await expect
      .poll(() => stepError(page).textContent())
      .toBe('Tidak ada dokter yang tersedia untuk poli dan tanggal yang dipilih');
    await chooseOption(page, page, 'Jam Kunjungan', '10:00');
    await page.getByRole('radio', { name: 'BPJS' }).check();
    await page.getByRole('button', { name: 'Lihat Dokter Tersedia' }).click();
    await eventually(() => title(page).textContent()).toBe('Konfirmasi');

    // Step 3: no doctor chosen.
    await page.getByRole('button', { name: 'Konfirmasi Janji Temu' }).click();
    await expect
      .poll(() => page.getByTestId('doctor-error').textContent())
      .toBe('Silakan pilih dokter dengan ID yang valid');
    await page.getByTestId('back-button').click();
    await eventually(() => title(page).textContent()).toBe('Pilih Dokter');
    await page.getByRole('button', { name: 'Lihat Dokter Tersedia' }).click();
    await eventually(() => title(page).textContent()).toBe('Konfirmasi');
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Konfirmasi Janji Temu' }).click();
    await page.getByTestId('e-ticket').waitFor();
    expect(await page.getByTestId('ticket-time').textContent()).toContain('10:00–11:00');
    const code = (await page.getByTestId('booking-code').textContent())!;
    const { body: booked } = await sandbox(`/v1/appointment/${code}`);
    expect(booked.response).toMatchObject({
      patient_nik: nik,
      health_insurance: 'BPJS',
      start_time: '10:00',
    });
    expect(await page.getByTestId('queue-number').textContent()).toBe(String(booked.response.queue_number));

    // The same booking again is refused by the server: its reason is shown.
    await page.getByRole('button', { name: 'Buat Janji Temu Baru' }).click();
    await page.getByTestId('nik-input').fill(nik);
    await page.getByRole('button', { name: 'Cek NIK' }).click();
    await eventually(() => title(page).textContent()).toBe('Pilih Dokter');
    await eventually(() => page.getByRole('combobox', { name: /^Poli/ }).isDisabled()).toBe(false);
    await chooseOption(page, page, 'Poli', poli.poly_name);
    await chooseOption(page, page, 'Jam Kunjungan', '10:00');
    await page.getByRole('button', { name: 'Lihat Dokter Tersedia' }).click();
    await eventually(() => title(page).textContent()).toBe('Konfirmasi');
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Konfirmasi Janji Temu' }).click();
    await expect
      .poll(() => stepError(page).textContent())
      .toBe(
        'Gagal membuat janji temu: Pasien sudah memiliki janji temu dengan dokter ini pada tanggal tersebut',
      );
    expect(await title(page).textContent()).toBe('Konfirmasi');
  });

  it("as a facility user the facility's key loads by itself; Bearer and Basic auth; an external URL goes through the proxy", async () => {
    const page = await e2e.newPage({ as: DEMO.medical_facility });
    await page.goto(URL);
    await eventually(() => page.getByTestId('api-key').inputValue()).toBe(key.value);
    await page.getByText('API key fasilitas Anda dimuat otomatis.').waitFor();
    await expect.poll(() => page.getByTestId('facility-name').textContent()).toBe(key.facility_name);

    await page.getByRole('radio', { name: 'Bearer token' }).check();
    await expect.poll(() => page.getByLabel('Username').inputValue()).toBe(key.username);
    await page.getByLabel('Password', { exact: true }).fill('salah-sekali');
    await page.getByRole('button', { name: 'Ambil Token' }).click();
    await expect
      .poll(() => page.getByTestId('token-error').textContent())
      .toBe('Gagal mendapatkan token 1: 401 Username atau password salah');
    await page.getByLabel('Password', { exact: true }).fill(e2e.config.demoPassword);
    await page.getByRole('button', { name: 'Ambil Token' }).click();
    await page.getByTestId('token-ok').waitFor();
    // The token is kept for the browser session: a reload finds it again.
    await page.reload();
    await eventually(() => page.getByTestId('api-key').inputValue()).toBe(key.value);
    await page.getByTestId('token-ok').waitFor();
    expect(await page.getByRole('radio', { name: 'Bearer token' }).isChecked()).toBe(true);
    await expectNoSeriousA11yViolations(page, 'mobile bearer panel');

    const patient = await existingPatient(1);
    await page.getByTestId('nik-input').fill(patient.nik);
    await page.getByRole('button', { name: 'Cek NIK' }).click();
    await eventually(() => title(page).textContent()).toBe('Pilih Dokter');
    // The call went with the Bearer token, masked in the inspector; the password never shows.
    const headers = await page.getByTestId('inspector-request-headers').first().textContent();
    expect(headers).toMatch(/"Authorization": "Bearer \S{4}••••\S{4}"/);
    expect(await page.getByTestId('inspector').textContent()).not.toContain(e2e.config.demoPassword);

    // Basic: the key as user and password.
    await page.getByTestId('back-button').click();
    await page.getByTestId('back-button').click();
    await eventually(() => title(page).textContent()).toBe('Cek NIK Pasien');
    await page.getByRole('radio', { name: /^Basic/ }).check();
    await page.getByRole('button', { name: 'Cek NIK' }).click();
    await eventually(() => title(page).textContent()).toBe('Pilih Dokter');
    expect(await page.getByTestId('inspector-request-headers').first().textContent()).toMatch(
      /"Authorization": "Basic \S{4}••••\S{4}"/,
    );

    // An external URL goes through the proxy, which calls only URLs registered on a key: the
    // refusal and its reason are shown, and nothing leaves the server.
    await page.getByTestId('back-button').click();
    await page.getByTestId('back-button').click();
    await page.getByTestId('target-url').fill('http://127.0.0.1:9/facility-api');
    await page.getByText('URL eksternal: dipanggil melalui /api/simulation/proxy').waitFor();
    await page.getByRole('button', { name: 'Cek NIK' }).click();
    await expect.poll(() => stepError(page).textContent()).toMatch(/^Gagal memeriksa NIK: \S/);
    expect(await page.getByTestId('inspector-entry').first().textContent()).toContain(
      `/api/simulation/proxy?target_url=${encodeURIComponent('http://127.0.0.1:9/facility-api/v1/patient/KTP/')}`,
    );
    expect(await title(page).textContent()).toBe('Cek NIK Pasien');
  });

  it("shows the server's refusal of a registration, and a facility without poli", async () => {
    // A sandbox facility of its own, with a key and no poli.
    const { body: masters } = await e2e.api(admin, '/api/admin/medical-facilities?limit=100');
    const { body: sandboxes } = await e2e.api(admin, '/api/admin/simulator/facilities?limit=100');
    const taken = new Set((sandboxes.data ?? sandboxes).map((f: any) => f.medical_facility_id));
    const master = (Array.isArray(masters) ? masters : masters.data).find((m: any) => !taken.has(m.id));
    const facility = await e2e.api(admin, '/api/admin/simulator/facilities', {
      method: 'POST',
      body: JSON.stringify({
        name: 'Klinik Tanpa Poli',
        facility_code: 'KTPMOB',
        type: 'Klinik',
        level: 'Primer',
        medical_facility_id: master.id,
      }),
    });
    expect(facility.status, JSON.stringify(facility.body)).toBe(201);
    const created = await e2e.api(admin, '/api/admin/simulator-apikeys', {
      method: 'POST',
      body: JSON.stringify({
        simulasi_medical_facility_id: facility.body.id,
        username: 'ktpmob-api',
        password: 'rahasia-mobile-1',
        url_dev: `${e2e.baseUrl}/api/simulation`,
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    const page = await e2e.newPage({ as: DEMO.super_admin });
    await page.goto(URL);
    await chooseOption(page, page, 'API Key Fasilitas', 'Klinik Tanpa Poli (KTPMOB)');
    await expect.poll(() => page.getByTestId('facility-name').textContent()).toBe('Klinik Tanpa Poli');
    const nik = makeNik('31.71.02', '1990-01-02', 'L', 4321);
    await page.getByTestId('nik-input').fill(nik);
    await page.getByRole('button', { name: 'Cek NIK' }).click();
    await eventually(() => title(page).textContent()).toBe('Data Pasien');
    await page.getByTestId('field-name').fill('Budi Tanpa Poli');
    await chooseOption(page, page, 'Jenis Kelamin', 'Perempuan');
    await page.getByTestId('field-dateOfBirth').fill('1990-01-02');
    await page.getByTestId('field-phoneNumber').fill('0813111222');
    await page.getByRole('button', { name: 'Daftarkan Pasien' }).click();
    // A man's NIK for a woman: the server says why, next to the NIK as well.
    await expect.poll(() => stepError(page).textContent()).toMatch(/^Gagal mendaftarkan pasien: \S/);
    await page
      .getByText('NIK tidak sesuai jenis kelamin (tanggal lahir +40 untuk perempuan)')
      .first()
      .waitFor();
    expect(await title(page).textContent()).toBe('Data Pasien');
    await chooseOption(page, page, 'Jenis Kelamin', 'Laki-laki');
    await page.getByRole('button', { name: 'Daftarkan Pasien' }).click();
    await eventually(() => title(page).textContent()).toBe('Pilih Dokter');
    await page.getByText('Tidak ada poli yang tersedia').waitFor();
    await page.getByRole('button', { name: 'Lihat Dokter Tersedia' }).click();
    await page.getByText('Silakan pilih poli terlebih dahulu').waitFor();
  });

  /** A page whose key list answers `rows` (an empty list: a user without keys). */
  async function pageWithKeys(rows: unknown[], as: string = DEMO.admin) {
    const page = await e2e.newPage({ as });
    await page.route('**/api/admin/simulator-apikeys?limit=100', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(rows) }),
    );
    return page;
  }
  const stepper = (page: Page) => page.getByTestId('wizard-stepper');

  it('shows its four steps before a key is chosen, disabled, with the reason', async () => {
    const page = await pageWithKeys([]);
    await page.goto(URL);
    await page.getByText('Pilih API key fasilitas di panel pengaturan untuk memulai.').waitFor();
    await stepper(page).waitFor();
    for (const step of ['Cek NIK Pasien', 'Data Pasien', 'Pilih Dokter', 'Konfirmasi']) {
      expect(await stepper(page).getByText(step, { exact: true }).isVisible()).toBe(true);
    }
    expect(await stepper(page).getAttribute('data-locked')).toBe('true');
    // No step is current and none can be used: the NIK form is not there yet.
    expect(await stepper(page).locator('.Mui-active').count()).toBe(0);
    expect(await stepper(page).locator('.MuiStepLabel-root.Mui-disabled').count()).toBe(4);
    expect(await page.getByTestId('nik-input').count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'mobile stepper without key');

    // With a key the same stepper unlocks, its first step current.
    const ready = await e2e.newPage({ as: DEMO.medical_facility });
    await ready.goto(URL);
    await eventually(() => stepper(ready).getAttribute('data-locked')).toBe('false');
    expect(await stepper(ready).locator('.MuiStepLabel-label.Mui-active').textContent()).toBe(
      'Cek NIK Pasien',
    );
    expect(await stepper(ready).locator('.MuiStepLabel-root.Mui-disabled').count()).toBe(0);
  });

  it("preselects the payment that follows the chosen patient's insurance", async () => {
    const { body } = await sandbox('/patients?limit=100');
    const patients = body.response.data as { nik: string; insurance_type: string | null }[];
    const bpjs = patients.find((p) => p.insurance_type === 'BPJS')!;
    const other = patients.find((p) => p.insurance_type !== 'BPJS')!;
    expect(bpjs && other).toBeTruthy();
    const page = await e2e.newPage({ as: DEMO.medical_facility });
    await page.goto(URL);
    await eventually(() => page.getByTestId('api-key').inputValue()).toBe(key.value);
    const check = async (nik: string) => {
      await page.getByTestId('nik-input').fill(nik);
      await page.getByRole('button', { name: 'Cek NIK' }).click();
      await eventually(() => title(page).textContent()).toBe('Pilih Dokter');
    };
    await check(bpjs.nik);
    await eventually(() => page.getByRole('radio', { name: 'BPJS' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Umum' }).isChecked()).toBe(false);
    // The user may still pay otherwise; the next patient gets their own.
    await page.getByRole('radio', { name: 'Umum' }).check();
    await page.getByTestId('back-button').click();
    await page.getByTestId('back-button').click();
    await check(other.nik);
    await eventually(() => page.getByRole('radio', { name: 'Umum' }).isChecked()).toBe(true);
    await page.getByTestId('back-button').click();
    await page.getByTestId('back-button').click();
    await check(bpjs.nik);
    await eventually(() => page.getByRole('radio', { name: 'BPJS' }).isChecked()).toBe(true);
  });

  it('shows dates as dd/MM/yyyy and times in Jakarta time in a browser set to en-US in New York', async () => {
    const context = await e2e.browser.newContext({
      ...CONTEXT,
      baseURL: e2e.baseUrl,
      locale: 'en-US',
      timezoneId: 'America/New_York',
    });
    try {
      const page = await context.newPage();
      await e2e.login(page, DEMO.admin);
      await page.goto(URL);
      await pickKey(page);
      const patient = await existingPatient(3);
      await page.getByTestId('nik-input').fill(patient.nik);
      await page.getByRole('button', { name: 'Cek NIK' }).click();
      await eventually(() => title(page).textContent()).toBe('Pilih Dokter');
      const [y, m, d] = visitDate().split('-');
      const date = page.getByTestId('field-date');
      expect(await date.inputValue()).toBe(`${d}/${m}/${y}`);
      // A day that does not exist is refused by its field; a dd/MM/yyyy one is sent as a date.
      await date.fill('31/02/2027');
      await page.getByText('Tanggal harus berformat dd/mm/yyyy').waitFor();
      await date.fill(`${d}/${m}/${y}`);
      expect(await page.getByText('Tanggal harus berformat dd/mm/yyyy').count()).toBe(0);
      await eventually(() => page.getByRole('combobox', { name: /^Poli/ }).isDisabled()).toBe(false);
      await chooseOption(page, page, 'Poli', poli.poly_name);
      await page.getByRole('button', { name: 'Lihat Dokter Tersedia' }).click();
      await expect
        .poll(() => page.getByTestId('inspector-entry').first().textContent())
        .toContain(`/v1/appointment/quota/${poli.poly_code}/${visitDate()}?time=09%3A00`);
      // The inspector's clock is Jakarta's (UTC+7), dd/MM/yyyy HH:mm, whatever the browser's zone.
      const shown = await page.getByTestId('inspector-time').first().textContent();
      const when = /(\d\d)\/(\d\d)\/(\d{4}) (\d\d):(\d\d)$/.exec(shown ?? '');
      expect(when, shown ?? '').not.toBeNull();
      const [, dd, mo, yy, h, mi] = when!;
      const shownAt = Date.parse(`${yy}-${mo}-${dd}T${h}:${mi}:00+07:00`);
      expect(Math.abs(shownAt - Date.now())).toBeLessThan(2 * 60_000);
    } finally {
      await context.close();
    }
  });

  it("opens with the admin's last used key, else the first key, remembered in this browser", async () => {
    const { body } = await e2e.api(admin, '/api/admin/simulator-apikeys?limit=100');
    const list = (Array.isArray(body) ? body : body.data) as Key[];
    expect(list.length).toBeGreaterThan(1);
    const label = (k: Key) => `${k.facility_name} (${k.facility_code})`;
    const page = await e2e.newPage({ as: DEMO.super_admin });
    await page.goto(URL);
    // Nothing used yet: the first key, loaded and ready.
    await eventually(() => keyPicker(page).textContent()).toBe(label(list[0]));
    await eventually(() => page.getByTestId('api-key').inputValue()).not.toBe('');
    await page.getByText('API key pertama dipilih otomatis.').waitFor();
    await stepper(page).waitFor();
    expect(await stepper(page).getAttribute('data-locked')).toBe('false');
    await page.getByTestId('nik-input').waitFor();

    // Another key chosen is the one the next visit opens with.
    const other = list[1];
    await chooseOption(page, page, 'API Key Fasilitas', label(other));
    await expect.poll(() => page.getByTestId('facility-name').textContent()).toBe(other.facility_name);
    expect(await storageItem(page, 'mobile-simulator.last-key')).toBe(String(other.id));
    await page.reload();
    await eventually(() => keyPicker(page).textContent()).toBe(label(other));
    await page.getByText('API key yang terakhir Anda pakai dipilih otomatis.').waitFor();
    await expect.poll(() => page.getByTestId('facility-name').textContent()).toBe(other.facility_name);
    await expectNoSeriousA11yViolations(page, 'mobile last key');

    // A remembered key that is gone: the first one again.
    await page.evaluate(() => window.localStorage.setItem('mobile-simulator.last-key', '999999'));
    await page.reload();
    await eventually(() => keyPicker(page).textContent()).toBe(label(list[0]));
  });

  it('the changed screens (stepper without key, patient form, doctor step) in both languages at 1400 and 390 px', async () => {
    const { body } = await sandbox('/patients?limit=100');
    const bpjs = (body.response.data as { nik: string; insurance_type: string | null }[]).find(
      (p) => p.insurance_type === 'BPJS',
    )!;
    for (const [lang, width] of [
      ['id', 1400],
      ['id', 390],
      ['en', 1400],
      ['en', 390],
    ] as const) {
      const name = `${lang}-${width}`;
      const locked = await pageWithKeys([], DEMO.medical_facility);
      await locked.addInitScript(
        (l) => window.localStorage.setItem('RaStore.locale', JSON.stringify(l)),
        lang,
      );
      await locked.setViewportSize({ width, height: 900 });
      await locked.goto(URL);
      await stepper(locked).waitFor();
      await expectNoSeriousA11yViolations(locked, `mobile ${name} no key`);
      await shot(locked, `${name}-locked`);

      const page = await e2e.newPage({ as: DEMO.medical_facility });
      await page.addInitScript((l) => window.localStorage.setItem('RaStore.locale', JSON.stringify(l)), lang);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(URL);
      await eventually(() => stepper(page).getAttribute('data-locked')).toBe('false');
      await page.getByTestId('nik-input').fill(makeNik('31.71.03', '1991-03-04', 'L', 7000 + width));
      await page.getByTestId('nik-input').press('Enter');
      await page.getByTestId('field-dateOfBirth').waitFor();
      await page.getByTestId('field-dateOfBirth').fill('04/03/1991');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectNoSeriousA11yViolations(page, `mobile ${name} patient form`);
      await shot(page, `${name}-1-patient`);
      await page.getByTestId('back-button').click();
      // The poli list held back a moment: the waiting field says so, legibly (axe).
      let release = () => {};
      const held = new Promise<void>((r) => (release = r));
      await page.route(
        (u) => u.pathname.endsWith('/simulator/poli'),
        async (route) => {
          await held;
          await route.continue();
        },
      );
      await page.getByTestId('nik-input').fill(bpjs.nik);
      await page.getByTestId('nik-input').press('Enter');
      await page.getByTestId('field-date').waitFor();
      await page.getByText(lang === 'id' ? 'Memuat...' : 'Loading...', { exact: true }).waitFor();
      await expectNoSeriousA11yViolations(page, `mobile ${name} doctor step, poli loading`);
      await shot(page, `${name}-2-doctor-loading`);
      release();
      await eventually(() => page.getByText(lang === 'id' ? 'Memuat...' : 'Loading...').count()).toBe(0);
      await eventually(() => page.getByRole('radio', { name: 'BPJS' }).isChecked()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectNoSeriousA11yViolations(page, `mobile ${name} doctor step`);
      await shot(page, `${name}-2-doctor`);
    }
  }, 240_000);

  it('works as a phone at 390 px (in English): the whole flow, the panel collapsible below', async () => {
    const page = await e2e.newPage({ as: DEMO.medical_facility });
    await page.addInitScript(() => window.localStorage.setItem('RaStore.locale', '"en"'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(URL);
    await eventually(() => title(page).textContent()).toBe('Check Patient NIK');
    const noOverflow = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await noOverflow()).toBe(true);
    await expectNoSeriousA11yViolations(page, 'mobile 390 step 0');
    await shot(page, 'en-390-0-nik');
    // The panel starts folded under the phone.
    expect(await page.getByTestId('api-key').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Settings and inspector' }).click();
    await page.getByTestId('api-key').waitFor({ state: 'visible' });
    await eventually(() => page.getByTestId('api-key').inputValue()).toBe(key.value);
    await page.getByRole('button', { name: 'Settings and inspector' }).click();
    await page.getByTestId('api-key').waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Check NIK' }).click();
    await page.getByText('NIK is required').waitFor();
    const patient = await existingPatient(2);
    await page.getByTestId('nik-input').fill(patient.nik);
    await page.getByRole('button', { name: 'Check NIK' }).click();
    await eventually(() => title(page).textContent()).toBe('Choose Doctor');
    await eventually(() => page.getByRole('combobox', { name: /^Poli/ }).isDisabled()).toBe(false);
    await chooseOption(page, page, 'Poli', poli.poly_name);
    await chooseOption(page, page, 'Visit Time', '11:00');
    await menusClosed(page);
    expect(await noOverflow()).toBe(true);
    await shot(page, 'en-390-2-doctor');
    await page.getByRole('button', { name: 'See Available Doctors' }).click();
    await eventually(() => title(page).textContent()).toBe('Confirm');
    await page.getByRole('radio').first().check();
    expect(await noOverflow()).toBe(true);
    await expectNoSeriousA11yViolations(page, 'mobile 390 step 3');
    await shot(page, 'en-390-3-confirm');
    await page.getByRole('button', { name: 'Confirm Appointment' }).click();
    await page.getByTestId('e-ticket').waitFor();
    await page.getByTestId('booking-qr').locator('svg').waitFor();
    await page
      .getByText('Please arrive 30 minutes before the schedule and bring your ID (KTP) or BPJS card.')
      .waitFor();
    expect(await page.getByTestId('ticket-time').textContent()).toContain('11:00–12:00');
    expect(await noOverflow()).toBe(true);
    await expectNoSeriousA11yViolations(page, 'mobile 390 e-ticket');
    await shot(page, 'en-390-4-ticket');
    await page.getByRole('button', { name: 'Make a New Appointment' }).click();
    await eventually(() => title(page).textContent()).toBe('Check Patient NIK');
  });
});
