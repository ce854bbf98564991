/**
 * The server's and the forms' own checks answer in Indonesian; a caller that prefers English
 * (Accept-Language: en, which the console sends when it speaks English) reads them in English.
 * Known messages are translated whole; a summary ('Data tidak valid: a: …; b: …') part by part;
 * any other text is left as it is.
 */
import { NIK_MESSAGES } from '../domain/nik';
import {
  EN_VALIDATION_TEXTS,
  ID_VALIDATION_TEXTS,
  PATTERN_MESSAGES,
  VALIDATION_FAILED,
  type ValidationTexts,
} from '../domain/validation';
import { CREATE_ONLY_MESSAGE, RANGE_END_BEFORE_START } from '../domain/resource';
import { INVALID_JSON, JSON_NOT_OBJECT } from '../domain/facility-integration';
import { PATIENT_DOB_FUTURE } from './patients';
import { APPOINTMENT_END_BEFORE_START } from './appointments';
import { SCHEDULE_END_BEFORE_START, SCHEDULE_END_DATE_BEFORE } from './simulator-schedules';
import { SERVICE_DUPLICATE } from './simulator-facilities';
import { JOURNEY_STEP_DUPLICATE, JOURNEY_SUPPORTED_UNKNOWN } from './journey-config';
import { FACILITY_CODE_TAKEN } from './medical-facilities';
import { EMAIL_TAKEN, FACILITY_REQUIRED, USERNAME_TAKEN } from './web-admins';

const NIK_EN: Record<keyof typeof NIK_MESSAGES, string> = {
  format: 'NIK must be 16 digits',
  region: 'Unknown NIK region code (its first 4 digits)',
  birthDate: 'The date of birth in the NIK is not valid',
  sequence: 'The NIK sequence number (its last 4 digits) cannot be 0000',
  birthDateMismatch: "The date of birth in the NIK does not match the patient's",
  genderMismatch: 'The NIK does not match the gender (day of birth +40 for women)',
};

const WHOLE = new Map<string, string>([
  ...Object.entries(NIK_MESSAGES).map(([k, v]) => [v, NIK_EN[k as keyof typeof NIK_MESSAGES]] as const),
  [VALIDATION_FAILED, 'Invalid data'],
  [PATIENT_DOB_FUTURE, 'The date of birth cannot be in the future'],
  [APPOINTMENT_END_BEFORE_START, 'The end time must be after the start time'],
  [SCHEDULE_END_BEFORE_START, 'The end time must be after the start time'],
  [SCHEDULE_END_DATE_BEFORE, 'The end date cannot be before the start date'],
  [SERVICE_DUPLICATE, 'A service cannot be listed twice'],
  [JOURNEY_STEP_DUPLICATE, 'A journey step cannot be listed twice'],
  [JOURNEY_SUPPORTED_UNKNOWN, 'A supported step must be in the list of steps'],
  [FACILITY_CODE_TAKEN, 'This facility code is already registered'],
  [USERNAME_TAKEN, 'This username is already used by another admin'],
  [EMAIL_TAKEN, 'This email is already used by another admin'],
  [FACILITY_REQUIRED, 'A medical facility must be chosen for the medical_facility role'],
  [RANGE_END_BEFORE_START, 'The end date cannot be before the start date'],
  [CREATE_ONLY_MESSAGE, 'Cannot be changed once the record exists'],
  [INVALID_JSON, 'Not valid JSON'],
  [JSON_NOT_OBJECT, 'Must be a JSON object ({ ... })'],
  ['Data dengan nilai ini sudah terdaftar', 'A record with this value already exists'],
  ['Data yang dirujuk tidak ditemukan', 'The referenced record was not found'],
  ['Terjadi kesalahan pada server', 'Something went wrong on the server'],
  ...Object.keys(PATTERN_MESSAGES).map(
    (p) => [ID_VALIDATION_TEXTS.pattern(p), EN_VALIDATION_TEXTS.pattern(p)] as const,
  ),
]);

/** The validation texts with a number or a list, matched by their Indonesian form. */
const NUMBERED: (keyof ValidationTexts)[] = [
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
];
const plain: (keyof ValidationTexts)[] = ['required', 'unknownField', 'invalid'];
for (const k of plain) WHOLE.set(ID_VALIDATION_TEXTS[k] as string, EN_VALIDATION_TEXTS[k] as string);
// The formats and types the schemas use (schemas/, src/resources/*/schema.json).
for (const f of ['email', 'date', 'date-time', 'uri', 'time'])
  WHOLE.set(ID_VALIDATION_TEXTS.format(f), EN_VALIDATION_TEXTS.format(f));
