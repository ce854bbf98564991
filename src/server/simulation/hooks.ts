/**
 * Write hooks of the sandbox resources (see src/server/resources/hooks.ts for the order they
 * run in). They keep what a declaration cannot: every row belongs to a facility that has a
 * sandbox, the names shown beside a row follow their record, keys and tokens are stored only
 * sealed, appointments get their booking ID, queue number and journey.
 */
import type { Queryable } from '../db/db.js';
import type { WriteContext, WriteHooks } from '../resources/hooks/types.js';
import { AppError } from '../plugins/errors.js';
import { summarizeFieldErrors } from '../../domain/validation.js';
import { generateApiKey, generateBookingId, isoDayOfWeek } from '../../domain/sandbox.js';
import { sealedKey, sealedToken, secretKeyOf, secureRandom } from './secrets.js';
import { takeQueueNumber } from './queue.js';
import { createJourneyEvents, journeySteps } from './journeys.js';

export const NO_SANDBOX = 'Fasilitas kesehatan ini belum memiliki fasilitas simulasi';
export const DOCTOR_NOT_FOUND = 'Dokter tidak ditemukan';
export const PATIENT_NOT_FOUND = 'Pasien tidak ditemukan';
export const OTHER_FACILITY = 'Pasien dan dokter harus dari fasilitas yang sama';
export const SIM_FACILITY_NOT_FOUND = 'Fasilitas simulasi tidak ditemukan';
export const KEY_CHARACTERS = 'API key hanya boleh berisi huruf, angka, - dan _';
export const POLI_NOT_FOUND = 'Poli tidak ditemukan di fasilitas ini';

const refuse = (field: string, message: string): never => {
  const errors = { [field]: message };
  throw new AppError(400, summarizeFieldErrors(errors), errors);
};

/** A value of the record after this write: the new one when given, else the stored one. */
const valueOf = (ctx: WriteContext, field: string) =>
  field in ctx.values ? ctx.values[field] : ctx.before?.[field];

async function sandboxOf(q: Queryable, medicalFacilityId: number) {
  const { rows } = await q.query<{ id: number; name: string; facility_code: string; type: string }>(
    'SELECT id, name, facility_code, type FROM simulator_facilities WHERE medical_facility_id = $1',
    [medicalFacilityId],
  );
  return rows[0] ?? null;
}

/** Rows that name a facility (patients, doctors, poli) copy its sandbox's name. */
const facilityNamed = (nameColumn: string): WriteHooks => ({
  async beforeWrite(ctx) {
    if (ctx.op === 'delete') return;
    if (ctx.op === 'update' && !('medical_facility_id' in ctx.values)) return;
    const sandbox = await sandboxOf(ctx.tx, valueOf(ctx, 'medical_facility_id'));
    if (!sandbox) refuse('medical_facility_id', NO_SANDBOX);
    ctx.values[nameColumn] = sandbox!.name;
  },
});

export const simulatorFacilityHooks: WriteHooks = {
  async afterWrite({ tx, op, after }) {
    if (op !== 'update' || !after) return;
    const args = [after.medical_facility_id, after.name];
    await tx.query('UPDATE simulator_doctors SET facility_name = $2 WHERE medical_facility_id = $1', args);
    await tx.query('UPDATE simulator_patients SET facility_name = $2 WHERE medical_facility_id = $1', args);
    await tx.query(
      'UPDATE simulator_poli SET medical_facility_name = $2 WHERE medical_facility_id = $1',
      args,
    );
    await tx.query(
      `UPDATE simulator_api_keys SET facility_name = $2, facility_code = $3, facility_type = $4
        WHERE simulasi_medical_facility_id = $1`,
      [after.id, after.name, after.facility_code, after.type],
    );
  },
};

export const simulatorPatientHooks: WriteHooks = {
  async beforeWrite(ctx) {
    await facilityNamed('facility_name').beforeWrite!(ctx);
    if (ctx.op === 'create' && !ctx.values.no_mr) ctx.values.no_mr = await nextMedicalRecordNumber(ctx.tx);
  },
  async afterWrite({ tx, op, after }) {
    if (op !== 'update' || !after) return;
    await tx.query(
      'UPDATE simulator_appointments SET patient_name = $2, patient_nik = $3 WHERE patient_id = $1',
      [after.id, after.name, after.nik],
    );
  },
};

/** A new medical record number: 'RM' and eight random digits (the facility's unique index guards it). */
export async function nextMedicalRecordNumber(_q: Queryable): Promise<string> {
  return `RM${String(Math.floor(secureRandom() * 1e8)).padStart(8, '0')}`;
}

export const simulatorDoctorHooks: WriteHooks = {
  async beforeWrite(ctx) {
    await facilityNamed('facility_name').beforeWrite!(ctx);
  },
  async afterWrite({ tx, op, after }) {
    if (op !== 'update' || !after) return;
    const args = [after.id, after.name, after.specialization];
    await tx.query(
      'UPDATE simulator_schedules SET doctor_name = $2, specialization = $3 WHERE doctor_id = $1',
      args,
    );
    await tx.query(
      'UPDATE simulator_appointments SET doctor_name = $2, specialization = $3 WHERE doctor_id = $1',
      args,
    );
  },
};

