/**
 * One clock for the server, its database and the seed. The test runner runs this file (with
 * the log, seed, dashboard and performance tests) at chosen instants through `NOW`; unset, the
 * clock is the wall clock.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { dbTargets, startTestApp, DEMO_EMAILS, type TestApp } from './helper';
import { clockOffsetFrom, clockOffsetMs, jakartaToday, now } from '../../src/domain/clock';

describe('the clock setting', () => {
  it('starts the clock at NOW and refuses what is not an instant', () => {
    expect(clockOffsetFrom(undefined, 1_000)).toBe(0);
    expect(clockOffsetFrom('', 1_000)).toBe(0);
    expect(clockOffsetFrom('2028-02-29T16:59:00Z', Date.parse('2028-02-29T16:00:00Z'))).toBe(59 * 60_000);
    expect(() => clockOffsetFrom('kemarin')).toThrow(/NOW: not an instant/);
  });

  it('runs from NOW when the environment sets it', () => {
    if (!process.env.NOW) expect(clockOffsetMs).toBe(0);
    // Within a few minutes of NOW, however long the run before this test took.
    else expect(now() - Date.parse(process.env.NOW)).toBeLessThan(10 * 60_000);
    expect(Math.abs(now() - Date.now() - clockOffsetMs)).toBeLessThan(1_000);
  });

  it("gives Jakarta's date, a day ahead of UTC's from 17:00 UTC", () => {
    expect(jakartaToday(Date.parse('2026-11-30T16:59:00Z'))).toBe('2026-11-30');
    expect(jakartaToday(Date.parse('2026-11-30T17:01:00Z'))).toBe('2026-12-01');
    expect(jakartaToday(Date.parse('2028-02-28T17:00:00Z'))).toBe('2028-02-29');
  });
});

describe.each(dbTargets())('the database and the server read the same clock (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind, { patients: 10 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has app_now() within a second or two of the process clock, on every connection', async () => {
    for (let i = 0; i < 3; i++) {
      const before = now();
      const { rows } = await t.db.query<{ ms: number }>(`SELECT extract(epoch FROM app_now()) * 1000 AS ms`);
      expect(Math.abs(Number(rows[0].ms) - before)).toBeLessThan(2_000);
    }
  });

  it("writes a sign-in at the clock's time and counts the dashboard's days to Jakarta's today", async () => {
    const token = await t.login(DEMO_EMAILS.admin);
    const { rows } = await t.db.query<{ ms: number }>(
      `SELECT extract(epoch FROM max(login_time)) * 1000 AS ms FROM login_history WHERE ip_address = '127.0.0.1'`,
    );
    expect(Math.abs(Number(rows[0].ms) - now())).toBeLessThan(5_000);
    const res = await t.request(token, { method: 'GET', url: '/api/dashboard/appointments-by-date' });
    expect(res.statusCode, res.body).toBe(200);
    const days = res.json() as { appointment_date: string }[];
    expect(days).toHaveLength(30);
    expect(days.at(-1)!.appointment_date).toBe(jakartaToday());
  });
});
