import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.js';
import { likePattern } from '../resources/list.js';

/**
 * GET /api/admin/medical-facilities?limit=100: the facility picker of every form that links a
 * row to a facility. A medical_facility user only gets their own facility; `sandbox=true` keeps
 * the facilities with a simulated facility (the only ones a sandbox record can belong to).
 */
export const FACILITY_PICKER_MENUS = [
  '/master/patients',
  '/master/appointments',
  '/master/web-admins',
  '/master/delivery',
  '/master/medical-facilities',
  '/master/medical-facilities-integrated',
  '/simulator/facilities',
  '/simulator/patients',
  '/simulator/doctors',
  '/simulator/poli',
  '/simulator/appointments',
  '/simulator/delivery',
  '/simulator/api-keys',
  '/api-simulator',
  '/simulator/mobile',
];

export function registerFacilityOptions(app: FastifyInstance, db: Db) {
  app.get(
    '/api/admin/medical-facilities',
    {
      config: { access: { menus: FACILITY_PICKER_MENUS } },
      schema: {
        tags: ['facilities'],
        querystring: {
          type: 'object',
          properties: {
            page: { type: 'integer', minimum: 1, default: 1 },
            limit: { type: 'integer', minimum: 1, maximum: 1000, default: 100 },
            search: { type: 'string', maxLength: 200 },
            ids: { type: 'string', pattern: '^\\d+(,\\d+)*$' },
            sandbox: { type: 'boolean' },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              data: {
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
              pagination: {
                type: 'object',
                properties: { total: { type: 'integer' }, totalPages: { type: 'integer' } },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const q = request.query as {
        page: number;
        limit: number;
        search?: string;
        ids?: string;
        sandbox?: boolean;
      };
      const where: string[] = [];
      const params: unknown[] = [];
      const admin = request.admin!;
      if (admin.facilityScope !== null) {
        params.push(admin.facilityScope);
        where.push(`id = $${params.length}`);
      }
      if (q.search) {
        params.push(likePattern(q.search));
        where.push(`name ILIKE $${params.length}`);
      }
      if (q.ids) {
        params.push(q.ids.split(',').map(Number));
        where.push(`id = ANY($${params.length}::int[])`);
      }
      if (q.sandbox)
        where.push(
          'EXISTS (SELECT 1 FROM simulator_facilities s WHERE s.medical_facility_id = medical_facilities.id)',
        );
      const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const [{ rows }, count] = await Promise.all([
        db.query(
          `SELECT id, name, type FROM medical_facilities ${whereSql} ORDER BY name, id
            LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`,
          params,
        ),
        db.query<{ total: number }>(
          `SELECT count(*)::int AS total FROM medical_facilities ${whereSql}`,
          params,
        ),
      ]);
      const total = count.rows[0].total;
      return { data: rows, pagination: { total, totalPages: Math.ceil(total / q.limit) } };
    },
  );
}
