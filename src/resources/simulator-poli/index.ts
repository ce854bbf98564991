import schema from './schema.json';
import { defineResource, type JsonSchema } from '../../domain/resource';
import { simulatorPoliTexts } from './texts';

/** Simulator poli ('Simulasi Poli', spec part 2 §2, §3, §7): a facility's clinics, by code. */
export const simulatorPoli = defineResource({
  name: 'admin/simulator/poli',
  table: 'simulator_poli',
  schema: schema as JsonSchema,
  menus: ['/simulator/poli', '/simulator/schedules', '/simulator/mobile'],
  menu: {
    group: 'api_simulator_group',
    icon: 'meeting_room',
    order: 70,
    roles: ['admin', 'super_admin', 'medical_facility'],
    label: { id: 'Simulasi Poli', en: 'Clinic Simulation' },
  },
  texts: simulatorPoliTexts,
  search: ['poly_code', 'poly_name'],
  filters: ['is_active', 'medical_facility_id', 'doctor_id'],
  // The poli of a doctor's facility (the schedule dialog's poli picker).
  relatedFilters: {
    doctor_id: {
      column: 'medical_facility_id',
      table: 'simulator_doctors',
      key: 'medical_facility_id',
      match: 'id',
    },
  },
  facilityColumn: 'medical_facility_id',
  facilityFilter: { sandbox: true },
  defaultSort: { field: 'poly_code', order: 'ASC' },
  sortable: ['poly_name', 'created_at', 'id'],
  createOnly: ['poly_code', 'medical_facility_id'],
  listColumns: ['poly_code', 'poly_name', 'poly_description', 'medical_facility_name', 'is_active'],
  recordRepresentation: 'poly_name',
});
