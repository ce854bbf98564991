import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.js';
import { AGE_GROUPS, GENDER_LABELS, ageGroup, isWellAssessment } from '../../domain/analytics.js';
import { AREA_LEVELS, type AreaLevel } from '../../domain/jakarta.js';

/** The city's calendar: days and months are counted in Asia/Jakarta. */
const TODAY = `(app_now() AT TIME ZONE 'Asia/Jakarta')::date`;
/**
 * The first day of this Jakarta month as a local timestamp (without time zone): month series
 * built on it stay in Jakarta time, and `m AT TIME ZONE 'Asia/Jakarta'` is the instant that
 * month starts. (date_trunc on the date itself would give a timestamptz at midnight of the
 * session's time zone, so the boundaries would move with it.)
 */
const THIS_MONTH = `date_trunc('month', ${TODAY}::timestamp)`;
export const UNKNOWN_INSURANCE = 'Tidak diketahui';

const count = { type: 'integer' };
const str = { type: 'string' };
const nullableStr = { type: ['string', 'null'] };
const list = (properties: Record<string, unknown>) => ({
  type: 'array',
  items: { type: 'object', properties },
});

/** Month rows of (month, assessment) summed per month, in order; 'well' by the domain rule. */
function monthlyTrend(
  rows: {
    month: string;
    assessment_name: string | null;
    completed: number;
    score_sum: number;
    scored: number;
  }[],
) {
  const months = new Map<string, { completed: number; well: number; scoreSum: number; scored: number }>();
  for (const r of rows) {
    const m = months.get(r.month) ?? { completed: 0, well: 0, scoreSum: 0, scored: 0 };
    m.completed += r.completed;
    if (r.assessment_name && isWellAssessment(r.assessment_name)) m.well += r.completed;
    m.scoreSum += r.score_sum;
    m.scored += r.scored;
    months.set(r.month, m);
  }
  return [...months].map(([month, m]) => ({
    month,
    response_count: m.completed,
    well_count: m.well,
    avg_score: m.scored ? Math.round((m.scoreSum * 10) / m.scored) / 10 : null,
  }));
}

/**
 * GET /api/dashboard/*: the aggregates of the dashboard and the six analysis screens. Each
 * route is open to the menu paths whose screens read it. Patient and appointment counts come
 * from rollup tables kept by triggers, so they stay fast at millions of rows.
 */
