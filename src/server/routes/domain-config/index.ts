import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.js';
import { registerConnectionList } from './connections.js';
import { registerMappingRoutes } from './mappings.js';

export {
  CONFIG_CHANGED,
  CONFIG_NOT_FOUND,
  CONNECTION_NOT_FOUND,
  CONNECTION_REQUIRED,
  FACILITY_CODE_REQUIRED,
  NOT_CONFIGURED,
  TARGET_REQUIRED,
  statusOf,
  type DomainStatus,
} from './shared.js';

/**
 * Gateway (domain) configuration (spec part 2 §2 'Domain Configuration', §4, §5, §7): the
 * integration connections of the facilities, each with the gateway mapping that the redirect
 * gateway (/api/gateway/{facility_code}/...) follows once it is active.
 *  - GET    /api/admin/domain/connections     connections with their mapping and status
 *  - POST   /api/admin/domain                 a mapping for a connection
 *  - PUT    /api/admin/domain/{id}            its targets (and active flag)
 *  - PATCH  /api/admin/domain/{id}/activate   switches it on
 *  - DELETE /api/admin/domain/{id}
 */
export function registerDomainConfigRoutes(app: FastifyInstance, db: Db) {
  registerConnectionList(app, db);
  registerMappingRoutes(app, db);
}
