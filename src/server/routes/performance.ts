import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.js';
import { performanceAnalytics, performanceFilterOptions } from '../analytics/performance.js';
import { DEFAULT_DATE_RANGE, MAX_DATE_RANGE } from '../../domain/performance.js';
import { rollupFresh } from '../maintenance/rollups.js';
import { BusyError } from '../plugins/workload.js';
import { REBUILDING_RETRY_SECONDS } from './dashboard/shared.js';

/**
 * While a bulk load's performance rollups are rebuilt (about a minute at 1M patients), this
 * screen answers 503: its figures come from every journey step of up to a year, which cannot be
 * computed per request within the deadline, and half-rebuilt figures would be wrong.
 */
export const PERFORMANCE_REBUILDING =
  'Data analisis kinerja sedang disusun ulang setelah pemuatan data besar. Silakan coba lagi dalam satu atau dua menit.';

async function whenFresh(db: Db) {
  if (!(await rollupFresh(db, 'performance')))
    throw new BusyError(PERFORMANCE_REBUILDING, REBUILDING_RETRY_SECONDS);
}

const access = { menus: ['/performance-analytics'] };
const tags = ['analytics'];

const int = { type: 'integer' };
const num = { type: 'number' };
const nullableNum = { type: ['number', 'null'] };
const str = { type: 'string' };
const obj = (properties: Record<string, unknown>) => ({ type: 'object', properties });
const list = (properties: Record<string, unknown>) => ({ type: 'array', items: obj(properties) });
const judged = { completionRate: num, avgWaitTime: nullableNum, score: int, rating: str };
const facility = obj({ facilityId: int, facilityName: str, totalAppointments: int, ...judged });
const doctor = obj({
  doctorId: int,
  doctorName: str,
  facilityName: str,
  totalPatients: int,
  totalAppointments: int,
  ...judged,
});
const nullable = (schema: { type: string; properties: object }) => ({ ...schema, type: ['object', 'null'] });

/**
 * GET /api/analytics/performance and its filter options (spec part 2 §2 "Performance
 * Analytics", §7): appointments and journeys of a date range by facility, doctor and
 * appointment type, from the rollups kept by migration 009.
 */
export function registerPerformanceRoutes(app: FastifyInstance, db: Db) {
  app.get(
    '/api/analytics/performance/filter-options',
    {
      config: { access, work: 'heavy' },
      schema: {
        tags,
        summary: 'Choices of the performance filters: facilities, doctors, appointment types (poli)',
        response: {
          200: obj({
            facilities: list({ id: int, name: str }),
            doctors: list({
              id: int,
              name: str,
              facilityId: int,
              facilityName: { type: ['string', 'null'] },
            }),
            appointmentTypes: { type: 'array', items: str },
          }),
        },
      },
    },
    async (request) => performanceFilterOptions(db, request.admin!.facilityScope),
  );

  app.get(
    '/api/analytics/performance',
    {
      config: { access, work: 'heavy' },
      schema: {
        tags,
        summary: 'Performance of appointments and patient journeys over the last dateRange days',
        querystring: {
          type: 'object',
          properties: {
            dateRange: { type: 'integer', minimum: 1, maximum: MAX_DATE_RANGE, default: DEFAULT_DATE_RANGE },
            medicalFacility: { type: 'integer', minimum: 1 },
            doctor: { type: 'integer', minimum: 1 },
            appointmentType: { type: 'string', minLength: 1, maxLength: 200 },
          },
        },
        response: {
          200: obj({
            range: obj({ days: int, from: str, to: str }),
            overview: obj({
              totalAppointments: int,
              avgWaitTime: nullableNum,
              completionRate: num,
              avgSatisfaction: nullableNum,
              waitTime0to15: int,
              waitTime15to30: int,
              waitTime30to60: int,
              waitTime60plus: int,
              measuredWaits: int,
              score: int,
              rating: str,
            }),
            facilityPerformance: { type: 'array', items: facility },
            doctorPerformance: { type: 'array', items: doctor },
            journeyAnalysis: list({ stage: str, count: int, avgDuration: nullableNum }),
            waitTimeAnalysis: list({
              date: str,
              avgWaitTime: nullableNum,
              maxWaitTime: nullableNum,
              minWaitTime: nullableNum,
            }),
            patientSatisfaction: obj({
              average: nullableNum,
              responses: int,
              distribution: list({ rating: int, count: int }),
            }),
            trends: list({ date: str, appointmentCount: int, completionRate: num, avgWaitTime: nullableNum }),
            insights: obj({
              topFacility: nullable(facility),
              topDoctor: nullable(doctor),
              peakHours: list({ hour: int, appointments: int }),
            }),
          }),
        },
      },
    },
    async (request) => {
      const q = request.query as {
        dateRange: number;
        medicalFacility?: number;
        doctor?: number;
        appointmentType?: string;
      };
      const scope = request.admin!.facilityScope;
      await whenFresh(db);
      return performanceAnalytics(db, {
        days: q.dateRange,
        facilityId: scope ?? q.medicalFacility ?? null,
        doctorId: q.doctor ?? null,
        appointmentType: q.appointmentType ?? null,
      });
    },
  );
}
