import schema from './schema.json';
import { defineResource, type FieldErrors, type JsonSchema } from '../../domain/resource';
import { validateNik } from '../../domain/nik';
import { jakartaToday } from '../../domain/clock';
import { patientTexts } from './texts';

/** Chip colour of each insurance (spec part 1 §9: BPJS, Asuransi Swasta, Umum). */
export const INSURANCE_COLORS: Record<string, 'success' | 'info' | 'default'> = {
  BPJS: 'success',
  'Asuransi Swasta': 'info',
  Umum: 'default',
};

export const PATIENT_DOB_FUTURE = 'Tanggal lahir tidak boleh di masa depan';

/** Cross-field rules of a patient: the KTP number is a NIK that agrees with birth date and gender. */
export function validatePatient(record: Record<string, any>): FieldErrors {
  const errors: FieldErrors = {};
  if (record.identity_type === 'KTP' && record.identity_number) {
    const problem = validateNik(String(record.identity_number), {
      dateOfBirth: record.date_of_birth,
      gender: record.gender,
    });
    if (problem) errors.identity_number = problem;
  }
  if (typeof record.date_of_birth === 'string' && record.date_of_birth > jakartaToday()) {
    errors.date_of_birth = PATIENT_DOB_FUTURE;
  }
  return errors;
}

export const patients = defineResource({
  name: 'master/patients',
  table: 'patients',
  schema: schema as JsonSchema,
  menus: ['/master/patients'],
  menu: {
    group: 'master_data_group',
    icon: 'people',
    order: 30,
    roles: ['admin', 'super_admin', 'medical_facility'],
    label: { id: 'Data Pasien', en: 'Patients' },
  },
  texts: patientTexts,
  // Words anywhere in the name or e-mail (trigram index); four or more digits: a NIK, phone or
  // insurance number from its start (prefix indexes). Numbers stay out of the trigram index:
  // at a million patients they would double its size and its build time.
  search: ['full_name', 'email'],
  searchPrefix: ['identity_number', 'phone_number', 'insurance_number'],
  filters: ['gender', 'insurance', 'medical_facility_id'],
  facilityColumn: 'medical_facility_id',
  naturalKey: ['identity_type', 'identity_number'],
  defaultSort: { field: 'created_at', order: 'DESC' },
  sortable: ['full_name', 'date_of_birth', 'created_at', 'id'],
  // The form in the four groups of the spec's patient dialog.
  dialog: [
    {
      title: 'sections.identity',
      fields: ['full_name', 'identity_type', 'identity_number', 'citizenship', 'family_card_number'],
    },
    {
      title: 'sections.personal',
      fields: [
        'place_of_birth',
        'date_of_birth',
        'gender',
        'marital_status',
        'religion',
        'blood_type',
        'last_education',
        'occupation',
        'tribe',
        'mother_name',
      ],
    },
    {
      title: 'sections.address',
      fields: ['address', 'rt', 'rw', 'village', 'district', 'regency', 'province', 'postal_code'],
    },
    {
      title: 'sections.contact',
      fields: ['phone_number', 'email', 'insurance', 'insurance_number', 'medical_facility_id', 'created_by'],
    },
  ],
  // The console's choice for a new patient of the city (the API asks for the type).
  dialogDefaults: { identity_type: 'KTP', citizenship: 'WNI', province: 'DKI Jakarta' },
  recordRepresentation: 'full_name',
  validate: validatePatient,
  storage: { gender: { type: 'character(1)' } },
  // The area a trigger derives from the address (the dashboard's map and figures).
  serverColumns: ['kecamatan_code'],
});
