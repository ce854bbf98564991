import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.js';
import type { Config } from '../config.js';
import { authenticateKey, rateLimit } from './auth.js';
import { envelopeErrors } from './envelope.js';
import { registerTokenRoute } from './facility-token.js';
import { registerPatientRoutes } from './facility-patients.js';
import { registerDirectoryRoutes } from './facility-directory.js';
import { registerAppointmentRoutes } from './facility-appointments.js';
import { registerProxy } from './proxy.js';

export { TOKEN_CREDENTIALS } from './facility-token.js';

/**
 * The facility API (spec part 2 §7 'Simulator tester' and 'Mobile simulator'): what a
 * facility's system calls with its API key, answered in the envelope. Registered in a scope
 * of its own, so the key check, the rate limit and the envelope apply to these routes only.
 */
export function registerFacilityApi(app: FastifyInstance, db: Db, config: Config) {
  app.register(
    async (scope) => {
      envelopeErrors(scope);
      // Every call is the key's, within its limit, checked before the request is read or
      // validated; /v1/token takes the key itself only (a token cannot ask for a token).
      scope.addHook('onRequest', async (request, reply) => {
        const keyOnly = request.routeOptions.config.sandboxAuth === 'token-request';
        const key = await authenticateKey(db, request, { keyOnly });
        await rateLimit(db, config.simulation, key, reply);
      });
      registerTokenRoute(scope, db, config);
      registerPatientRoutes(scope, db);
      registerDirectoryRoutes(scope, db);
      registerAppointmentRoutes(scope, db);
      registerProxy(scope, db, config);
    },
    { prefix: '/api/simulation' },
  );
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'token-request': POST /v1/token checks the key itself (no Bearer token yet). */
    sandboxAuth?: 'token-request';
  }
}
