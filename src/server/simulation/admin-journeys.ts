import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/db.js';
import { AppError } from '../plugins/errors.js';
import { logActivity } from '../plugins/audit.js';
import { NOT_FOUND } from '../resources/writes.js';
import { initializeJourneyDefaults } from './journeys.js';
import { errorResponse, idParams } from './admin-shared.js';

/**
 * GET .../simulator/appointments/:id/journeys (under /api/admin and /api/simulation/admin):
 * an appointment's journey events, in step order.
 */
export function registerAppointmentJourneys(app: FastifyInstance, db: Db) {
  const journeysRoute = {
    config: { access: { menus: ['/simulator/appointments'] } },
    schema: {
      tags: ['admin/simulator/appointments'],
      summary: "An appointment's journey events, in step order",
      params: idParams,
      response: {
        200: { type: 'object', properties: { data: { type: 'array', items: {} } } },
        404: errorResponse,
      },
    },
  };
  const journeys = async (request: FastifyRequest) => {
    const { id } = request.params as { id: number };
    const { rows: found } = await db.query(
      'SELECT id FROM simulator_appointments WHERE id = $1 AND ($2::int IS NULL OR medical_facility_id = $2)',
      [id, request.admin!.facilityScope],
    );
    if (!found[0]) throw new AppError(404, NOT_FOUND);
    const { rows } = await db.query(
      `SELECT id, journey_step, is_completed, timestamp_start, timestamp_end, estimated_duration_minutes, title, title_en
         FROM simulator_journey_events WHERE appointment_id = $1 ORDER BY position, id LIMIT 100`,
      [id],
    );
    return { data: rows };
  };
  app.get('/api/admin/simulator/appointments/:id/journeys', journeysRoute, journeys);
  app.get('/api/simulation/admin/simulator/appointments/:id/journeys', journeysRoute, journeys);
}

/** POST /api/admin/journey-config/initialize-defaults: the missing default journey configurations. */
export function registerJourneyDefaults(app: FastifyInstance, db: Db) {
  app.post(
    '/api/admin/journey-config/initialize-defaults',
    {
      config: { access: { menus: ['/master/journey-config'] } },
      schema: {
        tags: ['admin/journey-config'],
        summary: 'Creates the default journey configurations that are missing (never a duplicate)',
        response: {
          200: {
            type: 'object',
            properties: {
              message: { type: 'string' },
              created: { type: 'array', items: { type: 'string' } },
            },
          },
        },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const created = await initializeJourneyDefaults(tx);
        if (created.length)
          await logActivity(tx, request, {
            action: 'CREATE',
            table: 'journey_configs',
            recordId: null,
            newValues: { journey_types: created },
            status: 200,
          });
        return {
          message: created.length
            ? `${created.length} konfigurasi bawaan dibuat`
            : 'Semua konfigurasi bawaan sudah ada',
          created,
        };
      }),
  );
}
