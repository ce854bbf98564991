/**
 * The dashboard's figures, which other screens read too: the city's totals, appointments of
 * the last 30 days, facilities by type, patients by gender, age and insurance, and emergency
 * reports by category.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.js';
import { AGE_GROUPS, GENDER_LABELS, ageGroup } from '../../../domain/analytics.js';
import { TODAY, aggregateFor, count, list, nullableStr, str, tags, type FigureSources } from './shared.js';

export const UNKNOWN_INSURANCE = 'Tidak diketahui';

const statsSchema = {
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
};

const demographicsSchema = {
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
};

export function registerOverviewRoutes(app: FastifyInstance, db: Db, sources: FigureSources) {
  app.get('/api/dashboard/stats', { config: aggregateFor(['/dashboard']), schema: statsSchema }, async () => {
    // A stale rollup (a bulk load not yet rebuilt): the base table's count, the same figure.
    const patients = (await sources.fresh('patient_rollup'))
      ? 'SELECT coalesce(sum(count), 0)::int FROM patient_rollup'
      : 'SELECT count(*)::int FROM patients';
    const appointments = (await sources.fresh('appointment_daily'))
      ? 'SELECT coalesce(sum(count), 0)::int FROM appointment_daily'
      : 'SELECT count(*)::int FROM appointments';
    const { rows } = await db.query(
      `SELECT (${patients}) AS "totalPatients",
                (${appointments}) AS "totalAppointments",
                (SELECT count(*)::int FROM medical_facilities) AS "totalMedicalFacilities",
                (SELECT count(*)::int FROM emergencies) AS "totalEmergencies",
                (SELECT count(*)::int FROM agd_reports) AS "totalReports"`,
    );
    return rows[0];
  });

  app.get(
    '/api/dashboard/appointments-by-date',
    {
      config: aggregateFor(['/dashboard', '/appointments']),
      schema: { tags, response: { 200: list({ appointment_date: str, count }) } },
    },
    async () => {
      // A stale rollup: the 30 days' appointments themselves, through the scheduled_date index.
      const days = (await sources.fresh('appointment_daily'))
        ? 'appointment_daily'
        : `(SELECT (scheduled_date AT TIME ZONE 'Asia/Jakarta')::date AS day, count(*) AS count
              FROM appointments
             WHERE scheduled_date >= (${TODAY} - 29)::timestamp AT TIME ZONE 'Asia/Jakarta'
               AND scheduled_date < (${TODAY} + 1)::timestamp AT TIME ZONE 'Asia/Jakarta'
             GROUP BY 1)`;
      const { rows } = await db.query(
        `SELECT to_char(d, 'YYYY-MM-DD') AS appointment_date, coalesce(a.count, 0)::int AS count
           FROM generate_series(${TODAY} - 29, ${TODAY}, interval '1 day') AS d
           LEFT JOIN ${days} a ON a.day = d::date
          ORDER BY d`,
      );
      return rows;
    },
  );

  app.get(
    '/api/dashboard/medical-facilities',
    {
      config: aggregateFor(['/dashboard', '/medical-facilities']),
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
    { config: aggregateFor(['/dashboard', '/patients']), schema: demographicsSchema },
    () => patientDemographics(db, sources),
  );

  app.get(
    '/api/dashboard/emergency-reports',
    {
      config: aggregateFor(['/emergency-reports']),
      schema: { tags, response: { 200: list({ category: str, count }) } },
    },
    async () => {
      const { rows } = await db.query(
        `SELECT category, count(*)::int AS count FROM agd_reports GROUP BY category ORDER BY count DESC, category`,
      );
      return rows;
    },
  );
}

/**
 * Patients by gender, by age group (from birth years) and by insurance, in one pass over the
 * rollup (or, while it is stale, over the patients themselves: one scan, not three).
 */
async function patientDemographics(db: Db, sources: FigureSources) {
  const rollup = await sources.patientRollup();
  // GROUPING(...) tells the sets apart: 3 gender, 5 birth year, 6 insurance.
  const { rows } = await db.query<{
    gender: string;
    birth_year: number;
    insurance: string;
    count: number;
    set: number;
    this_year: number;
  }>(
    `SELECT gender, birth_year, insurance, sum(count)::int AS count,
            GROUPING(gender, birth_year, insurance) AS set, extract(year FROM ${TODAY})::int AS this_year
       FROM ${rollup} GROUP BY GROUPING SETS ((gender), (birth_year), (insurance))
     HAVING sum(count) > 0 OR GROUPING(birth_year) = 0
      ORDER BY set, CASE WHEN GROUPING(insurance) = 0 THEN -sum(count) END, gender, insurance`,
  );
  const of = (set: number) => rows.filter((r) => r.set === set);
  const ages = new Map<string, number>(AGE_GROUPS.map((g) => [g, 0]));
  for (const r of of(5)) {
    const group = ageGroup(r.this_year - r.birth_year);
    ages.set(group, ages.get(group)! + r.count);
  }
  return {
    byGender: of(3).map((r) => ({ gender: GENDER_LABELS[r.gender] ?? r.gender, count: r.count })),
    byAge: [...ages].map(([age_group, n]) => ({ age_group, count: n })),
    byInsurance: of(6).map((r) => ({
      insurance: r.insurance || UNKNOWN_INSURANCE,
      count: r.count,
    })),
  };
}
