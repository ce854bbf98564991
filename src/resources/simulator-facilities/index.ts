import rawSchema from './schema.json';
import { defineResource, type FieldErrors, type JsonSchema } from '../../domain/resource';
import { withNestedSchemas } from '../sandbox-schema';
import { simulatorFacilityTexts } from './texts';

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
  menu: {
    group: 'api_simulator_group',
    icon: 'apartment',
    order: 60,
    roles: ['admin', 'super_admin', 'medical_facility'],
    label: { id: 'Simulator Fasilitas', en: 'Facility Simulator' },
  },
  texts: simulatorFacilityTexts,
  search: ['name', 'facility_code', 'address'],
  filters: ['type', 'level', 'medical_facility_id'],
  facilityColumn: 'medical_facility_id',
  // A facility has one simulated facility (a unique index): its operator adds it once.
  onePerFacility: true,
  uniqueMessages: { medical_facility_id: 'Fasilitas kesehatan ini sudah memiliki fasilitas simulasi' },
  defaultSort: { field: 'name', order: 'ASC' },
  sortable: ['facility_code', 'type', 'created_at', 'id'],
  // Code, name with the address cut at 50, a type chip, level, beds, contact, the linked medical
  // facility, and the hours and services on a button that edits them (spec part 2 §2, §3).
  listColumns: [
    'facility_code',
    'name',
    'type',
    'level',
    'capacity',
    'phone',
    'medical_facility_id',
    'operational_hours',
  ],
  columns: {
    facility_code: { kind: 'code' },
    name: { strong: true, secondary: 'address', label: 'columns.name_address' },
    address: { maxLength: 50 },
    type: { color: 'primary' },
    phone: { secondary: 'email', label: 'columns.contact' },
    operational_hours: {
      kind: 'json',
      text: 'columns.hours_summary',
      label: 'columns.hours_services',
      json: {
        fields: ['operational_hours', 'services'],
        title: 'columns.hours_title',
        action: 'columns.edit_hours',
      },
    },
  },
  dialog: [
    {
      fields: [
        'facility_code',
        'name',
        'type',
        'level',
        'capacity',
        'phone',
        'email',
        'medical_facility_id',
        'address',
      ],
    },
  ],
  // Edited from the list's hours and services button.
  dialogOmit: ['operational_hours', 'services'],
  createOnly: ['medical_facility_id'],
  recordRepresentation: 'name',
  validate: validateSimulatorFacility,
});
