import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The answer is the same for every caller the route admits (city-wide figures): it may be
     * reused for this many seconds, and concurrent misses share one computation.
     */
    sharedAnswer?: boolean;
  }
  interface FastifyInstance {
    /** Drops every reused answer (the figures moved: the change stream). */
    forgetSharedAnswers?: () => void;
  }
}

/**
 * City-wide dashboard figures are identical for every user who may see them. Under load they
 * are computed once per `seconds` and URL instead of once per request: 32 dashboards opened at
 * once cost one set of queries. The figures are at most that many seconds old.
 */
export function registerSharedAnswers(app: FastifyInstance, seconds: number) {
  if (seconds <= 0) return;
  const answers = new Map<string, { until: number; value: Promise<unknown> }>();
  app.decorate('forgetSharedAnswers', () => answers.clear());
  app.addHook('onRoute', (route) => {
    if (!route.config?.sharedAnswer) return;
    const handler = route.handler;
    route.handler = function (request, reply) {
      const key = request.url;
      const now = Date.now();
      const hit = answers.get(key);
      if (hit && hit.until > now) return hit.value;
      const value = Promise.resolve(handler.call(this, request, reply));
      answers.set(key, { until: now + seconds * 1000, value });
      // A failure is not kept: the next request tries again.
      value.catch(() => answers.delete(key));
      if (answers.size > 1000) answers.delete(answers.keys().next().value!);
      return value;
    };
  });
}
