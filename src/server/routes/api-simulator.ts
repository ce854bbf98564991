/**
 * The API Simulator's request history (spec part 2 §2 'API Simulator', §9: the last 50 kept):
 *  - GET    /api/api-simulator/history   the signed-in admin's requests, newest first
 *  - POST   /api/api-simulator/history   one more (the oldest beyond 50 go)
 *  - DELETE /api/api-simulator/history   clears them
 * Each admin sees only their own. A request is kept as what replays it: the key's id, never the
 * key or a token.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.js';

export const HISTORY_LIMIT = 50;
const access = { menus: ['/api-simulator'] };
const tags = ['api-simulator'];

const entry = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    created_at: { type: 'string' },
    tab: { type: 'string' },
    method: { type: 'string' },
    path: { type: 'string' },
    body: {},
    api_key_id: { type: ['integer', 'null'] },
    auth_method: { type: 'string' },
    status: { type: ['integer', 'null'] },
    duration_ms: { type: ['integer', 'null'] },
  },
};

const SELECT = `SELECT id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
                       tab, method, path, body, api_key_id, auth_method, status, duration_ms
                  FROM api_tester_history`;

export function registerApiSimulatorRoutes(app: FastifyInstance, db: Db) {
  app.get(
    '/api/api-simulator/history',
    {
      config: { access },
      schema: {
        tags,
        summary: `The signed-in admin's last ${HISTORY_LIMIT} requests of the API Simulator, newest first`,
        response: { 200: { type: 'object', properties: { data: { type: 'array', items: entry } } } },
      },
    },
    async (request) => {
      const { rows } = await db.query(
        `${SELECT} WHERE web_admin_id = $1 ORDER BY id DESC LIMIT ${HISTORY_LIMIT}`,
        [request.admin!.id],
      );
      return { data: rows };
    },
  );

  app.post(
    '/api/api-simulator/history',
    {
      config: { access },
      schema: {
        tags,
        summary: `Keeps a request of the API Simulator (the admin's oldest beyond ${HISTORY_LIMIT} go)`,
        body: {
          type: 'object',
          required: ['tab', 'method', 'path', 'auth_method'],
          additionalProperties: false,
          properties: {
            tab: { type: 'string', enum: ['search', 'create', 'facility'] },
            method: { type: 'string', enum: ['GET', 'POST'] },
            path: { type: 'string', minLength: 1, maxLength: 500, pattern: '^/' },
            body: { type: ['object', 'null'] },
            api_key_id: { type: ['integer', 'null'], minimum: 1 },
            auth_method: { type: 'string', enum: ['apikey', 'basic', 'bearer'] },
            status: { type: ['integer', 'null'], minimum: 0, maximum: 999 },
            duration_ms: { type: ['integer', 'null'], minimum: 0 },
          },
        },
        response: { 201: entry },
      },
    },
    async (request, reply) => {
      const b = request.body as Record<string, any>;
      const admin = request.admin!.id;
      const saved = await db.transaction(async (tx) => {
        // A key of another facility is not kept (a facility user picks only their own).
        const { rows } = await tx.query(
          `INSERT INTO api_tester_history (web_admin_id, tab, method, path, body, api_key_id, auth_method, status, duration_ms)
           VALUES ($1, $2, $3, $4, $5::jsonb, (SELECT id FROM simulator_api_keys WHERE id = $6), $7, $8, $9)
           RETURNING id`,
          [
            admin,
            b.tab,
            b.method,
            b.path,
            b.body == null ? null : JSON.stringify(b.body),
            b.api_key_id ?? null,
            b.auth_method,
            b.status ?? null,
            b.duration_ms ?? null,
          ],
        );
        await tx.query(
          `DELETE FROM api_tester_history WHERE web_admin_id = $1 AND id NOT IN
             (SELECT id FROM api_tester_history WHERE web_admin_id = $1 ORDER BY id DESC LIMIT ${HISTORY_LIMIT})`,
          [admin],
        );
        return (await tx.query(`${SELECT} WHERE id = $1`, [rows[0].id])).rows[0];
      });
      reply.code(201);
      return saved;
    },
  );

  app.delete(
    '/api/api-simulator/history',
    {
      config: { access },
      schema: {
        tags,
        summary: "Clears the signed-in admin's API Simulator history",
        response: { 200: { type: 'object', properties: { deleted: { type: 'integer' } } } },
      },
    },
    async (request) => {
      const { rowCount } = await db.query('DELETE FROM api_tester_history WHERE web_admin_id = $1', [
        request.admin!.id,
      ]);
      return { deleted: rowCount };
    },
  );
}
