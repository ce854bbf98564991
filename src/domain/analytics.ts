/**
 * The rules of the monitoring screens (spec part 1 §2, §4, §9): thresholds, labels, grouping
 * and scores. Pure functions shared by the server (aggregates) and the console (chips, charts).
 */

export type Level = 'Tinggi' | 'Sedang' | 'Rendah';

/** Facility types: above the average 'Tinggi', above half of it 'Sedang', else 'Rendah'. */
export function facilityTypeLevel(count: number, average: number): Level {
  if (count > average) return 'Tinggi';
  if (count > average * 0.5) return 'Sedang';
  return 'Rendah';
}

/** Emergency categories and geographic areas: above 1.5× the average 'Tinggi', above 0.8× 'Sedang'. */
export function severityLevel(count: number, average: number): Level {
  if (count > average * 1.5) return 'Tinggi';
  if (count > average * 0.8) return 'Sedang';
  return 'Rendah';
}

export type Priority = 'Prioritas Tinggi' | 'Perlu Perhatian' | 'Terkendali';

/** Status by rank (1-based): rank 1 'Prioritas Tinggi', ranks 2-3 'Perlu Perhatian', else 'Terkendali'. */
export function priorityByRank(rank: number): Priority {
  if (rank <= 1) return 'Prioritas Tinggi';
  if (rank <= 3) return 'Perlu Perhatian';
  return 'Terkendali';
}

export type WellnessLabel = 'Sangat Baik' | 'Baik' | 'Cukup' | 'Perlu Perhatian';

export function wellnessLabel(score: number): WellnessLabel {
  if (score >= 80) return 'Sangat Baik';
  if (score >= 70) return 'Baik';
  if (score >= 60) return 'Cukup';
  return 'Perlu Perhatian';
}

/** An assessment whose name contains 'normal' or 'baik' counts towards wellness. */
export const isWellAssessment = (name: string) => /normal|baik/i.test(name);

/** The share of responses from 'normal'/'baik' assessments, as a rounded percentage (0 when none). */
export function wellnessScore(rows: { assessment_name: string; response_count: number }[]): number {
  const total = rows.reduce((n, r) => n + r.response_count, 0);
  if (!total) return 0;
  const well = rows
    .filter((r) => isWellAssessment(r.assessment_name))
    .reduce((n, r) => n + r.response_count, 0);
  return Math.round((well / total) * 100);
}

/** Age groups of the demographics, youngest first; age is the difference of calendar years. */
export const AGE_GROUPS = ['0-5', '6-17', '18-35', '36-50', '51-64', '65+'] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number];

export function ageGroup(age: number): AgeGroup {
  if (age <= 5) return '0-5';
  if (age <= 17) return '6-17';
  if (age <= 35) return '18-35';
  if (age <= 50) return '36-50';
  if (age <= 64) return '51-64';
  return '65+';
}

export const GENDER_LABELS: Record<string, string> = { L: 'Laki-laki', P: 'Perempuan' };

export const FACILITY_TYPES = ['PUSKESMAS', 'RSUD', 'RS_SWASTA', 'KLINIK', 'APOTEK'] as const;
export const OTHER_TYPE = 'Lainnya';
/** A missing facility type is shown as 'Lainnya'. */
export const facilityTypeLabel = (type: string | null | undefined) => (type ? type : OTHER_TYPE);

/** ISO-8601 week number of a 'YYYY-MM-DD' day. */
export function isoWeek(day: string): number {
  const d = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  const dayOfWeek = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - dayOfWeek);
  const yearStart = new Date(Date.UTC(d.getUTCFullYear(), 0, 1));
  return Math.ceil(((d.getTime() - yearStart.getTime()) / 86_400_000 + 1) / 7);
}

/** Daily counts summed by ISO week number, in the order the weeks first appear. */
export function weeklySummary(days: { appointment_date: string; count: number }[]) {
  const weeks = new Map<number, { week: number; count: number; days: number }>();
  for (const d of days) {
    const week = isoWeek(d.appointment_date);
    const w = weeks.get(week) ?? { week, count: 0, days: 0 };
    w.count += d.count;
    w.days += 1;
    weeks.set(week, w);
  }
  return [...weeks.values()];
}

/** 'Xh Ym' from 60 minutes on, else 'Ym'. */
export function formatDuration(minutes: number | null | undefined): string {
  if (minutes == null || !Number.isFinite(minutes)) return 'N/A';
  const m = Math.round(minutes);
  return m >= 60 ? `${Math.floor(m / 60)}h ${m % 60}m` : `${m}m`;
}

/** Pie labels under 5 % are hidden. */
export const showPieLabel = (share: number) => share >= 0.05;

/** Percentage of part in whole, one decimal; 0 when the whole is 0. */
export const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0);

export const average = (values: number[]) =>
  values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;

/** The n largest rows by count, ties broken by name for a stable order. */
export function topN<T extends { count: number }>(
  rows: T[],
  n: number,
  name: (r: T) => string = () => '',
): T[] {
  return [...rows].sort((a, b) => b.count - a.count || name(a).localeCompare(name(b))).slice(0, n);
}

/** The chart palette: eight fixed colours, teal and blue first. */
export const CHART_COLORS = [
  '#00897b',
  '#1e88e5',
  '#fb8c00',
  '#8e24aa',
  '#e53935',
  '#43a047',
  '#fdd835',
  '#6d4c41',
];

/** People per km². */
export const density = (people: number, areaKm2: number) => (areaKm2 > 0 ? Math.round(people / areaKm2) : 0);

/** The average density of the areas shown (areas without a known size left out). */
export const averageDensity = (areas: readonly { population: number; area_km2: number }[]) =>
  average(areas.filter((a) => a.area_km2 > 0).map((a) => density(a.population, a.area_km2)));

/**
 * The level beside an area's density: its density against the average density, with the
 * thresholds of the geographic ranking (above 1.5× the average 'Tinggi', above 0.8× 'Sedang').
 */
export const densityLevel = (areaDensity: number, averageAreaDensity: number): Level =>
  severityLevel(areaDensity, averageAreaDensity);
