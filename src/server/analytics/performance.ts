/**
 * The figures of Performance Analytics, read from the rollups of migration 009 (never from the
 * millions of appointments themselves):
 *  - per unit (a doctor at a facility in one appointment type) over the range, for the facility
 *    and doctor rankings: a signed sum of a few month-to-date rows (performance_mtd);
 *  - per day, for the overview, trends, wait times, journey stages and peak hours: from
 *    performance_type_daily (the city or one type) or performance_daily (a facility or doctor);
 *  - patient satisfaction: the 1-5 ratings given with mental-health questionnaires in the range,
 *    per day (satisfaction_daily), by patients of the facility when one is chosen
 *    (satisfaction_facility_daily).
 */
import type { Queryable } from '../db/db.js';
import {
  JOURNEY_STAGES,
  average,
  peakHours,
  percent,
  performanceRating,
  performanceScore,
  topByScore,
  topPerformer,
} from '../../domain/performance.js';
import { now as clockNow } from '../../domain/clock.js';

export interface PerformanceFilter {
  days: number;
  facilityId: number | null;
  /** A unit id naming a doctor at a facility. */
  doctorId: number | null;
  appointmentType: string | null;
}

const DAY_MS = 86_400_000;
const JAKARTA_OFFSET_MS = 7 * 3_600_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The range's days in Jakarta's calendar, and the month-to-date rows whose signed sum gives
 * each unit's figures over it: per calendar month the range touches, the row of the range's
 * last day in that month, less the row of the day before its first day there (none from the 1st).
 */
export function rangeDays(days: number, now = clockNow()) {
  const todayMs = Math.floor((now + JAKARTA_OFFSET_MS) / DAY_MS) * DAY_MS;
  const startMs = todayMs - (days - 1) * DAY_MS;
  const lookups: { day: string; sign: 1 | -1 }[] = [];
  for (let segStart = startMs; segStart <= todayMs;) {
    const d = new Date(segStart);
    const nextMonth = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
    const segEnd = Math.min(todayMs, nextMonth - DAY_MS);
    lookups.push({ day: isoDay(segEnd), sign: 1 });
    if (d.getUTCDate() !== 1) lookups.push({ day: isoDay(segStart - DAY_MS), sign: -1 });
    segStart = nextMonth;
  }
  return {
    from: isoDay(startMs),
    to: isoDay(todayMs),
    lookups,
    /** Instants bounding the range, for tables keyed by time. */
    fromInstant: new Date(startMs - JAKARTA_OFFSET_MS).toISOString(),
    toInstant: new Date(todayMs + DAY_MS - JAKARTA_OFFSET_MS).toISOString(),
  };
}

const HOURS = Array.from({ length: 24 }, (_, h) => `h${h}`);
const SUMMED = [
  'appointments',
  'completed',
  'waited',
  'wait_sum',
  'wait_0_15',
  'wait_15_30',
  'wait_30_60',
  'wait_60_plus',
  ...HOURS,
  ...JOURNEY_STAGES.flatMap((s) => [`${s}_steps`, `${s}_minutes`]),
];
const DAY_COLUMNS = [
  ...SUMMED.map((c) => `sum(${c})::float8 AS ${c}`),
  'min(wait_min) AS wait_min',
  'max(wait_max) AS wait_max',
].join(', ');

type DayRow = Record<string, number | null> & { day: string };
type UnitRow = {
  unit_id: number;
  medical_facility_id: number;
  facility_name: string | null;
  doctor_name: string;
  appointments: number;
  completed: number;
  waited: number;
  wait_sum: number;
};

/** The units a filter keeps, as SQL over performance_units, with its parameters. */
function unitFilter(f: PerformanceFilter, params: unknown[]): string | null {
  const where: string[] = [];
  if (f.facilityId !== null) {
    params.push(f.facilityId);
    where.push(`medical_facility_id = $${params.length}`);
  }
  if (f.appointmentType !== null) {
    params.push(f.appointmentType);
    where.push(`appointment_type = $${params.length}`);
  }
  if (f.doctorId !== null) {
    params.push(f.doctorId);
    where.push(`(medical_facility_id, doctor_name) IN
      (SELECT medical_facility_id, doctor_name FROM performance_units WHERE id = $${params.length})`);
  }
  return where.length ? `SELECT id FROM performance_units WHERE ${where.join(' AND ')}` : null;
}

