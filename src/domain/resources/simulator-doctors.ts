import rawSchema from '../../../schemas/simulator-doctor.json';
import { defineResource, type JsonSchema } from '../resource';
import { withNestedSchemas } from './sandbox-schema';

/** Simulator doctors (spec part 2 §2 'Simulator ... Doctors', §3, §5, §9). */
export const simulatorDoctors = defineResource({
  name: 'admin/simulator/doctors',
  table: 'simulator_doctors',
  schema: withNestedSchemas(rawSchema as JsonSchema),
  menus: ['/simulator/doctors', '/simulator/schedules', '/simulator/appointments', '/simulator/mobile'],
  search: ['name', 'nip'],
  filters: ['specialization', 'is_available', 'medical_facility_id'],
  facilityColumn: 'medical_facility_id',
  facilityFilter: { sandbox: true },
  defaultSort: { field: 'name', order: 'ASC' },
  sortable: ['nip', 'specialization', 'consultation_fee', 'created_at', 'id'],
  listColumns: ['nip', 'name', 'specialization', 'facility_name', 'consultation_fee', 'is_available'],
  createOnly: ['medical_facility_id'],
  recordRepresentation: 'name',
});