export function registerDashboardRoutes(app: FastifyInstance, db: Db) {
  const tags = ['dashboard'];

  app.get(
    '/api/dashboard/stats',
    {
      config: { access: { menus: ['/dashboard'] }, work: 'heavy', sharedAnswer: true },
      schema: {
        tags,
        response: {
          200: {
            type: 'object',
            properties: {
              totalPatients: count,
              totalAppointments: count,
              totalMedicalFacilities: count,
              totalEmergencies: count,
              totalReports: count,
            },
          },
        },
      },
    },
    async () => {
      const { rows } = await db.query(
        `SELECT (SELECT coalesce(sum(count), 0)::int FROM patient_rollup) AS "totalPatients",
                (SELECT coalesce(sum(count), 0)::int FROM appointment_daily) AS "totalAppointments",
                (SELECT count(*)::int FROM medical_facilities) AS "totalMedicalFacilities",
                (SELECT count(*)::int FROM emergencies) AS "totalEmergencies",
                (SELECT count(*)::int FROM agd_reports) AS "totalReports"`,
      );
      return rows[0];
    },
  );

  app.get(
    '/api/dashboard/appointments-by-date',
    {
      config: { access: { menus: ['/dashboard', '/appointments'] }, work: 'heavy', sharedAnswer: true },
      schema: { tags, response: { 200: list({ appointment_date: str, count }) } },
    },
    async () => {
      const { rows } = await db.query(
        `SELECT to_char(d, 'YYYY-MM-DD') AS appointment_date, coalesce(a.count, 0)::int AS count
           FROM generate_series(${TODAY} - 29, ${TODAY}, interval '1 day') AS d
           LEFT JOIN appointment_daily a ON a.day = d::date
          ORDER BY d`,
      );
      return rows;
    },
  );

  app.get(
    '/api/dashboard/medical-facilities',
    {
      config: { access: { menus: ['/dashboard', '/medical-facilities'] }, work: 'heavy', sharedAnswer: true },
      schema: { tags, response: { 200: list({ facility_type: nullableStr, count }) } },
    },
    async () => {
      const { rows } = await db.query(
        `SELECT type AS facility_type, count(*)::int AS count FROM medical_facilities
          GROUP BY type ORDER BY count DESC, type`,
      );
      return rows;
    },
  );

  app.get(
    '/api/dashboard/patient-demographics',
    {
      config: { access: { menus: ['/dashboard', '/patients'] }, work: 'heavy', sharedAnswer: true },
      schema: {
        tags,
        response: {
          200: {
            type: 'object',
            properties: {
              byGender: list({ gender: str, count }),
              byAge: list({ age_group: str, count }),
              byInsurance: list({ insurance: str, count }),
            },
          },
        },
      },
    },
    async () => {
      const [gender, years, insurance] = await Promise.all([
        db.query<{ gender: string; count: number }>(
          `SELECT gender, sum(count)::int AS count FROM patient_rollup GROUP BY gender HAVING sum(count) > 0 ORDER BY gender`,
        ),
        db.query<{ birth_year: number; count: number; this_year: number }>(
          `SELECT birth_year, sum(count)::int AS count, extract(year FROM ${TODAY})::int AS this_year
             FROM patient_rollup GROUP BY birth_year`,
        ),
        db.query<{ insurance: string; count: number }>(
          `SELECT insurance, sum(count)::int AS count FROM patient_rollup
            GROUP BY insurance HAVING sum(count) > 0 ORDER BY count DESC, insurance`,
        ),
      ]);
      const ages = new Map<string, number>(AGE_GROUPS.map((g) => [g, 0]));
      for (const r of years.rows) {
        const group = ageGroup(r.this_year - r.birth_year);
        ages.set(group, ages.get(group)! + r.count);
      }
      return {
        byGender: gender.rows.map((r) => ({ gender: GENDER_LABELS[r.gender] ?? r.gender, count: r.count })),
        byAge: [...ages].map(([age_group, n]) => ({ age_group, count: n })),
        byInsurance: insurance.rows.map((r) => ({
          insurance: r.insurance || UNKNOWN_INSURANCE,
          count: r.count,
        })),
      };
    },
  );

  app.get(
    '/api/dashboard/emergency-reports',
    {
      config: { access: { menus: ['/emergency-reports'] }, work: 'heavy', sharedAnswer: true },
      schema: { tags, response: { 200: list({ category: str, count }) } },
    },
    async () => {
      const { rows } = await db.query(
        `SELECT category, count(*)::int AS count FROM agd_reports GROUP BY category ORDER BY count DESC, category`,
      );
      return rows;
    },
  );

  app.get(
    '/api/dashboard/mental-health',
    {
      config: { access: { menus: ['/mental-health'] }, work: 'heavy', sharedAnswer: true },
      schema: {
        tags,
        response: {
          200: {
            type: 'object',
            properties: {
              responsesByAssessment: list({
                assessment_name: str,
                assessment_type: str,
                response_count: count,
                avg_score: { type: ['number', 'null'] },
              }),
              monthlyTrend: list({
                month: str,
                response_count: count,
                well_count: count,
                wellness_score: count,
                avg_score: { type: ['number', 'null'] },
              }),
              participation: {
                type: 'object',
                properties: { rate: count, completed: count, started: count },
              },
              satisfaction: {
                type: 'object',
                properties: { rate: count, satisfied: count, rated: count },
              },
            },
          },
        },
      },
    },
    async () => {
      // All three read the per-day rollup (mental_health_daily), never the responses themselves.
      const [byAssessment, trend, rates] = await Promise.all([
        db.query(
          `SELECT a.assessment_name, a.assessment_type,
                  coalesce(sum(d.completed), 0)::int AS response_count,
                  round(sum(d.score_sum)::numeric / nullif(sum(d.scored), 0), 1)::float8 AS avg_score
             FROM mental_health_assessments a
             LEFT JOIN mental_health_daily d ON d.assessment_id = a.id
            GROUP BY a.id ORDER BY response_count DESC, a.assessment_name`,
        ),
        // Per month and assessment; which assessments count as 'well' is decided below by the
        // domain rule, not by SQL.
        db.query<{
          month: string;
          assessment_name: string | null;
          completed: number;
          score_sum: number;
          scored: number;
        }>(
          `SELECT to_char(m, 'YYYY-MM') AS month, a.assessment_name,
                  coalesce(sum(d.completed), 0)::int AS completed,
                  coalesce(sum(d.score_sum), 0)::float8 AS score_sum,
                  coalesce(sum(d.scored), 0)::int AS scored
             FROM generate_series(${THIS_MONTH} - interval '5 months', ${THIS_MONTH}, interval '1 month') AS m
             LEFT JOIN mental_health_daily d ON d.day >= m::date AND d.day < (m + interval '1 month')::date
             LEFT JOIN mental_health_assessments a ON a.id = d.assessment_id
            GROUP BY m, a.assessment_name ORDER BY m`,
        ),
        db.query<{ started: number; completed: number; rated: number; satisfied: number }>(
          `SELECT coalesce(sum(started), 0)::int AS started,
                  coalesce(sum(completed), 0)::int AS completed,
                  coalesce(sum(rated), 0)::int AS rated,
                  coalesce(sum(satisfied), 0)::int AS satisfied
             FROM mental_health_daily
            WHERE day >= (${THIS_MONTH} - interval '5 months')::date`,
        ),
      ]);
      const r = rates.rows[0];
      const pct = (a: number, b: number) => (b ? Math.round((a / b) * 100) : 0);
      return {
        responsesByAssessment: byAssessment.rows,
        monthlyTrend: monthlyTrend(trend.rows).map((m) => ({
          ...m,
          wellness_score: pct(m.well_count, m.response_count),
        })),
        participation: { rate: pct(r.completed, r.started), completed: r.completed, started: r.started },
        satisfaction: { rate: pct(r.satisfied, r.rated), satisfied: r.satisfied, rated: r.rated },
      };
    },
  );

  app.get(
    '/api/dashboard/geographic',
    {
      config: { access: { menus: ['/geographic'] }, work: 'heavy', sharedAnswer: true },
      schema: {
        tags,
        querystring: {
          type: 'object',
          properties: { level: { type: 'string', enum: [...AREA_LEVELS], default: 'kecamatan' } },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              level: str,
              patientsByArea: list({ area_code: str, area_name: str, count }),
              facilitiesByArea: list({ area_code: str, area_name: str, count }),
              areas: list({
                area_code: str,
                area_name: str,
                population: count,
                area_km2: { type: 'number' },
                patients: count,
                facilities: count,
                total: count,
              }),
              unassignedPatients: count,
            },
          },
        },
      },
    },
    async (request) => {
      const { level } = request.query as { level: AreaLevel };
      // A kecamatan code is 'PP.KK.CC'; its kabupaten is the first 5 characters, its province the first 2.
      const prefix = { provinsi: 2, kabupaten: 5, kecamatan: 8 }[level];
      const { rows } = await db.query<{
        area_code: string;
        area_name: string;
        population: number;
        area_km2: number;
        patients: number;
        facilities: number;
      }>(
        `WITH p AS (
           SELECT left(kecamatan_code, $2) AS code, sum(count)::int AS n
             FROM patient_rollup WHERE kecamatan_code <> '' GROUP BY 1
         ), f AS (
           SELECT left(kecamatan_code, $2) AS code, count(*)::int AS n
             FROM medical_facilities WHERE kecamatan_code IS NOT NULL GROUP BY 1
         )
         SELECT a.code AS area_code, a.name AS area_name, a.population, a.area_km2,
                coalesce(p.n, 0) AS patients, coalesce(f.n, 0) AS facilities
           FROM areas a LEFT JOIN p ON p.code = a.code LEFT JOIN f ON f.code = a.code
          WHERE a.level = $1 ORDER BY a.code`,
        [level, prefix],
      );
      const unassigned = await db.query<{ n: number }>(
        `SELECT coalesce(sum(count), 0)::int AS n FROM patient_rollup WHERE kecamatan_code = ''`,
      );
      const byCount = (key: 'patients' | 'facilities') =>
        rows
          .map((r) => ({ area_code: r.area_code, area_name: r.area_name, count: r[key] }))
          .sort((a, b) => b.count - a.count || a.area_name.localeCompare(b.area_name));
      return {
        level,
        patientsByArea: byCount('patients'),
        facilitiesByArea: byCount('facilities'),
        areas: rows.map((r) => ({ ...r, total: r.patients + r.facilities })),
        unassignedPatients: unassigned.rows[0].n,
      };
    },
  );
}
