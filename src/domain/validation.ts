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

export function describeAjvError(e: AjvLikeError): [string, string] {
  const path = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
  switch (e.keyword) {
    case 'required':
      return [path ? `${path}.${e.params.missingProperty}` : e.params.missingProperty, REQUIRED];
    case 'enum':
      return [
        path,
        `Pilih salah satu: ${(e.params.allowedValues as unknown[]).filter((v) => v !== null).join(', ')}`,
      ];
    case 'type': {
      const t = String(e.params.type)
        .split(',')
        .filter((x) => x !== 'null')[0];
      return [path, `Harus berupa ${TYPE_NAMES[t] ?? t}`];
    }
    case 'format':
      return [path, `Format ${FORMAT_NAMES[e.params.format] ?? e.params.format} tidak valid`];
    case 'pattern':
      return [path, PATTERN_MESSAGES[e.params.pattern] ?? 'Format tidak valid'];
    case 'minLength':
      return [path, e.params.limit === 1 ? REQUIRED : `Minimal ${e.params.limit} karakter`];
    case 'maxLength':
      return [path, `Maksimal ${e.params.limit} karakter`];
    case 'minimum':
      return [path, `Minimal ${e.params.limit}`];
    case 'maximum':
      return [path, `Maksimal ${e.params.limit}`];
    case 'minItems':
      return [path, e.params.limit === 1 ? REQUIRED : `Minimal ${e.params.limit} isian`];
    case 'maxItems':
      return [path, `Maksimal ${e.params.limit} isian`];
    case 'uniqueItems':
      return [path, `Isian ke-${e.params.j + 1} dan ke-${e.params.i + 1} sama`];
    case 'additionalProperties':
      return [e.params.additionalProperty, 'Kolom tidak dikenal'];
    default:
      return [path, e.message ?? 'Tidak valid'];
  }
}

/** The first message per field. */
export function fieldErrorsFromAjv(errors: AjvLikeError[]): FieldErrors {
  const out: FieldErrors = {};
  for (const e of errors) {
    const [field, message] = describeAjvError(e);
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
