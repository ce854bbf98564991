import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.js';
import { SELECT, access, connection, tags, withStatus } from './shared.js';

const listSchema = {
  tags,
  summary: 'Integration connections with their gateway mapping and status',
  querystring: {
    type: 'object',
    properties: {
      search: { type: 'string', maxLength: 100 },
      limit: { type: 'integer', minimum: 1, maximum: 500, default: 500 },
    },
  },
  response: {
    200: {
      type: 'object',
      properties: { connections: { type: 'array', items: connection }, total: { type: 'integer' } },
    },
  },
};

/**
 * GET /api/admin/domain/connections: every integration connection with its gateway mapping and
 * status, found by facility name, connection code or facility code.
 */
export function registerConnectionList(app: FastifyInstance, db: Db) {
  app.get(
    '/api/admin/domain/connections',
    // Also read by the API Simulator's domain configuration dialog (a facility user: their own).
    { config: { access: { menus: [...access.menus, '/api-simulator'] } }, schema: listSchema },
    async (request) => {
      const { search, limit } = request.query as { search?: string; limit: number };
      const scope = request.admin!.facilityScope;
      const where: string[] = [];
      const params: unknown[] = [];
      if (scope !== null) {
        params.push(scope);
        where.push(`c.medical_facility_id = $${params.length}`);
      }
      if (search?.trim()) {
        params.push(
          `%${search
            .trim()
            .toLowerCase()
            .replace(/[\\%_]/g, '\\$&')}%`,
        );
        const p = `$${params.length}`;
        where.push(
          `(lower(f.name) LIKE ${p} OR lower(c.code) LIKE ${p} OR lower(d.facility_code) LIKE ${p})`,
        );
      }
      params.push(limit);
      const { rows } = await db.query(
        `${SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
          ORDER BY f.name, c.code, c.id LIMIT $${params.length}`,
        params,
      );
      return { connections: rows.map(withStatus), total: rows.length };
    },
  );
}
