/** What a signed-in admin does with their own account: their sessions, their password. */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.js';
import type { Config } from '../../config.js';
import { registerSessionRoutes } from './sessions.js';
import { registerChangePassword } from './change-password.js';
import { registerPasswordReset } from './password-reset.js';

export function registerAccountRoutes(app: FastifyInstance, db: Db, config: Config) {
  registerSessionRoutes(app, db);
  registerChangePassword(app, db, config);
  registerPasswordReset(app, db, config);
}
