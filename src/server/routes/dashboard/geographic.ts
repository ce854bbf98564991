/**
 * The geographic analysis: patients and facilities per area of one level (provinsi, kabupaten
 * or kecamatan), with each area's population and size, and the patients of no known area.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.js';
import { AREA_LEVELS, type AreaLevel } from '../../../domain/jakarta.js';
import { aggregateFor, count, list, str, tags, type FigureSources } from './shared.js';

const geographicSchema = {
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
};

export function registerGeographicRoutes(app: FastifyInstance, db: Db, sources: FigureSources) {
  app.get(
    '/api/dashboard/geographic',
    { config: aggregateFor(['/geographic']), schema: geographicSchema },
    async (request) => geographic(db, sources, (request.query as { level: AreaLevel }).level),
  );
}

async function geographic(db: Db, sources: FigureSources, level: AreaLevel) {
  // A kecamatan code is 'PP.KK.CC'; its kabupaten is the first 5 characters, its province the first 2.
  const prefix = { provinsi: 2, kabupaten: 5, kecamatan: 8 }[level];
  const rollup = await sources.patientRollup();
  const { rows } = await db.query<{
    area_code: string;
    area_name: string;
    population: number;
    area_km2: number;
    patients: number;
    facilities: number;
    unassigned: number;
  }>(
    // One pass over the patients' counts; those of no known area have the code ''.
    `WITH p AS (
           SELECT left(kecamatan_code, $2) AS code, sum(count)::int AS n FROM ${rollup} GROUP BY 1
         ), f AS (
           SELECT left(kecamatan_code, $2) AS code, count(*)::int AS n
             FROM medical_facilities WHERE kecamatan_code IS NOT NULL GROUP BY 1
         )
         SELECT a.code AS area_code, a.name AS area_name, a.population, a.area_km2,
                coalesce(p.n, 0) AS patients, coalesce(f.n, 0) AS facilities,
                (SELECT coalesce(sum(n), 0) FROM p WHERE code = '')::int AS unassigned
           FROM areas a LEFT JOIN p ON p.code = a.code LEFT JOIN f ON f.code = a.code
          WHERE a.level = $1 ORDER BY a.code`,
    [level, prefix],
  );
  const byCount = (key: 'patients' | 'facilities') =>
    rows
      .map((r) => ({ area_code: r.area_code, area_name: r.area_name, count: r[key] }))
      .sort((a, b) => b.count - a.count || a.area_name.localeCompare(b.area_name));
  return {
    level,
    patientsByArea: byCount('patients'),
    facilitiesByArea: byCount('facilities'),
    areas: rows.map(({ unassigned: _, ...r }) => ({ ...r, total: r.patients + r.facilities })),
    unassignedPatients: rows[0]?.unassigned ?? 0,
  };
}
