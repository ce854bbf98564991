/**
 * The mental-health analysis: responses per assessment, the six-month trend of responses and
 * wellness, participation and satisfaction. Everything reads the per-day rollup
 * (mental_health_daily), never the responses themselves, unless a bulk load has left it stale.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.js';
import { isWellAssessment } from '../../../domain/analytics.js';
import { THIS_MONTH, aggregateFor, count, list, str, tags, type FigureSources } from './shared.js';

/** Completed responses and scores of one assessment in one month ('YYYY-MM'). */
interface MonthRow {
  month: string;
  assessment_name: string | null;
  completed: number;
  score_sum: number;
  scored: number;
}

const mentalHealthSchema = {
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
};

export function registerMentalHealthRoutes(app: FastifyInstance, db: Db, sources: FigureSources) {
  app.get(
    '/api/dashboard/mental-health',
    { config: aggregateFor(['/mental-health']), schema: mentalHealthSchema },
    () => mentalHealth(db, sources),
  );
}

async function mentalHealth(db: Db, sources: FigureSources) {
  const daily = await sources.mentalHealthDaily();
  const [byAssessment, trend, rates] = await Promise.all([
    db.query(
      `SELECT a.assessment_name, a.assessment_type,
                  coalesce(sum(d.completed), 0)::int AS response_count,
                  round(sum(d.score_sum)::numeric / nullif(sum(d.scored), 0), 1)::float8 AS avg_score
             FROM mental_health_assessments a
             LEFT JOIN ${daily} d ON d.assessment_id = a.id
            GROUP BY a.id ORDER BY response_count DESC, a.assessment_name`,
    ),
    // Per month and assessment; which assessments count as 'well' is decided by monthlyTrend
    // with the domain rule, not by SQL.
    db.query<MonthRow>(
      `SELECT to_char(m, 'YYYY-MM') AS month, a.assessment_name,
                  coalesce(sum(d.completed), 0)::int AS completed,
                  coalesce(sum(d.score_sum), 0)::float8 AS score_sum,
                  coalesce(sum(d.scored), 0)::int AS scored
             FROM generate_series(${THIS_MONTH} - interval '5 months', ${THIS_MONTH}, interval '1 month') AS m
             LEFT JOIN ${daily} d ON d.day >= m::date AND d.day < (m + interval '1 month')::date
             LEFT JOIN mental_health_assessments a ON a.id = d.assessment_id
            GROUP BY m, a.assessment_name ORDER BY m`,
    ),
    db.query<{ started: number; completed: number; rated: number; satisfied: number }>(
      `SELECT coalesce(sum(started), 0)::int AS started,
                  coalesce(sum(completed), 0)::int AS completed,
                  coalesce(sum(rated), 0)::int AS rated,
                  coalesce(sum(satisfied), 0)::int AS satisfied
             FROM ${daily}
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
}

/** Month rows of (month, assessment) summed per month, in order; 'well' by the domain rule. */
function monthlyTrend(rows: MonthRow[]) {
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
