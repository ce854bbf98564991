import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.js';
import { AppError } from '../plugins/errors.js';
import { appointments } from '../../resources/appointments/index.js';

export const APPOINTMENT_NOT_FOUND = 'Janji temu tidak ditemukan';

const access = { menus: appointments.menus };
const insuranceTypes = (appointments.schema.properties!.health_insurance.enum ?? []) as string[];

/**
 * The two calls of the master appointments screen beside its list and dialog (spec part 1 §7):
 *  - GET /api/master/appointments/filter-options: the choices of its filters;
 *  - GET /api/master/appointments/{id}/journeys: the journey events of one appointment.
 */
export function registerAppointmentRoutes(app: FastifyInstance, db: Db) {
  app.get(
    '/api/master/appointments/filter-options',
    {
      config: { access },
      schema: {
        tags: ['master/appointments'],
        summary: 'Choices of the appointment filters: facilities, facility parameter types, insurances',
        response: {
          200: {
            type: 'object',
            properties: {
              medical_facilities: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    id: { type: 'integer' },
                    name: { type: 'string' },
                    type: { type: ['string', 'null'] },
                  },
                },
              },
              param_types: { type: 'array', items: { type: 'string' } },
              health_insurance_types: { type: 'array', items: { type: 'string' } },
            },
          },
        },
      },
    },
    async (request) => {
      const scope = request.admin!.facilityScope;
      const params = scope === null ? [] : [scope];
      const where = scope === null ? '' : 'WHERE id = $1';
      const [facilities, types] = await Promise.all([
        db.query(`SELECT id, name, type FROM medical_facilities ${where} ORDER BY name, id`, params),
        db.query<{ type: string }>(
          `SELECT DISTINCT type FROM facility_params
            ${scope === null ? '' : 'WHERE medical_facility_id = $1'} ORDER BY type`,
          params,
        ),
      ]);
      return {
        medical_facilities: facilities.rows,
        param_types: types.rows.map((r) => r.type),
        health_insurance_types: insuranceTypes,
      };
    },
  );

  app.get(
    '/api/master/appointments/:id/journeys',
    {
      config: { access },
      schema: {
        tags: ['master/appointments'],
        summary: 'The journey events of one appointment, in order',
        params: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'integer', minimum: 1 } },
        },
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                id: { type: 'integer' },
                event_id: { type: 'string' },
                is_completed: { type: 'boolean' },
                timestamp_start: { type: ['string', 'null'], format: 'date-time' },
                timestamp_end: { type: ['string', 'null'], format: 'date-time' },
                duration_minutes: { type: ['integer', 'null'] },
                title: { type: 'string' },
                title_en: { type: ['string', 'null'] },
                blocked_attempts_count: { type: 'integer' },
                last_blocked_attempt_at: { type: ['string', 'null'], format: 'date-time' },
                last_blocked_reason: { type: ['string', 'null'] },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const scope = request.admin!.facilityScope;
      const found = await db.query(
        `SELECT 1 FROM appointments WHERE id = $1 ${scope === null ? '' : 'AND medical_facility_id = $2'}`,
        scope === null ? [id] : [id, scope],
      );
      if (!found.rows.length) throw new AppError(404, APPOINTMENT_NOT_FOUND);
      const { rows } = await db.query(
        `SELECT id, event_id, is_completed, timestamp_start, timestamp_end, duration_minutes, title,
                title_en, blocked_attempts_count, last_blocked_attempt_at, last_blocked_reason
           FROM appointment_journeys WHERE appointment_id = $1
          ORDER BY timestamp_start NULLS LAST, id`,
        [id],
      );
      return rows;
    },
  );
}