for (const t of ['integer', 'number', 'string', 'boolean', 'object', 'array'])
  WHOLE.set(ID_VALIDATION_TEXTS.type(t), EN_VALIDATION_TEXTS.type(t));

/** The shared messages: a known one whole, a validation text with its number or list; else null. */
function translateBase(text: string): string | null {
  const whole = WHOLE.get(text);
  if (whole) return whole;
  for (const k of NUMBERED) {
    const [before, after] = (ID_VALIDATION_TEXTS[k] as (n: number) => string)(0).split('0');
    if (text.startsWith(before) && text.endsWith(after)) {
      const n = Number(text.slice(before.length, text.length - after.length));
      if (Number.isFinite(n)) return (EN_VALIDATION_TEXTS[k] as (n: number) => string)(n);
    }
  }
  const choose = /^Pilih salah satu: (.*)$/.exec(text);
  if (choose) return EN_VALIDATION_TEXTS.choose(choose[1]);
  return null;
}

/**
 * A message with parameters (a row number, a column's name): `id` writes the Indonesian text and
 * is called with markers to find its fixed parts; `en` writes the English one from the same
 * parameters, as matched in the text.
 */
export interface MessageTemplate {
  id: (...params: string[]) => string;
  /** null when the parameters found are not this template's after all (a row that is no number). */
  en: (...params: string[]) => string | null;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The English of a template's texts, or null for a text the template did not write. */
export function templateMatcher(t: MessageTemplate): (text: string) => string | null {
  const params = Array.from({ length: t.id.length }, (_, i) => `\ue000${i}\ue001`);
  const order: number[] = [];
  let source = '';
  for (const piece of t.id(...params).split(/(\ue000\d+\ue001)/)) {
    const m = /^\ue000(\d+)\ue001$/.exec(piece);
    if (!m) source += escapeRegExp(piece);
    else if (order.includes(Number(m[1]))) source += `\\${order.indexOf(Number(m[1])) + 1}`;
    else {
      order.push(Number(m[1]));
      source += '([\\s\\S]*?)';
    }
  }
  const re = new RegExp(`^${source}$`);
  return (text) => {
    const m = re.exec(text);
    if (!m) return null;
    const values: string[] = [];
    order.forEach((i, k) => (values[i] = m[k + 1]));
    return t.en(...values);
  };
}

/**
 * A translator: `own` first (a caller's wider table), then the shared messages. A summary
 * ('Data tidak valid: a: …; b: …') and a list joined by '; ' are translated part by part; any
 * other text is left as it is.
 */
export function englishWith(own: (text: string) => string | null = () => null): (text: string) => string {
  const one = (text: string) => own(text) ?? translateBase(text);
  const translate = (text: string): string => {
    const found = one(text);
    if (found !== null) return found;
    if (text.startsWith(`${VALIDATION_FAILED}: `)) {
      const parts = text
        .slice(VALIDATION_FAILED.length + 2)
        .split('; ')
        .map((part) => {
          const at = part.indexOf(': ');
          return at < 0 ? translate(part) : `${part.slice(0, at)}: ${translate(part.slice(at + 2))}`;
        });
      return `${WHOLE.get(VALIDATION_FAILED)}: ${parts.join('; ')}`;
    }
    if (text.includes('; '))
      return text
        .split('; ')
        .map((part) => one(part) ?? part)
        .join('; ');
    return text;
  };
  return translate;
}

/** A message in English when it is one of the known Indonesian ones (or a summary of them). */
export const toEnglish = englishWith();

/** Each field's message in English (see toEnglish; `translate` a wider translator). */
export const fieldErrorsToEnglish = <T extends Record<string, unknown>>(
  errors: T,
  translate: (text: string) => string = toEnglish,
): T =>
  Object.fromEntries(
    Object.entries(errors).map(([f, m]) => [f, typeof m === 'string' ? translate(m) : m]),
  ) as T;

/** True when an Accept-Language header puts English before Indonesian. */
export function prefersEnglish(acceptLanguage: string | undefined): boolean {
  if (!acceptLanguage) return false;
  const first = acceptLanguage.split(',')[0].trim().toLowerCase();
  return first === 'en' || first.startsWith('en-');
}
