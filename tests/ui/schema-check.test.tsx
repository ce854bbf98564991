import { describe, expect, it } from 'vitest';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { RESOURCES } from '../../src/domain/resources';
import type { JsonSchema } from '../../src/domain/resource';
import { fieldErrorsFromAjv, type AjvLikeError } from '../../src/domain/validation';
import { checkSchema, unsupportedKeywords } from '../../src/app/resources/generic/schemaCheck';
import { schemaValidator } from '../../src/app/resources/generic/formValidation';
import { makeNik } from '../../src/domain/nik';

/**
 * The forms check schemas without generated code (the console's CSP forbids eval); their answers
 * must be ajv's (the server's validator, all errors, ajv-formats), field by field and message by
 * message.
 */
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);

const shape = (errors: AjvLikeError[]) =>
  errors.map(({ keyword, instancePath, params }) => ({ keyword, instancePath, params }));

function agree(schema: JsonSchema, data: unknown) {
  const validate = ajv.compile(schema);
  validate(data);
  const expected = shape((validate.errors ?? []) as AjvLikeError[]);
  const actual = shape(checkSchema(schema, data));
  expect(actual, JSON.stringify(data)).toEqual(expected);
  expect(fieldErrorsFromAjv(checkSchema(schema, data))).toEqual(fieldErrorsFromAjv(expected));
}

const {
  $id: _id,
  $schema: _s,
  ...patientSchema
} = RESOURCES.find((r) => r.name === 'master/patients')!.schema as JsonSchema;

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

describe('form schema checks without generated code agree with ajv', () => {
  it('on a valid patient', () => {
    agree(patientSchema, validPatient);
    expect(checkSchema(patientSchema, validPatient)).toEqual([]);
  });

  for (const [field, values] of Object.entries(VARIANTS)) {
    it(`on ${field}`, () => {
      for (const value of values) agree(patientSchema, { ...validPatient, [field]: value });
      const { [field]: _omit, ...without } = validPatient as Record<string, unknown>;
      agree(patientSchema, without);
    });
  }

  it('on a record of many wrong fields at once, and on non-objects', () => {
    agree(patientSchema, { full_name: '', identity_type: 'X', gender: 'Z', email: 'no', rt: 'abcd' });
    agree(patientSchema, {});
    agree(patientSchema, null);
    agree(patientSchema, []);
    agree(patientSchema, 'text');
  });

  it('on the other keywords it implements', () => {
    const schema: JsonSchema = {
      type: 'object',
      additionalProperties: false,
      required: ['n'],
      properties: {
        n: { type: 'number', minimum: 1, maximum: 10, multipleOf: 0.5 },
        x: { type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 5 },
        c: { const: 'yes' },
        list: { type: 'array', minItems: 1, maxItems: 2, items: { type: 'string', format: 'email' } },
        u: { type: ['string', 'null'], format: 'uri' },
      },
    };
    for (const data of [
      { n: 5 },
      { n: 0 },
      { n: 11, x: 5, c: 'no' },
      { n: 1.25, x: 0 },
      { n: 2, list: [] },
      { n: 2, list: ['a@b.co', 'nope', 'x@y.id'] },
      { n: 2, u: 'not a uri', extra: 1 },
      { n: 2, u: 'https://example.com/a' },
      { x: 1.5 },
    ])
      agree(schema, data);
  });

  it('finds the repeated item of a unique list where ajv does', () => {
    const lists: JsonSchema = {
      type: 'object',
      properties: {
        tags: { type: 'array', uniqueItems: true, items: { type: 'string' } },
        mixed: { type: 'array', uniqueItems: true, items: { type: ['string', 'integer'] } },
        rows: { type: 'array', uniqueItems: true, items: { type: 'object' } },
        any: { type: 'array', uniqueItems: true },
      },
    };
    for (const data of [
      { tags: ['a', 'b', 'c'] },
      { tags: ['a', 'b', 'a', 'b'] },
      { tags: ['x', 1, 'x'] },
      { mixed: ['1', 1, 2, '1'] },
      { mixed: [3, 4, 3] },
      { rows: [{ a: 1 }, { a: 2 }, { a: 1 }] },
      { any: [[1], 2, [1]] },
      { any: [1, '1', true] },
    ])
      agree(lists, data);
  });

  it('every declared resource schema uses only keywords the forms can check', () => {
    for (const decl of RESOURCES) {
      expect(unsupportedKeywords(decl.schema), decl.name).toEqual([]);
      expect(() => schemaValidator(decl, false)).not.toThrow();
      expect(() => schemaValidator(decl, true)).not.toThrow();
    }
    expect(unsupportedKeywords({ type: 'object', oneOf: [] } as JsonSchema)).toEqual(['#/oneOf']);
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
