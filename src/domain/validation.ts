/**
 * JSON Schema validation errors (ajv) as the failing field and an Indonesian message.
 * The server answers 400 with these; the console shows the same message under the field.
 */
import type { FieldErrors } from './resource';

export const VALIDATION_FAILED = 'Data tidak valid';
export const REQUIRED = 'Wajib diisi';

export interface AjvLikeError {
  keyword: string;
  instancePath: string;
  params: Record<string, any>;
  message?: string;
}

/** The messages of schema checks in one language. */
export interface ValidationTexts {
  required: string;
  choose: (values: string) => string;
  type: (type: string) => string;
  format: (format: string) => string;
  pattern: (pattern: string) => string;
  minLength: (n: number) => string;
  maxLength: (n: number) => string;
  minimum: (n: number) => string;
  maximum: (n: number) => string;
  minItems: (n: number) => string;
  maxItems: (n: number) => string;
  sameItems: (first: number, second: number) => string;
  unknownField: string;
  invalid: string;
}

const FORMAT_NAMES: Record<string, string> = {
  email: 'email',
  date: 'tanggal (YYYY-MM-DD)',
  'date-time': 'tanggal dan waktu',
  uri: 'URL',
};

const TYPE_NAMES: Record<string, string> = {
  integer: 'bilangan bulat',
  number: 'angka',
  string: 'teks',
  boolean: 'ya/tidak',
  object: 'objek',
  array: 'daftar',
};

/** What a schema pattern asks for, in words (schemas/ use these patterns). */
export const PATTERN_MESSAGES: Record<string, string> = {
  '^[0-9]{16}$': 'Harus 16 digit angka',
  '^([01][0-9]|2[0-3]):[0-5][0-9]$': 'Format jam HH:MM (00:00–23:59)',
  '^(\\+62|62|0)?[1-9][0-9]{7,12}$': 'Nomor telepon tidak valid (contoh: 081234567890 atau +6281234567890)',
  '^[0-9]{5}$': 'Harus 5 digit angka',
  '^[A-Za-z0-9._-]+$': 'Hanya huruf, angka, titik, garis bawah (_) atau tanda hubung (-)',
  '^[A-Z0-9_-]+$': 'Hanya huruf kapital, angka, garis bawah (_) atau tanda hubung (-)',
};

/** Indonesian: what the server answers, and the console's default. */
export const ID_VALIDATION_TEXTS: ValidationTexts = {
  required: REQUIRED,
  choose: (values) => `Pilih salah satu: ${values}`,
  type: (t) => `Harus berupa ${TYPE_NAMES[t] ?? t}`,
  format: (f) => `Format ${FORMAT_NAMES[f] ?? f} tidak valid`,
  pattern: (p) => PATTERN_MESSAGES[p] ?? 'Format tidak valid',
  minLength: (n) => `Minimal ${n} karakter`,
  maxLength: (n) => `Maksimal ${n} karakter`,
  minimum: (n) => `Minimal ${n}`,
  maximum: (n) => `Maksimal ${n}`,
  minItems: (n) => `Minimal ${n} isian`,
  maxItems: (n) => `Maksimal ${n} isian`,
  sameItems: (a, b) => `Isian ke-${a} dan ke-${b} sama`,
  unknownField: 'Kolom tidak dikenal',
  invalid: 'Tidak valid',
};

const EN_FORMAT_NAMES: Record<string, string> = { date: 'date (YYYY-MM-DD)', 'date-time': 'date and time' };
const EN_TYPE_NAMES: Record<string, string> = {
  integer: 'a whole number',
  boolean: 'yes/no',
  array: 'a list',
};
const EN_PATTERN_MESSAGES: Record<string, string> = {
  '^[0-9]{16}$': 'Must be 16 digits',
  '^([01][0-9]|2[0-3]):[0-5][0-9]$': 'Time as HH:MM (00:00–23:59)',
  '^(\\+62|62|0)?[1-9][0-9]{7,12}$': 'Not a valid phone number (for example 081234567890 or +6281234567890)',
  '^[0-9]{5}$': 'Must be 5 digits',
  '^[A-Za-z0-9._-]+$': 'Only letters, digits, dots, underscores (_) or hyphens (-)',
  '^[A-Z0-9_-]+$': 'Only capital letters, digits, underscores (_) or hyphens (-)',
};

/** English, for the console's own checks when it speaks English. */
export const EN_VALIDATION_TEXTS: ValidationTexts = {
  required: 'Required',
  choose: (values) => `Choose one of: ${values}`,
  type: (t) => `Must be ${EN_TYPE_NAMES[t] ?? `a ${t}`}`,
  format: (f) => `Not a valid ${EN_FORMAT_NAMES[f] ?? f}`,
  pattern: (p) => EN_PATTERN_MESSAGES[p] ?? 'Not in the expected format',
  minLength: (n) => `At least ${n} characters`,
  maxLength: (n) => `At most ${n} characters`,
  minimum: (n) => `At least ${n}`,
  maximum: (n) => `At most ${n}`,
  minItems: (n) => `At least ${n} entries`,
  maxItems: (n) => `At most ${n} entries`,
  sameItems: (a, b) => `Entries ${a} and ${b} are the same`,
  unknownField: 'Unknown field',
  invalid: 'Not valid',
};

export function describeAjvError(
  e: AjvLikeError,
  t: ValidationTexts = ID_VALIDATION_TEXTS,
): [string, string] {
  const path = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
  switch (e.keyword) {
    case 'required':
      return [path ? `${path}.${e.params.missingProperty}` : e.params.missingProperty, t.required];
    case 'enum':
      return [path, t.choose((e.params.allowedValues as unknown[]).filter((v) => v !== null).join(', '))];
    case 'type':
      return [
        path,
        t.type(
          String(e.params.type)
            .split(',')
            .filter((x) => x !== 'null')[0],
        ),
      ];
    case 'format':
      return [path, t.format(e.params.format)];
    case 'pattern':
      return [path, t.pattern(e.params.pattern)];
    case 'minLength':
      return [path, e.params.limit === 1 ? t.required : t.minLength(e.params.limit)];
    case 'maxLength':
      return [path, t.maxLength(e.params.limit)];
    case 'minimum':
      return [path, t.minimum(e.params.limit)];
    case 'maximum':
      return [path, t.maximum(e.params.limit)];
    case 'minItems':
      return [path, e.params.limit === 1 ? t.required : t.minItems(e.params.limit)];
    case 'maxItems':
      return [path, t.maxItems(e.params.limit)];
    case 'uniqueItems':
      return [path, t.sameItems(e.params.j + 1, e.params.i + 1)];
    case 'additionalProperties':
      return [e.params.additionalProperty, t.unknownField];
    default:
      return [path, e.message ?? t.invalid];
  }
}

/** The first message per field. */
export function fieldErrorsFromAjv(
  errors: AjvLikeError[],
  texts: ValidationTexts = ID_VALIDATION_TEXTS,
): FieldErrors {
  const out: FieldErrors = {};
  for (const e of errors) {
    const [field, message] = describeAjvError(e, texts);
    const key = field || '_';
    if (!out[key]) out[key] = message;
  }
  return out;
}

/** 'Data tidak valid: a: Wajib diisi; b: ...' */
export function summarizeFieldErrors(errors: FieldErrors): string {
  return `${VALIDATION_FAILED}: ${Object.entries(errors)
    .map(([f, m]) => `${f}: ${m}`)
    .join('; ')}`;
}
