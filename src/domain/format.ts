/** Display formats shared by the console and server (spec: dd/MM/yyyy, Indonesian numbers). */

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' or a Date → 'dd/MM/yyyy'; empty for nothing. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-');
    return `${d}/${m}/${y}`;
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** Age as the difference of calendar years (spec part 1 §9). */
export function ageInYears(dateOfBirth: string | null | undefined, today: Date = new Date()): number | null {
  if (!dateOfBirth) return null;
  const year = Number(dateOfBirth.slice(0, 4));
  return Number.isFinite(year) ? today.getFullYear() - year : null;
}

const numberFormat = new Intl.NumberFormat('id-ID');
/** An amount as 'Rp 25.000': Indonesian grouping in every language (spec part 2 §9). */
export const formatRupiah = (n: number | null | undefined) =>
  n == null ? '' : `Rp ${numberFormat.format(n)}`;
