/** What the /api/dashboard routes share: the city's calendar in SQL and bits of their schemas. */
import type { Db } from '../../db/db.js';
import { rollupFresh } from '../../maintenance/rollups.js';
import { tableStats } from '../../resources/count.js';
import { BusyError } from '../../plugins/workload.js';

/** The city's calendar: days and months are counted in Asia/Jakarta. */
export const TODAY = `(app_now() AT TIME ZONE 'Asia/Jakarta')::date`;
/**
 * The first day of this Jakarta month as a local timestamp (without time zone): month series
 * built on it stay in Jakarta time, and `m AT TIME ZONE 'Asia/Jakarta'` is the instant that
 * month starts. (date_trunc on the date itself would give a timestamptz at midnight of the
 * session's time zone, so the boundaries would move with it.)
 */
export const THIS_MONTH = `date_trunc('month', ${TODAY}::timestamp)`;

export const tags = ['dashboard'];
export const count = { type: 'integer' };
export const str = { type: 'string' };
export const nullableStr = { type: ['string', 'null'] };
export const list = (properties: Record<string, unknown>) => ({
  type: 'array',
  items: { type: 'object', properties },
});

/**
 * The route config of an aggregate read by the screens of `menus`: heavy work, and one answer
 * shared by the requests that arrive while it is computed.
 */
export const aggregateFor = (menus: string[]) => ({
  access: { menus },
  work: 'heavy' as const,
  sharedAnswer: true,
});

/** Retry-After of the 503 answered while rollups a bulk load left stale are rebuilt. */
export const REBUILDING_RETRY_SECONDS = 30;

export const DASHBOARD_REBUILDING =
  'Angka dasbor sedang disusun ulang setelah pemuatan data besar. Silakan coba lagi dalam satu atau dua menit.';

/** The base table each monitoring rollup the dashboard reads sums up. */
const BASE_TABLE = {
  patient_rollup: 'patients',
  appointment_daily: 'appointments',
  mental_health_daily: 'mental_health_responses',
} as const;

/**
 * Where the routes read a monitoring rollup's figures from: the rollup while it is fresh; while
 * a bulk load has left it stale, its base table (the same figures; about a second for the
 * dashboard at 1M patients) as long as that table has at most `liveMaxRows` rows (its
 * statistics; 0: any size). Past that, reading it would miss the deadline and take the heavy
 * slots the rebuild needs, so the route answers 503 with Retry-After at once.
 */
export function figureSources(db: Db, liveMaxRows: number) {
  /** True: read the rollup; false: read its base table; or the 503. */
  const fresh = async (part: keyof typeof BASE_TABLE) => {
    if (await rollupFresh(db, part)) return true;
    const rows = (await tableStats(db, BASE_TABLE[part]))?.rows ?? 0;
    if (liveMaxRows > 0 && rows > liveMaxRows)
      throw new BusyError(DASHBOARD_REBUILDING, REBUILDING_RETRY_SECONDS);
    return false;
  };
  return {
    fresh,
    /** The patients' counts: the rollup, or the patients one row of count 1 each (migration 028's view). */
    patientRollup: async () => ((await fresh('patient_rollup')) ? 'patient_rollup' : 'patient_rollup_rows'),
    /** The mental-health responses per day and assessment. */
    mentalHealthDaily: async () =>
      (await fresh('mental_health_daily')) ? 'mental_health_daily' : 'mental_health_daily_live',
  };
}
export type FigureSources = ReturnType<typeof figureSources>;
