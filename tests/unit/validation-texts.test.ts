import { describe, expect, it } from 'vitest';
import {
  EN_VALIDATION_TEXTS,
  ID_VALIDATION_TEXTS,
  PATTERN_MESSAGES,
  describeAjvError,
  type AjvLikeError,
} from '../../src/domain/validation';

const error = (keyword: string, params: Record<string, any>, instancePath = '/name'): AjvLikeError => ({
  keyword,
  instancePath,
  params,
});

describe('schema check messages', () => {
  it('read in English for the English console and in Indonesian otherwise (the server)', () => {
    const cases: [AjvLikeError, string, string][] = [
      [error('required', { missingProperty: 'nik' }, ''), 'Wajib diisi', 'Required'],
      [error('maxLength', { limit: 20 }), 'Maksimal 20 karakter', 'At most 20 characters'],
      [error('enum', { allowedValues: ['L', 'P', null] }), 'Pilih salah satu: L, P', 'Choose one of: L, P'],
      [error('pattern', { pattern: '^[0-9]{16}$' }), 'Harus 16 digit angka', 'Must be 16 digits'],
      [error('uniqueItems', { i: 2, j: 0 }), 'Isian ke-1 dan ke-3 sama', 'Entries 1 and 3 are the same'],
    ];
    for (const [e, id, en] of cases) {
      expect(describeAjvError(e)[1]).toBe(id);
      expect(describeAjvError(e, ID_VALIDATION_TEXTS)[1]).toBe(id);
      expect(describeAjvError(e, EN_VALIDATION_TEXTS)[1]).toBe(en);
    }
  });

  it('describe every pattern of the schemas in English as well', () => {
    for (const pattern of Object.keys(PATTERN_MESSAGES)) {
      expect(EN_VALIDATION_TEXTS.pattern(pattern), pattern).not.toBe(
        EN_VALIDATION_TEXTS.pattern('(unknown)'),
      );
    }
  });
});
