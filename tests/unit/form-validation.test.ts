import { describe, expect, it } from 'vitest';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { RESOURCES } from '../../src/resources';
import type { JsonSchema } from '../../src/domain/resource';
import { fieldErrorsFromAjv, type AjvLikeError } from '../../src/domain/validation';
import { resourceForms, schemaValidator } from '../../src/app/resources/generic/formValidation';
import { makeNik } from '../../src/domain/nik';

/**
 * The forms check a record by validators generated from the resource schemas at build time (the
 * console's CSP forbids ajv's runtime compile); their answers must be the server's (ajv, all
 * errors, ajv-formats), field by field and message by message.
 */
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);

const patients = RESOURCES.find((r) => r.name === 'master/patients')!;
const { $id: _id, $schema: _s, ...patientSchema } = patients.schema as JsonSchema;
const serverCheck = ajv.compile(patientSchema);
const { check: formCheck } = resourceForms(patients);

const shape = (errors: AjvLikeError[] | null | undefined) =>
  (errors ?? []).map(({ keyword, instancePath, params }) => ({ keyword, instancePath, params }));

function agree(data: unknown) {
  serverCheck(data);
  formCheck(data);
  expect(shape(formCheck.errors), JSON.stringify(data)).toEqual(shape(serverCheck.errors as AjvLikeError[]));
  expect(fieldErrorsFromAjv(shape(formCheck.errors))).toEqual(
    fieldErrorsFromAjv(shape(serverCheck.errors as AjvLikeError[])),
  );
}

const validPatient = {
  full_name: 'Siti Rahayu',
  identity_type: 'KTP',
  identity_number: makeNik('31.74.02', '1985-11-23', 'P', 1),
  place_of_birth: 'Jakarta',
  date_of_birth: '1985-11-23',
  gender: 'P',
  marital_status: 'Menikah',
  created_by: 'admin',
};

/** One or more wrong values per field, and the field left out. */
const VARIANTS: Record<string, unknown[]> = {
  full_name: ['', 'x'.repeat(151), 42, null, '😀'.repeat(150), '😀'.repeat(151)],
  identity_type: ['KTM', '', null, 1],
  identity_number: ['12-34', '', 'x'.repeat(33), 3174],
  citizenship: ['x'.repeat(51), null, 5],
  place_of_birth: ['', null],
  date_of_birth: ['1985-02-30', '23/11/1985', '1985-11-23T00:00:00Z', '2024-02-29', 19851123],
  gender: ['X', 'l', null],
  marital_status: ['menikah', null],
  blood_type: ['C', null, 'AB', 0],
  rt: ['1234', '01', 'ab', null, ''],
  postal_code: ['1234', '12345', '123456'],
  phone_number: ['+62 812-3456-7890', '0812', 'abc', '+'],
  email: ['a@b', 'siti@example.com', 'x', `${'a'.repeat(140)}@example.com`, null],
  insurance: ['BPJS', 'Askes', null],
  family_card_number: ['3174021234567890', '317402123456789x', '123'],
  medical_facility_id: [1, 1.5, '1', null, -3],
  created_by: ['', 'x'.repeat(101)],
  unknown_field: ['anything'],
};

describe('the build-time form validators agree with the server', () => {
  it('on a valid patient', () => {
    agree(validPatient);
    expect(formCheck(validPatient)).toBe(true);
  });

  for (const [field, values] of Object.entries(VARIANTS)) {
    it(`on ${field}`, () => {
      for (const value of values) agree({ ...validPatient, [field]: value });
      const { [field]: _omit, ...without } = validPatient as Record<string, unknown>;
      agree(without);
    });
  }

  it('on a record of many wrong fields at once, and on non-objects', () => {
    agree({ full_name: '', identity_type: 'X', gender: 'Z', email: 'no', rt: 'abcd' });
    agree({});
    agree(null);
    agree([]);
    agree('text');
  });

  it('every declared resource has its validator; a secret is required on create only', () => {
    for (const decl of RESOURCES) {
      expect(() => schemaValidator(decl, false), decl.name).not.toThrow();
      expect(() => schemaValidator(decl, true), decl.name).not.toThrow();
    }
    const admins = RESOURCES.find((r) => r.hashed?.length)!;
    const secret = admins.hashed![0];
    expect(schemaValidator(admins, false)({})).toHaveProperty(secret, 'Wajib diisi');
    expect(schemaValidator(admins, true)({})).not.toHaveProperty(secret);
  });

  it('words its messages in English for the English console', () => {
    const validate = schemaValidator(patients, false, 'en');
    expect(validate({ ...validPatient, email: 'x', full_name: '' })).toEqual({
      full_name: 'Required',
      email: 'Not a valid email',
    });
  });

  it('the patient form reports what the server would, before the call', () => {
    const validate = schemaValidator(
      RESOURCES.find((r) => r.name === 'master/patients')!,
      false,
    );
    expect(validate(validPatient)).toEqual({});
    expect(validate({ ...validPatient, email: 'x', rt: '1234', full_name: '' })).toEqual({
      full_name: 'Wajib diisi',
      email: 'Format email tidak valid',
      rt: 'Format tidak valid',
    });
  });

  it("a journey configuration's step errors reach the step's own fields, a list error the list", () => {
    const validate = schemaValidator(
      RESOURCES.find((r) => r.name === 'admin/journey-config')!,
      false,
    );
    const checkin = { id: 'checkin', title: 'Check-in', default_duration_minutes: 15 };
    expect(validate({ journey_type: 'X', journey_steps: [checkin], supported_journey: ['checkin'] })).toEqual(
      {},
    );
    expect(
      validate({
        journey_type: '',
        journey_steps: [checkin, { id: 'payment', default_duration_minutes: 0 }],
        supported_journey: ['treatment'],
      }),
    ).toEqual({
      journey_type: 'Wajib diisi',
      journey_steps: { 1: { title: 'Wajib diisi', default_duration_minutes: 'Minimal 1' } },
      supported_journey: 'Langkah yang didukung harus ada di daftar langkah',
    });
    expect(validate({ journey_type: 'X', journey_steps: [checkin, { ...checkin, title: '' }] })).toEqual({
      journey_steps: { root: 'Langkah perjalanan tidak boleh berulang', 1: { title: 'Wajib diisi' } },
    });
  });
});
