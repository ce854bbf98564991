import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.js';
import type { Config } from '../config.js';
import { registerFacilityApi } from './routes.js';
import { registerSandboxAdmin } from './admin.js';

/**
 * The integration sandbox's server side: the facility API under /api/simulation (API-key auth,
 * BPJS-style envelope, booking rules, proxy) and the admin routes the generic engine does not
 * give (reveal and test of keys, journey events, journey defaults, poli copied from master).
 */
export function registerSimulation(app: FastifyInstance, db: Db, config: Config) {
  app.decorate('sandboxSecretKey', config.secretKey);
  registerSandboxAdmin(app, db);
  registerFacilityApi(app, db, config);
}