export const simulatorPoliHooks: WriteHooks = facilityNamed('medical_facility_name');

async function doctorOf(ctx: WriteContext, id: number) {
  const own = ctx.admin?.facilityScope ?? undefined;
  const { rows } = await ctx.tx.query(
    `SELECT id, name, specialization, medical_facility_id, consultation_fee FROM simulator_doctors
      WHERE id = $1 AND ($2::int IS NULL OR medical_facility_id = $2)`,
    [id, own ?? null],
  );
  return rows[0] ?? refuse('doctor_id', DOCTOR_NOT_FOUND);
}

export const simulatorScheduleHooks: WriteHooks = {
  async beforeWrite(ctx) {
    if (ctx.op === 'delete') return;
    const doctor = await doctorOf(ctx, valueOf(ctx, 'doctor_id'));
    Object.assign(ctx.values, {
      doctor_name: doctor.name,
      specialization: doctor.specialization,
      medical_facility_id: doctor.medical_facility_id,
    });
    const poly = valueOf(ctx, 'poly_code');
    if (poly && ('poly_code' in ctx.values || 'doctor_id' in ctx.values)) {
      const { rows } = await ctx.tx.query(
        'SELECT 1 FROM simulator_poli WHERE medical_facility_id = $1 AND poly_code = $2',
        [doctor.medical_facility_id, poly],
      );
      if (!rows[0]) refuse('poly_code', POLI_NOT_FOUND);
    }
  },
};

export const simulatorAppointmentHooks: WriteHooks = {
  async beforeWrite(ctx) {
    if (ctx.op === 'delete') return;
    const { tx, values } = ctx;
    const doctor = await doctorOf(ctx, valueOf(ctx, 'doctor_id'));
    const own = ctx.admin?.facilityScope ?? undefined;
    const { rows } = await tx.query(
      `SELECT id, name, nik, medical_facility_id FROM simulator_patients
        WHERE id = $1 AND ($2::int IS NULL OR medical_facility_id = $2)`,
      [valueOf(ctx, 'patient_id'), own ?? null],
    );
    const patient = rows[0] ?? refuse('patient_id', PATIENT_NOT_FOUND);
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

export const simulatorApiKeyHooks: WriteHooks = {
  async beforeWrite(ctx) {
    if (ctx.op === 'delete') return;
    const { tx, values, before, body } = ctx;
    const secretKey = secretKeyOf(ctx.request.server);
    const own = ctx.admin?.facilityScope ?? undefined;
    const { rows } = await tx.query(
      `SELECT id, name, facility_code, type, medical_facility_id FROM simulator_facilities
        WHERE id = $1 AND ($2::int IS NULL OR medical_facility_id = $2)`,
      [valueOf(ctx, 'simulasi_medical_facility_id'), own ?? null],
    );
    const facility = rows[0] ?? refuse('simulasi_medical_facility_id', SIM_FACILITY_NOT_FOUND);
    Object.assign(values, {
      medical_facility_id: facility.medical_facility_id,
      facility_name: facility.name,
      facility_code: facility.facility_code,
      facility_type: facility.type,
    });
    // A key sent back as it was shown (masked), or left out, stays as it is.
    const key = body.x_api_key;
    delete values.x_api_key;
    if (key && key !== before?.x_api_key && key.includes('*')) refuse('x_api_key', KEY_CHARACTERS);
    if (ctx.op === 'create' || (key && key !== before?.x_api_key)) {
      Object.assign(
        values,
        sealedKey(key || generateApiKey(facility.facility_code, secureRandom), secretKey),
      );
    }
    if ('token' in body) {
      delete values.token;
      if (body.token == null || body.token !== before?.token)
        Object.assign(values, sealedToken(body.token, secretKey));
    }
  },
};

export const journeyConfigHooks: WriteHooks = {
  async beforeWrite(ctx) {
    if (ctx.op === 'delete') return;
    if (typeof ctx.values.journey_type === 'string')
      ctx.values.journey_type = ctx.values.journey_type.toUpperCase();
  },
};

/** The sandbox's hooks by resource name, registered with the engine by registerSimulation. */
export const SANDBOX_WRITE_HOOKS: Record<string, WriteHooks> = {
  'admin/simulator/facilities': simulatorFacilityHooks,
  'admin/simulator/patients': simulatorPatientHooks,
  'admin/simulator/doctors': simulatorDoctorHooks,
  'admin/simulator/poli': simulatorPoliHooks,
  'admin/simulator/schedules': simulatorScheduleHooks,
  'admin/simulator/appointments': simulatorAppointmentHooks,
  'admin/simulator-apikeys': simulatorApiKeyHooks,
  'admin/journey-config': journeyConfigHooks,
};