async function unitTotals(db: Queryable, f: PerformanceFilter, r: ReturnType<typeof rangeDays>) {
  const params: unknown[] = [r.lookups.map((l) => l.day), r.lookups.map((l) => l.sign)];
  const units = unitFilter(f, params);
  const { rows } = await db.query<UnitRow>(
    `SELECT t.unit_id, u.medical_facility_id, mf.name AS facility_name, u.doctor_name,
            t.appointments, t.completed, t.waited, t.wait_sum
       FROM (SELECT m.unit_id, sum(l.sign * m.appointments)::int AS appointments,
                    sum(l.sign * m.completed)::int AS completed, sum(l.sign * m.waited)::int AS waited,
                    sum(l.sign * m.wait_sum)::float8 AS wait_sum
               FROM unnest($1::date[], $2::int[]) AS l(day, sign)
               JOIN performance_mtd m ON m.day = l.day
              WHERE m.day = ANY ($1::date[]) ${units ? `AND m.unit_id IN (${units})` : ''}
              GROUP BY m.unit_id) t
       JOIN performance_units u ON u.id = t.unit_id
       LEFT JOIN medical_facilities mf ON mf.id = u.medical_facility_id
      WHERE t.appointments > 0`,
    params,
  );
  return rows;
}

async function dayTotals(db: Queryable, f: PerformanceFilter, r: ReturnType<typeof rangeDays>) {
  const params: unknown[] = [r.from, r.to];
  let sql: string;
  if (f.facilityId !== null || f.doctorId !== null) {
    const units = unitFilter(f, params)!;
    sql = `SELECT to_char(day, 'YYYY-MM-DD') AS day, ${DAY_COLUMNS} FROM performance_daily
            WHERE day BETWEEN $1::date AND $2::date AND unit_id IN (${units})
            GROUP BY day HAVING sum(appointments) > 0 ORDER BY day`;
  } else {
    let type = '';
    if (f.appointmentType !== null) {
      params.push(f.appointmentType);
      type = `AND appointment_type = $${params.length}`;
    }
    sql = `SELECT to_char(day, 'YYYY-MM-DD') AS day, ${DAY_COLUMNS} FROM performance_type_daily
            WHERE day BETWEEN $1::date AND $2::date ${type}
            GROUP BY day HAVING sum(appointments) > 0 ORDER BY day`;
  }
  return (await db.query<DayRow>(sql, params)).rows;
}

async function satisfaction(db: Queryable, f: PerformanceFilter, r: ReturnType<typeof rangeDays>) {
  // The city: from the daily counts. A facility: the responses of its patients.
  const { rows } =
    f.facilityId === null
      ? await db.query<{ rating: number; count: number }>(
          `SELECT rating, sum(responses)::int AS count FROM satisfaction_daily
            WHERE day BETWEEN $1::date AND $2::date GROUP BY rating HAVING sum(responses) > 0`,
          [r.from, r.to],
        )
      : await db.query<{ rating: number; count: number }>(
          // Its daily counts (migration 031); while a bulk load has left them stale, the
          // responses of its patients.
          `SELECT rating, sum(responses)::int AS count FROM satisfaction_facility_daily
            WHERE rollup_fresh('satisfaction_facility_daily')
              AND medical_facility_id = $5 AND day BETWEEN $1::date AND $2::date
            GROUP BY rating HAVING sum(responses) > 0
           UNION ALL
           SELECT satisfaction, count(*)::int FROM mental_health_responses
            WHERE NOT rollup_fresh('satisfaction_facility_daily')
              AND created_at >= $3 AND created_at < $4 AND satisfaction IS NOT NULL
              AND patient_id IN (SELECT id FROM patients WHERE medical_facility_id = $5)
            GROUP BY satisfaction`,
          [r.from, r.to, r.fromInstant, r.toInstant, f.facilityId],
        );
  const responses = rows.reduce((n, x) => n + x.count, 0);
  const sum = rows.reduce((n, x) => n + x.rating * x.count, 0);
  return {
    average: average(sum, responses),
    responses,
    distribution: [1, 2, 3, 4, 5].map((rating) => ({
      rating,
      count: rows.find((x) => x.rating === rating)?.count ?? 0,
    })),
  };
}

/** Completion rate, average wait, score and rating of summed counts. */
function judge(t: { appointments: number; completed: number; waited: number; wait_sum: number }) {
  const completionRate = percent(t.completed, t.appointments);
  const avgWaitTime = average(t.wait_sum, t.waited);
  const score = performanceScore(avgWaitTime, completionRate);
  return { completionRate, avgWaitTime, score, rating: performanceRating(score) };
}

function sumBy<K>(rows: UnitRow[], key: (r: UnitRow) => K) {
  const groups = new Map<
    K,
    { first: UnitRow; appointments: number; completed: number; waited: number; wait_sum: number }
  >();
  for (const r of rows) {
    const g = groups.get(key(r)) ?? { first: r, appointments: 0, completed: 0, waited: 0, wait_sum: 0 };
    g.appointments += r.appointments;
    g.completed += r.completed;
    g.waited += r.waited;
    g.wait_sum += r.wait_sum;
    groups.set(key(r), g);
  }
  return [...groups.values()];
}

