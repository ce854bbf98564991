import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { dbTargets, startTestApp, DEMO_EMAILS, type TestApp } from './helper';
import { makeSandbox, nikFor, type Sandbox } from './simulation-fixture';
import { CREATE_ONLY_MESSAGE } from '../../src/domain/resource';
import { NIK_MESSAGES } from '../../src/domain/nik';
import { DEFAULT_JOURNEY_CONFIGS } from '../../src/domain/sandbox';
import { SCHEDULE_END_BEFORE_START } from '../../src/resources/simulator-schedules';
import { JOURNEY_SUPPORTED_UNKNOWN } from '../../src/resources/journey-config';
import {
  NO_SANDBOX,
  OTHER_FACILITY,
  DOCTOR_NOT_FOUND,
  KEY_CHARACTERS,
} from '../../src/server/simulation/hooks';
import { COPY_NONE } from '../../src/server/simulation/admin';
import { SANDBOX_DELIVERIES_PER_FACILITY } from '../../src/server/seed/entities/sandbox-deliveries';

const A = '/api/admin/simulator';

describe.each(dbTargets())('sandbox resources (%s)', (kind) => {
  let t: TestApp;
  let s: Sandbox;
  let admin: string;
  let faskes: string;
  let faskesFacility: number;
  const api = (
    token: string,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.request(token, { method, url, payload });

  beforeAll(async () => {
    t = await startTestApp(kind, { patients: 5 });
    s = await makeSandbox(t, 5, 'RES');
    admin = s.admin;
    faskes = await t.login(DEMO_EMAILS.medical_facility);
    const { rows } = await t.db.query('SELECT medical_facility_id FROM web_admins WHERE email = $1', [
      DEMO_EMAILS.medical_facility,
    ]);
    faskesFacility = rows[0].medical_facility_id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('starts with the demo sandbox: three facilities with keys, poli, doctors scheduled for two weeks, patients, bookings', async () => {
    const facilities = (await api(admin, 'GET', `${A}/facilities?limit=100`)).json();
    const demo = facilities.data.filter((f: any) =>
      ['PKMGMB', 'RSUDSBX', 'KLNSBX'].includes(f.facility_code),
    );
    expect(demo).toHaveLength(3);
    expect(demo.find((f: any) => f.facility_code === 'PKMGMB').medical_facility_id).toBe(faskesFacility);
    const keys = (await api(admin, 'GET', '/api/admin/simulator-apikeys?limit=100')).json().data;
    for (const f of demo) expect(keys.some((k: any) => k.simulasi_medical_facility_id === f.id)).toBe(true);
    const { rows } = await t.db.query(
      `SELECT count(DISTINCT d.id)::int AS doctors, min(s.effective_date)::text AS from, max(s.end_date)::text AS to,
              (SELECT count(*)::int FROM simulator_patients) AS patients,
              (SELECT count(*)::int FROM simulator_appointments) AS appointments,
              (SELECT count(*)::int FROM simulator_poli) AS poli
         FROM simulator_doctors d JOIN simulator_schedules s ON s.doctor_id = d.id
        WHERE d.medical_facility_id = ANY($1::int[])`,
      [demo.map((f: any) => f.medical_facility_id)],
    );
    expect(rows[0].doctors).toBeGreaterThanOrEqual(6);
    const days = (Date.parse(rows[0].to) - Date.parse(rows[0].from)) / 86_400_000;
    expect(days).toBe(14);
    expect(rows[0].patients).toBeGreaterThanOrEqual(30);
    expect(rows[0].appointments).toBeGreaterThanOrEqual(20);
    expect(rows[0].poli).toBeGreaterThanOrEqual(10);
    // Delivery orders too, each facility's named by its code, in more than one status.
    const orders = (await api(admin, 'GET', `${A}/delivery?limit=100`)).json().data;
    for (const f of demo)
      expect(orders.filter((o: any) => o.order_id.startsWith(`SBX-${f.facility_code}-`)).length).toBe(
        SANDBOX_DELIVERIES_PER_FACILITY,
      );
    expect(new Set(orders.map((o: any) => o.delivery_status)).size).toBeGreaterThan(1);
  });

  it("the facility picker's sandbox=true offers only facilities with a sandbox, the ones a sandbox patient can belong to", async () => {
    const { rows } = await t.db.query<{ id: number }>(
      'SELECT medical_facility_id AS id FROM simulator_facilities ORDER BY 1',
    );
    const picked = await api(admin, 'GET', '/api/admin/medical-facilities?sandbox=true&limit=100');
    expect(picked.statusCode).toBe(200);
    expect(
      picked
        .json()
        .data.map((f: any) => f.id)
        .sort((a: number, b: number) => a - b),
    ).toEqual(rows.map((r) => r.id));
    const all = await api(admin, 'GET', '/api/admin/medical-facilities?limit=1');
    expect(all.json().pagination.total).toBeGreaterThan(rows.length);
    // A facility left out is one the sandbox refuses.
    const { rows: other } = await t.db.query<{ id: number }>(
      `SELECT id FROM medical_facilities m WHERE NOT EXISTS
         (SELECT 1 FROM simulator_facilities s WHERE s.medical_facility_id = m.id) LIMIT 1`,
    );
    const refused = await api(admin, 'POST', `${A}/patients`, {
      nik: '3171016507900003',
      name: 'Tanpa Sandbox',
      gender: 'P',
      date_of_birth: '1990-07-25',
      medical_facility_id: other[0].id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.medical_facility_id).toBe(NO_SANDBOX);
  });

  it('creates the journey defaults once: initialize-defaults adds only what is missing', async () => {
    const list = () => api(admin, 'GET', '/api/admin/journey-config?limit=100');
    const types = (await list()).json().data.map((c: any) => c.journey_type);
    expect(types).toEqual(DEFAULT_JOURNEY_CONFIGS.map((c) => c.journey_type).sort());
    const first = (await list()).json().data.find((c: any) => c.journey_type === 'TINDAKAN');
    expect(first.journey_steps.find((st: any) => st.id === 'treatment').default_duration_minutes).toBe(45);

    const none = await api(admin, 'POST', '/api/admin/journey-config/initialize-defaults');
    expect(none.statusCode).toBe(200);
    expect(none.json().created).toEqual([]);
    expect((await api(admin, 'DELETE', `/api/admin/journey-config/${first.id}`)).statusCode).toBe(200);
    expect(
      (await api(admin, 'POST', '/api/admin/journey-config/initialize-defaults')).json().created,
    ).toEqual(['TINDAKAN']);
    expect(
      (await api(admin, 'POST', '/api/admin/journey-config/initialize-defaults')).json().created,
    ).toEqual([]);
    expect((await list()).json().pagination.total).toBe(3);
    expect((await api(faskes, 'POST', '/api/admin/journey-config/initialize-defaults')).statusCode).toBe(403);
  });

  it('journey configs: type in capitals, steps from the ten ids, supported steps among them', async () => {
    const created = await api(admin, 'POST', '/api/admin/journey-config', {
      journey_type: 'kontrol ulang',
      journey_steps: [{ id: 'checkin', title: 'Check-in', default_duration_minutes: 10 }],
      supported_journey: ['checkin'],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().journey_type).toBe('KONTROL ULANG');
    const dup = await api(admin, 'POST', '/api/admin/journey-config', {
      journey_type: 'Kontrol Ulang',
      journey_steps: [{ id: 'checkin', title: 'x', default_duration_minutes: 1 }],
    });
    expect(dup.statusCode).toBe(409);
    const bad = await api(admin, 'POST', '/api/admin/journey-config', {
      journey_type: 'X',
      journey_steps: [{ id: 'tidur', title: 'x', default_duration_minutes: 1 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors['journey_steps.0.id']).toMatch(/^Pilih salah satu: checkin, assessment/);
    const unsupported = await api(admin, 'POST', '/api/admin/journey-config', {
      journey_type: 'Y',
      journey_steps: [{ id: 'checkin', title: 'x', default_duration_minutes: 1 }],
      supported_journey: ['payment'],
    });
    expect(unsupported.json().errors.supported_journey).toBe(JOURNEY_SUPPORTED_UNKNOWN);
    const empty = await api(admin, 'POST', '/api/admin/journey-config', {
      journey_type: 'Z',
      journey_steps: [],
    });
    expect(empty.statusCode).toBe(400);
  });

  it('facilities: the 11 types, unique code, hours and services by their schemas, renames follow', async () => {
    const bad = await api(admin, 'POST', `${A}/facilities`, {
      name: 'X',
      facility_code: 'XX1',
      type: 'Rumah Sakit',
      level: 'Kuartier',
      operational_hours: { senin: { open: '25:00', close: '12:00' } },
      services: [''],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      type: expect.stringMatching(/^Pilih salah satu: RSUD, RSUP, RSU, RS Khusus/),
      level: 'Pilih salah satu: Primer, Sekunder, Tersier',
      'operational_hours.senin.open': 'Format jam HH:MM (00:00–23:59)',
      'services.0': 'Wajib diisi',
      medical_facility_id: 'Wajib diisi',
    });
    const dup = await api(admin, 'POST', `${A}/facilities`, {
      name: 'X',
      facility_code: s.facilityCode.toLowerCase(), // the fixture's code, in other case
      type: 'Klinik',
      medical_facility_id: s.medicalFacilityId + 1,
    });
    expect(dup.statusCode).toBe(409);

    const rename = await api(admin, 'PATCH', `${A}/facilities/${s.facilityId}`, {
      name: 'RS Uji Berganti Nama',
      services: ['IGD', 'Rawat Jalan'],
      operational_hours: {
        senin: { open: '08:00', close: '16:00' },
        minggu: { open: '00:00', close: '23:59', is_24_hours: true },
      },
    });
    expect(rename.statusCode, rename.body).toBe(200);
    expect(rename.json().services).toEqual(['IGD', 'Rawat Jalan']);
    const doctor = (await api(admin, 'GET', `${A}/doctors/${s.doctorId}`)).json();
    expect(doctor.facility_name).toBe('RS Uji Berganti Nama');
    const key = (await api(admin, 'GET', `/api/admin/simulator-apikeys/${s.keyId}`)).json();
    expect(key.facility_name).toBe('RS Uji Berganti Nama');
    const move = await api(admin, 'PATCH', `${A}/facilities/${s.facilityId}`, {
      medical_facility_id: s.medicalFacilityId + 1,
    });
    expect(move.statusCode, move.body).toBe(400);
    expect(move.json().errors.medical_facility_id).toBe(CREATE_ONLY_MESSAGE);
  });

  it('doctors, schedules, patients: their rules, in Indonesian', async () => {
    const { rows } = await t.db.query(
      `SELECT id FROM medical_facilities m WHERE NOT EXISTS
         (SELECT 1 FROM simulator_facilities s WHERE s.medical_facility_id = m.id) ORDER BY id LIMIT 1`,
    );
    const noSandbox = await api(admin, 'POST', `${A}/doctors`, {
      nip: '1',
      name: 'dr. X',
      specialization: 'Dokter Umum',
      medical_facility_id: rows[0].id,
    });
    expect(noSandbox.json().errors.medical_facility_id).toBe(NO_SANDBOX);
    const spec = await api(admin, 'POST', `${A}/doctors`, {
      nip: '1',
      name: 'dr. X',
      specialization: 'Dukun',
      medical_facility_id: s.medicalFacilityId,
    });
    expect(spec.json().errors.specialization).toMatch(
      /^Pilih salah satu: Dokter Umum, Spesialis Penyakit Dalam/,
    );

    const late = await api(admin, 'POST', `${A}/schedules`, {
      doctor_id: s.doctorId,
      poly_name: 'Umum',
      day_of_week: 7,
      start_time: '12:00',
      end_time: '08:00',
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().errors.end_time).toBe(SCHEDULE_END_BEFORE_START);
    const day8 = await api(admin, 'POST', `${A}/schedules`, {
      doctor_id: s.doctorId,
      poly_name: 'Umum',
      day_of_week: 8,
      start_time: '08:00',
      end_time: '09:00',
    });
    expect(day8.json().errors.day_of_week).toBe('Maksimal 7');
    const sunday = await api(admin, 'POST', `${A}/schedules`, {
      doctor_id: s.doctorId,
      poly_name: 'Umum',
      day_of_week: 7,
      start_time: '08:00',
      end_time: '09:00',
    });
    expect(sunday.statusCode, sunday.body).toBe(201);
    expect(sunday.json()).toMatchObject({
      max_patients: 20,
      consultation_duration: 15,
      is_active: true,
      doctor_name: 'dr. Uji Coba',
    });

    const mismatch = await api(admin, 'POST', `${A}/patients`, {
      nik: nikFor('1985-02-03', 'L', 7),
      name: 'Budi',
      gender: 'P',
      date_of_birth: '1985-02-03',
      medical_facility_id: s.medicalFacilityId,
    });
    expect(mismatch.json().errors.nik).toBe(NIK_MESSAGES.genderMismatch);
    const patient = await api(admin, 'POST', `${A}/patients`, {
      nik: nikFor('1985-02-03', 'L', 7),
      name: 'Budi',
      gender: 'L',
      date_of_birth: '1985-02-03',
      medical_facility_id: s.medicalFacilityId,
    });
    expect(patient.statusCode, patient.body).toBe(201);
    expect(patient.json().no_mr).toMatch(/^RM\d{8}$/);
    const again = await api(admin, 'POST', `${A}/patients`, {
      nik: nikFor('1985-02-03', 'L', 7),
      name: 'Budi Lagi',
      gender: 'L',
      date_of_birth: '1985-02-03',
      medical_facility_id: s.medicalFacilityId,
    });
    expect(again.statusCode).toBe(409);
  });

  it('appointments: generated booking ID and queue, journey events, the six statuses, one facility', async () => {
    const { rows } = await t.db.query(
      'SELECT id FROM simulator_patients WHERE medical_facility_id = $1 LIMIT 1',
      [s.medicalFacilityId],
    );
    const created = await api(admin, 'POST', `${A}/appointments`, {
      patient_id: rows[0].id,
      doctor_id: s.doctorId,
      appointment_date: '2030-01-07',
      booking_id: '',
      chief_complaint: 'Demam',
    });
    expect(created.statusCode, created.body).toBe(201);
    const a = created.json();
    expect(a.booking_id).toMatch(/^APT\d{6}[A-Z]{3}$/);
    expect(a).toMatchObject({
      queue_number: 1,
      status: 'scheduled',
      patient_name: 'Budi',
      doctor_name: 'dr. Uji Coba',
    });
    expect(a.schedule_id).toBe(s.scheduleIds[0]); // 2030-01-07 is a Monday
    const journeys = await api(admin, 'GET', `${A}/appointments/${a.id}/journeys`);
    expect(journeys.json().data.length).toBeGreaterThan(3);
    const bad = await api(admin, 'PATCH', `${A}/appointments/${a.id}`, { status: 'hilang' });
    expect(bad.json().errors.status).toBe(
      'Pilih salah satu: scheduled, confirmed, in_progress, completed, cancelled, no_show',
    );
    const { rows: other } = await t.db.query(
      'SELECT id FROM simulator_patients WHERE medical_facility_id <> $1 LIMIT 1',
      [s.medicalFacilityId],
    );
    const mixed = await api(admin, 'POST', `${A}/appointments`, {
      patient_id: other[0].id,
      doctor_id: s.doctorId,
      appointment_date: '2030-01-08',
    });
    expect(mixed.json().errors.patient_id).toBe(OTHER_FACILITY);
    const search = await api(admin, 'GET', `${A}/appointments?search=${a.booking_id}`);
    expect(search.json().data.map((r: any) => r.id)).toEqual([a.id]);
  });

  it('poli: code fixed once created, copy from master adds only what is missing', async () => {
    const list = (await api(admin, 'GET', `${A}/poli?medical_facility_id=${s.medicalFacilityId}`)).json()
      .data;
    const umu = list.find((p: any) => p.poly_code === 'UMU');
    const change = await api(admin, 'PUT', `${A}/poli/${umu.id}`, { ...umu, poly_code: 'UMUM' });
    expect(change.json().errors.poly_code).toBe(CREATE_ONLY_MESSAGE);
    const none = await api(admin, 'POST', `${A}/poli/copy-from-master`, {
      poly_codes: [],
      medical_facility_id: s.medicalFacilityId,
    });
    expect(none.json().errors.poly_codes).toBe(COPY_NONE);
    const copy = await api(admin, 'POST', `${A}/poli/copy-from-master`, {
      poly_codes: ['UMU', 'ANA', 'GIG'],
      medical_facility_id: s.medicalFacilityId,
    });
    expect(copy.statusCode, copy.body).toBe(200);
    expect(
      copy
        .json()
        .data.map((p: any) => p.poly_code)
        .sort(),
    ).toEqual(['ANA', 'GIG']);
  });

  it('API keys: a blank key is generated from the facility code; a masked key sent back is kept', async () => {
    const created = await api(admin, 'POST', '/api/admin/simulator-apikeys', {
      simulasi_medical_facility_id: s.facilityId,
      x_api_key: '',
      username: 'kedua',
      token: 'token-dari-faskes-123456',
    });
    expect(created.statusCode, created.body).toBe(201);
    const k = created.json();
    expect(k.token).toBe('toke****************3456');
    const full = (await api(admin, 'GET', `/api/admin/simulator-apikeys/${k.id}/reveal`)).json();
    expect(full.x_api_key).toMatch(/^res\d+\d{6}[a-z]{6}$/);
    expect(full.token).toBe('token-dari-faskes-123456');
    const put = await api(admin, 'PUT', `/api/admin/simulator-apikeys/${k.id}`, {
      simulasi_medical_facility_id: s.facilityId,
      x_api_key: k.x_api_key,
      token: k.token,
      username: 'kedua-baru',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await api(admin, 'GET', `/api/admin/simulator-apikeys/${k.id}/reveal`)).json()).toEqual(full);
    const star = await api(admin, 'PUT', `/api/admin/simulator-apikeys/${k.id}`, {
      simulasi_medical_facility_id: s.facilityId,
      x_api_key: 'abcd****efgh12345',
    });
    expect(star.json().errors.x_api_key).toBe(KEY_CHARACTERS);
  });

  it('delivery: the master form rules in the sandbox', async () => {
    const missing = await api(admin, 'POST', `${A}/delivery`, { order_id: 'SBX-1' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toMatchObject({ user_id: 'Wajib diisi', patient_kode_pos: 'Wajib diisi' });
    const { rows } = await t.db.query('SELECT id FROM users ORDER BY id LIMIT 1');
    const ok = await api(admin, 'POST', `${A}/delivery`, {
      order_id: 'SBX-1',
      user_id: rows[0].id,
      medical_facility_id: s.medicalFacilityId,
      hospital_address: 'Jl. Uji 1',
      hospital_latitude: -6.2,
      hospital_longitude: 106.8,
      medicine_count: 2,
      medicine_weight: 0.3,
      patient_nik: nikFor('1985-02-03', 'L', 7),
      patient_address: 'Jl. Pasien 2',
      patient_kota: 'Jakarta Pusat',
      patient_kecamatan: 'Gambir',
      patient_kode_pos: '10110',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().delivery_status).toBe('PENDING');
  });

  it("keeps a facility user to their own facility's sandbox", async () => {
    for (const url of [
      `${A}/facilities`,
      `${A}/doctors`,
      `${A}/patients`,
      `${A}/appointments`,
      `${A}/poli`,
      `${A}/schedules`,
      '/api/admin/simulator-apikeys',
    ]) {
      const res = await api(faskes, 'GET', `${url}?limit=100`);
      expect(res.statusCode, url).toBe(200);
      expect(res.json().data.length, url).toBeGreaterThan(0);
      expect(
        res.json().data.every((r: any) => r.medical_facility_id === faskesFacility),
        url,
      ).toBe(true);
    }
    expect((await api(faskes, 'GET', `${A}/doctors/${s.doctorId}`)).statusCode).toBe(404);
    expect((await api(faskes, 'GET', `/api/admin/simulator-apikeys/${s.keyId}/reveal`)).statusCode).toBe(404);
    const test = await api(faskes, 'POST', '/api/admin/test-simulator-apikey', { x_api_key: s.key });
    expect(test.json().validation_result.is_valid).toBe(false);
    // Another facility's doctor cannot be scheduled; a new patient lands in their own facility.
    const schedule = await api(faskes, 'POST', `${A}/schedules`, {
      doctor_id: s.doctorId,
      poly_name: 'Umum',
      day_of_week: 1,
      start_time: '08:00',
      end_time: '09:00',
    });
    expect(schedule.json().errors.doctor_id).toBe(DOCTOR_NOT_FOUND);
    const patient = await api(faskes, 'POST', `${A}/patients`, {
      nik: nikFor('1970-12-30', 'P', 9),
      name: 'Sari',
      gender: 'P',
      date_of_birth: '1970-12-30',
      medical_facility_id: s.medicalFacilityId,
    });
    expect(patient.statusCode, patient.body).toBe(201);
    expect(patient.json().medical_facility_id).toBe(faskesFacility);
    // A facility user's form need not name the facility: the server fills in their own.
    const unnamed = await api(faskes, 'POST', `${A}/doctors`, {
      nip: '19700101',
      name: 'dr. Tanpa Fasilitas',
      specialization: 'Dokter Umum',
    });
    expect(unnamed.statusCode, unnamed.body).toBe(201);
    expect(unnamed.json().medical_facility_id).toBe(faskesFacility);
    // An admin must still name one.
    const adminUnnamed = await api(admin, 'POST', `${A}/doctors`, {
      nip: '19700102',
      name: 'dr. Tanpa Fasilitas',
      specialization: 'Dokter Umum',
    });
    expect(adminUnnamed.json().errors.medical_facility_id).toBe('Wajib diisi');
    expect((await api(faskes, 'GET', '/api/admin/journey-config')).statusCode).toBe(403);
    const viewer = await t.login(DEMO_EMAILS.viewer);
    expect((await api(viewer, 'GET', `${A}/patients`)).statusCode).toBe(403);
  });
});
