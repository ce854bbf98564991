import type { Db, Queryable } from '../db/db.js';
import { generateBookingId, isoDayOfWeek, DEFAULT_JOURNEY_TYPE } from '../../domain/sandbox.js';
import type { SandboxKey } from './auth.js';
import { findPatient, refuseField, PATIENT_NOT_FOUND } from './patients.js';
import { takeQueueNumber } from './queue.js';
import { createJourneyEvents, journeySteps, timelineOf } from './journeys.js';
import { secureRandom } from './secrets.js';
import { now } from '../../domain/clock.js';

export const DOCTOR_NOT_FOUND = 'Dokter tidak ditemukan';
export const DOCTOR_UNAVAILABLE = 'Dokter sedang tidak tersedia';
export const DATE_PAST = 'Tidak dapat membuat janji temu untuk waktu yang sudah lewat';
export const NO_SCHEDULE = 'Dokter tidak memiliki jadwal praktik aktif pada hari dan jam tersebut';
export const ALREADY_BOOKED = 'Pasien sudah memiliki janji temu dengan dokter ini pada tanggal tersebut';
export const QUOTA_FULL = 'Kuota dokter untuk jadwal ini sudah penuh';
export const APPOINTMENT_NOT_FOUND = 'Data janji temu tidak ditemukan';
export const PATIENT_ID_REQUIRED = 'Nomor identitas atau nomor rekam medis pasien wajib diisi';

