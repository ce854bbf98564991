/**
 * NIK (Nomor Induk Kependudukan), the 16-digit number on a KTP:
 *   PPKKCC DDMMYY SSSS
 *   PPKK   kabupaten/kota code, CC kecamatan code,
 *   DDMMYY date of birth, with 40 added to the day for women,
 *   SSSS   a sequence number from 0001.
 */
import { REGENCY_CODES } from './regions-data';

const regencyCodes = new Set(REGENCY_CODES.split(' '));

export const NIK_MESSAGES = {
  format: 'NIK harus 16 digit angka',
  region: 'Kode wilayah NIK (4 digit pertama) tidak dikenal',
  birthDate: 'Tanggal lahir pada NIK tidak valid',
  sequence: 'Nomor urut NIK (4 digit terakhir) tidak boleh 0000',
  birthDateMismatch: 'Tanggal lahir pada NIK tidak sesuai dengan tanggal lahir pasien',
  genderMismatch: 'NIK tidak sesuai jenis kelamin (tanggal lahir +40 untuk perempuan)',
} as const;

export function isNikFormat(value: unknown): boolean {
  return typeof value === 'string' && /^\d{16}$/.test(value);
}

export interface NikParts {
  regencyCode: string;
  districtCode: string;
  day: number;
  month: number;
  year2: number;
  gender: 'L' | 'P';
  sequence: string;
}

export function parseNik(nik: string): NikParts | null {
  if (!isNikFormat(nik)) return null;
  const rawDay = Number(nik.slice(6, 8));
  return {
    regencyCode: nik.slice(0, 4),
    districtCode: nik.slice(0, 6),
    day: rawDay > 40 ? rawDay - 40 : rawDay,
    month: Number(nik.slice(8, 10)),
    year2: Number(nik.slice(10, 12)),
    gender: rawDay > 40 ? 'P' : 'L',
    sequence: nik.slice(12),
  };
}

function isCalendarDate(day: number, month: number, year: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export interface NikContext {
  /** 'YYYY-MM-DD' */
  dateOfBirth?: string | null;
  gender?: 'L' | 'P' | string | null;
}

/**
 * Checks a KTP number. Returns the first problem as an Indonesian message, or null when the
 * NIK is valid and agrees with the birth date and gender given.
 */
export function validateNik(nik: unknown, ctx: NikContext = {}): string | null {
  if (typeof nik !== 'string' || !isNikFormat(nik)) return NIK_MESSAGES.format;
  const parts = parseNik(nik)!;
  if (!regencyCodes.has(parts.regencyCode) || parts.districtCode.endsWith('00')) return NIK_MESSAGES.region;
  // Two-digit years: any century fits as long as the day/month are a real date; 2000 is a
  // leap year, so 29 February is checked against the birth year when one is given.
  const dob = ctx.dateOfBirth && /^\d{4}-\d{2}-\d{2}/.test(ctx.dateOfBirth) ? ctx.dateOfBirth : null;
  const year = dob ? Number(dob.slice(0, 4)) : 2000 + parts.year2;
  if (!isCalendarDate(parts.day, parts.month, year)) return NIK_MESSAGES.birthDate;
  if (parts.sequence === '0000') return NIK_MESSAGES.sequence;
  if (ctx.gender === 'L' || ctx.gender === 'P') {
    if (ctx.gender !== parts.gender) return NIK_MESSAGES.genderMismatch;
  }
  if (dob) {
    const [y, m, d] = dob.slice(0, 10).split('-').map(Number);
    if (d !== parts.day || m !== parts.month || y % 100 !== parts.year2)
      return NIK_MESSAGES.birthDateMismatch;
  }
  return null;
}

/** Builds a valid NIK for a kecamatan code ('31.71.01' or '317101'), birth date and gender. */
export function makeNik(
  districtCode: string,
  dateOfBirth: string,
  gender: 'L' | 'P',
  sequence: number,
): string {
  const region = districtCode.replace(/\./g, '');
  const [y, m, d] = dateOfBirth.slice(0, 10).split('-').map(Number);
  const day = gender === 'P' ? d + 40 : d;
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${region}${pad(day)}${pad(m)}${pad(y % 100)}${pad(((sequence - 1) % 9999) + 1, 4)}`;
}
