/**
 * The rules of Performance Analytics (spec part 2 §2 "Performance Analytics", §9): date ranges,
 * the score and its rating, wait-time buckets, efficiency chips and the top-5 lists. Pure
 * functions shared by the server (figures) and the console (chips, labels).
 */

/** The screen's date ranges in days; the API takes any whole number of days from 1 to 365. */
export const DATE_RANGES = [7, 30, 90, 365] as const;
export const DEFAULT_DATE_RANGE = 30;
export const MAX_DATE_RANGE = 365;

/** Lists of facilities and doctors show the first five. */
export const TOP_LIST_SIZE = 5;
/** Peak hours: the three busiest hours of the day. */
export const PEAK_HOURS = 3;
/**
 * A facility or doctor is ranked for the top-facility / top-doctor insights only with at least
 * this many appointments in the range (one completed visit would otherwise score 100).
 */
export const MIN_RANKED_APPOINTMENTS = 10;

/**
 * The journey steps in visit order (spec part 2 §4): the stages of the journey analysis.
 * The wait is from the end of a completed check-in to the start of the consultation; an
 * appointment is completed once its completion step is reached.
 */
export const JOURNEY_STAGES = [
  'checkin',
  'assessment',
  'consultation',
  'submit_e_recipe',
  'validate_medication',
  'medication_completed',
  'medication_delivery',
  'payment',
  'completion',
  'treatment',
] as const;
export type JourneyStage = (typeof JOURNEY_STAGES)[number];

/**
 * Score: the average of the wait score (100 minus 10 per 60 minutes of average wait, never
 * below 0) and the completion rate (0-100), rounded. No wait measured counts as no wait.
 */
export function performanceScore(avgWaitMinutes: number | null, completionRate: number): number {
  const waitScore = Math.max(0, 100 - ((avgWaitMinutes ?? 0) / 60) * 10);
  return Math.round((waitScore + completionRate) / 2);
}

export type Rating = 'Excellent' | 'Good' | 'Fair' | 'Poor';

/** Excellent at 90 and above, Good from 75, Fair from 60, else Poor. */
export function performanceRating(score: number): Rating {
  if (score >= 90) return 'Excellent';
  if (score >= 75) return 'Good';
  if (score >= 60) return 'Fair';
  return 'Poor';
}

export type ChipColor = 'success' | 'info' | 'warning' | 'error';

/** Efficiency chips: green from 90, blue from 75, amber from 60, red below. */
export function efficiencyColor(value: number): ChipColor {
  if (value >= 90) return 'success';
  if (value >= 75) return 'info';
  if (value >= 60) return 'warning';
  return 'error';
}

export const WAIT_BUCKETS = ['0-15', '15-30', '30-60', '60+'] as const;
export type WaitBucket = (typeof WAIT_BUCKETS)[number];

/** Wait buckets in minutes: [0, 15), [15, 30), [30, 60), 60 and more. */
export function waitBucket(minutes: number): WaitBucket {
  if (minutes < 15) return '0-15';
  if (minutes < 30) return '15-30';
  if (minutes < 60) return '30-60';
  return '60+';
}

/** A share as a percentage with one decimal (0 when there is nothing to share). */
export function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
}

/** An average with one decimal, or null when nothing was measured. */
export function average(sum: number, count: number): number | null {
  return count > 0 ? Math.round((sum / count) * 10) / 10 : null;
}

export interface Ranked {
  totalAppointments: number;
  score: number;
}

/** Enough appointments in the range to be ranked against the others. */
export const isRanked = (r: Ranked) => r.totalAppointments >= MIN_RANKED_APPOINTMENTS;

/**
 * The first five: those with enough appointments to be ranked before the others, then by
 * score, then by appointments (the busier first).
 */
export function topByScore<T extends Ranked>(rows: T[], size = TOP_LIST_SIZE): T[] {
  return rows
    .filter((r) => r.totalAppointments > 0)
    .sort(
      (a, b) =>
        Number(isRanked(b)) - Number(isRanked(a)) ||
        b.score - a.score ||
        b.totalAppointments - a.totalAppointments,
    )
    .slice(0, size);
}

/** The best-scoring row with enough appointments to be ranked, or null. */
export function topPerformer<T extends Ranked>(rows: T[]): T | null {
  return topByScore(rows.filter(isRanked), 1)[0] ?? null;
}

/** The busiest hours (0-23), most appointments first, then the earlier hour. */
export function peakHours(counts: number[], size = PEAK_HOURS): { hour: number; appointments: number }[] {
  return counts
    .map((appointments, hour) => ({ hour, appointments }))
    .filter((h) => h.appointments > 0)
    .sort((a, b) => b.appointments - a.appointments || a.hour - b.hour)
    .slice(0, size);
}

/** '09:00-10:00' for hour 9. */
export const hourLabel = (hour: number) =>
  `${String(hour).padStart(2, '0')}:00-${String((hour + 1) % 24).padStart(2, '0')}:00`;
