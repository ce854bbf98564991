/**
 * An appointment's doctor and patient are of one facility within reach and named on it; it takes
 * the schedule of its time, a booking ID, the doctor's fee and a queue number; a new one gets its
 * journey events.
 */
import type { WriteHooks } from '../../server/resources/hooks/types.js';
import { generateBookingId, isoDayOfWeek } from '../../domain/sandbox.js';
import { secureRandom } from '../../server/simulation/secrets.js';
import { takeQueueNumber } from '../../server/simulation/queue.js';
import { createJourneyEvents, journeySteps } from '../../server/simulation/journeys.js';
import {
  doctorOf,
  withinReach,
  OTHER_FACILITY,
  PATIENT_NOT_FOUND,
  refuse,
  valueOf,
} from '../../server/simulation/hooks.js';

export const simulatorAppointmentHooks: WriteHooks = {
  async beforeWrite(ctx) {
    if (ctx.op === 'delete') return;
    const { tx, values } = ctx;
    const doctor = await doctorOf(ctx);
    const patient = await withinReach(
      ctx,
      'simulator_patients',
      'id, name, nik, medical_facility_id',
      'patient_id',
      PATIENT_NOT_FOUND,
    );
    if (patient.medical_facility_id !== doctor.medical_facility_id) refuse('patient_id', OTHER_FACILITY);
    const given = values.medical_facility_id;
    if (given != null && given !== doctor.medical_facility_id) refuse('medical_facility_id', OTHER_FACILITY);
    Object.assign(values, {
      medical_facility_id: doctor.medical_facility_id,
      patient_name: patient.name,
      patient_nik: patient.nik,
      doctor_name: doctor.name,
      specialization: doctor.specialization,
    });
    const date = valueOf(ctx, 'appointment_date');
    if (
      ctx.op === 'create' ||
      'doctor_id' in values ||
      'appointment_date' in values ||
      'start_time' in values
    ) {
      // The schedule whose places this appointment takes (quota), when the doctor has one then.
      const { rows: schedules } = await tx.query(
        `SELECT id, start_time, end_time FROM simulator_schedules
          WHERE doctor_id = $1 AND day_of_week = $2 AND is_active
            AND (effective_date IS NULL OR effective_date <= $3::date) AND (end_date IS NULL OR end_date >= $3::date)
            AND ($4::text IS NULL OR (start_time <= $4 AND end_time > $4))
          ORDER BY start_time LIMIT 1`,
        [doctor.id, isoDayOfWeek(date), date, valueOf(ctx, 'start_time') ?? null],
      );
      values.schedule_id = schedules[0]?.id ?? null;
      if (ctx.op === 'create' && schedules[0] && !values.start_time) {
        values.start_time = schedules[0].start_time;
        values.end_time ??= schedules[0].end_time;
      }
    }
    if (ctx.op === 'create') {
      if (!values.booking_id) values.booking_id = generateBookingId(secureRandom);
      if (values.consultation_fee == null && doctor.consultation_fee != null)
        values.consultation_fee = doctor.consultation_fee;
      values.queue_number = await takeQueueNumber(
        tx,
        doctor.id,
        values.appointment_date,
        values.queue_number,
      );
    } else if (values.queue_number != null) {
      await takeQueueNumber(tx, doctor.id, valueOf(ctx, 'appointment_date'), values.queue_number);
    }
  },
  async afterWrite({ tx, op, after }) {
    if (op !== 'create' || !after) return;
    await createJourneyEvents(tx, after.id, await journeySteps(tx));
  },
};
