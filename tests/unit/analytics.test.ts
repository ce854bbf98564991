import { describe, it, expect } from 'vitest';
import {
  AGE_GROUPS,
  CHART_COLORS,
  FACILITY_TYPES,
  GENDER_LABELS,
  OTHER_TYPE,
  ageGroup,
  average,
  density,
  facilityTypeLabel,
  facilityTypeLevel,
  formatDuration,
  isWellAssessment,
  isoWeek,
  percent,
  priorityByRank,
  severityLevel,
  averageDensity,
  densityLevel,
  showPieLabel,
  topN,
  weeklySummary,
  wellnessLabel,
  wellnessScore,
} from '../../src/domain/analytics';

describe('facilityTypeLevel (above the average Tinggi, above half of it Sedang)', () => {
  it('puts counts above the average in Tinggi, and the average itself in Sedang', () => {
    expect(facilityTypeLevel(5, 4)).toBe('Tinggi');
    expect(facilityTypeLevel(4.01, 4)).toBe('Tinggi');
    expect(facilityTypeLevel(4, 4)).toBe('Sedang');
  });

  it('puts counts above half the average in Sedang, and half itself in Rendah', () => {
    expect(facilityTypeLevel(3, 4)).toBe('Sedang');
    expect(facilityTypeLevel(2.01, 4)).toBe('Sedang');
    expect(facilityTypeLevel(2, 4)).toBe('Rendah');
    expect(facilityTypeLevel(0, 4)).toBe('Rendah');
  });

  it('works with fractional averages (7 facilities over 3 types)', () => {
    const avg = 7 / 3; // 2.33..., half 1.16...
    expect([3, 2, 1, 2.34].map((n) => facilityTypeLevel(n, avg))).toEqual([
      'Tinggi',
      'Sedang',
      'Rendah',
      'Tinggi',
    ]);
  });

  it('calls nothing Tinggi when every type has the average', () => {
    expect([2, 2, 2].map((n) => facilityTypeLevel(n, average([2, 2, 2])))).toEqual([
      'Sedang',
      'Sedang',
      'Sedang',
    ]);
  });
});

describe('severityLevel (1.5× and 0.8× the average)', () => {
  it('is Tinggi only strictly above 1.5 times the average', () => {
    expect(severityLevel(16, 10)).toBe('Tinggi');
    expect(severityLevel(15.01, 10)).toBe('Tinggi');
    expect(severityLevel(15, 10)).toBe('Sedang');
  });

  it('is Sedang strictly above 0.8 times the average, else Rendah', () => {
    expect(severityLevel(10, 10)).toBe('Sedang');
    expect(severityLevel(8.01, 10)).toBe('Sedang');
    expect(severityLevel(8, 10)).toBe('Rendah');
    expect(severityLevel(0, 10)).toBe('Rendah');
  });

  it('handles an average of zero', () => {
    expect(severityLevel(0, 0)).toBe('Rendah');
    expect(severityLevel(1, 0)).toBe('Tinggi');
  });

  it('uses thresholds different from the facility ones', () => {
    // 12 against an average of 10: Tinggi for facility types, only Sedang as a severity.
    expect(facilityTypeLevel(12, 10)).toBe('Tinggi');
    expect(severityLevel(12, 10)).toBe('Sedang');
    // 6 against 10: Sedang for facility types, Rendah as a severity.
    expect(facilityTypeLevel(6, 10)).toBe('Sedang');
    expect(severityLevel(6, 10)).toBe('Rendah');
  });
});

describe('priorityByRank', () => {
  it('is Prioritas Tinggi for rank 1, Perlu Perhatian for 2-3, Terkendali after', () => {
    expect([1, 2, 3, 4, 5, 10].map(priorityByRank)).toEqual([
      'Prioritas Tinggi',
      'Perlu Perhatian',
      'Perlu Perhatian',
      'Terkendali',
      'Terkendali',
      'Terkendali',
    ]);
  });
});

describe('wellnessLabel', () => {
  it('has its boundaries at 80, 70 and 60, inclusive', () => {
    expect(wellnessLabel(100)).toBe('Sangat Baik');
    expect(wellnessLabel(80)).toBe('Sangat Baik');
    expect(wellnessLabel(79.9)).toBe('Baik');
    expect(wellnessLabel(70)).toBe('Baik');
    expect(wellnessLabel(69.9)).toBe('Cukup');
    expect(wellnessLabel(60)).toBe('Cukup');
    expect(wellnessLabel(59.9)).toBe('Perlu Perhatian');
    expect(wellnessLabel(59)).toBe('Perlu Perhatian');
    expect(wellnessLabel(0)).toBe('Perlu Perhatian');
  });
});

