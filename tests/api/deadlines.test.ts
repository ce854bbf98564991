/**
 * Bounded database work per request, on PostgreSQL: a statement past its deadline answers 503
 * and stops; a client that goes stops its statement; heavy requests past their share are
 * refused at once while light ones still answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/server/db/db';
import { loadConfig } from '../../src/server/config';
import { startTestApp, DEMO_EMAILS, type TestApp } from './helper';

const postgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;
const TIMED_OUT =
  'Permintaan ini memerlukan waktu terlalu lama dan dihentikan. Persempit pencarian atau coba lagi sebentar lagi.';
const BUSY = 'Server sedang sibuk. Silakan coba lagi dalam beberapa detik.';

/** Routes that sleep in the database, each with a marker to find its statement by. */
function slowRoutes(app: FastifyInstance, db: Db) {
  for (const work of ['heavy', 'light'] as const) {
    app.get(`/api/test/sleep-${work}`, { config: { access: 'authenticated', work } }, async (request) => {
      const { s, marker } = request.query as { s: string; marker: string };
      if (!/^[a-z]+$/.test(marker)) throw new Error('marker');
      await db.query(`SELECT pg_sleep($1::float8) /* ${marker} */`, [Number(s)]);
      return { slept: true };
    });
  }
}

postgres('deadlines, cancellation and bulkheads (postgres)', () => {
  let t: TestApp;
  let token: string;
  const base = loadConfig({}, { secretKey: 'x' }).db;
  beforeAll(async () => {
    t = await startTestApp('postgres', {
      patients: 0,
      config: { db: { ...base, statementTimeoutMs: 1500, heavyPoolSize: 1, heavyQueue: 0 } },
      routes: slowRoutes,
    });
    token = await t.login(DEMO_EMAILS.admin);
  });
  afterAll(() => t?.close());

  /** Statements of this test still running in PostgreSQL, by marker. */
  const running = async (marker: string) => {
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE state = 'active' AND query LIKE $1 AND pid <> pg_backend_pid()`,
      [`%pg_sleep%/* ${marker} */%`],
    );
    return rows[0].n;
  };

  it('answers 503 with Retry-After in Indonesian past the deadline, and the statement is gone', async () => {
    const started = Date.now();
    const res = await t.request(token, { method: 'GET', url: '/api/test/sleep-light?s=10&marker=deadline' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ error: TIMED_OUT, message: TIMED_OUT });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await running('deadline')).toBe(0);
  });

  it('cancels the statement of a client that closes its connection', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as { port: number };
    const controller = new AbortController();
    const call = fetch(`http://127.0.0.1:${port}/api/test/sleep-light?s=1.2&marker=gone`, {
      headers: { authorization: `Bearer ${token}` },
      signal: controller.signal,
    }).catch((e: Error) => e);
    // Wait until the statement runs, then hang up.
    for (let i = 0; i < 50 && (await running('gone')) === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await running('gone')).toBe(1);
    controller.abort();
    expect(await call).toBeInstanceOf(Error);
    const deadline = Date.now() + 1000;
    while (Date.now() < deadline && (await running('gone')) > 0) await new Promise((r) => setTimeout(r, 20));
    // Cancelled well before its 1.2 s sleep (and its 1.5 s deadline) would have ended it.
    expect(await running('gone')).toBe(0);
  });

  it('refuses a heavy request at once while the heavy share is taken, and light ones still answer', async () => {
    const first = t.request(token, { method: 'GET', url: '/api/test/sleep-heavy?s=1&marker=heavy' });
    for (let i = 0; i < 50 && (await running('heavy')) === 0; i++)
      await new Promise((r) => setTimeout(r, 20));
    const started = Date.now();
    const refused = await t.request(token, { method: 'GET', url: '/api/test/sleep-heavy?s=0&marker=second' });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json().message).toBe(BUSY);
    expect(Date.now() - started).toBeLessThan(300);
    const me = await t.request(token, { method: 'GET', url: '/api/auth/me' });
    expect(me.statusCode).toBe(200);
    expect((await first).statusCode).toBe(200);
    // The slot is free again.
    const after = await t.request(token, { method: 'GET', url: '/api/test/sleep-heavy?s=0&marker=after' });
    expect(after.statusCode).toBe(200);
  });
});
