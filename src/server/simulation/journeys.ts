import type { Queryable } from '../db/db.js';
import {
  DEFAULT_JOURNEY_CONFIGS,
  DEFAULT_JOURNEY_TYPE,
  defaultJourneySteps,
  type JourneyStep,
} from '../../domain/sandbox.js';

/**
 * The journey steps of a type, as configured (spec part 2 §3 'Journey config'): the active
 * configuration's steps, only the supported ones when a supported list is set; the built-in
 * defaults (§9) when no configuration exists.
 */
export async function journeySteps(q: Queryable, journeyType = DEFAULT_JOURNEY_TYPE): Promise<JourneyStep[]> {
  const { rows } = await q.query<{ journey_steps: JourneyStep[]; supported_journey: string[] }>(
    `SELECT journey_steps, supported_journey FROM journey_configs WHERE journey_type = $1 AND is_active`,
    [journeyType.toUpperCase()],
  );
  if (rows[0]) {
    const supported = rows[0].supported_journey ?? [];
    const steps = rows[0].journey_steps ?? [];
    return supported.length ? steps.filter((s) => supported.includes(s.id)) : steps;
  }
  const fallback = DEFAULT_JOURNEY_CONFIGS.find((c) => c.journey_type === journeyType.toUpperCase());
  return defaultJourneySteps(fallback?.steps ?? DEFAULT_JOURNEY_CONFIGS[0].steps);
}

/** One journey event per step of a new appointment, none completed yet. */
export async function createJourneyEvents(q: Queryable, appointmentId: number, steps: JourneyStep[]) {
  if (!steps.length) return [];
  const params: unknown[] = [appointmentId];
  const rows = steps.map((s, i) => {
    params.push(i + 1, s.id, s.default_duration_minutes, s.title, s.title_en ?? null);
    const b = params.length - 4;
    return `($1, $${b}, $${b + 1}, $${b + 2}, $${b + 3}, $${b + 4})`;
  });
  const { rows: events } = await q.query(
    `INSERT INTO simulator_journey_events
       (appointment_id, position, journey_step, estimated_duration_minutes, title, title_en)
     VALUES ${rows.join(', ')}
     RETURNING id, journey_step, is_completed, timestamp_start, timestamp_end,
               estimated_duration_minutes, title, title_en`,
    params,
  );
  return events;
}

/** The booking answer's timeline (spec part 2 §3 'Booking response'). */
export function timelineOf(events: Record<string, any>[]) {
  return events.map((e) => ({
    id: e.journey_step,
    title: e.title,
    title_en: e.title_en,
    duration_minutes: e.estimated_duration_minutes,
    is_completed: e.is_completed,
  }));
}

/**
 * Creates the default journey configurations that do not exist yet (first start and
 * POST /admin/journey-config/initialize-defaults). Never a duplicate: the type is unique and
 * an existing one is left as it is. Returns the types created.
 */
export async function initializeJourneyDefaults(q: Queryable): Promise<string[]> {
  const created: string[] = [];
  for (const c of DEFAULT_JOURNEY_CONFIGS) {
    const { rows } = await q.query<{ journey_type: string }>(
      `INSERT INTO journey_configs (journey_type, supported_journey, journey_steps)
       VALUES ($1, $2, $3) ON CONFLICT (journey_type) DO NOTHING RETURNING journey_type`,
      [c.journey_type, JSON.stringify(c.steps), JSON.stringify(defaultJourneySteps(c.steps))],
    );
    if (rows[0]) created.push(rows[0].journey_type);
  }
  return created;
}
