import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/db.js';
import type { Config } from '../config.js';
import { medicalFacilities } from '../../resources/medical-facilities/index.js';
import { facilityConnections } from '../../resources/facility-connections/index.js';
import { MIN_PASSWORD_LENGTH } from '../security/passwords.js';
import { createOutboundClient, type OutboundClient } from '../outbound/index.js';
import { errorResponse, resourcePaths } from '../resources/engine.js';
import { resourceModel } from '../resources/model.js';
import { routeSchemas } from '../resources/route-schemas.js';
import { writeOps } from '../resources/writes.js';
import { registerConnectionTest } from './connection-test.js';

/**
 * The integrated facilities API beyond the records themselves (spec part 1 §7 'Master
 * facilities'): a facility's password, a connection's credentials, and the connection test.
 * The facility, its parameters and its connections are declared resources (src/resources,
 * their rules in their hooks.ts): these routes write through the same engine, so the same
 * reach (medical_facility users: their own facility), versions and activity-log rows apply,
 * whatever order the routes are registered in.
 */

export const PASSWORD_CHANGED = 'Password berhasil diperbarui';

export function registerFacilityIntegration(
  app: FastifyInstance,
  db: Db,
  config: Config,
  outbound: OutboundClient = createOutboundClient({ allowHosts: config.outboundAllowHosts }),
) {
  const access = { menus: medicalFacilities.menus };
  const tags = [medicalFacilities.name];
  const facilities = writeOps(db, resourceModel(medicalFacilities));
  const connModel = resourceModel(facilityConnections);
  const connections = writeOps(db, connModel, config.secretKey);
  const conn = resourcePaths(facilityConnections);
  const idOf = (request: FastifyRequest) => (request.params as { id: number }).id;

  app.put(
    `/api/${medicalFacilities.name}/:id/password`,
    {
      config: { access },
      schema: {
        tags,
        summary: "Sets the facility's password (stored hashed)",
        params: resourcePaths(medicalFacilities).itemParams,
        body: {
          type: 'object',
          required: ['password'],
          additionalProperties: false,
          properties: { password: { type: 'string', minLength: MIN_PASSWORD_LENGTH, maxLength: 200 } },
        },
        response: {
          200: { type: 'object', properties: { message: { type: 'string' } } },
          400: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => {
      await facilities.update(request, idOf(request));
      return { message: PASSWORD_CHANGED };
    },
  );

  app.put(
    `${conn.base}/:id/credentials`,
    {
      config: { access },
      schema: {
        tags,
        summary:
          'Sets the username and password the platform sends to the facility (password encrypted at rest)',
        params: conn.itemParams,
        body: {
          type: 'object',
          required: ['x_username', 'x_password'],
          additionalProperties: false,
          properties: {
            x_username: { type: 'string', minLength: 1, maxLength: 100 },
            x_password: { type: 'string', minLength: 1, maxLength: 200 },
          },
        },
        response: { 200: routeSchemas(connModel).item, 400: errorResponse, 404: errorResponse },
      },
    },
    (request) => connections.update(request, idOf(request)),
  );

  registerConnectionTest(app, db, config, outbound);
}
