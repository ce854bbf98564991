import { describe, it, expect } from 'vitest';
import { createDefaults, writableFields, writeOnlyFields, defineResource } from '../../src/domain/resource';
import { poli } from '../../src/resources/poli';
import { simulatorAppointments } from '../../src/resources/simulator-appointments';
import { medicalFacilities } from '../../src/resources/medical-facilities';
import {
  describeAjvError,
  fieldErrorsFromAjv,
  summarizeFieldErrors,
  VALIDATION_FAILED,
} from '../../src/domain/validation';
import { likePattern, matchesEstimate } from '../../src/server/resources/list';
import { redact, REDACTED } from '../../src/server/plugins/audit';
import { patients, validatePatient, PATIENT_DOB_FUTURE } from '../../src/resources/patients';
import { makeNik, NIK_MESSAGES } from '../../src/domain/nik';
import { jakartaToday } from '../../src/domain/clock';

const decl = defineResource({
  name: 'test/things',
  table: 'things',
  schema: {
    type: 'object',
    properties: {
      id: { type: 'integer', readOnly: true },
      name: { type: 'string' },
      password: { type: 'string', writeOnly: true },
      created_at: { type: 'string', readOnly: true },
    },
  },
  menus: ['/master/poli'],
  search: ['name'],
  filters: [],
  defaultSort: { field: 'id', order: 'ASC' },
  hashed: ['password'],
});

describe('resource declaration helpers', () => {
  it('writable fields are the non-readOnly ones, write-only the writeOnly ones', () => {
    expect(writableFields(decl)).toEqual(['name', 'password']);
    expect(writeOnlyFields(decl)).toEqual(['password']);
    expect(writeOnlyFields(patients)).toEqual([]);
    expect(writableFields(patients)).not.toContain('id');
    expect(writableFields(patients)).not.toContain('created_at');
  });
});

describe('createDefaults (what a new record of the console starts with)', () => {
  it("takes the schema's defaults, the creator and the admin's own facility", () => {
    expect(createDefaults(poli, {})).toEqual({ is_bpjs_available: false, is_active: true });
    // A patient of the city: the declaration's dialog defaults.
    expect(createDefaults(patients, { username: 'staf1', medical_facility_id: 7 })).toEqual({
      identity_type: 'KTP',
      citizenship: 'WNI',
      province: 'DKI Jakarta',
      created_by: 'staf1',
      medical_facility_id: 7,
    });
    expect(createDefaults(simulatorAppointments, { medical_facility_id: 3 })).toMatchObject({
      status: 'scheduled',
      medical_facility_id: 3,
    });
    // Without a facility of their own nothing is chosen; a facility is not its own default.
    expect(createDefaults(simulatorAppointments, {})).not.toHaveProperty('medical_facility_id');
    // A new facility starts as the declaration's dialogDefaults say, never with an id.
    expect(createDefaults(medicalFacilities, { medical_facility_id: 3 })).toEqual({
      online: true,
      type: 'PUSKESMAS',
    });
  });

  it('gives every new record its own copy of an array or object default', () => {
    const decl = defineResource({
      ...poli,
      schema: { type: 'object', properties: { tags: { type: 'array', default: [] } } },
    });
    const a = createDefaults(decl, {});
    (a.tags as string[]).push('x');
    expect(createDefaults(decl, {})).toEqual({ tags: [] });
  });
});

describe('likePattern', () => {
  it('wraps the term and escapes LIKE wildcards', () => {
    expect(likePattern('budi')).toBe('%budi%');
    expect(likePattern('50%')).toBe('%50\\%%');
    expect(likePattern('a_b')).toBe('%a\\_b%');
    expect(likePattern('c:\\x')).toBe('%c:\\\\x%');
  });
});

describe('redact', () => {
  it('replaces present secret values only', () => {
    expect(redact({ a: 1, password: 'x', token: null }, ['password', 'token', 'missing'])).toEqual({
      a: 1,
      password: REDACTED,
      token: null,
    });
    expect(redact(null, ['password'])).toBeNull();
    const input = { password: 'x' };
    redact(input, ['password']);
    expect(input.password).toBe('x');
  });
});

