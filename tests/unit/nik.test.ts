import { describe, it, expect } from 'vitest';
import { isNikFormat, makeNik, parseNik, validateNik, NIK_MESSAGES } from '../../src/domain/nik';
import { JAKARTA_DISTRICTS } from '../../src/domain/regions-data';

describe('makeNik', () => {
  it('builds region + DDMMYY + sequence, with +40 on the day for women', () => {
    expect(makeNik('31.71.01', '1990-05-07', 'L', 1)).toBe('3171010705900001');
    expect(makeNik('31.71.01', '1990-05-07', 'P', 1)).toBe('3171014705900001');
    expect(makeNik('317402', '2003-12-31', 'P', 123)).toBe('3174027112030123');
  });

  it('keeps the sequence within 0001..9999', () => {
    expect(makeNik('31.71.01', '1990-05-07', 'L', 9999).slice(12)).toBe('9999');
    expect(makeNik('31.71.01', '1990-05-07', 'L', 10000).slice(12)).toBe('0001');
    expect(makeNik('31.71.01', '1990-05-07', 'L', 10001).slice(12)).toBe('0002');
  });

  it('makes NIKs that validate for every Jakarta kecamatan', () => {
    for (const [i, d] of JAKARTA_DISTRICTS.entries()) {
      const gender = i % 2 ? 'P' : 'L';
      const nik = makeNik(d.code, '1988-02-29', gender, i + 1);
      expect(validateNik(nik, { dateOfBirth: '1988-02-29', gender }), d.code).toBeNull();
    }
  });
});

describe('parseNik', () => {
  it('splits a man’s NIK', () => {
    expect(parseNik('3171010705900001')).toEqual({
      regencyCode: '3171',
      districtCode: '317101',
      day: 7,
      month: 5,
      year2: 90,
      gender: 'L',
      sequence: '0001',
    });
  });

  it('takes 40 off the day of a woman’s NIK', () => {
    expect(parseNik('3171017112030123')).toMatchObject({ day: 31, month: 12, year2: 3, gender: 'P' });
    expect(parseNik('3171014105900001')).toMatchObject({ day: 1, gender: 'P' });
    expect(parseNik('3171014005900001')).toMatchObject({ day: 40, gender: 'L' });
  });

  it('refuses what is not 16 digits', () => {
    for (const v of ['', '317101070590000', '31710107059000011', '317101070590000a', ' 3171010705900001']) {
      expect(parseNik(v)).toBeNull();
      expect(isNikFormat(v)).toBe(false);
    }
    expect(isNikFormat(3171010705900001)).toBe(false);
    expect(isNikFormat('3171010705900001')).toBe(true);
  });
});

describe('validateNik', () => {
  const man = makeNik('31.71.01', '1990-05-07', 'L', 5);
  const woman = makeNik('31.71.01', '1990-05-07', 'P', 5);

  it('accepts a valid NIK with or without context', () => {
    expect(validateNik(man)).toBeNull();
    expect(validateNik(woman)).toBeNull();
    expect(validateNik(man, { dateOfBirth: '1990-05-07', gender: 'L' })).toBeNull();
    expect(validateNik(woman, { dateOfBirth: '1990-05-07', gender: 'P' })).toBeNull();
    expect(validateNik(man, { dateOfBirth: null, gender: null })).toBeNull();
    // A birth date given as a timestamp still compares by its date.
    expect(validateNik(man, { dateOfBirth: '1990-05-07T00:00:00.000Z' })).toBeNull();
  });

  it('requires 16 digits', () => {
    expect(validateNik(man.slice(0, 15))).toBe(NIK_MESSAGES.format);
    expect(validateNik(`${man}1`)).toBe(NIK_MESSAGES.format);
    expect(validateNik(`${man.slice(0, 15)}x`)).toBe(NIK_MESSAGES.format);
    expect(validateNik(undefined)).toBe(NIK_MESSAGES.format);
    expect(validateNik(Number(man))).toBe(NIK_MESSAGES.format);
  });

  it('requires a known regency and a kecamatan code', () => {
    expect(validateNik(`9999${man.slice(4)}`)).toBe(NIK_MESSAGES.region);
    expect(validateNik(`0000${man.slice(4)}`)).toBe(NIK_MESSAGES.region);
    expect(validateNik(`317100${man.slice(6)}`)).toBe(NIK_MESSAGES.region);
    // Regencies outside Jakarta are known too.
    expect(validateNik(makeNik('32.01.01', '1990-05-07', 'L', 1))).toBeNull();
  });

  it('requires a real birth date in the NIK', () => {
    expect(validateNik(makeNik('31.71.01', '1990-02-30', 'L', 1))).toBe(NIK_MESSAGES.birthDate);
    expect(validateNik(makeNik('31.71.01', '1990-13-01', 'L', 1))).toBe(NIK_MESSAGES.birthDate);
    expect(validateNik('3171010005900001')).toBe(NIK_MESSAGES.birthDate); // day 00
    expect(validateNik('3171013205900001')).toBe(NIK_MESSAGES.birthDate); // day 32 (not a woman's day)
    expect(validateNik('3171017205900001')).toBe(NIK_MESSAGES.birthDate); // day 32 + 40
    // 29 February: fine in a leap year, checked against the birth year when one is given.
    const leap = makeNik('31.71.01', '2000-02-29', 'P', 1);
    expect(validateNik(leap)).toBeNull();
    expect(validateNik(leap, { dateOfBirth: '2000-02-29', gender: 'P' })).toBeNull();
    expect(validateNik(makeNik('31.71.01', '1900-02-29', 'L', 1), { dateOfBirth: '1900-02-29' })).toBe(
      NIK_MESSAGES.birthDate,
    );
  });

  it('refuses sequence 0000', () => {
    expect(validateNik(`${man.slice(0, 12)}0000`)).toBe(NIK_MESSAGES.sequence);
  });

  it('checks the gender against the +40 rule', () => {
    expect(validateNik(man, { gender: 'P' })).toBe(NIK_MESSAGES.genderMismatch);
    expect(validateNik(woman, { gender: 'L' })).toBe(NIK_MESSAGES.genderMismatch);
    // An unknown gender value is not checked.
    expect(validateNik(man, { gender: 'X' })).toBeNull();
  });

  it('checks the birth date against the NIK', () => {
    expect(validateNik(man, { dateOfBirth: '1990-05-08' })).toBe(NIK_MESSAGES.birthDateMismatch);
    expect(validateNik(man, { dateOfBirth: '1990-06-07' })).toBe(NIK_MESSAGES.birthDateMismatch);
    expect(validateNik(man, { dateOfBirth: '1991-05-07' })).toBe(NIK_MESSAGES.birthDateMismatch);
    // Two-digit years: another century with the same YY agrees.
    expect(validateNik(man, { dateOfBirth: '2090-05-07' })).toBeNull();
    expect(validateNik(woman, { dateOfBirth: '1990-05-07', gender: 'L' })).toBe(NIK_MESSAGES.genderMismatch);
  });
});
