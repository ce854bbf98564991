import type { FastifyInstance } from 'fastify';
import underPressure from '@fastify/under-pressure';
import type { Config } from '../config.js';
import { RETRY_AFTER_SECONDS } from './errors.js';
import { BUSY } from './workload.js';

/**
 * Sheds load instead of queueing it without end: while the event loop lags past its bound, or
 * the heap or resident memory passes theirs, new requests get 503 with Retry-After at once.
 * The health check reports the same pressure to a load balancer.
 */
export async function registerOverloadGuard(app: FastifyInstance, config: Config) {
  await app.register(underPressure, {
    maxEventLoopDelay: config.overload.maxEventLoopDelayMs,
    maxHeapUsedBytes: config.overload.maxHeapUsedMb * 1024 * 1024,
    maxRssBytes: config.overload.maxRssMb * 1024 * 1024,
    retryAfter: RETRY_AFTER_SECONDS,
    pressureHandler: (_request, reply) => {
      reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ error: BUSY, message: BUSY });
    },
  });
}