describe('wellnessScore', () => {
  it('recognises normal and baik in any case, anywhere in the name', () => {
    for (const name of ['Normal', 'Kondisi NORMAL', 'Sangat baik', 'Kesejahteraan Baik', 'BAIK sekali'])
      expect(isWellAssessment(name), name).toBe(true);
    for (const name of ['Depresi', 'Kecemasan', 'Stres berat', ''])
      expect(isWellAssessment(name), name).toBe(false);
  });

  it('is the rounded share of responses from normal/baik assessments', () => {
    expect(
      wellnessScore([
        { assessment_name: 'Kondisi Normal', response_count: 3 },
        { assessment_name: 'Sangat BAIK', response_count: 2 },
        { assessment_name: 'Depresi', response_count: 5 },
      ]),
    ).toBe(50);
    // 1/3 → 33.3 → 33, 2/3 → 66.7 → 67, 1/8 → 12.5 → 13.
    expect(
      wellnessScore([
        { assessment_name: 'normal', response_count: 1 },
        { assessment_name: 'Depresi', response_count: 2 },
      ]),
    ).toBe(33);
    expect(
      wellnessScore([
        { assessment_name: 'baik', response_count: 2 },
        { assessment_name: 'Depresi', response_count: 1 },
      ]),
    ).toBe(67);
    expect(
      wellnessScore([
        { assessment_name: 'Baik', response_count: 1 },
        { assessment_name: 'Kecemasan', response_count: 7 },
      ]),
    ).toBe(13);
  });

  it('is 100 when all responses are well and 0 when none are', () => {
    expect(wellnessScore([{ assessment_name: 'Normal', response_count: 4 }])).toBe(100);
    expect(wellnessScore([{ assessment_name: 'Depresi', response_count: 4 }])).toBe(0);
  });

  it('is 0 without responses', () => {
    expect(wellnessScore([])).toBe(0);
    expect(wellnessScore([{ assessment_name: 'Normal', response_count: 0 }])).toBe(0);
  });
});

describe('ageGroup', () => {
  it('has six groups, youngest first, ending with 65+', () => {
    expect(AGE_GROUPS).toEqual(['0-5', '6-17', '18-35', '36-50', '51-64', '65+']);
  });

  it('puts each boundary age in the right group', () => {
    const cases: [number, string][] = [
      [0, '0-5'],
      [5, '0-5'],
      [6, '6-17'],
      [17, '6-17'],
      [18, '18-35'],
      [35, '18-35'],
      [36, '36-50'],
      [50, '36-50'],
      [51, '51-64'],
      [64, '51-64'],
      [65, '65+'],
      [99, '65+'],
      [120, '65+'],
    ];
    for (const [age, group] of cases) expect(ageGroup(age), String(age)).toBe(group);
  });

  it('covers every age from 0 to 120 with groups in order', () => {
    const groups = Array.from({ length: 121 }, (_, age) => AGE_GROUPS.indexOf(ageGroup(age)));
    for (let i = 1; i < groups.length; i++) expect(groups[i]).toBeGreaterThanOrEqual(groups[i - 1]);
    expect(new Set(groups).size).toBe(AGE_GROUPS.length);
  });
});

describe('isoWeek', () => {
  it('numbers weeks by ISO-8601 across year boundaries', () => {
    expect(isoWeek('2026-01-01')).toBe(1); // a Thursday
    expect(isoWeek('2025-12-29')).toBe(1); // Monday of week 1 of 2026
    expect(isoWeek('2025-12-28')).toBe(52); // the Sunday before
    expect(isoWeek('2026-01-04')).toBe(1); // Sunday of week 1
    expect(isoWeek('2026-01-05')).toBe(2);
    expect(isoWeek('2026-11-21')).toBe(47);
    expect(isoWeek('2026-12-31')).toBe(53); // 2026 starts on a Thursday: 53 weeks
    expect(isoWeek('2021-01-03')).toBe(53); // still week 53 of 2020
    expect(isoWeek('2021-01-04')).toBe(1);
    expect(isoWeek('2024-12-30')).toBe(1); // week 1 of 2025
  });

  it('reads only the date part of a timestamp', () => {
    expect(isoWeek('2026-11-21T23:30:00+07:00')).toBe(47);
    expect(isoWeek('2026-11-23T00:00:00.000Z')).toBe(48);
  });
});