export async function performanceAnalytics(db: Queryable, f: PerformanceFilter, now = clockNow()) {
  const r = rangeDays(f.days, now);
  const [units, days, rated] = await Promise.all([
    unitTotals(db, f, r),
    dayTotals(db, f, r),
    satisfaction(db, f, r),
  ]);

  const total = (c: string) => days.reduce((n, d) => n + Number(d[c] ?? 0), 0);
  const totals = {
    appointments: total('appointments'),
    completed: total('completed'),
    waited: total('waited'),
    wait_sum: total('wait_sum'),
  };
  const overall = judge(totals);

  const facilities = sumBy(units, (u) => u.medical_facility_id).map((g) => ({
    facilityId: g.first.medical_facility_id,
    facilityName: g.first.facility_name ?? `#${g.first.medical_facility_id}`,
    totalAppointments: g.appointments,
    ...judge(g),
  }));
  const doctors = sumBy(units, (u) => `${u.medical_facility_id}\u0000${u.doctor_name}`)
    .filter((g) => g.first.doctor_name !== '')
    .map((g) => ({
      doctorId: g.first.unit_id,
      doctorName: g.first.doctor_name,
      facilityName: g.first.facility_name ?? `#${g.first.medical_facility_id}`,
      totalPatients: g.appointments,
      totalAppointments: g.appointments,
      ...judge(g),
    }));

  const hours = Array.from({ length: 24 }, (_, h) => total(`h${h}`));
  return {
    range: { days: f.days, from: r.from, to: r.to },
    overview: {
      totalAppointments: totals.appointments,
      avgWaitTime: overall.avgWaitTime,
      completionRate: overall.completionRate,
      avgSatisfaction: rated.average,
      waitTime0to15: total('wait_0_15'),
      waitTime15to30: total('wait_15_30'),
      waitTime30to60: total('wait_30_60'),
      waitTime60plus: total('wait_60_plus'),
      measuredWaits: totals.waited,
      score: overall.score,
      rating: overall.rating,
    },
    facilityPerformance: topByScore(facilities),
    doctorPerformance: topByScore(doctors),
    journeyAnalysis: JOURNEY_STAGES.map((stage) => ({
      stage,
      count: total(`${stage}_steps`),
      avgDuration: average(total(`${stage}_minutes`), total(`${stage}_steps`)),
    })).filter((s) => s.count > 0),
    waitTimeAnalysis: days
      .filter((d) => Number(d.waited) > 0)
      .map((d) => ({
        date: d.day,
        avgWaitTime: average(Number(d.wait_sum), Number(d.waited)),
        maxWaitTime: d.wait_max,
        minWaitTime: d.wait_min,
      })),
    patientSatisfaction: rated,
    trends: days.map((d) => ({
      date: d.day,
      appointmentCount: Number(d.appointments),
      completionRate: percent(Number(d.completed), Number(d.appointments)),
      avgWaitTime: average(Number(d.wait_sum), Number(d.waited)),
    })),
    insights: {
      topFacility: topPerformer(facilities),
      topDoctor: topPerformer(doctors),
      peakHours: peakHours(hours),
    },
  };
}

/** The choices of the screen's filters (a facility user: their facility only). */
export async function performanceFilterOptions(db: Queryable, facilityScope: number | null) {
  const params = facilityScope === null ? [] : [facilityScope];
  const [facilities, doctors, types] = await Promise.all([
    db.query(
      `SELECT id, name FROM medical_facilities ${facilityScope === null ? '' : 'WHERE id = $1'} ORDER BY name, id`,
      params,
    ),
    db.query(
      `SELECT min(u.id) AS id, u.doctor_name AS name, u.medical_facility_id AS "facilityId", mf.name AS "facilityName"
         FROM performance_units u LEFT JOIN medical_facilities mf ON mf.id = u.medical_facility_id
        WHERE u.doctor_name <> '' ${facilityScope === null ? '' : 'AND u.medical_facility_id = $1'}
        GROUP BY u.doctor_name, u.medical_facility_id, mf.name
        ORDER BY u.doctor_name, mf.name`,
      params,
    ),
    db.query<{ appointment_type: string }>(
      `SELECT DISTINCT appointment_type FROM performance_units
        ${facilityScope === null ? '' : 'WHERE medical_facility_id = $1'} ORDER BY appointment_type`,
      params,
    ),
  ]);
  return {
    facilities: facilities.rows,
    doctors: doctors.rows,
    appointmentTypes: types.rows.map((t) => t.appointment_type),
  };
}
