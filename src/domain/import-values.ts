/**
 * How an imported cell (text from a CSV or an Excel cell) becomes a field's value: dates as
 * dd/MM/yyyy or ISO, Rupiah with dots (1.250.000), booleans as Ya/Tidak. Each parser answers
 * the value, or undefined when the text is not one; the messages say what was expected.
 */

export const IMPORT_VALUE_MESSAGES = {
  date: 'Tanggal tidak valid (gunakan dd/MM/yyyy atau yyyy-MM-dd)',
  dateTime: 'Tanggal dan waktu tidak valid (gunakan dd/MM/yyyy HH:mm atau yyyy-MM-ddTHH:mm)',
  number: 'Harus berupa angka (contoh: 1.250.000 atau 12,5)',
  integer: 'Harus berupa bilangan bulat (contoh: 1.250.000)',
  boolean: 'Isi Ya atau Tidak',
  json: 'JSON tidak valid',
} as const;

const pad2 = (n: number) => String(n).padStart(2, '0');

function calendarDate(y: number, m: number, d: number): string | undefined {
  if (y < 1000 || y > 9999 || m < 1 || m > 12 || d < 1) return undefined;
  if (d > new Date(Date.UTC(y, m, 0)).getUTCDate()) return undefined;
  return `${y}-${pad2(m)}-${pad2(d)}`;
}

/** 'YYYY-MM-DD' from '31/12/1990', '1-2-1990', '31.12.1990', '1990-12-31' (a time after it is ignored). */
export function parseDateText(text: string): string | undefined {
  const t = text.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(t);
  if (m) return calendarDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?: .*)?$/.exec(t);
  if (m) return calendarDate(Number(m[3]), Number(m[2]), Number(m[1]));
  return undefined;
}

/**
 * An instant as ISO 8601 from ISO text (with its offset, or Jakarta's when it has none) or
 * 'dd/MM/yyyy HH:mm[:ss]' in Jakarta time (the console shows times as WIB, UTC+7).
 */
export function parseDateTimeText(text: string): string | undefined {
  const t = text.trim();
  const local =
    /^(\d{4})-(\d{1,2})-(\d{1,2})[T ](\d{1,2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(t) ??
    null;
  let y: number, mo: number, d: number, h: number, mi: number, s: number;
  let zone = '+07:00';
  if (local) {
    [y, mo, d, h, mi, s] = [1, 2, 3, 4, 5, 6].map((i) => Number(local[i] ?? 0));
    if (local[8]) zone = local[8] === 'Z' ? 'Z' : local[8].replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
  } else {
    const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:[ T](\d{1,2})[:.](\d{2})(?:[:.](\d{2}))?)?$/.exec(t);
    if (!m) return undefined;
    [d, mo, y, h, mi, s] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i] ?? 0));
  }
  const day = calendarDate(y, mo, d);
  if (!day || h > 23 || mi > 59 || s > 59) return undefined;
  const instant = new Date(`${day}T${pad2(h)}:${pad2(mi)}:${pad2(s)}${zone}`);
  return Number.isNaN(instant.getTime()) ? undefined : instant.toISOString();
}

/**
 * A number from Indonesian or plain text: 'Rp 1.250.000' and '1.250.000,50' (dots group
 * thousands, the comma is the decimal point), '12,5', '12.5', '-3'. `grouped`: a single dot
 * followed by three digits groups thousands too ('1.250' is 1250), as for Rupiah and whole
 * numbers; elsewhere it is a decimal point ('6.175' is 6.175).
 */
export function parseNumberText(text: string, grouped: boolean): number | undefined {
  let t = text.replace(/[\s\u00a0]/g, '').replace(/^(-?)Rp\.?/i, '$1');
  if (/^-?\d{1,3}(\.\d{3})+(,\d+)?$/.test(t) && (grouped || /\..*\./.test(t) || t.includes(',')))
    t = t.replace(/\./g, '').replace(',', '.');
  else if (/^-?\d+,\d+$/.test(t)) t = t.replace(',', '.');
  else if (!/^-?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(t)) return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
}

const TRUE_WORDS = new Set(['ya', 'y', 'yes', 'true', '1', 'benar', 'aktif', 'on']);
const FALSE_WORDS = new Set([
  'tidak',
  'tdk',
  'no',
  'n',
  'false',
  '0',
  'salah',
  'nonaktif',
  'tidak aktif',
  'off',
]);

/** true from 'Ya', 'true', '1'; false from 'Tidak', 'false', '0' (any case). */
export function parseBooleanText(text: string): boolean | undefined {
  const t = text.trim().toLowerCase();
  if (TRUE_WORDS.has(t)) return true;
  if (FALSE_WORDS.has(t)) return false;
  return undefined;
}

/** A header or a choice as compared: lower case, spaces, underscores and dashes as one space. */
export const normalizeLabel = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_\-/]+/g, ' ');