/** Today's date and the time of day in Jakarta (UTC+7 all year). */
export function jakartaNow(at = now()) {
  const iso = new Date(at + 7 * 3600_000).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** Active schedules of a day: the doctor's weekly hours in force on that date. */
const SCHEDULES_OF_DAY = `
  SELECT s.id, s.doctor_id, s.poly_code, s.poly_name, s.start_time, s.end_time, s.max_patients,
         s.room_number, d.name AS doctor_name, d.specialization, d.consultation_fee
    FROM simulator_schedules s JOIN simulator_doctors d ON d.id = s.doctor_id
   WHERE s.medical_facility_id = $1 AND s.day_of_week = $2 AND s.is_active AND d.is_available
     AND (s.effective_date IS NULL OR s.effective_date <= $3::date)
     AND (s.end_date IS NULL OR s.end_date >= $3::date)`;

/** Bookings that hold a place of a schedule on a date (a cancelled one has given it back). */
const TAKEN = `SELECT count(*)::int AS taken FROM simulator_appointments
                WHERE schedule_id = $1 AND appointment_date = $2 AND status <> 'cancelled'`;

/**
 * The doctors of a poli with places left on a date (spec part 2 §3 'Doctor quota entry'):
 * quota = the schedule's max_patients minus its live bookings of that date.
 */
export async function quota(db: Db, key: SandboxKey, poly: string, date: string, time?: string) {
  const params: unknown[] = [key.medical_facility_id, isoDayOfWeek(date), date, poly];
  let sql = `${SCHEDULES_OF_DAY} AND (upper(s.poly_code) = upper($4) OR upper(s.poly_name) = upper($4))`;
  if (time) {
    params.push(time);
    sql += ' AND s.start_time <= $5 AND s.end_time > $5';
  }
  const { rows } = await db.query(
    `SELECT q.*, q.max_patients - (SELECT count(*)::int FROM simulator_appointments a
                                    WHERE a.schedule_id = q.id AND a.appointment_date = $3::date
                                      AND a.status <> 'cancelled') AS quota_left
       FROM (${sql}) q ORDER BY q.start_time, q.doctor_name LIMIT 100`,
    params,
  );
  return rows.map((r) => {
    const left = Math.max(0, r.quota_left);
    return {
      id: r.id,
      doctor_id: r.doctor_id,
      doctor_id_original: r.doctor_id,
      doctor_name: r.doctor_name,
      name: r.doctor_name,
      specialization: r.specialization,
      poly_code: r.poly_code,
      poly_name: r.poly_name,
      start_time: r.start_time,
      end_time: r.end_time,
      max_patients: r.max_patients,
      quota_left: left,
      times: [{ start_time: r.start_time, end_time: r.end_time, quota_left: left }],
    };
  });
}

/** The booking answer: the appointment, its codes and its journey timeline. */
export async function bookingAnswer(q: Queryable, appointment: Record<string, any>) {
  const { rows: events } = await q.query(
    `SELECT journey_step, title, title_en, estimated_duration_minutes, is_completed
       FROM simulator_journey_events WHERE appointment_id = $1 ORDER BY position, id`,
    [appointment.id],
  );
  return {
    ...appointment,
    booking_code: appointment.booking_id,
    timeline_pasien_journey: timelineOf(events),
  };
}

export const APPOINTMENT_COLUMNS = `id, booking_id, patient_id, patient_name, patient_nik, doctor_id, doctor_name,
  specialization, schedule_id, appointment_date, start_time, end_time, queue_number, status, poly, room,
  health_insurance, insurance_number, referral_number, chief_complaint, consultation_fee, journey_type, created_at`;

/**
 * Books a place (POST /appointment, /v1/appointment). Refused: an unknown patient (404) or
 * doctor (404), a past date or time, a day without an active schedule (400), a second live
 * booking of the patient with that doctor that day, a full quota (409). The queue counter's
 * lock makes concurrent bookings of one doctor and day take their turn, on any process.
 */
export async function book(db: Db, key: SandboxKey, body: Record<string, any>) {
  const date: string = body.date;
  const now = jakartaNow();
  if (date < now.date || (date === now.date && body.start_time && body.start_time < now.time))
    refuseField(400, 'date', DATE_PAST);

  const idType = String(body.id_type ?? 'KTP').toUpperCase();
  let patient: Record<string, any> | null = null;
  if (body.id_number) patient = await findPatient(db, key, idType === 'NIK' ? 'KTP' : idType, body.id_number);
  else if (body.medical_record_number) patient = await findPatient(db, key, 'MR', body.medical_record_number);
  else refuseField(400, 'id_number', PATIENT_ID_REQUIRED);
  if (!patient) refuseField(404, 'id_number', PATIENT_NOT_FOUND);

  const doctorId = Number(body.doctor_id);
  const { rows: doctors } = await db.query(
    'SELECT id, name, is_available FROM simulator_doctors WHERE id = $1 AND medical_facility_id = $2',
    [Number.isInteger(doctorId) ? doctorId : -1, key.medical_facility_id],
  );
  if (!doctors[0]) refuseField(404, 'doctor_id', DOCTOR_NOT_FOUND);
  if (!doctors[0].is_available) refuseField(400, 'doctor_id', DOCTOR_UNAVAILABLE);

  const params: unknown[] = [key.medical_facility_id, isoDayOfWeek(date), date, doctorId];
  let sql = `${SCHEDULES_OF_DAY} AND s.doctor_id = $4`;
  const poly = body.poly_code || body.poly_name;
  if (poly) {
    params.push(poly);
    sql += ` AND (upper(s.poly_code) = upper($5) OR upper(s.poly_name) = upper($5))`;
  }
  if (body.start_time) {
    params.push(body.start_time);
    sql += ` AND s.start_time <= $${params.length} AND s.end_time > $${params.length}`;
  }
  const { rows: schedules } = await db.query(`${sql} ORDER BY s.start_time LIMIT 1`, params);
  const schedule = schedules[0] ?? refuseField(400, 'date', NO_SCHEDULE);

  const journeyType = String(body.journey_type || DEFAULT_JOURNEY_TYPE).toUpperCase();
  return db.transaction(async (tx) => {
    const queueNumber = await takeQueueNumber(tx, doctorId, date);
    const { rows: twice } = await tx.query(
      `SELECT 1 FROM simulator_appointments
        WHERE patient_id = $1 AND doctor_id = $2 AND appointment_date = $3 AND status <> 'cancelled'`,
      [patient!.id, doctorId, date],
    );
    if (twice[0]) refuseField(409, 'date', ALREADY_BOOKED);
    const { rows: taken } = await tx.query(TAKEN, [schedule.id, date]);
    if (taken[0].taken >= schedule.max_patients) refuseField(409, 'doctor_id', QUOTA_FULL);
    const { rows } = await tx.query(
      `INSERT INTO simulator_appointments (booking_id, patient_id, doctor_id, schedule_id, medical_facility_id,
         appointment_date, start_time, end_time, queue_number, poly, room, health_insurance, insurance_number,
         referral_number, chief_complaint, consultation_fee, journey_type, patient_name, patient_nik,
         doctor_name, specialization)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)
       RETURNING ${APPOINTMENT_COLUMNS}`,
      [
        generateBookingId(secureRandom),
        patient!.id,
        doctorId,
        schedule.id,
        key.medical_facility_id,
        date,
        body.start_time || schedule.start_time,
        body.end_time || schedule.end_time,
        queueNumber,
        schedule.poly_name,
        schedule.room_number,
        body.health_insurance ?? null,
        body.insurance_number ?? null,
        body.referral_number ?? null,
        body.chief_complaint ?? null,
        schedule.consultation_fee,
        journeyType,
        patient!.name,
        patient!.nik,
        schedule.doctor_name,
        schedule.specialization,
      ],
    );
    await createJourneyEvents(tx, rows[0].id, await journeySteps(tx, journeyType));
    return bookingAnswer(tx, rows[0]);
  });
}

/** A booking of the key's facility by its booking code or its id. */
export async function findBooking(db: Db, key: SandboxKey, code: string) {
  const byId = /^\d+$/.test(code) ? Number(code) : -1;
  const { rows } = await db.query(
    `SELECT ${APPOINTMENT_COLUMNS} FROM simulator_appointments
      WHERE medical_facility_id = $1 AND (booking_id = $2 OR id = $3) LIMIT 1`,
    [key.medical_facility_id, code, byId],
  );
  if (!rows[0]) refuseField(404, 'booking_code', APPOINTMENT_NOT_FOUND);
  return bookingAnswer(db, rows[0]);
}
