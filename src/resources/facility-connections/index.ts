import schema from './schema.json';
import { defineResource, type JsonSchema } from '../../domain/resource';
import { gatewayStatus } from '../../domain/facility-integration';
import { medicalFacilities } from '../medical-facilities';
import { facilityConnectionTexts } from './texts';

/**
 * A facility's integration connections (spec part 1 §4, §5, §7): base URLs, the credentials the
 * platform sends (the password kept encrypted, answered as has_password), and the JSON
 * properties, resources and gateway config, whose status is derived from the config.
 */
export const facilityConnections = defineResource({
  name: 'master/medical-facilities/connections',
  table: 'facility_connections',
  schema: schema as JsonSchema,
  menus: medicalFacilities.menus,
  texts: facilityConnectionTexts,
  parent: {
    resource: medicalFacilities,
    column: 'medical_facility_id',
    param: 'facilityId',
    path: 'connections',
  },
  encrypted: { x_password: 'has_password' },
  derived: { gateway_status: (record) => gatewayStatus(record.gateway_config) },
  search: [],
  filters: [],
  defaultSort: { field: 'id', order: 'ASC' },
});
