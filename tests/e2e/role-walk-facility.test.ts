/**
 * The role walk (role-walk.ts) of the facility operator (faskes@demo.local): on every screen of
 * its menu that offers adding, it saves a record, its own facility sent by the console and kept
 * by the server; every picker asks only what the role may read (no 403 on the way).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, SKIP_E2E, startE2E, type E2E } from './harness';
import { walkRole } from './role-walk';

describe.skipIf(SKIP_E2E)('role walk: facility operator (e2e)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E({ patients: 40 });
  }, 180_000);
  afterAll(async () => {
    await e2e?.close();
  });

  it('adds on every screen of its menu that offers it, each record in its own facility', async () => {
    const me = await e2e.api(await e2e.apiToken(DEMO.medical_facility), '/api/auth/me');
    const own = me.body.medical_facility_id as number;
    const tables = ['simulator_patients', 'simulator_doctors', 'simulator_poli', 'simulator_deliveries'];
    const counts = async () => {
      const out: Record<string, { mine: number; others: number }> = {};
      for (const table of tables) {
        const { rows } = await e2e.db.query<{ mine: number; others: number }>(
          `SELECT count(*) FILTER (WHERE medical_facility_id = $1)::int AS mine,
                  count(*) FILTER (WHERE medical_facility_id <> $1)::int AS others FROM ${table}`,
          [own],
        );
        out[table] = rows[0];
      }
      return out;
    };
    const before = await counts();
    const visits = await walkRole(e2e, 'medical_facility', { axe: true });
    const added = visits.filter((v) => v.added).map((v) => v.path);
    expect(added).toEqual(
      expect.arrayContaining([
        '/simulator/patients',
        '/simulator/doctors',
        '/simulator/poli',
        '/simulator/schedules',
        '/simulator/delivery',
        '/master/patients',
      ]),
    );
    // Its facility already has its one simulated facility: that screen offers no second.
    expect(visits.find((v) => v.path === '/simulator/facilities')?.added).toBe(false);
    // One new record of each in its own facility, none in another's.
    const after = await counts();
    for (const table of tables)
      expect(after[table], table).toEqual({ mine: before[table].mine + 1, others: before[table].others });
  }, 240_000);

  it('no uncaught errors in the pages', () => {
    expect(e2e.pageErrors).toEqual([]);
  });
});
