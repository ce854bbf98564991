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

const jakartaParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Jakarta',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as dd/MM/yyyy HH:mm in Jakarta time (the spec's 'Created' column), '-' when absent. */
export function formatDateTimeWib(value: string | Date | null | undefined): string {
  if (!value) return '-';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '-';
  const p = Object.fromEntries(jakartaParts.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
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

const jakartaTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Jakarta',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant's time of day as HH:mm in Jakarta time (as the console shows times), '' when absent. */
export function formatTimeWib(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? '' : jakartaTime.format(d);
}
