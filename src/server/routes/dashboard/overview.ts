/**
 * The dashboard's figures, which other screens read too: the city's totals, appointments of
 * the last 30 days, facilities by type, patients by gender, age and insurance, and emergency
 * reports by category.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.js';
import { AGE_GROUPS, GENDER_LABELS, ageGroup } from '../../../domain/analytics.js';
import { TODAY, aggregateFor, count, list, nullableStr, str, tags } from './shared.js';

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

export function registerOverviewRoutes(app: FastifyInstance, db: Db) {
  app.get('/api/dashboard/stats', { config: aggregateFor(['/dashboard']), schema: statsSchema }, async () => {
    const { rows } = await db.query(
      `SELECT (SELECT coalesce(sum(count), 0)::int FROM patient_rollup) AS "totalPatients",
                (SELECT coalesce(sum(count), 0)::int FROM appointment_daily) AS "totalAppointments",
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
    () => patientDemographics(db),
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

/** Patients by gender, by age group (from birth years) and by insurance, from the rollup. */
async function patientDemographics(db: Db) {
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
}
