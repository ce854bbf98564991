import schema from '../../../schemas/simulator-patient.json';
import { defineResource, type FieldErrors, type JsonSchema } from '../resource';
import { validateNik } from '../nik';

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
  search: ['name'],
  searchPrefix: ['nik', 'no_mr', 'no_jkn'],
  filters: ['gender', 'insurance_type', 'medical_facility_id'],
  facilityColumn: 'medical_facility_id',
  defaultSort: { field: 'created_at', order: 'DESC' },
  sortable: ['name', 'date_of_birth', 'id'],
  listColumns: ['nik', 'name', 'gender', 'date_of_birth', 'no_mr', 'insurance_type', 'facility_name'],
  createOnly: ['medical_facility_id'],
  recordRepresentation: 'name',
  validate: validateSimulatorPatient,
});