describe('ajv errors as field messages', () => {
  const err = (keyword: string, instancePath: string, params: Record<string, any>) => ({
    keyword,
    instancePath,
    params,
  });

  it('names the field and says what is wrong in Indonesian', () => {
    expect(describeAjvError(err('required', '', { missingProperty: 'full_name' }))).toEqual([
      'full_name',
      'Wajib diisi',
    ]);
    expect(describeAjvError(err('required', '/address', { missingProperty: 'city' }))).toEqual([
      'address.city',
      'Wajib diisi',
    ]);
    expect(describeAjvError(err('enum', '/gender', { allowedValues: ['L', 'P', null] }))).toEqual([
      'gender',
      'Pilih salah satu: L, P',
    ]);
    expect(describeAjvError(err('minLength', '/name', { limit: 1 }))[1]).toBe('Wajib diisi');
    expect(describeAjvError(err('minLength', '/password', { limit: 8 }))[1]).toBe('Minimal 8 karakter');
    expect(describeAjvError(err('format', '/email', { format: 'email' }))).toEqual([
      'email',
      'Format email tidak valid',
    ]);
    expect(describeAjvError(err('additionalProperties', '', { additionalProperty: 'x' }))[0]).toBe('x');
    expect(describeAjvError(err('type', '/a/b', { type: 'integer,null' }))[0]).toBe('a.b');
  });

  it('keeps the first message per field and summarises them', () => {
    const errors = fieldErrorsFromAjv([
      err('minLength', '/name', { limit: 1 }),
      err('pattern', '/name', { pattern: 'x' }),
      err('enum', '/gender', { allowedValues: ['L', 'P'] }),
    ]);
    expect(errors).toEqual({ name: 'Wajib diisi', gender: 'Pilih salah satu: L, P' });
    expect(summarizeFieldErrors(errors)).toBe(
      `${VALIDATION_FAILED}: name: Wajib diisi; gender: Pilih salah satu: L, P`,
    );
  });
});

describe('validatePatient (the patient declaration’s cross-field rule)', () => {
  const nik = makeNik('31.71.01', '1990-05-07', 'P', 3);
  it('checks the NIK of a KTP against birth date and gender', () => {
    expect(
      validatePatient({
        identity_type: 'KTP',
        identity_number: nik,
        date_of_birth: '1990-05-07',
        gender: 'P',
      }),
    ).toEqual({});
    expect(
      validatePatient({
        identity_type: 'KTP',
        identity_number: nik,
        date_of_birth: '1990-05-07',
        gender: 'L',
      }),
    ).toEqual({ identity_number: NIK_MESSAGES.genderMismatch });
    expect(validatePatient({ identity_type: 'SIM', identity_number: 'AB123', gender: 'L' })).toEqual({});
  });

  it('refuses a birth date after today in Jakarta, and takes today (also past 17:00 UTC)', () => {
    const today = jakartaToday();
    const tomorrow = new Date(Date.parse(today) + 86_400_000).toISOString().slice(0, 10);
    const born = (date_of_birth: string) =>
      validatePatient({ identity_type: 'Passport', identity_number: 'X1', date_of_birth });
    expect(born(tomorrow)).toEqual({ date_of_birth: PATIENT_DOB_FUTURE });
    expect(born(today)).toEqual({});
  });
});

describe('the total of a common search, from the blocks its first matches came from', () => {
  const PAGES = 1000;
  it('scales the matches met from the table start up to the blocks read', () => {
    // 1,001 matches in the first 100 blocks of 1,000: about ten times as many in all.
    expect(matchesEstimate(1001, { first: 0, last: 99, gap: 2 }, PAGES)).toBe(10_010);
  });
  it('counts only the blocks read by a scan that started in the middle of the table', () => {
    // A sequential scan that joined another one at block 600 met 1,001 matches up to block 649.
    expect(matchesEstimate(1001, { first: 600, last: 649, gap: 1 }, PAGES)).toBe(20_020);
  });
  it('counts the blocks of a scan that reached the end and went on from the first block', () => {
    // Started at block 950, read to the end, then blocks 0-49: 100 blocks, not the whole table.
    expect(matchesEstimate(1001, { first: 0, last: 999, gap: 901 }, PAGES)).toBe(10_010);
  });
});
