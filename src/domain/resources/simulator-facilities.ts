import rawSchema from '../../../schemas/simulator-facility.json';
import { defineResource, type FieldErrors, type JsonSchema } from '../resource';
import { withNestedSchemas } from './sandbox-schema';

export const SERVICE_DUPLICATE = 'Layanan tidak boleh berulang';

/** Each service once. */
export function validateSimulatorFacility(record: Record<string, any>): FieldErrors {
  const services: unknown[] = Array.isArray(record.services) ? record.services : [];
  return new Set(services).size !== services.length ? { services: SERVICE_DUPLICATE } : {};
}

/**
 * Simulator medical facilities (spec part 2 §2 'Simulator Medical Facilities', §3, §5, §9): the
 * sandbox of one master medical facility, whose users see only theirs.
 */
export const simulatorFacilities = defineResource({
  name: 'admin/simulator/facilities',
  table: 'simulator_facilities',
  schema: withNestedSchemas(rawSchema as JsonSchema),
  // Every simulator screen picks a facility from this list.
  menus: [
    '/simulator/facilities',
    '/simulator/patients',
    '/simulator/doctors',
    '/simulator/schedules',
    '/simulator/appointments',
    '/simulator/api-keys',
    '/simulator/poli',
    '/simulator/mobile',
    '/api-simulator',
  ],
  search: ['name', 'facility_code', 'address'],
  filters: ['type', 'level', 'medical_facility_id'],
  facilityColumn: 'medical_facility_id',
  defaultSort: { field: 'name', order: 'ASC' },
  sortable: ['facility_code', 'type', 'created_at', 'id'],
  listColumns: ['facility_code', 'name', 'type', 'level', 'capacity', 'phone'],
  createOnly: ['medical_facility_id'],
  recordRepresentation: 'name',
  validate: validateSimulatorFacility,
});
