import schema from './schema.json';
import { defineResource, type JsonSchema } from '../../domain/resource';
import { simulatorApiKeyTexts } from './texts';

/**
 * A facility's API keys for the facility API (spec part 2 §2 'Simulator API Keys', §3, §5, §9).
 * Keys and tokens are answered masked; a blank key is generated; the password of /v1/token is
 * stored hashed.
 */
export const simulatorApiKeys = defineResource({
  name: 'admin/simulator-apikeys',
  table: 'simulator_api_keys',
  schema: schema as JsonSchema,
  menus: ['/simulator/api-keys', '/api-simulator', '/simulator/mobile'],
  menu: {
    group: 'api_simulator_group',
    icon: 'vpn_key',
    order: 80,
    roles: ['admin', 'super_admin', 'medical_facility'],
    label: { id: 'API Keys', en: 'API Keys' },
  },
  texts: simulatorApiKeyTexts,
  search: ['facility_name', 'facility_code', 'username'],
  filters: ['simulasi_medical_facility_id', 'medical_facility_id'],
  facilityColumn: 'medical_facility_id',
  defaultSort: { field: 'created_at', order: 'DESC' },
  sortable: ['facility_name', 'id'],
  hashed: ['password'],
  // A blank key is generated; the key is kept hashed (to find it) and encrypted, the token encrypted.
  storage: { x_api_key: { notNull: true } },
  serverColumns: ['x_api_key_hash', 'x_api_key_encrypted', 'token_encrypted'],
  listColumns: ['x_api_key', 'token', 'username', 'url_dev', 'url_prod', 'facility_name', 'created_at'],
  references: {
    simulasi_medical_facility_id: {
      resource: 'admin/simulator/facilities',
      optionText: (f) => `${f.name} (${f.facility_code})`,
    },
  },
  recordRepresentation: 'facility_name',
});
