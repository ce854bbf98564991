/** The role walk (role-walk.ts) of the admin: a record saved on every screen of its menu that offers adding. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SKIP_E2E, startE2E, type E2E } from './harness';
import { walkRole } from './role-walk';

describe.skipIf(SKIP_E2E)('role walk: admin (e2e)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E({ patients: 40 });
  }, 180_000);
  afterAll(async () => {
    await e2e?.close();
  });

  it('adds on every screen of its menu that offers it', async () => {
    const visits = await walkRole(e2e, 'admin');
    const added = visits.filter((v) => v.added).map((v) => v.path);
    expect(added).toEqual(
      expect.arrayContaining([
        '/simulator/appointments',
        '/simulator/delivery',
        '/simulator/facilities',
        '/master/users',
        '/master/medical-facilities-integrated',
      ]),
    );
  }, 240_000);

  it('no uncaught errors in the pages', () => {
    expect(e2e.pageErrors).toEqual([]);
  });
});
