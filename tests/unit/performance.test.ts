import { describe, it, expect } from 'vitest';
import {
  MIN_RANKED_APPOINTMENTS,
  efficiencyColor,
  hourLabel,
  peakHours,
  performanceRating,
  performanceScore,
  topByScore,
  topPerformer,
  waitBucket,
} from '../../src/domain/performance';
import { rangeDays } from '../../src/server/analytics/performance';

describe('performance score', () => {
  it('averages the wait score (100 less 10 per hour of wait) and the completion rate, rounded', () => {
    expect(performanceScore(0, 100)).toBe(100);
    expect(performanceScore(60, 100)).toBe(95); // (90 + 100) / 2
    expect(performanceScore(30, 80)).toBe(88); // (95 + 80) / 2 = 87.5
    expect(performanceScore(null, 50)).toBe(75); // no wait measured: no wait
  });
  it('never lets a long wait go below 0', () => {
    expect(performanceScore(600, 40)).toBe(20);
    expect(performanceScore(6000, 40)).toBe(20);
  });
});

describe('rating at 90, 75 and 60', () => {
  it.each([
    [100, 'Excellent'],
    [90, 'Excellent'],
    [89, 'Good'],
    [75, 'Good'],
    [74, 'Fair'],
    [60, 'Fair'],
    [59, 'Poor'],
    [0, 'Poor'],
  ])('%i is %s', (score, rating) => expect(performanceRating(score)).toBe(rating));
});

describe('efficiency chips at 90, 75 and 60', () => {
  it.each([
    [90, 'success'],
    [89.9, 'info'],
    [75, 'info'],
    [74.9, 'warning'],
    [60, 'warning'],
    [59.9, 'error'],
  ])('%f is %s', (value, color) => expect(efficiencyColor(value)).toBe(color));
});

describe('wait buckets', () => {
  it.each([
    [0, '0-15'],
    [14.9, '0-15'],
    [15, '15-30'],
    [29, '15-30'],
    [30, '30-60'],
    [59, '30-60'],
    [60, '60+'],
    [240, '60+'],
  ])('%f minutes is %s', (minutes, bucket) => expect(waitBucket(minutes)).toBe(bucket));
});

describe('top-5 lists and insights', () => {
  const row = (name: string, score: number, totalAppointments: number) => ({
    name,
    score,
    totalAppointments,
  });
  it('keeps five, ranked rows first, then by score, then the busier', () => {
    const rows = [
      row('a', 70, 50),
      row('b', 100, MIN_RANKED_APPOINTMENTS - 1),
      row('c', 90, 20),
      row('d', 90, 40),
      row('e', 60, 30),
      row('f', 80, 10),
      row('g', 50, 0),
    ];
    expect(topByScore(rows).map((r) => r.name)).toEqual(['d', 'c', 'f', 'a', 'e']);
    expect(topPerformer(rows)?.name).toBe('d');
    expect(topPerformer([row('b', 100, 1)])).toBeNull();
  });
  it('names the three busiest hours, the earlier first on a tie', () => {
    const counts = Array(24).fill(0);
    counts[9] = 5;
    counts[10] = 7;
    counts[13] = 5;
    counts[8] = 1;
    expect(peakHours(counts)).toEqual([
      { hour: 10, appointments: 7 },
      { hour: 9, appointments: 5 },
      { hour: 13, appointments: 5 },
    ]);
    expect(hourLabel(9)).toBe('09:00-10:00');
    expect(hourLabel(23)).toBe('23:00-00:00');
  });
});

describe('date ranges in Jakarta days', () => {
  const at = (iso: string) => Date.parse(iso);
  it('ends today in Jakarta (UTC+7) and spans the given days', () => {
    // 20:00 UTC on 14 March is already 15 March in Jakarta.
    const r = rangeDays(7, at('2026-03-14T20:00:00Z'));
    expect([r.from, r.to]).toEqual(['2026-03-09', '2026-03-15']);
    expect(r.fromInstant).toBe('2026-03-08T17:00:00.000Z');
    expect(r.toInstant).toBe('2026-03-15T17:00:00.000Z');
  });
  it('sums a range per unit from month-to-date rows: a month in full, less the days before the range', () => {
    const r = rangeDays(90, at('2026-03-15T05:00:00Z'));
    expect([r.from, r.to]).toEqual(['2025-12-16', '2026-03-15']);
    expect(r.lookups).toEqual([
      { day: '2025-12-31', sign: 1 },
      { day: '2025-12-15', sign: -1 },
      { day: '2026-01-31', sign: 1 },
      { day: '2026-02-28', sign: 1 },
      { day: '2026-03-15', sign: 1 },
    ]);
    // Within one month, from its first day: one row.
    expect(rangeDays(7, at('2026-03-07T05:00:00Z')).lookups).toEqual([{ day: '2026-03-07', sign: 1 }]);
    // Across a month's end.
    expect(rangeDays(7, at('2026-03-03T05:00:00Z')).lookups).toEqual([
      { day: '2026-02-28', sign: 1 },
      { day: '2026-02-24', sign: -1 },
      { day: '2026-03-03', sign: 1 },
    ]);
  });
});
