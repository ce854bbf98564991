import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * With read replicas: after a signed-in user's write is answered 2xx, and before the answer
 * leaves, the primary's WAL position is recorded on the session (migration 025). The session's
 * later heavy reads, on any process, go only to a replica that has replayed that far, so the
 * user sees what they wrote. Replicas' warnings and recoveries go to the system log.
 */
export function registerReadYourWrites(app: FastifyInstance, db: Db) {
  const reads = db.reads;
  if (!reads) return;
  reads.onEvent((e) => app.logs.system({ level: e.level, category: 'DATABASE', message: e.message }));
  app.addHook('onSend', async (request, reply, payload) => {
    const admin = request.admin;
    if (!admin || READS.has(request.method) || reply.statusCode >= 300) return payload;
    // The write is committed: a failure here must not turn its answer into an error. The
    // session's reads may then meet a replica that has not replayed it for a moment.
    await db
      .query('UPDATE sessions SET write_lsn = pg_current_wal_lsn() WHERE id = $1', [admin.sessionId])
      .catch(() => undefined);
    return payload;
  });
}
