import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.js';
import { registerOverviewRoutes } from './overview.js';
import { registerMentalHealthRoutes } from './mental-health.js';
import { registerGeographicRoutes } from './geographic.js';
import { figureSources } from './shared.js';

/**
 * GET /api/dashboard/*: the aggregates of the dashboard and the six analysis screens. Each
 * route is open to the menu paths whose screens read it. Patient and appointment counts come
 * from rollup tables kept by triggers, so they stay fast at millions of rows (shared.ts: while a
 * bulk load has left them stale).
 */
export function registerDashboardRoutes(
  app: FastifyInstance,
  db: Db,
  { liveMaxRows }: { liveMaxRows: number },
) {
  const sources = figureSources(db, liveMaxRows);
  registerOverviewRoutes(app, db, sources);
  registerMentalHealthRoutes(app, db, sources);
  registerGeographicRoutes(app, db, sources);
}
