/**
 * A signed-in admin's own sessions: where they are signed in (device, address, since when, last
 * seen) and ending one of them (a lost laptop). Nobody sees or ends another admin's session: a
 * session of someone else answers as one that does not exist. The id shown is the session's row
 * id, never its bearer token (only the token's hash is stored anyway).
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.js';
import { logActivity } from '../../plugins/audit.js';
import { errorSchema } from '../auth.js';
import { describeDevice } from './device.js';

export const SESSION_NOT_FOUND = 'Sesi tidak ditemukan';
export const SESSION_ENDED = 'Sesi diakhiri';
/** More sessions than any person keeps: the list stays bounded whatever happens. */
export const MAX_SESSIONS_LISTED = 200;

const sessionSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    device: { type: ['string', 'null'] },
    device_type: { type: ['string', 'null'] },
    ip_address: { type: ['string', 'null'] },
    signed_in_at: { type: 'string', format: 'date-time' },
    last_seen_at: { type: 'string', format: 'date-time' },
    expires_at: { type: 'string', format: 'date-time' },
    current: { type: 'boolean' },
  },
};

interface SessionRow {
  id: number;
  user_agent: string | null;
  ip_address: string | null;
  signed_in_at: Date;
  last_seen_at: Date;
  expires_at: Date;
}

export function registerSessionRoutes(app: FastifyInstance, db: Db) {
  app.get(
    '/api/auth/sessions',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['auth'],
        response: { 200: { type: 'object', properties: { data: { type: 'array', items: sessionSchema } } } },
      },
    },
    async (request) => {
      const admin = request.admin!;
      const { rows } = await db.query<SessionRow>(
        `SELECT id, user_agent, ip_address, created_at AS signed_in_at, last_seen_at, expires_at
           FROM sessions
          WHERE admin_id = $1 AND expires_at > app_now()
          ORDER BY (id = $2) DESC, last_seen_at DESC, id DESC
          LIMIT ${MAX_SESSIONS_LISTED}`,
        [admin.id, admin.sessionId],
      );
      return {
        data: rows.map(({ user_agent, ...s }) => ({
          ...s,
          ...describeDevice(user_agent),
          current: s.id === admin.sessionId,
        })),
      };
    },
  );

  app.delete(
    '/api/auth/sessions/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['auth'],
        params: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
        },
        response: {
          200: { type: 'object', properties: { message: { type: 'string' }, current: { type: 'boolean' } } },
          404: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const admin = request.admin!;
      const { id } = request.params as { id: number };
      const ended = await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: number; ip_address: string | null; user_agent: string | null }>(
          `DELETE FROM sessions WHERE id = $1 AND admin_id = $2 AND expires_at > app_now()
           RETURNING id, ip_address, user_agent`,
          [id, admin.id],
        );
        if (!rows[0]) return null;
        await logActivity(tx, request, {
          action: 'DELETE',
          table: 'sessions',
          recordId: id,
          oldValues: { ip_address: rows[0].ip_address, ...describeDevice(rows[0].user_agent) },
          status: 200,
          details: { event: 'session_ended', current: id === admin.sessionId },
        });
        return rows[0];
      });
      if (!ended) return reply.status(404).send({ error: SESSION_NOT_FOUND, message: SESSION_NOT_FOUND });
      return { message: SESSION_ENDED, current: id === admin.sessionId };
    },
  );
}
