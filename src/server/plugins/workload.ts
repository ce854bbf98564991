import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { work } from '../db/work.js';
import { AppError, BUSY, RETRY_AFTER_SECONDS } from './errors.js';

export { BUSY };
import { isApiPath } from '../api-path.js';

/** How much database work a route does: 'heavy', or a rule that tells from the request. */
export type WorkClass = 'light' | 'heavy' | ((request: FastifyRequest) => 'light' | 'heavy');

declare module 'fastify' {
  interface FastifyContextConfig {
    work?: WorkClass;
  }
  interface FastifyRequest {
    /** Aborted when the client closes its connection before the answer. */
    clientGone?: AbortController;
  }
}

/** 503 with Retry-After (seconds), in the usual error shape. */
export class BusyError extends AppError {
  constructor(message = BUSY, retryAfter = RETRY_AFTER_SECONDS) {
    super(503, message);
    this.retryAfter = retryAfter;
  }
}

/**
 * A bounded number of heavy requests at once, with a bounded queue: past the queue's length a
 * request is refused at once, and one that waited past `maxWaitMs` is refused then.
 */
export class Gate {
  private running = 0;
  private readonly waiting: { resolve: () => void; reject: (e: Error) => void; timer: NodeJS.Timeout }[] = [];

  constructor(
    readonly concurrency: number,
    readonly maxQueue: number,
    readonly maxWaitMs: number,
  ) {}

  async acquire(signal?: AbortSignal): Promise<() => void> {
    if (this.running < this.concurrency) {
      this.running++;
      return this.releaser();
    }
    if (this.waiting.length >= this.maxQueue) throw new BusyError();
    await new Promise<void>((resolve, reject) => {
      const entry = {
        resolve,
        reject,
        timer: setTimeout(() => this.drop(entry, new BusyError()), this.maxWaitMs),
      };
      this.waiting.push(entry);
      signal?.addEventListener('abort', () => this.drop(entry, new BusyError()), { once: true });
    });
    return this.releaser();
  }

  private drop(entry: (typeof this.waiting)[number], err: Error) {
    const i = this.waiting.indexOf(entry);
    if (i < 0) return;
    this.waiting.splice(i, 1);
    clearTimeout(entry.timer);
    entry.reject(err);
  }

  private releaser() {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) {
        clearTimeout(next.timer);
        next.resolve(); // the slot passes on: `running` stays the same
      } else {
        this.running--;
      }
    };
  }
}

/**
 * Bounds the database work of every /api request:
 *  - each request gets an AbortController that fires when its client goes; the database
 *    layer cancels the statement then running for it;
 *  - heavy requests (searches and sorts, analyses, exports, log queries) pass a Gate sized
 *    to the heavy pool and run their statements on it, so sign-in, /auth/me and a record by
 *    id keep connections of their own however many heavy requests arrive.
 */
export function registerWorkload(app: FastifyInstance, config: Config) {
  const gate = new Gate(config.db.heavyPoolSize, config.db.heavyQueue, config.db.heavyQueueWaitMs);

  app.addHook('onRequest', async (request) => {
    request.clientGone = new AbortController();
  });
  app.addHook('onRequestAbort', async (request) => {
    request.clientGone?.abort();
  });

  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url) || route.url.startsWith('/api/docs')) return;
    const handler = route.handler;
    const rule = route.config?.work;
    route.handler = async function (request, reply) {
      const heavy = (typeof rule === 'function' ? rule(request) : rule) === 'heavy';
      const signal = request.clientGone?.signal;
      const release = heavy ? await gate.acquire(signal) : undefined;
      try {
        const admin = request.admin;
        const writeLsn = admin?.writeLsn;
        const actor = admin ? { id: admin.id, name: admin.full_name } : undefined;
        return await work.run({ heavy, signal, writeLsn, actor }, () => handler.call(this, request, reply));
      } finally {
        release?.();
      }
    };
  });
}
