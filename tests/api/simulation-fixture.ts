/**
 * A sandbox of the tests' own, made through the admin API: a simulated facility linked to a
 * medical facility without one, a poli, a doctor working Monday to Saturday 08:00-12:00 with
 * `maxPatients` places, and an API key with a known value, username and password.
 */
import { makeNik } from '../../src/domain/nik';
import { isoDayOfWeek } from '../../src/domain/sandbox';
import { DEMO_EMAILS, type TestApp } from './helper';
import { jakartaToday } from '../../src/domain/clock';

export interface Sandbox {
  admin: string;
  medicalFacilityId: number;
  facilityId: number;
  facilityCode: string;
  doctorId: number;
  scheduleIds: number[];
  keyId: number;
  key: string;
  username: string;
  password: string;
}

let counter = 0;

export async function makeSandbox(t: TestApp, maxPatients = 3, code = 'TST'): Promise<Sandbox> {
  const admin = await t.login(DEMO_EMAILS.super_admin);
  const api = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await t.request(admin, { method, url, payload });
    if (res.statusCode !== 201 && res.statusCode !== 200)
      throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const { rows } = await t.db.query(
    `SELECT id FROM medical_facilities m
      WHERE NOT EXISTS (SELECT 1 FROM simulator_facilities s WHERE s.medical_facility_id = m.id)
      ORDER BY id LIMIT 1`,
  );
  const medicalFacilityId = rows[0].id;
  const n = ++counter;
  const facility = await api('POST', '/api/admin/simulator/facilities', {
    name: `RS Uji ${code}${n}`,
    facility_code: `${code}${n}`,
    type: 'RSU',
    level: 'Sekunder',
    medical_facility_id: medicalFacilityId,
  });
  await api('POST', '/api/admin/simulator/poli', {
    poly_code: 'UMU',
    poly_name: 'Umum',
    medical_facility_id: medicalFacilityId,
  });
  const doctor = await api('POST', '/api/admin/simulator/doctors', {
    nip: `NIP${code}${n}`,
    name: 'dr. Uji Coba',
    specialization: 'Dokter Umum',
    consultation_fee: 75000,
    medical_facility_id: medicalFacilityId,
  });
  const scheduleIds: number[] = [];
  for (const day of [1, 2, 3, 4, 5, 6]) {
    const s = await api('POST', '/api/admin/simulator/schedules', {
      doctor_id: doctor.id,
      poly_code: 'UMU',
      poly_name: 'Umum',
      day_of_week: day,
      start_time: '08:00',
      end_time: '12:00',
      max_patients: maxPatients,
    });
    scheduleIds.push(s.id);
  }
  const key = `${code.toLowerCase()}${n}key123456abcdef`;
  const password = 'rahasia-uji-123';
  const username = `${code.toLowerCase()}${n}-api`;
  const apiKey = await api('POST', '/api/admin/simulator-apikeys', {
    simulasi_medical_facility_id: facility.id,
    x_api_key: key,
    username,
    password,
    url_dev: 'https://sandbox.example.org/api',
  });
  return {
    admin,
    medicalFacilityId,
    facilityId: facility.id,
    facilityCode: facility.facility_code,
    doctorId: doctor.id,
    scheduleIds,
    keyId: apiKey.id,
    key,
    username,
    password,
  };
}

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Today in Jakarta. */
export { jakartaToday };

/** The next date (after today) falling on an ISO day of week (1 Monday ... 7 Sunday). */
export function nextDay(dayOfWeek: number, after = jakartaToday()): string {
  let ms = Date.parse(after) + DAY;
  while (isoDayOfWeek(iso(ms)) !== dayOfWeek) ms += DAY;
  return iso(ms);
}

/** A valid NIK (Jakarta Pusat, Gambir) for a birth date and gender; `seq` makes it unique. */
export const nikFor = (dob: string, gender: 'L' | 'P', seq: number) => makeNik('31.71.01', dob, gender, seq);

/** The create-patient payload of the facility API for a new patient. */
export function patientPayload(seq: number, gender: 'L' | 'P' = 'L', dob = '1990-05-17') {
  return {
    nik: nikFor(dob, gender, seq),
    name: `Pasien Uji ${seq}`,
    gender,
    dateOfBirth: dob,
    placeOfBirth: 'Jakarta',
    phoneNumber: '081234567890',
    insurrance: '0001',
    insurranceNumber: `000${String(1000000000 + seq)}`,
    kk_number: '3171010101010001',
    religion: 'Islam',
    patientCompanion: { relationship: 'Istri', name: 'Pendamping', gender: 'P', phoneNumber: '0811' },
  };
}
