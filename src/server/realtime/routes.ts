/**
 * The change stream: GET /api/events (server-sent events) and POST /api/events/ticket. The
 * format and its rules: README 'Live changes'.
 */
import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.js';
import { hashToken } from '../security/passwords.js';
import { errorResponse } from '../resources/route-schemas.js';
import type { ResourceDeclaration } from '../../domain/resource.js';
import { Hub } from './hub.js';
import { sourcesOf } from './sources.js';
import { installChangeTriggers } from './triggers.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's side of the change stream. */
    events: Hub;
  }
}

/** How long a ticket may wait to be used, in seconds. */
export const TICKET_SECONDS = 30;

export interface EventOptions {
  heartbeatMs: number;
  retentionMinutes: number;
}

export async function registerEventRoutes(
  app: FastifyInstance,
  db: Db,
  decls: ResourceDeclaration[],
  options: EventOptions,
) {
  const sources = sourcesOf(decls);
  await installChangeTriggers(db, sources.values());
  const hub = new Hub(db, sources, {
    heartbeatMs: options.heartbeatMs,
    retentionMs: options.retentionMinutes * 60_000,
    // A screen told that the figures moved must not be answered the figures of before.
    onFiguresMoved: () => app.forgetSharedAnswers?.(),
  });
  app.decorate('events', hub);
  app.addHook('onReady', () => hub.start());
  // Open streams would hold a draining process's close until its force-exit.
  app.addHook('preClose', () => hub.stop());

  app.post(
    '/api/events/ticket',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['events'],
        summary: 'A single-use ticket opening GET /api/events for this session (for EventSource)',
        response: {
          201: {
            type: 'object',
            properties: { ticket: { type: 'string' }, expiresInSeconds: { type: 'integer' } },
          },
        },
      },
    },
    async (request, reply) => {
      const ticket = randomBytes(24).toString('base64url');
      await db.query(
        `INSERT INTO event_tickets (ticket_hash, session_id, expires_at)
         VALUES ($1, $2, app_now() + make_interval(secs => $3))`,
        [hashToken(ticket), request.admin!.sessionId, TICKET_SECONDS],
      );
      return reply.status(201).send({ ticket, expiresInSeconds: TICKET_SECONDS });
    },
  );

  app.get(
    '/api/events',
    {
      config: { access: 'authenticated', ticket: true, stream: true },
      schema: {
        tags: ['events'],
        summary: 'The changes this user may see, as server-sent events',
        querystring: {
          type: 'object',
          properties: { ticket: { type: 'string' }, lastEventId: { type: 'string' } },
        },
        headers: { type: 'object', properties: { 'last-event-id': { type: 'string' } } },
        response: { 401: errorResponse },
      },
    },
    async (request, reply) => {
      const q = request.query as { lastEventId?: string };
      const last = request.headers['last-event-id'] ?? q.lastEventId;
      const lastEventId = typeof last === 'string' && /^\d+$/.test(last) ? Number(last) : undefined;
      // A small buffer: a reader that stops taking its frames is closed (hub.send) rather than
      // held in memory.
      const out = new PassThrough({ highWaterMark: 1024 });
      const stream = {
        admin: request.admin!,
        key: '',
        write: (text: string) => void out.write(text),
        buffered: () => out.writableLength + (request.raw.socket?.writableLength ?? 0),
        end: () => out.end(),
      };
      // The client went: the stream goes too (else its socket would wait for keep-alive's end).
      reply.raw.once('close', () => {
        hub.close(stream);
        out.destroy();
      });
      out.once('close', () => hub.close(stream));
      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        // A stream the server ends (a session ended, the process drains) takes its connection
        // along: a reader reconnects anyway, and a drain need not wait for keep-alive's end.
        .header('connection', 'close');
      void hub.open(stream, lastEventId).catch(() => stream.end());
      return reply.send(out);
    },
  );
}
