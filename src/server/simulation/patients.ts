import type { Db, Queryable } from '../db/db.js';
import { AppError } from '../plugins/errors.js';
import { summarizeFieldErrors } from '../../domain/validation.js';
import { validateNik } from '../../domain/nik.js';
import { nextMedicalRecordNumber } from './hooks.js';
import type { SandboxKey } from './auth.js';

export const PATIENT_NOT_FOUND = 'Data pasien tidak ditemukan';
export const PATIENT_EXISTS = 'Pasien dengan NIK ini sudah terdaftar di fasilitas ini';
export const ID_TYPES = ['KTP', 'BPJS', 'MR'] as const;

export const refuseField = (status: number, field: string, message: string): never => {
  const errors = { [field]: message };
  throw new AppError(status, status === 400 ? summarizeFieldErrors(errors) : message, errors);
};

/** What the facility API answers for a patient (snake_case, spec part 2 §3 'Mobile-simulator patient'). */
export const PATIENT_COLUMNS = `id, nik, name, gender, date_of_birth, place_of_birth, address, phone, email,
  no_mr, no_jkn, insurance_type, blood_type, allergies, medical_history, current_medications,
  emergency_contact_name, emergency_contact_phone, facility_name, details, created_at`;

export const patientSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    nik: { type: 'string' },
    name: { type: 'string' },
    gender: { type: 'string' },
    date_of_birth: { type: 'string' },
    place_of_birth: { type: ['string', 'null'] },
    address: { type: ['string', 'null'] },
    phone: { type: ['string', 'null'] },
    email: { type: ['string', 'null'] },
    no_mr: { type: ['string', 'null'] },
    no_jkn: { type: ['string', 'null'] },
    insurance_type: { type: ['string', 'null'] },
    blood_type: { type: ['string', 'null'] },
    allergies: { type: ['string', 'null'] },
    medical_history: { type: ['string', 'null'] },
    current_medications: { type: ['string', 'null'] },
    emergency_contact_name: { type: ['string', 'null'] },
    emergency_contact_phone: { type: ['string', 'null'] },
    facility_name: { type: ['string', 'null'] },
    details: { type: ['object', 'null'], additionalProperties: true },
    created_at: { type: 'string' },
  },
};

/** A KTP number as the facility API checks it: 400 with the reason (spec part 1 NIK rules). */
export function checkNik(nik: string, ctx: { dateOfBirth?: string; gender?: string } = {}) {
  const problem = validateNik(nik, ctx);
  if (problem) refuseField(400, 'nik', problem);
}

/** The key's patient by KTP (NIK), BPJS (JKN number) or MR (medical record number). */
export async function findPatient(q: Queryable, key: SandboxKey, type: string, number: string) {
  const kind = type.toUpperCase();
  if (kind === 'KTP') checkNik(number);
  const column = kind === 'KTP' ? 'nik' : kind === 'BPJS' ? 'no_jkn' : 'no_mr';
  const { rows } = await q.query(
    `SELECT ${PATIENT_COLUMNS} FROM simulator_patients WHERE medical_facility_id = $1 AND ${column} = $2
      ORDER BY id LIMIT 1`,
    [key.medical_facility_id, number],
  );
  return rows[0] ?? null;
}

const text = (maxLength: number) => ({ type: ['string', 'null'], maxLength });

/** The create-patient payload (spec part 2 §3 'Simulator create-patient payload'). */
export const createPatientBody = {
  type: 'object',
  required: ['nik', 'name', 'gender', 'dateOfBirth'],
  properties: {
    nik: { type: 'string', description: '16 digit NIK' },
    name: { type: 'string', minLength: 1, maxLength: 150 },
    kk_number: text(16),
    gender: { type: 'string', enum: ['L', 'P'] },
    dateOfBirth: { type: 'string', format: 'date' },
    placeOfBirth: text(100),
    religion: text(50),
    address: text(500),
    provinceCode: text(13),
    regencyCode: text(13),
    districtCode: text(13),
    villageCode: text(13),
    postalCode: text(10),
    rw: text(5),
    rt: text(5),
    insurrance: text(30),
    insurranceNumber: { type: ['string', 'null'], maxLength: 13, pattern: '^[0-9]*$' },
    phoneNumber: { type: ['string', 'null'], maxLength: 30, pattern: '^[0-9+() -]*$' },
    email: { type: ['string', 'null'], maxLength: 150 },
    occupation: text(100),
    education: text(50),
    tribe: text(50),
    motherName: text(150),
    maritalStatus: text(30),
    noMR: { type: ['string', 'null'], maxLength: 30, pattern: '^[A-Za-z0-9-]*$' },
    disabilities: { type: ['array', 'null'], maxItems: 20, items: { type: 'string', maxLength: 100 } },
    patientCompanion: {
      type: ['object', 'null'],
      properties: {
        relationship: text(50),
        name: text(150),
        gender: text(1),
        phoneNumber: text(30),
        dateOfBirth: text(10),
        address: text(500),
      },
    },
  },
};

const MAIN_FIELDS = [
  'nik',
  'name',
  'gender',
  'dateOfBirth',
  'placeOfBirth',
  'address',
  'phoneNumber',
  'email',
  'insurrance',
  'insurranceNumber',
  'noMR',
];

/** BPJS when the payload says so (code 0001 or the name), otherwise Umum. */
const insuranceOf = (value: unknown) =>
  typeof value === 'string' && /^(0001|bpjs)$/i.test(value.trim()) ? 'BPJS' : 'Umum';

/** Registers a patient of the key's facility; 409 when the NIK is already there. */
export async function createPatient(db: Db, key: SandboxKey, body: Record<string, any>) {
  checkNik(body.nik, { dateOfBirth: body.dateOfBirth, gender: body.gender });
  const details = Object.fromEntries(
    Object.entries(body).filter(([k, v]) => !MAIN_FIELDS.includes(k) && v != null),
  );
  return db.transaction(async (tx) => {
    const { rows: existing } = await tx.query(
      'SELECT id FROM simulator_patients WHERE medical_facility_id = $1 AND nik = $2',
      [key.medical_facility_id, body.nik],
    );
    if (existing[0]) refuseField(409, 'nik', PATIENT_EXISTS);
    const { rows } = await tx.query(
      `INSERT INTO simulator_patients (nik, name, gender, date_of_birth, place_of_birth, address, phone, email,
         no_mr, no_jkn, insurance_type, medical_facility_id, facility_name, details)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
       RETURNING ${PATIENT_COLUMNS}`,
      [
        body.nik,
        body.name,
        body.gender,
        body.dateOfBirth,
        body.placeOfBirth ?? null,
        body.address ?? null,
        body.phoneNumber ?? null,
        body.email ?? null,
        body.noMR || (await nextMedicalRecordNumber(tx)),
        body.insurranceNumber || null,
        insuranceOf(body.insurrance),
        key.medical_facility_id,
        key.facility_name,
        Object.keys(details).length ? JSON.stringify(details) : null,
      ],
    );
    return rows[0];
  });
}
