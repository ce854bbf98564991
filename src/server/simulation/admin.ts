import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.js';
import { AppError } from '../plugins/errors.js';
import { logActivity } from '../plugins/audit.js';
import { NOT_FOUND } from '../resources/writes.js';
import { summarizeFieldErrors } from '../../domain/validation.js';
import { maskSecret } from '../../domain/sandbox.js';
import { keyByValue } from './auth.js';
import { openSecret } from './secrets.js';
import { initializeJourneyDefaults } from './journeys.js';
import { NO_SANDBOX } from './hooks.js';

export const COPY_NONE = 'Pilih setidaknya satu poli untuk disalin';
export const POLI_AMBIGUOUS = 'Kode poli ini dipakai di beberapa fasilitas: sebutkan medical_facility_id';
export const KEY_TEST_INVALID = 'API key is invalid or expired';

const errorResponse = {
  type: 'object',
  properties: {
    error: { type: 'string' },
    message: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'string' } },
  },
};
const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } };
const KEY_MENUS = ['/simulator/api-keys', '/api-simulator', '/simulator/mobile'];

/**
 * Admin routes of the sandbox beyond the generic CRUD: a key's reveal and test, an
 * appointment's journey events, the journey defaults and copying master poli into a sandbox.
 * medical_facility users reach only their own facility's rows.
 */
