import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.js';
import { envelope, envelopeSchema, ERROR_RESPONSES } from './envelope.js';
import { book, findBooking, quota } from './booking.js';
import { ANY, DATE, facilityRoute, registerCreateRoutes, TIME } from './facility-shared.js';

const nullableText = (maxLength: number) => ({ type: ['string', 'null'], maxLength });

/** The booking payload of POST /appointment. */
const bookingBody = {
  type: 'object',
  required: ['doctor_id', 'date'],
  properties: {
    poly_code: nullableText(20),
    poly_name: nullableText(100),
    medical_record_number: nullableText(30),
    health_insurance: nullableText(30),
    insurance_number: nullableText(32),
    referral_number: nullableText(50),
    date: DATE,
    start_time: { ...TIME, type: ['string', 'null'] },
    end_time: { ...TIME, type: ['string', 'null'] },
    doctor_id: {
      anyOf: [
        { type: 'integer', minimum: 1 },
        { type: 'string', pattern: '^\\d+$' },
      ],
    },
    doctor_name: nullableText(150),
    id_type: { type: ['string', 'null'], enum: ['KTP', 'NIK', 'BPJS', 'MR', null] },
    id_number: nullableText(32),
    name: nullableText(150),
    chief_complaint: nullableText(1000),
    journey_type: nullableText(50),
  },
};

/** GET /v1/appointment/quota/:poly/:date: a poli's doctors with their places left. */
function registerQuota(scope: FastifyInstance, db: Db) {
  scope.get(
    '/v1/appointment/quota/:poly/:date',
    facilityRoute('Doctors of a poli with their places left on a date (optionally at a time)', {
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
}

/** POST /appointment (and /v1/appointment): books a place with a queue number. */
function registerBooking(scope: FastifyInstance, db: Db) {
  registerCreateRoutes(
    scope,
    ['/appointment', '/v1/appointment'],
    {
      summary: 'Books a place: a queue number and the patient journey’s timeline',
      body: bookingBody,
      created: ANY,
      message: 'Janji temu berhasil dibuat',
    },
    (request) => book(db, request.sandboxKey!, request.body as Record<string, any>),
  );
}

/** GET /v1/appointment/:code: a booking by its code or id, with its timeline. */
function registerBookingLookup(scope: FastifyInstance, db: Db) {
  scope.get(
    '/v1/appointment/:code',
    facilityRoute('A booking by its booking code or id, with its timeline', {
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
}

/** The facility API's appointment and queue routes: quota, booking and a booking's look-up. */
export function registerAppointmentRoutes(scope: FastifyInstance, db: Db) {
  registerQuota(scope, db);
  registerBooking(scope, db);
  registerBookingLookup(scope, db);
}
