import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { dbTargets, startTestApp, type TestApp } from './helper';
import { makeSandbox, nextDay, jakartaToday, patientPayload, type Sandbox } from './simulation-fixture';
import { NIK_MESSAGES } from '../../src/domain/nik';
import { DEFAULT_JOURNEY_CONFIGS } from '../../src/domain/sandbox';
import {
  ALREADY_BOOKED,
  APPOINTMENT_NOT_FOUND,
  DATE_PAST,
  NO_SCHEDULE,
  QUOTA_FULL,
} from '../../src/server/simulation/booking';
import { PATIENT_EXISTS, PATIENT_NOT_FOUND } from '../../src/server/simulation/patients';
import { TOKEN_CREDENTIALS } from '../../src/server/simulation/routes';

const BASE = '/api/simulation';

/** Every answer of the facility API is the envelope, and its code is the HTTP status. */
function envelopeOf(res: LightMyRequestResponse) {
  const body = res.json();
  expect(Object.keys(body).sort(), res.body).toEqual(['metadata', 'response']);
  expect(body.metadata.code).toBe(res.statusCode);
  expect(typeof body.metadata.message).toBe('string');
  return body;
}

describe.each(dbTargets())('facility API conformance (%s)', (kind) => {
  let t: TestApp;
  let s: Sandbox;
  let token: string;
  const monday = nextDay(1);
  const call = (
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url: `${BASE}${url}`,
      payload,
      headers: { authorization: `Bearer ${token}`, ...headers },
    });
  const quotaLeft = async (date = monday) => {
    const res = await call('GET', `/v1/appointment/quota/UMU/${date}`);
    expect(res.statusCode, res.body).toBe(200);
    const entry = envelopeOf(res).response.find((e: any) => e.doctor_id === s.doctorId);
    return entry?.quota_left as number | undefined;
  };
  const booking = (p: ReturnType<typeof patientPayload>, date = monday, extra: object = {}) => ({
    poly_code: 'UMU',
    poly_name: 'Umum',
    date,
    start_time: '09:00',
    end_time: '10:00',
    doctor_id: s.doctorId,
    id_type: 'KTP',
    id_number: p.nik,
    name: p.name,
    health_insurance: 'BPJS',
    ...extra,
  });

  beforeAll(async () => {
    t = await startTestApp(kind, { patients: 5 });
    s = await makeSandbox(t, 3);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('issues a token for the key with its username and password, refuses a wrong password', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: `${BASE}/v1/token`,
      headers: { 'x-api-key': s.key },
      payload: { username: s.username, password: 'salah-sandi-123' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(envelopeOf(wrong).metadata.message).toBe(TOKEN_CREDENTIALS);

    const res = await t.app.inject({
      method: 'POST',
      url: `${BASE}/v1/token`,
      headers: { 'x-api-key': s.key },
      payload: { username: s.username, password: s.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = envelopeOf(res);
    expect(body.response).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(body.response.token).toMatch(/^\S{20,}$/);
    token = body.response.token;
  });

  it('finds no patient by an unknown NIK (404), refuses invalid NIKs with the reason (400)', async () => {
    const p = patientPayload(1);
    const missing = await call('GET', `/v1/patient/KTP/${p.nik}`);
    expect(missing.statusCode).toBe(404);
    expect(envelopeOf(missing).metadata.message).toBe(PATIENT_NOT_FOUND);

    const cases: [string, string][] = [
      ['317101170590', NIK_MESSAGES.format],
      ['9999011705900001', NIK_MESSAGES.region],
      ['3171013213900001', NIK_MESSAGES.birthDate],
      ['3171011705900000', NIK_MESSAGES.sequence],
    ];
    for (const [nik, reason] of cases) {
      const res = await call('GET', `/v1/patient/KTP/${nik}`);
      expect(res.statusCode, nik).toBe(400);
      const body = envelopeOf(res);
      expect(body.response.errors.nik).toBe(reason);
      expect(body.metadata.message).toContain(reason);
    }
  });

  it('registers the patient, then finds them by NIK, BPJS and MR number', async () => {
    const p = patientPayload(1);
    const created = await call('POST', '/v1/patient', p);
    expect(created.statusCode, created.body).toBe(201);
    const patient = envelopeOf(created).response;
    expect(patient).toMatchObject({ nik: p.nik, name: p.name, gender: 'L', date_of_birth: '1990-05-17' });
    expect(patient.no_mr).toMatch(/^RM\d{8}$/);
    expect(patient.insurance_type).toBe('BPJS');
    expect(patient.details).toMatchObject({ kk_number: p.kk_number, religion: 'Islam' });

    for (const url of [
      `/v1/patient/KTP/${p.nik}`,
      `/patient/KTP/${p.nik}`,
      `/patient/BPJS/${p.insurranceNumber}`,
      `/patient/MR/${patient.no_mr}`,
    ]) {
      const res = await call('GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(envelopeOf(res).response.id).toBe(patient.id);
    }

    const again = await call('POST', '/v1/patient', p);
    expect(again.statusCode).toBe(409);
    expect(envelopeOf(again).metadata.message).toBe(PATIENT_EXISTS);
  });

  it('refuses a patient whose NIK disagrees with the gender or birth date, and missing fields', async () => {
    const woman = { ...patientPayload(2), gender: 'P' }; // NIK made for a man
    const res = await call('POST', '/v1/patient', woman);
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res).response.errors.nik).toBe(NIK_MESSAGES.genderMismatch);

    const dob = { ...patientPayload(3), dateOfBirth: '1991-05-17' };
    const res2 = await call('POST', '/v1/patient', dob);
    expect(envelopeOf(res2).response.errors.nik).toBe(NIK_MESSAGES.birthDateMismatch);

    const res3 = await call('POST', '/v1/patient', { nik: patientPayload(4).nik });
    expect(res3.statusCode).toBe(400);
    expect(Object.keys(envelopeOf(res3).response.errors)).toEqual(
      expect.arrayContaining(['name', 'gender', 'dateOfBirth']),
    );
  });

  it('refuses a birth date that is no day of the calendar, on the field, with 400', async () => {
    for (const dateOfBirth of ['1990-13-45', '1990-02-30', '1990-00-10', '17-05-1990']) {
      const res = await call('POST', '/v1/patient', { ...patientPayload(5), dateOfBirth });
      expect(res.statusCode, dateOfBirth).toBe(400);
      const { errors } = envelopeOf(res).response;
      expect(Object.keys(errors), dateOfBirth).toEqual(['dateOfBirth']);
      expect(errors.dateOfBirth, dateOfBirth).toBe('Format tanggal (YYYY-MM-DD) tidak valid');
    }
  });

  it('books a place: quota down, queue number, booking codes and the configured timeline', async () => {
    expect(await quotaLeft()).toBe(3);
    const p = patientPayload(1);
    const res = await call('POST', '/v1/appointment', booking(p));
    expect(res.statusCode, res.body).toBe(201);
    const b = envelopeOf(res).response;
    expect(b.booking_id).toMatch(/^APT\d{6}[A-Z]{3}$/);
    expect(b.booking_code).toBe(b.booking_id);
    expect(b).toMatchObject({
      queue_number: 1,
      appointment_date: monday,
      doctor_id: s.doctorId,
      status: 'scheduled',
    });
    const config = DEFAULT_JOURNEY_CONFIGS.find((c) => c.journey_type === 'RAWAT_JALAN')!;
    expect(b.timeline_pasien_journey.map((e: any) => e.id)).toEqual(config.steps);
    expect(b.timeline_pasien_journey[0]).toMatchObject({
      id: 'checkin',
      duration_minutes: 15,
      is_completed: false,
    });
    expect(b.timeline_pasien_journey.find((e: any) => e.id === 'submit_e_recipe').duration_minutes).toBe(30);
    expect(await quotaLeft()).toBe(2);

    const got = await call('GET', `/v1/appointment/${b.booking_code}`);
    expect(got.statusCode).toBe(200);
    expect(envelopeOf(got).response).toMatchObject({
      id: b.id,
      booking_code: b.booking_code,
      queue_number: 1,
    });
    expect(envelopeOf(got).response.timeline_pasien_journey).toEqual(b.timeline_pasien_journey);
    const byId = await call('GET', `/v1/appointment/${b.id}`);
    expect(envelopeOf(byId).response.booking_id).toBe(b.booking_id);
    const unknown = await call('GET', '/v1/appointment/APT000000XYZ');
    expect(unknown.statusCode).toBe(404);
    expect(envelopeOf(unknown).metadata.message).toBe(APPOINTMENT_NOT_FOUND);
  });

  it('refuses a second booking of the patient with the doctor that day, and gives the place back on cancel', async () => {
    const p = patientPayload(1);
    const twice = await call('POST', '/v1/appointment', booking(p));
    expect(twice.statusCode).toBe(409);
    expect(envelopeOf(twice).metadata.message).toBe(ALREADY_BOOKED);
    expect(await quotaLeft()).toBe(2);

    const { rows } = await t.db.query(
      `SELECT id FROM simulator_appointments WHERE patient_nik = $1 AND appointment_date = $2`,
      [p.nik, monday],
    );
    const cancel = await t.request(s.admin, {
      method: 'PATCH',
      url: `/api/admin/simulator/appointments/${rows[0].id}`,
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await quotaLeft()).toBe(3);
    // Cancelled: the patient may book that doctor and day again; the queue goes on (no reuse).
    const rebook = await call('POST', '/v1/appointment', booking(p));
    expect(rebook.statusCode, rebook.body).toBe(201);
    expect(envelopeOf(rebook).response.queue_number).toBe(2);
    expect(await quotaLeft()).toBe(2);
  });

  it('refuses a full quota, a past date, a day without schedule, an unknown patient or doctor', async () => {
    for (const seq of [10, 11]) {
      expect((await call('POST', '/v1/patient', patientPayload(seq))).statusCode).toBe(201);
      expect((await call('POST', '/v1/appointment', booking(patientPayload(seq)))).statusCode).toBe(201);
    }
    expect(await quotaLeft()).toBe(0);
    expect((await call('POST', '/v1/patient', patientPayload(12))).statusCode).toBe(201);
    const full = await call('POST', '/v1/appointment', booking(patientPayload(12)));
    expect(full.statusCode).toBe(409);
    expect(envelopeOf(full).metadata.message).toBe(QUOTA_FULL);

    const yesterday = new Date(Date.parse(jakartaToday()) - 86_400_000).toISOString().slice(0, 10);
    const past = await call('POST', '/v1/appointment', booking(patientPayload(12), yesterday));
    expect(past.statusCode).toBe(400);
    expect(envelopeOf(past).response.errors.date).toBe(DATE_PAST);

    const sunday = await call('POST', '/v1/appointment', booking(patientPayload(12), nextDay(7)));
    expect(sunday.statusCode).toBe(400);
    expect(envelopeOf(sunday).response.errors.date).toBe(NO_SCHEDULE);
    const afternoon = await call(
      'POST',
      '/v1/appointment',
      booking(patientPayload(12), nextDay(2), { start_time: '15:00' }),
    );
    expect(envelopeOf(afternoon).response.errors.date).toBe(NO_SCHEDULE);

    const stranger = await call('POST', '/v1/appointment', booking(patientPayload(99), nextDay(2)));
    expect(stranger.statusCode).toBe(404);
    expect(envelopeOf(stranger).metadata.message).toBe(PATIENT_NOT_FOUND);
    const noDoctor = await call('POST', '/v1/appointment', {
      ...booking(patientPayload(12), nextDay(2)),
      doctor_id: 999999,
    });
    expect(noDoctor.statusCode).toBe(404);

    const badBody = await call('POST', '/v1/appointment', { doctor_id: s.doctorId, date: '17-05-2030' });
    expect(badBody.statusCode).toBe(400);
    expect(envelopeOf(badBody).response.errors).toHaveProperty('date');
  });

  it('builds the timeline from the journey configuration as it is now', async () => {
    const { rows } = await t.db.query(`SELECT id FROM journey_configs WHERE journey_type = 'RAWAT_JALAN'`);
    const put = await t.request(s.admin, {
      method: 'PATCH',
      url: `/api/admin/journey-config/${rows[0].id}`,
      payload: {
        journey_steps: [
          { id: 'checkin', title: 'Daftar Ulang', title_en: 'Check-in', default_duration_minutes: 5 },
          { id: 'consultation', title: 'Konsultasi', title_en: 'Consultation', default_duration_minutes: 20 },
          { id: 'payment', title: 'Bayar', title_en: 'Payment', default_duration_minutes: 7 },
        ],
        supported_journey: ['checkin', 'consultation', 'payment'],
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const tuesday = nextDay(2);
    const res = await call('POST', '/v1/appointment', booking(patientPayload(12), tuesday));
    expect(res.statusCode, res.body).toBe(201);
    expect(envelopeOf(res).response.timeline_pasien_journey).toEqual([
      {
        id: 'checkin',
        title: 'Daftar Ulang',
        title_en: 'Check-in',
        duration_minutes: 5,
        is_completed: false,
      },
      {
        id: 'consultation',
        title: 'Konsultasi',
        title_en: 'Consultation',
        duration_minutes: 20,
        is_completed: false,
      },
      { id: 'payment', title: 'Bayar', title_en: 'Payment', duration_minutes: 7, is_completed: false },
    ]);
    // The admin's journey view shows the same events.
    const journeys = await t.request(s.admin, {
      method: 'GET',
      url: `/api/simulation/admin/simulator/appointments/${envelopeOf(res).response.id}/journeys`,
    });
    expect(journeys.statusCode).toBe(200);
    expect(journeys.json().data.map((e: any) => e.journey_step)).toEqual([
      'checkin',
      'consultation',
      'payment',
    ]);
  });

  it("lists the key's own patients, doctors, appointments and poli, and the facility directory", async () => {
    const patients = envelopeOf(await call('GET', '/patients?limit=100')).response.data;
    expect(patients.map((p: any) => p.nik).sort()).toEqual(
      [1, 10, 11, 12].map((n) => patientPayload(n).nik).sort(),
    );
    const doctors = envelopeOf(await call('GET', '/doctors')).response.data;
    expect(doctors.map((d: any) => d.id)).toEqual([s.doctorId]);
    expect(doctors[0].schedules).toHaveLength(6);
    const appointments = envelopeOf(await call('GET', '/appointments?limit=100')).response.data;
    expect(appointments.length).toBe(5); // p1 (cancelled, then again), p10, p11, p12
    expect(appointments.every((a: any) => a.doctor_id === s.doctorId)).toBe(true);
    const poli = envelopeOf(await call('GET', '/simulator/poli')).response.data;
    expect(poli).toEqual([{ poly_code: 'UMU', poly_name: 'Umum', poly_description: null }]);
    const facilities = envelopeOf(await call('GET', '/facilities?limit=100')).response.data;
    expect(facilities.map((f: any) => f.id)).toContain(s.facilityId);
  });
});
