import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.js';
import type { Config } from '../config.js';
import { AppError } from '../plugins/errors.js';
import { newSessionToken, hashToken, verifyPassword, dummyHash } from '../security/passwords.js';
import { authenticateKey, rateLimit } from './auth.js';
import { envelope, envelopeErrors, envelopeSchema, ERROR_RESPONSES } from './envelope.js';
import {
  createPatient,
  createPatientBody,
  findPatient,
  patientSchema,
  refuseField,
  ID_TYPES,
  PATIENT_NOT_FOUND,
} from './patients.js';
import { book, findBooking, quota } from './booking.js';
import { registerProxy } from './proxy.js';

export const TOKEN_CREDENTIALS = 'Username atau password salah';
const TAGS = ['simulation (facility API)'];
const DATE = { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' };
const TIME = { type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' };
const ANY = {};
const security: Record<string, string[]>[] = [{ apiKey: [] }, { basic: [] }, { bearer: [] }];

const listQuery = {
  type: 'object',
  properties: {
    page: { type: 'integer', minimum: 1, default: 1 },
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
    search: { type: 'string', maxLength: 100 },
  },
};
const listResponse = (item: object = ANY) =>
  envelopeSchema({
    type: 'object',
    properties: {
      data: { type: 'array', items: item },
      pagination: {
        type: 'object',
        properties: { page: { type: 'integer' }, limit: { type: 'integer' }, count: { type: 'integer' } },
      },
    },
  });

const bookingBody = {
  type: 'object',
  required: ['doctor_id', 'date'],
  properties: {
    poly_code: { type: ['string', 'null'], maxLength: 20 },
    poly_name: { type: ['string', 'null'], maxLength: 100 },
    medical_record_number: { type: ['string', 'null'], maxLength: 30 },
    health_insurance: { type: ['string', 'null'], maxLength: 30 },
    insurance_number: { type: ['string', 'null'], maxLength: 32 },
    referral_number: { type: ['string', 'null'], maxLength: 50 },
    date: DATE,
    start_time: { ...TIME, type: ['string', 'null'] },
    end_time: { ...TIME, type: ['string', 'null'] },
    doctor_id: {
      anyOf: [
        { type: 'integer', minimum: 1 },
        { type: 'string', pattern: '^\\d+$' },
      ],
    },
    doctor_name: { type: ['string', 'null'], maxLength: 150 },
    id_type: { type: ['string', 'null'], enum: ['KTP', 'NIK', 'BPJS', 'MR', null] },
    id_number: { type: ['string', 'null'], maxLength: 32 },
    name: { type: ['string', 'null'], maxLength: 150 },
    chief_complaint: { type: ['string', 'null'], maxLength: 1000 },
    journey_type: { type: ['string', 'null'], maxLength: 50 },
  },
};

/**
 * The facility API (spec part 2 §7 'Simulator tester' and 'Mobile simulator'): what a
 * facility's system calls with its API key, answered in the envelope. Registered in a scope
 * of its own, so the key check, the rate limit and the envelope apply to these routes only.
 */
export function registerFacilityApi(app: FastifyInstance, db: Db, config: Config) {
  app.register(
    async (scope) => {
      envelopeErrors(scope);
      // Every call is the key's, within its limit, checked before the request is read or
      // validated; /v1/token takes the key itself only (a token cannot ask for a token).
      scope.addHook('onRequest', async (request, reply) => {
        const keyOnly = request.routeOptions.config.sandboxAuth === 'token-request';
        const key = await authenticateKey(db, request, { keyOnly });
        await rateLimit(db, config.simulation, key, reply);
      });
      const access = 'apiKey' as const; // not an admin session: the API key above
      const route = (summary: string, extra: Record<string, unknown> = {}) => ({
        config: { access },
        schema: { tags: TAGS, summary, security, ...extra },
      });

      scope.post(
        '/v1/token',
        {
          config: { access, sandboxAuth: 'token-request' },
          schema: {
            tags: TAGS,
            summary: 'A Bearer token for the key: X-API-Key (or Basic) with the key’s username and password',
            security: [{ apiKey: [] }, { basic: [] }] as Record<string, string[]>[],
            body: {
              type: 'object',
              required: ['username', 'password'],
              properties: {
                username: { type: 'string', maxLength: 100 },
                password: { type: 'string', maxLength: 200 },
              },
            },
            response: {
              200: envelopeSchema({
                type: 'object',
                properties: {
                  token: { type: 'string' },
                  token_type: { type: 'string' },
                  expires_in: { type: 'integer' },
                  expires_at: { type: 'string' },
                },
              }),
              ...ERROR_RESPONSES,
            },
          },
        },
        async (request) => {
          const key = request.sandboxKey!;
          const { username, password } = request.body as { username: string; password: string };
          // The same work for a wrong username as for a wrong password.
          const stored = key.password_hash ?? (await dummyHash());
          const ok =
            (await verifyPassword(password, stored)) && !!key.password_hash && username === key.username;
          if (!ok) throw new AppError(401, TOKEN_CREDENTIALS);
          const token = newSessionToken();
          const ttl = config.simulation.tokenTtlMinutes;
          const { rows } = await db.query<{ expires_at: Date }>(
            `INSERT INTO simulator_api_tokens (token_hash, api_key_id, expires_at)
             VALUES ($1, $2, app_now() + make_interval(mins => $3)) RETURNING expires_at`,
            [hashToken(token), key.id, ttl],
          );
          await db.query(
            'DELETE FROM simulator_api_tokens WHERE api_key_id = $1 AND expires_at < app_now()',
            [key.id],
          );
          return envelope({
            token,
            token_type: 'Bearer',
            expires_in: ttl * 60,
            expires_at: new Date(rows[0].expires_at).toISOString(),
          });
        },
      );

      const patientParams = {
        type: 'object',
        required: ['type', 'number'],
        properties: {
          type: { type: 'string', enum: [...ID_TYPES] },
          number: { type: 'string', maxLength: 32 },
        },
      };
      for (const url of ['/patient/:type/:number', '/v1/patient/:type/:number']) {
        scope.get(
          url,
          route('A patient of the key’s facility by KTP (NIK), BPJS or MR number', {
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

      for (const url of ['/patient', '/v1/patient']) {
        scope.post(
          url,
          route('Registers a patient (create-patient payload); the NIK is checked', {
            body: createPatientBody,
            response: { 201: envelopeSchema(patientSchema), ...ERROR_RESPONSES },
          }),
          async (request, reply) => {
            const patient = await createPatient(db, request.sandboxKey!, request.body as Record<string, any>);
            return reply.status(201).send(envelope(patient, 'Pasien berhasil didaftarkan', 201));
          },
        );
      }

      const page = (q: { page: number; limit: number }) => [q.limit, (q.page - 1) * q.limit];
      const listOf = (rows: unknown[], q: { page: number; limit: number }) =>
        envelope({ data: rows, pagination: { page: q.page, limit: q.limit, count: rows.length } });

      scope.get(
        '/patients',
        route('The key’s facility’s patients (newest first; search by name, NIK or MR)', {
          querystring: listQuery,
          response: { 200: listResponse(patientSchema), ...ERROR_RESPONSES },
        }),
        async (request) => {
          const q = request.query as { page: number; limit: number; search?: string };
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

      scope.get(
        '/doctors',
        route('The key’s facility’s doctors with their weekly schedules', {
          querystring: {
            ...listQuery,
            properties: { ...listQuery.properties, poly: { type: 'string', maxLength: 100 } },
          },
          response: { 200: listResponse(), ...ERROR_RESPONSES },
        }),
        async (request) => {
          const q = request.query as { page: number; limit: number; search?: string; poly?: string };
          const { rows } = await db.query(
            `SELECT d.id, d.nip, d.name, d.specialization, d.sub_specialization, d.consultation_fee, d.is_available,
                    d.experience_years, d.facility_name,
                    coalesce((SELECT json_agg(json_build_object('id', s.id, 'poly_code', s.poly_code, 'poly_name', s.poly_name,
                               'day_of_week', s.day_of_week, 'start_time', s.start_time, 'end_time', s.end_time,
                               'max_patients', s.max_patients, 'room_number', s.room_number) ORDER BY s.day_of_week, s.start_time)
                                FROM simulator_schedules s WHERE s.doctor_id = d.id AND s.is_active), '[]') AS schedules
               FROM simulator_doctors d
              WHERE d.medical_facility_id = $1
                AND ($4::text IS NULL OR d.name ILIKE '%' || $4 || '%' OR d.specialization ILIKE '%' || $4 || '%')
                AND ($5::text IS NULL OR EXISTS (SELECT 1 FROM simulator_schedules s WHERE s.doctor_id = d.id
                      AND s.is_active AND (upper(s.poly_code) = upper($5) OR upper(s.poly_name) = upper($5))))
              ORDER BY d.name, d.id LIMIT $2 OFFSET $3`,
            [request.sandboxKey!.medical_facility_id, ...page(q), q.search || null, q.poly || null],
          );
          return listOf(rows, q);
        },
      );

      scope.get(
        '/appointments',
        route('The key’s facility’s appointments (newest date first)', {
          querystring: {
            ...listQuery,
            properties: { ...listQuery.properties, date: DATE, status: { type: 'string', maxLength: 20 } },
          },
          response: { 200: listResponse(), ...ERROR_RESPONSES },
        }),
        async (request) => {
          const q = request.query as { page: number; limit: number; date?: string; status?: string };
          const { rows } = await db.query(
            `SELECT id, booking_id, booking_id AS booking_code, patient_id, patient_name, patient_nik, doctor_id,
                    doctor_name, specialization, appointment_date, start_time, end_time, queue_number, status, poly
               FROM simulator_appointments
              WHERE medical_facility_id = $1 AND ($4::date IS NULL OR appointment_date = $4::date)
                AND ($5::text IS NULL OR status = $5)
              ORDER BY appointment_date DESC, queue_number LIMIT $2 OFFSET $3`,
            [request.sandboxKey!.medical_facility_id, ...page(q), q.date ?? null, q.status ?? null],
          );
          return listOf(rows, q);
        },
      );

      scope.get(
        '/facilities',
        route('The sandbox facilities (a directory: names, codes, types, hours, services)', {
          querystring: listQuery,
          response: { 200: listResponse(), ...ERROR_RESPONSES },
        }),
        async (request) => {
          const q = request.query as { page: number; limit: number; search?: string };
          const { rows } = await db.query(
            `SELECT id, name, facility_code, type, level, address, phone, email, capacity, operational_hours,
                    services, medical_facility_id
               FROM simulator_facilities
              WHERE ($3::text IS NULL OR name ILIKE '%' || $3 || '%' OR facility_code ILIKE $3 || '%')
              ORDER BY name, id LIMIT $1 OFFSET $2`,
            [...page(q), q.search || null],
          );
          return listOf(rows, q);
        },
      );

      scope.get(
        '/simulator/poli',
        route('The key’s facility’s active poli', { response: { 200: listResponse(), ...ERROR_RESPONSES } }),
        async (request) => {
          const { rows } = await db.query(
            `SELECT poly_code, poly_name, poly_description FROM simulator_poli
              WHERE medical_facility_id = $1 AND is_active ORDER BY poly_name LIMIT 100`,
            [request.sandboxKey!.medical_facility_id],
          );
          return envelope({ data: rows, pagination: { page: 1, limit: 100, count: rows.length } });
        },
      );

      scope.get(
        '/v1/appointment/quota/:poly/:date',
        route('Doctors of a poli with their places left on a date (optionally at a time)', {
          params: {
            type: 'object',
            required: ['poly', 'date'],
            properties: { poly: { type: 'string', maxLength: 100 }, date: DATE },
          },
          querystring: { type: 'object', properties: { time: TIME } },
          response: { 200: envelopeSchema({ type: 'array', items: ANY }), ...ERROR_RESPONSES },
        }),
        async (request) => {
          const { poly, date } = request.params as { poly: string; date: string };
          const { time } = request.query as { time?: string };
          return envelope(await quota(db, request.sandboxKey!, poly, date, time));
        },
      );

      for (const url of ['/appointment', '/v1/appointment']) {
        scope.post(
          url,
          route('Books a place: a queue number and the patient journey’s timeline', {
            body: bookingBody,
            response: { 201: envelopeSchema(ANY), ...ERROR_RESPONSES },
          }),
          async (request, reply) => {
            const booking = await book(db, request.sandboxKey!, request.body as Record<string, any>);
            return reply.status(201).send(envelope(booking, 'Janji temu berhasil dibuat', 201));
          },
        );
      }

      scope.get(
        '/v1/appointment/:code',
        route('A booking by its booking code or id, with its timeline', {
          params: {
            type: 'object',
            required: ['code'],
            properties: { code: { type: 'string', maxLength: 30 } },
          },
          response: { 200: envelopeSchema(ANY), ...ERROR_RESPONSES },
        }),
        async (request) => {
          const { code } = request.params as { code: string };
          return envelope(await findBooking(db, request.sandboxKey!, code));
        },
      );

      registerProxy(scope, db, config);
    },
    { prefix: '/api/simulation' },
  );
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'token-request': POST /v1/token checks the key itself (no Bearer token yet). */
    sandboxAuth?: 'token-request';
  }
}
