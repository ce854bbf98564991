-- 032_declared_choices.sql: written by npm run new:migration from the declarations (src/domain/resources)
-- and their schemas, to bring the tables to them. It removes:
--   patients.identity_type: no CHECK of its choices, the declaration's are KTP, SIM, Passport, Kartu Pelajar
--   patients.marital_status: no CHECK of its choices, the declaration's are Belum Menikah, Menikah, Cerai, Janda/Duda
--   patients.blood_type: no CHECK of its choices, the declaration's are A, B, AB, O
--   patients.insurance: no CHECK of its choices, the declaration's are BPJS, Asuransi Swasta, Umum
--   web_admins.role: no CHECK of its choices, the declaration's are viewer, staff, admin, super_admin, medical_facility
--   medical_facilities.email: nullable, the declaration's is NOT NULL
--   simulator_doctors.specialization: no CHECK of its choices, the declaration's are Dokter Umum, Spesialis Penyakit Dalam, Spesialis Anak, Spesialis Bedah, Spesialis Kandungan, Spesialis Mata, Spesialis THT, Spesialis Kulit, Spesialis Saraf, Spesialis Jantung, Spesialis Paru, Spesialis Jiwa, Spesialis Gigi, Spesialis Radiologi, Spesialis Patologi, Spesialis Anestesi
--   simulator_patients.blood_type: no CHECK of its choices, the declaration's are A, B, AB, O
--   journey_configs.journey_steps: default '[]'::jsonb, the declaration's is none

ALTER TABLE patients
  ADD CONSTRAINT patients_identity_type_check CHECK (identity_type IN ('KTP', 'SIM', 'Passport', 'Kartu Pelajar')),
  ADD CONSTRAINT patients_marital_status_check CHECK (marital_status IN ('Belum Menikah', 'Menikah', 'Cerai', 'Janda/Duda')),
  ADD CONSTRAINT patients_blood_type_check CHECK (blood_type IN ('A', 'B', 'AB', 'O')),
  ADD CONSTRAINT patients_insurance_check CHECK (insurance IN ('BPJS', 'Asuransi Swasta', 'Umum'));
ALTER TABLE web_admins
  ADD CONSTRAINT web_admins_role_check CHECK (role IN ('viewer', 'staff', 'admin', 'super_admin', 'medical_facility'));
ALTER TABLE medical_facilities
  ALTER COLUMN email SET NOT NULL;
ALTER TABLE simulator_doctors
  ADD CONSTRAINT simulator_doctors_specialization_check CHECK (specialization IN ('Dokter Umum', 'Spesialis Penyakit Dalam', 'Spesialis Anak', 'Spesialis Bedah', 'Spesialis Kandungan', 'Spesialis Mata', 'Spesialis THT', 'Spesialis Kulit', 'Spesialis Saraf', 'Spesialis Jantung', 'Spesialis Paru', 'Spesialis Jiwa', 'Spesialis Gigi', 'Spesialis Radiologi', 'Spesialis Patologi', 'Spesialis Anestesi'));
ALTER TABLE simulator_patients
  ADD CONSTRAINT simulator_patients_blood_type_check CHECK (blood_type IN ('A', 'B', 'AB', 'O'));
ALTER TABLE journey_configs
  ALTER COLUMN journey_steps DROP DEFAULT;