describe('weeklySummary', () => {
  it('sums daily counts by ISO week in the order the weeks appear', () => {
    const days = [
      { appointment_date: '2025-12-26', count: 1 }, // Fri, week 52
      { appointment_date: '2025-12-27', count: 2 },
      { appointment_date: '2025-12-28', count: 0 }, // Sun, week 52
      { appointment_date: '2025-12-29', count: 4 }, // Mon, week 1
      { appointment_date: '2026-01-01', count: 8 },
      { appointment_date: '2026-01-04', count: 16 }, // Sun, week 1
      { appointment_date: '2026-01-05', count: 32 }, // Mon, week 2
    ];
    expect(weeklySummary(days)).toEqual([
      { week: 52, count: 3, days: 3 },
      { week: 1, count: 28, days: 3 },
      { week: 2, count: 32, days: 1 },
    ]);
  });

  it('is empty for no days and keeps totals for 30 days', () => {
    expect(weeklySummary([])).toEqual([]);
    const days = Array.from({ length: 30 }, (_, i) => ({
      appointment_date: new Date(Date.UTC(2026, 10, 1 + i)).toISOString().slice(0, 10),
      count: i,
    }));
    const weeks = weeklySummary(days);
    expect(weeks.reduce((n, w) => n + w.count, 0)).toBe((29 * 30) / 2);
    expect(weeks.reduce((n, w) => n + w.days, 0)).toBe(30);
    // 2026-11-01 is a Sunday (week 44); 2026-11-30 a Monday (week 49).
    expect(weeks.map((w) => w.week)).toEqual([44, 45, 46, 47, 48, 49]);
    expect(weeks.map((w) => w.days)).toEqual([1, 7, 7, 7, 7, 1]);
  });
});

describe('formatDuration', () => {
  it("writes 'Ym' under an hour and 'Xh Ym' from an hour on", () => {
    expect(formatDuration(0)).toBe('0m');
    expect(formatDuration(45)).toBe('45m');
    expect(formatDuration(59)).toBe('59m');
    expect(formatDuration(60)).toBe('1h 0m');
    expect(formatDuration(125)).toBe('2h 5m');
    expect(formatDuration(24 * 60 + 1)).toBe('24h 1m');
  });

  it('rounds to whole minutes before splitting', () => {
    expect(formatDuration(44.4)).toBe('44m');
    expect(formatDuration(59.5)).toBe('1h 0m');
    expect(formatDuration(119.6)).toBe('2h 0m');
  });

  it("is 'N/A' without a usable value", () => {
    expect(formatDuration(null)).toBe('N/A');
    expect(formatDuration(undefined)).toBe('N/A');
    expect(formatDuration(Number.NaN)).toBe('N/A');
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('N/A');
  });
});

describe('showPieLabel', () => {
  it('hides labels of slices under 5 %', () => {
    expect(showPieLabel(0.0499)).toBe(false);
    expect(showPieLabel(0)).toBe(false);
    expect(showPieLabel(0.05)).toBe(true);
    expect(showPieLabel(0.5)).toBe(true);
    expect(showPieLabel(1)).toBe(true);
    expect(showPieLabel(1 / 20)).toBe(true);
    expect(showPieLabel(1 / 21)).toBe(false);
  });
});

describe('percent and average', () => {
  it('gives one decimal, and 0 for a whole of 0', () => {
    expect(percent(1, 3)).toBe(33.3);
    expect(percent(2, 3)).toBe(66.7);
    expect(percent(1, 8)).toBe(12.5);
    expect(percent(5, 5)).toBe(100);
    expect(percent(0, 7)).toBe(0);
    expect(percent(0, 0)).toBe(0);
    expect(percent(3, 0)).toBe(0);
  });

  it('averages, with 0 for no values', () => {
    expect(average([])).toBe(0);
    expect(average([4])).toBe(4);
    expect(average([1, 2, 3, 4])).toBe(2.5);
  });
});

