/**
 * The role walk (role-walk.ts) of the super admin, the staff and the viewer: the super admin
 * saves a record on every screen that offers adding (the web admins and journey configuration
 * besides the admin's); staff and viewers read their screens and are offered no add anywhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SKIP_E2E, startE2E, type E2E } from './harness';
import { walkRole } from './role-walk';

describe.skipIf(SKIP_E2E)('role walk: super admin, staff and viewer (e2e)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E({ patients: 40 });
  }, 180_000);
  afterAll(async () => {
    await e2e?.close();
  });

  it('the super admin adds on every screen of its menu that offers it', async () => {
    const visits = await walkRole(e2e, 'super_admin');
    const added = visits.filter((v) => v.added).map((v) => v.path);
    expect(added).toEqual(expect.arrayContaining(['/master/web-admins', '/master/poli']));
  }, 240_000);

  it('staff and viewers open every screen of their menus and are offered no add', async () => {
    const staff = await walkRole(e2e, 'staff', { axe: true });
    expect(staff.length).toBe(7);
    const viewer = await walkRole(e2e, 'viewer', { axe: true });
    expect(viewer.map((v) => v.path)).toEqual(['/dashboard']);
    expect([...staff, ...viewer].filter((v) => v.added)).toEqual([]);
  }, 120_000);

  it('no uncaught errors in the pages', () => {
    expect(e2e.pageErrors).toEqual([]);
  });
});
