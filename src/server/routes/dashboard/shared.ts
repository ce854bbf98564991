/** What the /api/dashboard routes share: the city's calendar in SQL and bits of their schemas. */
import type { Db } from '../../db/db.js';
import { rollupFresh } from '../../maintenance/rollups.js';

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

/**
 * What a route reads the patients' counts from: the rollup, or while a bulk load has left it
 * stale, the patients themselves, one row of count 1 each (migration 028's view).
 */
export const patientRollup = async (db: Db) =>
  (await rollupFresh(db, 'patient_rollup')) ? 'patient_rollup' : 'patient_rollup_rows';

/** The same for the mental-health responses per day and assessment. */
export const mentalHealthDaily = async (db: Db) =>
  (await rollupFresh(db, 'mental_health_daily')) ? 'mental_health_daily' : 'mental_health_daily_live';
