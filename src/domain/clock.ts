/**
 * The one clock of the server, the seed and their database. `NOW` (an ISO instant, unset in
 * production) says where it starts: from there it runs at the wall clock's pace, so a demo can
 * show a chosen day and the tests can run at chosen instants (Jakarta's midnight, a month's
 * last day, 29 February). Code that asks what time it is asks `now()` here; SQL asks
 * `app_now()` (migration 019), which the connection setting `dkj.clock_offset_ms` moves by the
 * same offset. Durations (deadlines, caches, timings) keep reading the wall clock.
 */

/** The connection setting app_now() adds to now(). */
export const CLOCK_SETTING = 'dkj.clock_offset_ms';

/** How far this process's clock is ahead of the wall clock (negative: behind), from `NOW`. */
export function clockOffsetFrom(value: string | undefined, wallNow = Date.now()): number {
  if (!value) return 0;
  const at = Date.parse(value);
  if (Number.isNaN(at)) throw new Error(`NOW: not an instant: ${value} (e.g. 2028-02-29T16:59:00Z)`);
  return at - wallNow;
}

/** `NOW` of the server's environment; the console in a browser has none and reads the wall clock. */
export const clockOffsetMs = clockOffsetFrom(typeof process === 'undefined' ? undefined : process.env?.NOW);

/** Milliseconds since the epoch, by this process's clock. */
export const now = () => Date.now() + clockOffsetMs;

/** This process's clock as a Date. */
export const nowDate = () => new Date(now());

const DAY_MS = 86_400_000;
const JAKARTA_MS = 7 * 3_600_000;
/** The last day asked for, and where it starts (ms): a check of a million rows asks a million times. */
let lastDay = { start: NaN, text: '' };

/** Today's date in Jakarta (UTC+7 all year), 'YYYY-MM-DD'. */
export function jakartaToday(at = now()): string {
  const local = at + JAKARTA_MS;
  if (local >= lastDay.start && local < lastDay.start + DAY_MS) return lastDay.text;
  const start = Math.floor(local / DAY_MS) * DAY_MS;
  lastDay = { start, text: new Date(start).toISOString().slice(0, 10) };
  return lastDay.text;
}

/** PostgreSQL startup options that give a connection this process's clock ('' when it is the wall clock). */
export const clockConnectionOption = () => (clockOffsetMs ? `-c ${CLOCK_SETTING}=${clockOffsetMs}` : '');
