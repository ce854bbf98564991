import schema from './schema.json';
import { defineResource, type FieldErrors, type JsonSchema } from '../../domain/resource';
import { appointmentTexts } from './texts';

export const APPOINTMENT_END_BEFORE_START = 'Jam selesai harus setelah jam mulai';

/** Cross-field rule of an appointment: the visit ends after it starts (HH:MM on one day). */
export function validateAppointment(record: Record<string, any>): FieldErrors {
  const errors: FieldErrors = {};
  const { start_time: start, end_time: end } = record;
  if (typeof start === 'string' && typeof end === 'string' && start && end && end <= start) {
    errors.end_time = APPOINTMENT_END_BEFORE_START;
  }
  return errors;
}

/** The facility parameter filters: appointments of facilities having a parameter of that type/value. */
const viaFacilityParams = (match: 'type' | 'value') => ({
  column: 'medical_facility_id',
  table: 'facility_params',
  key: 'medical_facility_id',
  match,
});

export const appointments = defineResource({
  name: 'master/appointments',
  table: 'appointments',
  schema: schema as JsonSchema,
  menus: ['/master/appointments'],
  menu: {
    group: 'master_data_group',
    icon: 'event',
    order: 20,
    roles: ['admin', 'super_admin', 'medical_facility'],
    label: { id: 'Data Janji Temu', en: 'Appointments' },
  },
  texts: appointmentTexts,
  // A name anywhere in it (trigram index); digits: a NIK from its start (prefix index).
  search: ['name'],
  searchPrefix: ['nik'],
  filters: ['health_insurance', 'medical_facility_id', 'param_type', 'param_value'],
  relatedFilters: { param_type: viaFacilityParams('type'), param_value: viaFacilityParams('value') },
  facilityColumn: 'medical_facility_id',
  // The patient record a visit is linked to and its status, kept by the server (dashboard, journeys).
  serverColumns: ['patient_id', 'status'],
  defaultSort: { field: 'scheduled_date', order: 'DESC' },
  // Newest schedule first; the schedule column sorts both ways.
  sortable: [],
  dialog: [
    { title: 'sections.patient', fields: ['nik', 'name', 'id_type', 'id_number', 'new_patient'] },
    {
      title: 'sections.visit',
      fields: [
        'medical_facility_id',
        'scheduled_date',
        'start_time',
        'end_time',
        'poly_code',
        'poly_name',
        'doctor_name',
      ],
    },
    {
      title: 'sections.queue',
      fields: [
        'health_insurance',
        'insurance_number',
        'queue_number',
        'queue_left_until_my_turn',
        'payment_id',
        'created_by',
      ],
    },
  ],
  dialogDefaults: { health_insurance: 'Umum' },
  recordRepresentation: 'name',
  validate: validateAppointment,
});
