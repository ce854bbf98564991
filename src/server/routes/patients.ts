/**
 * A patient's calls beside the generic record routes:
 *  - GET /api/master/patients/:id/appointments: the patient's appointments, newest first;
 *  - GET /api/master/patients/:id/access-log: who read the patient's data (the 'Riwayat Akses'
 *    tab), newest first, paged;
 *  - GET /api/master/patients/access-log: every read of patient data, exports included.
 * The access log is for super admins and admins only (ACCESS_LOG_ROLES), through the log
 * screens' menu (ACCESS_LOG_MENUS).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/db.js';
import { AppError } from '../plugins/errors.js';
import { FORBIDDEN } from '../plugins/access.js';
import { resourceModel } from '../resources/model.js';
import { iso, logPage, Where, type PageQuery } from '../logs/query.js';
import { errorResponse, listResponse, pageProps } from './logs/schemas.js';
import { patients } from '../../resources/patients/index.js';
import { appointments } from '../../resources/appointments/index.js';
import { ACCESS_LOG_MENUS, canReadAccessLog, PATIENT_ACCESS_ACTIONS } from '../../domain/patient-access.js';

export const PATIENT_NOT_FOUND = 'Pasien tidak ditemukan';
/** The most appointments one answer lists (about five per patient in the city). */
export const PATIENT_APPOINTMENTS_MAX = 200;

const access = { menus: patients.menus };
const logAccess = { menus: ACCESS_LOG_MENUS };
const tags = ['master/patients'];
const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1 } },
};
const patientModel = resourceModel(patients);
const appointmentModel = resourceModel(appointments);

/** The patient, when the caller may reach it (a facility user: their facility's); else 404. */
async function checkPatient(db: Db, request: FastifyRequest, id: number) {
  const scope = patientModel.scope(request);
  const { rows } = await db.query(
    `SELECT 1 FROM patients WHERE id = $1${scope ? ` AND ${scope.sql} $2` : ''}`,
    scope ? [id, scope.value] : [id],
  );
  if (!rows.length) throw new AppError(404, PATIENT_NOT_FOUND);
}

const entry = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    at: { type: 'string', format: 'date-time' },
    user_id: { type: ['integer', 'null'] },
    username: { type: ['string', 'null'] },
    user_name: { type: ['string', 'null'] },
    user_email: { type: ['string', 'null'] },
    patient_id: { type: ['integer', 'null'] },
    appointment_id: { type: ['integer', 'null'] },
    action: { type: 'string', enum: [...PATIENT_ACCESS_ACTIONS] },
    route: { type: 'string' },
    screen: { type: ['string', 'null'] },
    ip_address: { type: ['string', 'null'] },
    filter: { type: ['object', 'null'], additionalProperties: true },
    row_count: { type: ['integer', 'null'] },
  },
};
/** A page of entries: the log lists' shape. */
const page = {
  ...listResponse,
  properties: { ...listResponse.properties, data: { type: 'array', items: entry } },
};
const ENTRY_SELECT = `id, ${iso('at')}, user_id, username,
  (SELECT w.full_name FROM web_admins w WHERE w.id = patient_access_logs.user_id) AS user_name,
  (SELECT w.email FROM web_admins w WHERE w.id = patient_access_logs.user_id) AS user_email,
  patient_id, appointment_id, action, route, screen, ip_address, filter, row_count`;

type Page = Awaited<ReturnType<typeof logPage>>;

/** A page of the access log, newest first, with react-admin's Content-Range beside the spec's pagination. */
async function accessPage(db: Db, reply: FastifyReply, where: Where, query: PageQuery) {
  const result: Page = await logPage(db, {
    table: 'patient_access_logs',
    time: 'at',
    select: ENTRY_SELECT,
    where,
    query,
  });
  const { total, page: n, limit } = result.pagination;
  const from = (n - 1) * limit;
  const to = result.data.length ? from + result.data.length - 1 : from;
  reply.header('content-range', `patient-access-log ${from}-${to}/${total}`);
  return result;
}

function requireAccessLogRole(request: FastifyRequest) {
  const admin = request.admin;
  if (!admin || !canReadAccessLog(admin.effectiveRole, admin.menus)) throw new AppError(403, FORBIDDEN);
}

export function registerPatientRoutes(app: FastifyInstance, db: Db) {
  app.get(
    '/api/master/patients/:id/appointments',
    {
      config: { access },
      schema: {
        tags,
        summary: `The patient's appointments, newest first (at most ${PATIENT_APPOINTMENTS_MAX})`,
        params: idParams,
        response: {
          200: { type: 'array', items: { type: 'object', additionalProperties: true } },
          404: errorResponse,
        },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      await checkPatient(db, request, id);
      const scope = appointmentModel.scope(request);
      const { rows } = await db.query(
        `SELECT ${appointmentModel.selectList} FROM appointments
          WHERE patient_id = $1${scope ? ` AND ${scope.sql} $2` : ''}
          ORDER BY scheduled_date DESC, id DESC LIMIT ${PATIENT_APPOINTMENTS_MAX}`,
        scope ? [id, scope.value] : [id],
      );
      return rows.map((row) => appointmentModel.present(row));
    },
  );

  app.get(
    '/api/master/patients/:id/access-log',
    {
      config: { access: logAccess },
      schema: {
        tags,
        summary: "Who read the patient's data, newest first (super admin and admin)",
        params: idParams,
        querystring: { type: 'object', properties: pageProps },
        response: { 200: page, 400: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      requireAccessLogRole(request);
      const { id } = request.params as { id: number };
      await checkPatient(db, request, id);
      const where = new Where().add((p) => `patient_id = ${p}`, id);
      return accessPage(db, reply, where, request.query as PageQuery);
    },
  );

  app.get(
    '/api/master/patients/access-log',
    {
      config: { access: logAccess, work: 'heavy' },
      schema: {
        tags,
        summary:
          'Every read of patient data and every export including patients, newest first (super admin and admin)',
        querystring: {
          type: 'object',
          properties: {
            ...pageProps,
            patient_id: { type: 'integer', minimum: 1 },
            user_id: { type: 'integer', minimum: 1 },
            action: { type: 'string', enum: [...PATIENT_ACCESS_ACTIONS] },
          },
        },
        response: { 200: page, 400: errorResponse, 403: errorResponse },
      },
    },
    async (request, reply) => {
      requireAccessLogRole(request);
      const q = request.query as PageQuery & { patient_id?: number; user_id?: number; action?: string };
      const where = new Where()
        .add((p) => `patient_id = ${p}`, q.patient_id)
        .add((p) => `user_id = ${p}`, q.user_id)
        .add((p) => `action = ${p}`, q.action);
      return accessPage(db, reply, where, q);
    },
  );
}
