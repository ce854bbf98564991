/** Display rules of the log screens (spec part 2 §2 "Logs Monitoring", "API Logs", §9). */

/** 2xx success, 3xx info, 4xx warning, 5xx error. */
export function statusClassColor(code: number): 'success' | 'info' | 'warning' | 'error' | 'default' {
  if (code >= 500) return 'error';
  if (code >= 400) return 'warning';
  if (code >= 300) return 'info';
  if (code >= 200) return 'success';
  return 'default';
}

/** Milliseconds under 1 s, seconds under 1 min, otherwise minutes, in the locale's digits ('73,3 ms' in id-ID). */
export function formatDuration(ms: number | null | undefined, locale = 'en-GB'): string {
  if (ms === null || ms === undefined) return '-';
  const n = (value: number, min: number, max: number) =>
    new Intl.NumberFormat(locale, { minimumFractionDigits: min, maximumFractionDigits: max }).format(value);
  if (ms < 1000) return `${n(Math.round(ms * 10) / 10, 0, 1)} ms`;
  if (ms < 60_000) return `${n(ms / 1000, 2, 2)} s`;
  return `${n(ms / 60_000, 1, 1)} min`;
}

/** A success rate of 95 % or more is good. */
export const isGoodSuccessRate = (percent: number) => percent >= 95;

/** A user id shown in at most 8 characters. */
export const shortUserId = (id: string | number) => String(id).slice(0, 8);

/** A tab badge of the log screens: the count, capped at '999+' (spec part 2 §9). */
export const tabBadge = (n: number | undefined) => (n === undefined ? '' : n > 999 ? '999+' : String(n));
