/**
 * What the write hooks of the sandbox resources share (each resource's own are in its folder's
 * hooks.ts, listed in src/server/resources/hooks.ts): every row belongs to a facility that has a
 * sandbox, and a row names records within the caller's reach; the messages they answer with.
 */
import type { Queryable } from '../db/db.js';
import type { WriteContext, WriteHooks } from '../resources/hooks/types.js';
import { AppError } from '../plugins/errors.js';
import { summarizeFieldErrors } from '../../domain/validation.js';
import { secureRandom } from './secrets.js';

export const NO_SANDBOX = 'Fasilitas kesehatan ini belum memiliki fasilitas simulasi';
export const DOCTOR_NOT_FOUND = 'Dokter tidak ditemukan';
export const PATIENT_NOT_FOUND = 'Pasien tidak ditemukan';
export const OTHER_FACILITY = 'Pasien dan dokter harus dari fasilitas yang sama';
export const SIM_FACILITY_NOT_FOUND = 'Fasilitas simulasi tidak ditemukan';
export const KEY_CHARACTERS = 'API key hanya boleh berisi huruf, angka, - dan _';
export const POLI_NOT_FOUND = 'Poli tidak ditemukan di fasilitas ini';

export const refuse = (field: string, message: string): never => {
  const errors = { [field]: message };
  throw new AppError(400, summarizeFieldErrors(errors), errors);
};

/** A value of the record after this write: the new one when given, else the stored one. */
export const valueOf = (ctx: WriteContext, field: string) =>
  field in ctx.values ? ctx.values[field] : ctx.before?.[field];

/** The medical facility a facility user is limited to (undefined for everyone else). */
export const ownFacility = (ctx: WriteContext) => ctx.admin?.facilityScope ?? undefined;

async function sandboxOf(q: Queryable, medicalFacilityId: number) {
  const { rows } = await q.query<{ id: number; name: string; facility_code: string; type: string }>(
    'SELECT id, name, facility_code, type FROM simulator_facilities WHERE medical_facility_id = $1',
    [medicalFacilityId],
  );
  return rows[0] ?? null;
}

/** Rows that name a facility (patients, doctors, poli) copy its sandbox's name. */
export const facilityNamed = (nameColumn: string): WriteHooks => ({
  async beforeWrite(ctx) {
    if (ctx.op === 'delete') return;
    if (ctx.op === 'update' && !('medical_facility_id' in ctx.values)) return;
    const sandbox = await sandboxOf(ctx.tx, valueOf(ctx, 'medical_facility_id'));
    if (!sandbox) refuse('medical_facility_id', NO_SANDBOX);
    ctx.values[nameColumn] = sandbox!.name;
  },
});

/** A new medical record number: 'RM' and eight random digits (the facility's unique index guards it). */
export async function nextMedicalRecordNumber(_q: Queryable): Promise<string> {
  return `RM${String(Math.floor(secureRandom() * 1e8)).padStart(8, '0')}`;
}

/** The doctor a schedule or appointment names, within the caller's reach. */
/**
 * The sandbox record (of `table`, its `columns`) named by the written value of `field`, if it is
 * of the caller's facility (any, unscoped); else 400 on `field` with `message`.
 */
export async function withinReach(
  ctx: WriteContext,
  table: string,
  columns: string,
  field: string,
  message: string,
): Promise<Record<string, any>> {
  const { rows } = await ctx.tx.query(
    `SELECT ${columns} FROM ${table} WHERE id = $1 AND ($2::int IS NULL OR medical_facility_id = $2)`,
    [valueOf(ctx, field), ownFacility(ctx) ?? null],
  );
  return rows[0] ?? refuse(field, message);
}

/** The written doctor, of the caller's facility. */
export const doctorOf = (ctx: WriteContext) =>
  withinReach(
    ctx,
    'simulator_doctors',
    'id, name, specialization, medical_facility_id, consultation_fee',
    'doctor_id',
    DOCTOR_NOT_FOUND,
  );