describe('topN', () => {
  const rows = [
    { name: 'Kemayoran', count: 3 },
    { name: 'Cakung', count: 5 },
    { name: 'Gambir', count: 3 },
    { name: 'Tebet', count: 1 },
    { name: 'Cilandak', count: 3 },
  ];

  it('takes the largest rows, ties broken by name', () => {
    expect(topN(rows, 3, (r) => r.name).map((r) => r.name)).toEqual(['Cakung', 'Cilandak', 'Gambir']);
    expect(topN(rows, 10, (r) => r.name).map((r) => r.name)).toEqual([
      'Cakung',
      'Cilandak',
      'Gambir',
      'Kemayoran',
      'Tebet',
    ]);
  });

  it('gives the same order whatever the input order', () => {
    const expected = topN(rows, 4, (r) => r.name);
    expect(topN([...rows].reverse(), 4, (r) => r.name)).toEqual(expected);
    expect(topN([rows[2], rows[4], rows[0], rows[3], rows[1]], 4, (r) => r.name)).toEqual(expected);
  });

  it('keeps the input order of ties without a name, and does not touch the input', () => {
    const copy = rows.map((r) => ({ ...r }));
    expect(topN(rows, 4).map((r) => r.name)).toEqual(['Cakung', 'Kemayoran', 'Gambir', 'Cilandak']);
    expect(rows).toEqual(copy);
  });

  it('handles n of 0 and an empty list', () => {
    expect(topN(rows, 0)).toEqual([]);
    expect(topN([], 10)).toEqual([]);
  });
});

describe('density', () => {
  it('is people per km², rounded, and 0 without an area', () => {
    expect(density(76_000, 7.6)).toBe(10_000);
    expect(density(100, 3)).toBe(33);
    expect(density(200, 3)).toBe(67);
    expect(density(0, 5)).toBe(0);
    expect(density(1000, 0)).toBe(0);
    expect(density(1000, -1)).toBe(0);
  });
});

describe('labels and constants', () => {
  it("labels a missing facility type 'Lainnya'", () => {
    expect(OTHER_TYPE).toBe('Lainnya');
    expect(facilityTypeLabel(null)).toBe('Lainnya');
    expect(facilityTypeLabel(undefined)).toBe('Lainnya');
    expect(facilityTypeLabel('')).toBe('Lainnya');
    for (const type of FACILITY_TYPES) expect(facilityTypeLabel(type)).toBe(type);
  });

  it('knows the five facility types and the two genders', () => {
    expect(FACILITY_TYPES).toEqual(['PUSKESMAS', 'RSUD', 'RS_SWASTA', 'KLINIK', 'APOTEK']);
    expect(GENDER_LABELS).toEqual({ L: 'Laki-laki', P: 'Perempuan' });
  });

  it('has a palette of six to eight distinct colours, teal and blue first', () => {
    expect(CHART_COLORS.length).toBeGreaterThanOrEqual(6);
    expect(CHART_COLORS.length).toBeLessThanOrEqual(8);
    expect(new Set(CHART_COLORS).size).toBe(CHART_COLORS.length);
    for (const c of CHART_COLORS) expect(c).toMatch(/^#[0-9a-f]{6}$/i);
    expect(CHART_COLORS.slice(0, 2)).toEqual(['#00897b', '#1e88e5']);
  });
});

describe("densityLevel (an area's density against the average density, 1.5× and 0.8×)", () => {
  it('rates at the thresholds: strictly above 1.5× Tinggi, strictly above 0.8× Sedang, else Rendah', () => {
    expect(densityLevel(15_001, 10_000)).toBe('Tinggi');
    expect(densityLevel(15_000, 10_000)).toBe('Sedang');
    expect(densityLevel(8_001, 10_000)).toBe('Sedang');
    expect(densityLevel(8_000, 10_000)).toBe('Rendah');
    expect(densityLevel(0, 10_000)).toBe('Rendah');
  });

  it('rates the densest area Tinggi even when it has few patients and facilities', () => {
    const areas = [
      { population: 150_000, area_km2: 5 }, // 30.000/km², small in absolute numbers
      { population: 300_000, area_km2: 30 }, // 10.000/km²
      { population: 400_000, area_km2: 80 }, // 5.000/km²
    ];
    const avg = averageDensity(areas);
    expect(avg).toBe(15_000);
    expect(densityLevel(30_000, avg)).toBe('Tinggi');
    expect(densityLevel(10_000, avg)).toBe('Rendah');
  });

  it('leaves areas without a known size out of the average', () => {
    expect(
      averageDensity([
        { population: 1000, area_km2: 0 },
        { population: 2000, area_km2: 1 },
      ]),
    ).toBe(2000);
  });
});
