/**
 * The console's one formatter of figures and dates, in the chosen language: Indonesian by
 * default ('5.000', '12,3', '30,8%', 'Sabtu, 21 November 2026'), English when chosen
 * ('5,000', '12.3', '30.8%', 'Saturday, November 21, 2026').
 */
import { formatDate } from '../../domain/format';
import { percent } from '../../domain/analytics';

const TAGS: Record<string, string> = { id: 'id-ID', en: 'en-GB' };

let tag = 'id-ID';
let formats = makeFormats(tag);

function makeFormats(locale: string) {
  return {
    count: new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }),
    decimal: new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    month: new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }),
    longDate: new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'Asia/Jakarta' }),
  };
}

/** Switches figures and dates to a console language ('id' or 'en'). */
export function setDisplayLocale(locale: string) {
  const next = TAGS[locale] ?? TAGS.id;
  if (next === tag) return;
  tag = next;
  formats = makeFormats(tag);
}

/** The BCP 47 tag figures are written in now ('id-ID' or 'en-GB'). */
export const displayLocale = () => tag;

/** The sum of one numeric field over aggregate rows. */
export const sumBy = <T>(rows: readonly T[], value: (row: T) => number) =>
  rows.reduce((n, row) => n + value(row), 0);

/** One decimal at most, for averages shown in cards ('12,3'). */
export const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/** A count with thousands separators: '5.000' ('5,000' in English); empty for nothing. */
export const formatCount = (n: number | null | undefined) =>
  n == null || !Number.isFinite(n) ? '' : formats.count.format(n);

/** One decimal: '12,3' ('12.3' in English). */
export const formatDecimal = (n: number) => formats.decimal.format(n);

/** A percentage with one decimal: '30,8%'. */
export const formatPercent = (value: number) => `${formats.decimal.format(value)}%`;

/** A part's share of a whole with one decimal: '30,8%', '25,0%' ('0,0%' of nothing). */
export const formatShare = (part: number, whole: number) => formatPercent(percent(part, whole));

/** A figure for a chart label or tooltip: counts whole, other numbers with one decimal. */
export const formatFigure = (n: unknown) =>
  typeof n === 'number' ? (Number.isInteger(n) ? formatCount(n) : formatDecimal(n)) : String(n ?? '');

/** 'YYYY-MM-DD' → 'dd/MM', for date axes. */
export const dayMonth = (day: string) => formatDate(day).slice(0, 5);

/** 'YYYY-MM' → 'Nov 2026'. */
export const monthLabel = (month: string) => formats.month.format(new Date(`${month}-01T00:00:00Z`));

/** Today in the city's calendar: 'Sabtu, 21 November 2026'. */
export const formatToday = (now: Date = new Date()) => formats.longDate.format(now);

/** Any figure on screen: counts whole ('5.000'), other numbers with one decimal ('12,3'). */
export const formatNumber = (n: number | null | undefined) =>
  n == null || !Number.isFinite(n) ? '' : Number.isInteger(n) ? formatCount(n) : formatDecimal(n);
