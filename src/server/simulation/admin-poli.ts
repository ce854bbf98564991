import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.js';
import { AppError } from '../plugins/errors.js';
import { logActivity } from '../plugins/audit.js';
import { NOT_FOUND } from '../resources/writes.js';
import { summarizeFieldErrors } from '../../domain/validation.js';
import { NO_SANDBOX } from './hooks.js';
import { errorResponse } from './admin-shared.js';

export const COPY_NONE = 'Pilih setidaknya satu poli untuk disalin';
export const POLI_AMBIGUOUS = 'Kode poli ini dipakai di beberapa fasilitas: sebutkan medical_facility_id';

/** A 400 naming the one field at fault. */
const refuse = (field: string, message: string): never => {
  throw new AppError(400, summarizeFieldErrors({ [field]: message }), { [field]: message });
};

// The spec's poli calls name a poli by its code (PUT/DELETE /admin/simulator/poli/{poly_code}):
// they are sent on (307, method and body kept) to the record's own URL, where the engine
// answers them with its versions, rules and activity log.
export function registerPoliByCode(app: FastifyInstance, db: Db) {
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
        [code.toUpperCase(), request.admin!.facilityScope ?? facility ?? null],
      );
      if (!rows[0]) throw new AppError(404, NOT_FOUND);
      if (rows[1]) throw new AppError(409, POLI_AMBIGUOUS);
      return reply.redirect(`/api/admin/simulator/poli/${rows[0].id}`, 307);
    },
  });
}

const copyBody = {
  type: 'object',
  required: ['poly_codes'],
  properties: {
    poly_codes: { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 20 } },
    medical_facility_id: { type: 'integer', minimum: 1 },
  },
};

/** POST .../poli/copy-from-master: master poli copied into a facility's sandbox (existing codes kept). */
export function registerPoliCopy(app: FastifyInstance, db: Db) {
  app.post(
    '/api/admin/simulator/poli/copy-from-master',
    {
      config: { access: { menus: ['/simulator/poli'] } },
      schema: {
        tags: ['admin/simulator/poli'],
        summary: "Copies master poli into a facility's sandbox (codes it already has are kept as they are)",
        body: copyBody,
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
      const facility = request.admin!.facilityScope ?? body.medical_facility_id;
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
