import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set on SIGTERM: /api/health answers 503 so that a balancer stops sending requests. */
    draining: boolean;
  }
}

const replica = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    up: { type: 'boolean' },
    lag_ms: { type: ['integer', 'null'] },
    in_use: { type: 'boolean' },
    heavy_reads: { type: 'integer' },
  },
};
const health = {
  type: 'object',
  properties: {
    status: { type: 'string', enum: ['ok', 'draining', 'down'] },
    primary: { type: 'object', properties: { up: { type: 'boolean' }, heavy_reads: { type: 'integer' } } },
    replicas: { type: 'array', items: replica },
    // List indexes built or rollups rebuilt behind the served console (src/server/maintenance).
    maintenance: {
      type: 'object',
      properties: { running: { type: 'boolean' }, tasks: { type: 'array', items: { type: 'string' } } },
    },
    // Scheduled backups (BACKUP_DIR): the last one's time, and 'stale' or 'failed' when it needs a look.
    backup: {
      type: 'object',
      properties: {
        last_at: { type: ['string', 'null'] },
        warning: { type: ['string', 'null'], enum: ['stale', 'failed', null] },
      },
    },
  },
};

/**
 * The balancer's health check (HAProxy's `option httpchk GET /api/health`): 200 while this
 * process serves and reaches the primary; 503 while it drains before stopping, or when the
 * primary does not answer. It reports each read replica as last checked (DATABASE_READ_URL's
 * order: replica-1, replica-2 ...), whether heavy reads use it, its lag, and how many heavy
 * reads this process has run there; and whether this process builds list indexes or rebuilds
 * rollups in the background (it serves meanwhile); with scheduled backups, the last one's time
 * and a warning when it failed or is older than two periods (still 200: the process serves).
 */
export function registerHealth(app: FastifyInstance, db: Db) {
  app.decorate('draining', false);
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Health of this API process and its databases',
        tags: ['health'],
        // 503: draining, the primary down (this shape), or shed under overload (the error shape).
        response: { 200: health, 503: { type: 'object', additionalProperties: true } },
      },
    },
    async (_request, reply) => {
      const up = await db.query('SELECT 1').then(
        () => true,
        () => false,
      );
      const status = app.draining ? 'draining' : up ? 'ok' : 'down';
      const reads = db.reads;
      const replicas = (reads?.status() ?? []).map((r, i) => ({ ...r, name: `replica-${i + 1}` }));
      // With replicas: how many heavy-read statements this process has run on each, and on the
      // primary when no replica could take them.
      const primary = reads ? { up, heavy_reads: reads.served.primary } : { up };
      const backup = app.backups?.status();
      return reply.status(status === 'ok' ? 200 : 503).send({
        status,
        primary,
        replicas,
        maintenance: app.maintenance.status(),
        ...(backup ? { backup } : {}),
      });
    },
  );
}
