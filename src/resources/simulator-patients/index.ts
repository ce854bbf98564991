import schema from './schema.json';
import { defineResource, type FieldErrors, type JsonSchema } from '../../domain/resource';
import { validateNik } from '../../domain/nik';
import { INSURANCE_COLORS } from '../patients';
import { simulatorPatientTexts } from './texts';

/** A simulator patient's NIK agrees with its birth date and gender (+40 on the day for women). */
export function validateSimulatorPatient(record: Record<string, any>): FieldErrors {
  if (typeof record.nik !== 'string' || !record.nik) return {};
  const problem = validateNik(record.nik, { dateOfBirth: record.date_of_birth, gender: record.gender });
  return problem ? { nik: problem } : {};
}

/** Simulator patients (spec part 2 §2, §3, §5): the sandbox's patients, per facility. */
export const simulatorPatients = defineResource({
  name: 'admin/simulator/patients',
  table: 'simulator_patients',
  schema: schema as JsonSchema,
  menus: ['/simulator/patients', '/simulator/appointments', '/simulator/mobile'],
  menu: {
    group: 'api_simulator_group',
    icon: 'person',
    order: 20,
    roles: ['admin', 'super_admin', 'medical_facility'],
    label: { id: 'Simulator Pasien', en: 'Patient Simulator' },
  },
  texts: simulatorPatientTexts,
  search: ['name'],
  searchPrefix: ['nik', 'no_mr', 'no_jkn'],
  filters: ['gender', 'insurance_type', 'medical_facility_id'],
  facilityColumn: 'medical_facility_id',
  facilityFilter: { sandbox: true },
  defaultSort: { field: 'created_at', order: 'DESC' },
  sortable: ['name', 'date_of_birth', 'id'],
  // Patient (name, NIK), gender, birth, MR / JKN numbers, insurance, contact, facility.
  listColumns: ['name', 'gender', 'date_of_birth', 'no_mr', 'insurance_type', 'phone', 'facility_name'],
  columns: {
    name: { strong: true, secondary: 'nik', label: 'columns.patient' },
    nik: { kind: 'code' },
    date_of_birth: { kind: 'date', secondary: 'place_of_birth', label: 'columns.birth' },
    // The number as stored: it carries its own 'RM' (RM3000012).
    no_mr: { secondary: 'no_jkn', label: 'columns.numbers' },
    no_jkn: { text: 'columns.jkn' },
    insurance_type: { colors: INSURANCE_COLORS },
    phone: { secondary: 'email', label: 'columns.contact' },
  },
  dialog: [
    {
      title: 'sections.identity',
      fields: ['nik', 'name', 'gender', 'date_of_birth', 'place_of_birth', 'blood_type'],
    },
    { title: 'sections.service', fields: ['medical_facility_id', 'no_mr', 'insurance_type', 'no_jkn'] },
    {
      title: 'sections.contact',
      fields: ['phone', 'email', 'emergency_contact_name', 'emergency_contact_phone', 'address'],
    },
    { title: 'sections.medical', fields: ['allergies', 'current_medications', 'medical_history'] },
  ],
  createOnly: ['medical_facility_id'],
  recordRepresentation: 'name',
  validate: validateSimulatorPatient,
});
