/**
 * What a log may keep of a request or an answer: secrets replaced by [REDACTED], NIKs masked,
 * and at most MAX_LOGGED_CHARS of it. Secret fields are the write-only fields of every declared
 * resource's JSON Schema (the engine's own list), plus anything named like a password, token,
 * key or secret.
 */
import { CHILD_RESOURCES, RESOURCES } from '../../resources/index.js';
import { writeOnlyFields } from '../../domain/resource.js';
import { REDACTED } from '../plugins/audit.js';

export { REDACTED };

/** Longest JSON text kept of one request or answer; a longer one is kept as a preview. */
export const MAX_LOGGED_CHARS = 4000;
/**
 * Answers are kept shorter: every request writes one, and a list page is mostly rows the
 * screen shows anyway; the start of it (and its size) is what a reader of the log needs.
 */
export const MAX_ANSWER_CHARS = 1000;

const SECRET_NAME = /password|passwd|secret|token|api[-_]?key|authorization|credential|cookie|^pin$/i;

/** Write-only fields of the declared resources (and the hashes some of them are stored as). */
export const WRITE_ONLY_FIELDS: ReadonlySet<string> = new Set(
  [...RESOURCES, ...CHILD_RESOURCES].flatMap((decl) => [
    ...writeOnlyFields(decl),
    ...(decl.hashed ?? []),
    ...Object.keys(decl.encrypted ?? {}),
  ]),
);

export function isSecretField(name: string): boolean {
  return WRITE_ONLY_FIELDS.has(name) || SECRET_NAME.test(name);
}

/** A 16-digit NIK (or family card number) keeps its region code and last four digits. */
export function maskNik(nik: string): string {
  return `${nik.slice(0, 6)}******${nik.slice(12)}`;
}

const NIK_RUN = /(?<!\d)(\d{6})\d{6}(\d{4})(?!\d)/g;

/** Every 16-digit run in a text masked (a NIK in a URL, a search term, a message). */
export function maskNiks(text: string): string {
  return text.replace(NIK_RUN, '$1******$2');
}

const MAX_DEPTH = 8;

/** A deep copy with secret fields redacted and NIKs masked. */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return maskNiks(value);
  if (typeof value === 'number')
    return Number.isInteger(value) && value >= 1e15 ? maskNiks(String(value)) : value;
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[…]';
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = isSecretField(k) && v != null && v !== '' ? REDACTED : redactValue(v, depth + 1);
  }
  return out;
}

/**
 * A copy with every text replaced by [REDACTED], keeping the field names, numbers and flags:
 * the log of a route whose every value is a secret (a code, a TOTP secret, a recovery code)
 * still shows what was sent and answered, and none of it.
 */
export function redactEvery(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return REDACTED;
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[…]';
  if (Array.isArray(value)) return value.map((v) => redactEvery(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactEvery(v, depth + 1)]));
}

/** `"password": "..."` in JSON text (the value may be cut off at the end of a preview). */
const SECRET_IN_TEXT =
  /("(?:[^"\\]*(?:password|passwd|secret|token|api[-_]?key|authorization|credential|cookie)[^"\\]*)"\s*:\s*)("(?:[^"\\]|\\.)*(?:"|$)|[^,}\]\s]+)/gi;

const SECRET_WORD = /password|passwd|secret|token|api[-_]?key|authorization|credential|cookie/i;
const WRITE_ONLY_IN_TEXT: [string, RegExp][] = [...WRITE_ONLY_FIELDS].map((field) => [
  field,
  new RegExp(`("${field}"\\s*:\\s*)("(?:[^"\\\\]|\\\\.)*(?:"|$))`, 'g'),
]);

/** Redaction over JSON text too long to parse for the log: the preview of it that is kept. */
export function redactText(text: string, max = MAX_LOGGED_CHARS): string {
  const head = text.slice(0, max + 200);
  // Cheap checks first: most answers hold no secret at all.
  let out = SECRET_WORD.test(head) ? head.replace(SECRET_IN_TEXT, `$1"${REDACTED}"`) : head;
  out = maskNiks(out);
  for (const [field, pattern] of WRITE_ONLY_IN_TEXT) {
    if (out.includes(`"${field}"`)) out = out.replace(pattern, `$1"${REDACTED}"`);
  }
  return out.slice(0, max);
}

/** A value too long to keep: its size and a redacted preview. */
export interface TruncatedData {
  truncated: true;
  size: number;
  preview: string;
}

/** A parsed body (request) as the log keeps it. */
export function loggedValue(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  const safe = redactValue(value);
  const text = JSON.stringify(safe);
  if (text === undefined) return null;
  if (text.length <= MAX_LOGGED_CHARS) return safe;
  return {
    truncated: true,
    size: text.length,
    preview: text.slice(0, MAX_LOGGED_CHARS),
  } satisfies TruncatedData;
}

/**
 * An answer's JSON text as the log keeps it, as JSON text (null for anything that is not
 * JSON). Redacted on the text itself: one pass of a few patterns costs far less on every
 * request than parsing, walking and serializing the answer again; PostgreSQL parses it.
 */
export function loggedText(text: string): string | null {
  if (!text) return null;
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') return null;
  if (text.length > MAX_ANSWER_CHARS) {
    const preview = redactText(text, MAX_ANSWER_CHARS);
    return JSON.stringify({ truncated: true, size: text.length, preview } satisfies TruncatedData);
  }
  const safe = redactText(text);
  try {
    JSON.parse(safe);
    return safe;
  } catch {
    // A secret whose value is an object or list: redacted through the parsed value instead.
    try {
      return JSON.stringify(loggedValue(JSON.parse(text)));
    } catch {
      return null;
    }
  }
}
