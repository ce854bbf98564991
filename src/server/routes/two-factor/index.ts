/** Two-factor sign-in (TOTP, RFC 6238): enrolment by the signed-in admin and the sign-in's second step. */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.js';
import type { Config } from '../../config.js';
import { registerEnrolment } from './enrolment.js';
import { registerVerify } from './verify.js';

export function registerTwoFactorRoutes(app: FastifyInstance, db: Db, config: Config) {
  registerEnrolment(app, db, config);
  registerVerify(app, db, config);
}
