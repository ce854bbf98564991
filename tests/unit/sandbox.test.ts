import { describe, expect, it } from 'vitest';
import {
  generateApiKey,
  generateBookingId,
  isoDayOfWeek,
  maskSecret,
  JOURNEY_STEPS,
  DEFAULT_JOURNEY_CONFIGS,
  SPECIALIZATIONS,
  SIMULATOR_FACILITY_TYPES,
} from '../../src/domain/sandbox';
import {
  validateJourneyConfig,
  JOURNEY_STEP_DUPLICATE,
  JOURNEY_SUPPORTED_UNKNOWN,
} from '../../src/resources/journey-config';
import {
  validateSchedule,
  SCHEDULE_END_BEFORE_START,
  SCHEDULE_END_DATE_BEFORE,
} from '../../src/resources/simulator-schedules';
import { validateSimulatorPatient } from '../../src/resources/simulator-patients';
import {
  simulatorFacilities,
  validateSimulatorFacility,
  SERVICE_DUPLICATE,
} from '../../src/resources/simulator-facilities';
import { journeyConfigs } from '../../src/resources/journey-config';
import { NIK_MESSAGES, makeNik } from '../../src/domain/nik';
import { credentialOf } from '../../src/server/simulation/auth';
import { envelope } from '../../src/server/simulation/envelope';

/** A random() walking through given values (then 0). */
const seq =
  (...values: number[]) =>
  () =>
    values.shift() ?? 0;

describe('sandbox generators and masking (spec part 2 §5, §9)', () => {
  it('makes booking IDs of APT, six digits and three capitals', () => {
    for (let i = 0; i < 50; i++) expect(generateBookingId(Math.random)).toMatch(/^APT\d{6}[A-Z]{3}$/);
    expect(generateBookingId(seq(0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0, 0.5, 0.99))).toBe('APT123456ANZ');
  });

  it('makes API keys of the lowercase facility code, six digits, six lowercase letters', () => {
    expect(generateApiKey('RSUD-01', Math.random)).toMatch(/^rsud-01\d{6}[a-z]{6}$/);
    expect(generateApiKey('Klinik Sehat', Math.random)).toMatch(/^kliniksehat\d{6}[a-z]{6}$/);
  });

  it('masks keys and tokens to the first 4 and last 4 characters, fully shown up to 8', () => {
    expect(maskSecret('rsud123456abcdef')).toBe('rsud********cdef');
    expect(maskSecret('12345678')).toBe('12345678');
    expect(maskSecret(null)).toBeNull();
  });

  it('numbers days 1 Senin (Monday) to 7 Minggu (Sunday)', () => {
    expect(isoDayOfWeek('2030-01-07')).toBe(1);
    expect(isoDayOfWeek('2030-01-12')).toBe(6);
    expect(isoDayOfWeek('2030-01-13')).toBe(7);
  });

  it("keeps the spec's constants: 10 steps with their durations, 16 specializations, 11 facility types", () => {
    expect(Object.fromEntries(JOURNEY_STEPS.map((s) => [s.id, s.default_duration_minutes]))).toEqual({
      checkin: 15,
      assessment: 15,
      consultation: 15,
      submit_e_recipe: 30,
      validate_medication: 15,
      medication_completed: 15,
      medication_delivery: 15,
      payment: 15,
      completion: 10,
      treatment: 45,
    });
    expect(SPECIALIZATIONS).toHaveLength(16);
    expect(SIMULATOR_FACILITY_TYPES).toHaveLength(11);
    for (const c of DEFAULT_JOURNEY_CONFIGS) expect(c.journey_type).toBe(c.journey_type.toUpperCase());
  });
});

