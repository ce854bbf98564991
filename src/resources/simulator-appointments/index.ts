import schema from './schema.json';
import { defineResource, type JsonSchema } from '../../domain/resource';
import { validateAppointment } from '../appointments';
import { simulatorAppointmentTexts } from './texts';

/**
 * Simulator appointments (spec part 2 §2 'Simulator Appointments', §3, §4, §5): a blank booking ID
 * is generated, a blank queue number taken from the doctor's day; each has journey events.
 */
export const simulatorAppointments = defineResource({
  name: 'admin/simulator/appointments',
  table: 'simulator_appointments',
  schema: schema as JsonSchema,
  menus: ['/simulator/appointments'],
  menu: {
    group: 'api_simulator_group',
    icon: 'event_note',
    order: 50,
    roles: ['admin', 'super_admin', 'medical_facility'],
    label: { id: 'Simulator Janji Temu', en: 'Appointment Simulator' },
  },
  texts: simulatorAppointmentTexts,
  search: ['booking_id', 'chief_complaint', 'patient_name'],
  filters: ['status', 'appointment_date', 'doctor_id', 'patient_id', 'medical_facility_id'],
  facilityColumn: 'medical_facility_id',
  defaultSort: { field: 'appointment_date', order: 'DESC' },
  sortable: ['queue_number', 'booking_id', 'created_at', 'id'],
  // A blank booking id is generated; the facility is the doctor's.
  storage: {
    consultation_fee: { type: 'numeric(12, 2)' },
    booking_id: { notNull: true },
    medical_facility_id: { notNull: true },
  },
  listColumns: ['booking_id', 'patient_name', 'doctor_name', 'appointment_date', 'queue_number', 'status'],
  // The list offers the status (and the screen a day); the pickers filter by doctor and patient.
  listFilters: ['status'],
  // Patient and doctor of the appointment's facility (the server refuses others), each labelled
  // with its facility so that two of one name are told apart.
  references: {
    patient_id: {
      resource: 'admin/simulator/patients',
      optionText: (p) => `${p.name} (${p.nik})${p.facility_name ? ` · ${p.facility_name}` : ''}`,
      narrowBy: { medical_facility_id: 'medical_facility_id' },
      // The first pick sets the facility, so the other picker offers that facility's only.
      copy: { medical_facility_id: 'medical_facility_id' },
    },
    doctor_id: {
      resource: 'admin/simulator/doctors',
      optionText: (d, label = (_f, v) => String(v)) =>
        `${d.name} (${label('specialization', d.specialization)})${d.facility_name ? ` · ${d.facility_name}` : ''}`,
      narrowBy: { medical_facility_id: 'medical_facility_id' },
      copy: { medical_facility_id: 'medical_facility_id' },
    },
  },
  recordRepresentation: 'booking_id',
  validate: validateAppointment,
});
