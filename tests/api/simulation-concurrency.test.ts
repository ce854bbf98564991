import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { dbTargets, startTestApp, type TestApp } from './helper';
import { makeSandbox, nextDay, patientPayload, type Sandbox } from './simulation-fixture';
import { buildApp } from '../../src/server/app';
import { openDb, type Db } from '../../src/server/db/db';
import { QUOTA_FULL } from '../../src/server/simulation/booking';

/**
 * 50 bookings at once for 20 places of one doctor and day: exactly 20 succeed, numbered 1...20.
 * On PostgreSQL the bookings are split over two API servers (two buildApp instances, each with
 * its own connection pool) on the same database schema, as two processes would be.
 */
describe.each(dbTargets())('concurrent bookings (%s)', (kind) => {
  let t: TestApp;
  let s: Sandbox;
  let second: { app: FastifyInstance; db: Db } | null = null;
  const wednesday = nextDay(3);

  beforeAll(async () => {
    t = await startTestApp(kind, {
      patients: 5,
      config: { simulation: { rateLimitPerMinute: 0, tokenTtlMinutes: 60, proxyTimeoutMs: 30000 } },
    });
    s = await makeSandbox(t, 20, 'CON');
    for (let i = 1; i <= 50; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/simulation/v1/patient',
        headers: { 'x-api-key': s.key },
        payload: patientPayload(200 + i),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    if (kind === 'postgres') {
      const { rows } = await t.db.query<{ schema: string }>('SELECT current_schema() AS schema');
      const db = await openDb({
        databaseUrl: process.env.TEST_DATABASE_URL,
        schema: rows[0].schema,
        statementTimeoutMs: t.config.db.statementTimeoutMs,
        poolSize: t.config.db.poolSize,
        heavyPoolSize: t.config.db.heavyPoolSize,
      });
      const app = await buildApp({ config: t.config, db });
      await app.ready();
      second = { app, db };
    }
  }, 120_000);
  afterAll(async () => {
    await second?.app.close();
    await second?.db.close();
    await t?.close();
  });

  it('lets exactly 20 of 50 simultaneous bookings through, with queue numbers 1 to 20', async () => {
    const servers = second ? [t.app, second.app] : [t.app];
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        servers[i % servers.length].inject({
          method: 'POST',
          url: '/api/simulation/v1/appointment',
          headers: { 'x-api-key': s.key },
          payload: {
            poly_code: 'UMU',
            date: wednesday,
            start_time: '08:30',
            doctor_id: s.doctorId,
            id_type: 'KTP',
            id_number: patientPayload(200 + i + 1).nik,
          },
        }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 201);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(ok).toHaveLength(20);
    expect(refused.map((r) => [r.statusCode, r.json().metadata.message])).toEqual(
      Array(30).fill([409, QUOTA_FULL]),
    );
    const numbers = ok.map((r) => r.json().response.queue_number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    if (second) {
      // Both servers booked some of the places.
      const fromSecond = results.filter((r, i) => i % 2 === 1 && r.statusCode === 201);
      expect(fromSecond.length).toBeGreaterThan(0);
      expect(fromSecond.length).toBeLessThan(20);
    }
    const { rows } = await t.db.query(
      `SELECT queue_number FROM simulator_appointments WHERE doctor_id = $1 AND appointment_date = $2
        ORDER BY queue_number`,
      [s.doctorId, wednesday],
    );
    expect(rows.map((r) => r.queue_number)).toEqual(numbers);
    const quota = await t.app.inject({
      method: 'GET',
      url: `/api/simulation/v1/appointment/quota/UMU/${wednesday}`,
      headers: { 'x-api-key': s.key },
    });
    expect(quota.json().response[0].quota_left).toBe(0);
  });
});
