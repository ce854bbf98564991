import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.js';
import { envelope, envelopeSchema, ERROR_RESPONSES } from './envelope.js';
import {
  createPatient,
  createPatientBody,
  findPatient,
  patientSchema,
  refuseField,
  ID_TYPES,
  PATIENT_NOT_FOUND,
} from './patients.js';
import {
  facilityRoute,
  listOf,
  listQuery,
  listResponse,
  page,
  registerCreateRoutes,
  type PageQuery,
} from './facility-shared.js';

const patientParams = {
  type: 'object',
  required: ['type', 'number'],
  properties: {
    type: { type: 'string', enum: [...ID_TYPES] },
    number: { type: 'string', maxLength: 32 },
  },
};

/** GET /patient/:type/:number (and /v1/...): a patient of the key's facility by an id number. */
function registerPatientLookup(scope: FastifyInstance, db: Db) {
  for (const url of ['/patient/:type/:number', '/v1/patient/:type/:number']) {
    scope.get(
      url,
      facilityRoute('A patient of the key’s facility by KTP (NIK), BPJS or MR number', {
        params: patientParams,
        response: { 200: envelopeSchema(patientSchema), ...ERROR_RESPONSES },
      }),
      async (request) => {
        const { type, number } = request.params as { type: string; number: string };
        const patient = await findPatient(db, request.sandboxKey!, type, number);
        if (!patient) refuseField(404, 'number', PATIENT_NOT_FOUND);
        return envelope(patient);
      },
    );
  }
}

/** POST /patient (and /v1/patient): registers a patient in the key's facility. */
function registerPatientCreate(scope: FastifyInstance, db: Db) {
  registerCreateRoutes(
    scope,
    ['/patient', '/v1/patient'],
    {
      summary: 'Registers a patient (create-patient payload); the NIK is checked',
      body: createPatientBody,
      created: patientSchema,
      message: 'Pasien berhasil didaftarkan',
    },
    (request) => createPatient(db, request.sandboxKey!, request.body as Record<string, any>),
  );
}

/** GET /patients: the key's facility's patients, newest first. */
function registerPatientList(scope: FastifyInstance, db: Db) {
  scope.get(
    '/patients',
    facilityRoute('The key’s facility’s patients (newest first; search by name, NIK or MR)', {
      querystring: listQuery,
      response: { 200: listResponse(patientSchema), ...ERROR_RESPONSES },
    }),
    async (request) => {
      const q = request.query as PageQuery & { search?: string };
      const { rows } = await db.query(
        `SELECT ${'id, nik, name, gender, date_of_birth, phone, no_mr, no_jkn, insurance_type, facility_name, created_at'}
               FROM simulator_patients
              WHERE medical_facility_id = $1
                AND ($4::text IS NULL OR name ILIKE '%' || $4 || '%' OR nik LIKE $4 || '%' OR no_mr = $4)
              ORDER BY id DESC LIMIT $2 OFFSET $3`,
        [request.sandboxKey!.medical_facility_id, ...page(q), q.search || null],
      );
      return listOf(rows, q);
    },
  );
}

/** The facility API's patient routes: look-up by id number, registration and the list. */
export function registerPatientRoutes(scope: FastifyInstance, db: Db) {
  registerPatientLookup(scope, db);
  registerPatientCreate(scope, db);
  registerPatientList(scope, db);
}
