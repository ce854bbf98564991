import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.js';
import type { Config } from '../../config.js';
import { registerLogMonitoringRoutes } from './monitoring.js';
import { registerApiLogRoutes } from './api-logs.js';

/** Every /api/logs route: read-only lists and figures, resolve, and the retention cleanup. */
export function registerLogRoutes(app: FastifyInstance, db: Db, config: Config) {
  registerLogMonitoringRoutes(app, db, config);
  registerApiLogRoutes(app, db);
}