export function registerSandboxAdmin(app: FastifyInstance, db: Db) {
  const ownFacility = (request: { admin?: { effectiveRole: string; medical_facility_id: number | null } }) =>
    request.admin?.effectiveRole === 'medical_facility' ? (request.admin.medical_facility_id ?? -1) : null;

  app.get(
    '/api/admin/simulator-apikeys/:id/reveal',
    {
      config: { access: { menus: ['/simulator/api-keys', '/simulator/mobile', '/api-simulator'] } },
      schema: {
        tags: ['admin/simulator-apikeys'],
        summary: 'The key and token in full (an explicit reveal, written to the activity log)',
        params: idParams,
        response: {
          200: {
            type: 'object',
            properties: { x_api_key: { type: 'string' }, token: { type: ['string', 'null'] } },
          },
          404: errorResponse,
        },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const { rows } = await db.query(
        `SELECT x_api_key_encrypted, token_encrypted FROM simulator_api_keys
          WHERE id = $1 AND ($2::int IS NULL OR medical_facility_id = $2)`,
        [id, ownFacility(request)],
      );
      if (!rows[0]) throw new AppError(404, NOT_FOUND);
      const key = openSecret(rows[0].x_api_key_encrypted, app.sandboxSecretKey);
      if (!key) throw new AppError(409, 'API key tidak dapat dibuka dengan kunci server saat ini');
      await logActivity(db, request, {
        action: 'VIEW',
        table: 'simulator_api_keys',
        recordId: id,
        status: 200,
        details: { revealed: ['x_api_key', 'token'] },
      });
      return { x_api_key: key, token: openSecret(rows[0].token_encrypted, app.sandboxSecretKey) };
    },
  );

  app.post(
    '/api/admin/test-simulator-apikey',
    {
      config: { access: { menus: KEY_MENUS } },
      schema: {
        tags: ['admin/simulator-apikeys'],
        summary: 'Whether a key works now, and whose it is',
        body: {
          type: 'object',
          required: ['x_api_key'],
          properties: { x_api_key: { type: 'string', minLength: 1, maxLength: 100 } },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              message: { type: 'string' },
              validation_result: {
                type: 'object',
                properties: {
                  is_valid: { type: 'boolean' },
                  facility_name: { type: ['string', 'null'] },
                  facility_code: { type: ['string', 'null'] },
                  username: { type: ['string', 'null'] },
                  token: { type: ['string', 'null'], description: 'masked (first 4 + last 4)' },
                },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const { x_api_key: value } = request.body as { x_api_key: string };
      const key = await keyByValue(db, value);
      const own = ownFacility(request);
      if (!key || (own !== null && key.medical_facility_id !== own)) {
        return {
          message: KEY_TEST_INVALID,
          validation_result: {
            is_valid: false,
            facility_name: null,
            facility_code: null,
            username: null,
            token: null,
          },
        };
      }
      const { rows } = await db.query('SELECT token FROM simulator_api_keys WHERE id = $1', [key.id]);
      return {
        message: 'API key valid',
        validation_result: {
          is_valid: true,
          facility_name: key.facility_name,
          facility_code: key.facility_code,
          username: key.username,
          token: maskSecret(rows[0]?.token ?? null),
        },
      };
    },
  );

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
  const journeys = async (request: any) => {
    const { id } = request.params as { id: number };
    const { rows: found } = await db.query(
      'SELECT id FROM simulator_appointments WHERE id = $1 AND ($2::int IS NULL OR medical_facility_id = $2)',
      [id, ownFacility(request)],
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

  // The spec's poli calls name a poli by its code (PUT/DELETE /admin/simulator/poli/{poly_code}):
  // they are sent on (307, method and body kept) to the record's own URL, where the engine
  // answers them with its versions, rules and activity log.
  app.route({
    method: ['GET', 'PUT', 'PATCH', 'DELETE'],
    url: '/api/admin/simulator/poli/:poly_code(^[A-Za-z][A-Za-z0-9_-]*$)',
    config: { access: { menus: ['/simulator/poli', '/simulator/schedules', '/simulator/mobile'] } },
    schema: {
      tags: ['admin/simulator/poli'],
      summary: 'A poli by its code: redirected (307) to /api/admin/simulator/poli/{id}',
      querystring: { type: 'object', properties: { medical_facility_id: { type: 'integer', minimum: 1 } } },
      response: {
        307: { type: 'null', description: 'Location: the poli by id' },
        404: errorResponse,
        409: errorResponse,
      },
    },
    handler: async (request, reply) => {
      const { poly_code: code } = request.params as { poly_code: string };
      const { medical_facility_id: facility } = request.query as { medical_facility_id?: number };
      const { rows } = await db.query<{ id: number }>(
        `SELECT id FROM simulator_poli WHERE poly_code = $1 AND ($2::int IS NULL OR medical_facility_id = $2)
          ORDER BY id LIMIT 2`,
        [code.toUpperCase(), ownFacility(request) ?? facility ?? null],
      );
      if (!rows[0]) throw new AppError(404, NOT_FOUND);
      if (rows[1]) throw new AppError(409, POLI_AMBIGUOUS);
      return reply.redirect(`/api/admin/simulator/poli/${rows[0].id}`, 307);
    },
  });

  app.post(
    '/api/admin/simulator/poli/copy-from-master',
    {
      config: { access: { menus: ['/simulator/poli'] } },
      schema: {
        tags: ['admin/simulator/poli'],
        summary: "Copies master poli into a facility's sandbox (codes it already has are kept as they are)",
        body: {
          type: 'object',
          required: ['poly_codes'],
          properties: {
            poly_codes: { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 20 } },
            medical_facility_id: { type: 'integer', minimum: 1 },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: { copied: { type: 'integer' }, data: { type: 'array', items: {} } },
          },
          400: errorResponse,
        },
      },
    },
    async (request) => {
      const body = request.body as { poly_codes: string[]; medical_facility_id?: number };
      const facility = ownFacility(request) ?? body.medical_facility_id;
      const refuse = (field: string, message: string): never => {
        throw new AppError(400, summarizeFieldErrors({ [field]: message }), { [field]: message });
      };
      if (!body.poly_codes.length) refuse('poly_codes', COPY_NONE);
      if (!facility) refuse('medical_facility_id', 'Wajib diisi');
      return db.transaction(async (tx) => {
        const { rows: sandbox } = await tx.query(
          'SELECT name FROM simulator_facilities WHERE medical_facility_id = $1',
          [facility],
        );
        if (!sandbox[0]) refuse('medical_facility_id', NO_SANDBOX);
        const { rows } = await tx.query(
          `INSERT INTO simulator_poli (poly_code, poly_name, poly_description, is_active, medical_facility_id, medical_facility_name)
           SELECT poly_code, poly_name, description, is_active, $2, $3 FROM master_poli WHERE poly_code = ANY($1::text[])
           ON CONFLICT (medical_facility_id, poly_code) DO NOTHING
           RETURNING id, poly_code, poly_name, poly_description, is_active, medical_facility_id, medical_facility_name`,
          [body.poly_codes, facility, sandbox[0].name],
        );
        if (rows.length)
          await logActivity(tx, request, {
            action: 'CREATE',
            table: 'simulator_poli',
            recordId: null,
            newValues: { copied_from_master: rows.map((r) => r.poly_code) },
            status: 200,
          });
        return { copied: rows.length, data: rows };
      });
    },
  );
}
