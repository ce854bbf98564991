/** Small helpers of the analysis screens for sums and display of dates on chart axes. */
import { formatDate } from '../../domain/format';
import { percent } from '../../domain/analytics';

/** The sum of one numeric field over aggregate rows. */
export const sumBy = <T>(rows: readonly T[], value: (row: T) => number) =>
  rows.reduce((n, row) => n + value(row), 0);

/** One decimal at most, for averages shown in cards ('12,3'). */
export const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/** 'YYYY-MM-DD' → 'dd/MM', for date axes. */
export const dayMonth = (day: string) => formatDate(day).slice(0, 5);

const monthFormat = new Intl.DateTimeFormat('id-ID', { month: 'short', year: 'numeric', timeZone: 'UTC' });
/** 'YYYY-MM' → 'Nov 2026'. */
export const monthLabel = (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00Z`));

const longDate = new Intl.DateTimeFormat('id-ID', { dateStyle: 'full', timeZone: 'Asia/Jakarta' });
/** Today in the city's calendar, in Indonesian: 'Sabtu, 21 November 2026'. */
export const formatToday = (now: Date = new Date()) => longDate.format(now);

const shareFormat = new Intl.NumberFormat('id-ID', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
/** A part's share of a whole, in Indonesian with one decimal: '30,8%', '25,0%' ('0,0%' of nothing). */
export const formatShare = (part: number, whole: number) => `${shareFormat.format(percent(part, whole))}%`;
