import rawSchema from './schema.json';
import { defineResource, type JsonSchema } from '../../domain/resource';
import { withNestedSchemas } from '../sandbox-schema';
import { simulatorDoctorTexts } from './texts';

/** Simulator doctors (spec part 2 §2 'Simulator ... Doctors', §3, §5, §9). */
export const simulatorDoctors = defineResource({
  name: 'admin/simulator/doctors',
  table: 'simulator_doctors',
  schema: withNestedSchemas(rawSchema as JsonSchema),
  menus: ['/simulator/doctors', '/simulator/schedules', '/simulator/appointments', '/simulator/mobile'],
  menu: {
    group: 'api_simulator_group',
    icon: 'medical_services',
    order: 30,
    roles: ['admin', 'super_admin', 'medical_facility'],
    label: { id: 'Simulator Dokter', en: 'Doctor Simulator' },
  },
  texts: simulatorDoctorTexts,
  search: ['name', 'nip'],
  filters: ['specialization', 'is_available', 'medical_facility_id'],
  facilityColumn: 'medical_facility_id',
  facilityFilter: { sandbox: true },
  defaultSort: { field: 'name', order: 'ASC' },
  sortable: ['nip', 'specialization', 'consultation_fee', 'created_at', 'id'],
  storage: { consultation_fee: { type: 'numeric(12, 2)' } },
  // NIP, name with the facility, specialization, fee, experience, availability, the work
  // schedule's days on a button that edits it (spec part 2 §2, §9).
  listColumns: [
    'nip',
    'name',
    'specialization',
    'consultation_fee',
    'experience_years',
    'is_available',
    'work_schedule',
  ],
  columns: {
    name: { strong: true, secondary: 'facility_name' },
    specialization: { color: 'primary' },
    consultation_fee: { kind: 'money' },
    experience_years: { text: 'columns.years' },
    is_available: { colors: { true: 'success' } },
    work_schedule: {
      kind: 'json',
      text: 'columns.days',
      label: 'columns.schedule',
      json: { title: 'columns.schedule_title', action: 'columns.edit_schedule' },
    },
  },
  // The work schedule has its own dialog (the list's button).
  dialog: [
    {
      fields: [
        'nip',
        'name',
        'specialization',
        'sub_specialization',
        'str',
        'sip',
        'phone',
        'email',
        'consultation_fee',
        'medical_facility_id',
        'is_available',
        'education_background',
        'experience_years',
      ],
    },
  ],
  // Edited from the list's schedule button.
  dialogOmit: ['work_schedule'],
  createOnly: ['medical_facility_id'],
  recordRepresentation: 'name',
});