describe('sandbox cross-field rules', () => {
  it('schedules end after they start, and end on or after their effective date', () => {
    expect(validateSchedule({ start_time: '08:00', end_time: '08:00' })).toEqual({
      end_time: SCHEDULE_END_BEFORE_START,
    });
    expect(validateSchedule({ start_time: '08:00', end_time: '12:00' })).toEqual({});
    expect(validateSchedule({ effective_date: '2030-02-01', end_date: '2030-01-31' })).toEqual({
      end_date: SCHEDULE_END_DATE_BEFORE,
    });
  });

  it('journey configs have each step once, and support only their steps', () => {
    const step = (id: string) => ({ id, title: id, default_duration_minutes: 5 });
    expect(validateJourneyConfig({ journey_steps: [step('checkin'), step('checkin')] })).toEqual({
      journey_steps: JOURNEY_STEP_DUPLICATE,
    });
    expect(
      validateJourneyConfig({ journey_steps: [step('checkin')], supported_journey: ['payment'] }),
    ).toEqual({
      supported_journey: JOURNEY_SUPPORTED_UNKNOWN,
    });
    expect(
      validateJourneyConfig({ journey_steps: [step('checkin')], supported_journey: ['checkin'] }),
    ).toEqual({});
    expect(
      validateJourneyConfig({ journey_steps: [step('checkin')], supported_journey: ['checkin', 'checkin'] }),
    ).toEqual({ supported_journey: JOURNEY_STEP_DUPLICATE });
  });

  it('facilities list each service once', () => {
    expect(validateSimulatorFacility({ services: ['IGD', 'IGD'] })).toEqual({ services: SERVICE_DUPLICATE });
    expect(validateSimulatorFacility({ services: ['IGD', 'Farmasi'] })).toEqual({});
  });

  it("simulator patients' NIK agrees with birth date and gender", () => {
    const nik = makeNik('31.71.01', '1990-05-17', 'P', 1);
    expect(validateSimulatorPatient({ nik, date_of_birth: '1990-05-17', gender: 'P' })).toEqual({});
    expect(validateSimulatorPatient({ nik, date_of_birth: '1990-05-17', gender: 'L' })).toEqual({
      nik: NIK_MESSAGES.genderMismatch,
    });
  });
});

describe('sandbox schemas', () => {
  it('embed the nested JSON schemas (hours, services, steps) in the entity, null allowed when optional', () => {
    const props = simulatorFacilities.schema.properties!;
    expect(props.operational_hours.type).toEqual(['object', 'null']);
    expect(Object.keys(props.operational_hours.properties!)).toEqual([
      'senin',
      'selasa',
      'rabu',
      'kamis',
      'jumat',
      'sabtu',
      'minggu',
    ]);
    expect(props.services.type).toEqual(['array', 'null']);
    expect(props.operational_hours.$id).toBeUndefined();
    expect(journeyConfigs.schema.properties!.journey_steps.type).toBe('array');
  });
});

describe('facility API credentials and envelope', () => {
  const req = (headers: Record<string, string>) => ({ headers }) as never;
  it('reads a key from X-API-Key or Basic (the key as user), a token from Bearer', () => {
    const b64 = (s: string) => Buffer.from(s).toString('base64');
    expect(credentialOf(req({ 'x-api-key': ' abc ' }))).toEqual({ kind: 'key', value: 'abc' });
    expect(credentialOf(req({ authorization: `Basic ${b64('abc:abc')}` }))).toEqual({
      kind: 'key',
      value: 'abc',
    });
    expect(credentialOf(req({ authorization: `Basic ${b64('abc:')}` }))).toEqual({
      kind: 'key',
      value: 'abc',
    });
    expect(credentialOf(req({ authorization: `Basic ${b64('abc:xyz')}` }))).toEqual({ kind: 'invalid' });
    expect(credentialOf(req({ authorization: 'Bearer t0k' }))).toEqual({ kind: 'token', value: 't0k' });
    expect(credentialOf(req({}))).toBeNull();
  });
  it('wraps answers as metadata and response', () => {
    expect(envelope({ a: 1 })).toEqual({ metadata: { code: 200, message: 'OK' }, response: { a: 1 } });
    expect(envelope(null, 'Tidak ada', 404)).toEqual({
      metadata: { code: 404, message: 'Tidak ada' },
      response: null,
    });
  });
});
