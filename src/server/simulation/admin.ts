import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.js';
import { registerKeyReveal, registerKeyTest } from './admin-keys.js';
import { registerAppointmentJourneys, registerJourneyDefaults } from './admin-journeys.js';
import { registerPoliByCode, registerPoliCopy } from './admin-poli.js';

export { KEY_TEST_INVALID } from './admin-keys.js';
export { COPY_NONE, POLI_AMBIGUOUS } from './admin-poli.js';

/**
 * Admin routes of the sandbox beyond the generic CRUD: a key's reveal and test, an
 * appointment's journey events, the journey defaults and copying master poli into a sandbox.
 * medical_facility users reach only their own facility's rows.
 */
export function registerSandboxAdmin(app: FastifyInstance, db: Db) {
  registerKeyReveal(app, db);
  registerKeyTest(app, db);
  registerAppointmentJourneys(app, db);
  registerJourneyDefaults(app, db);
  registerPoliByCode(app, db);
  registerPoliCopy(app, db);
}
