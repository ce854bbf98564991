/**
 * A list's export imports back into the same resource unchanged: every declared resource's CSV,
 * as the console downloads it, passes an import's dry run without a single problem.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { startTestApp, DEMO_EMAILS, type TestApp } from './helper';
import { importFile } from './import-helper';
import { CHILD_RESOURCES, RESOURCES } from '../../src/resources';
import type { ResourceDeclaration } from '../../src/domain/resource';
import { SECRET_FOR_NEW } from '../../src/server/imports/rows';

// Facilities are named by their code; the demo city's have none, so the test gives them one.

describe('export, then import as a dry run', () => {
  let t: TestApp;
  let admin: string;
  let facilityWithChildren: number;

  beforeAll(async () => {
    t = await startTestApp('pglite', { patients: 20 });
    admin = await t.login(DEMO_EMAILS.super_admin);
    const { rows } = await t.db.query<{ id: number }>(
      `SELECT medical_facility_id AS id FROM facility_connections
        WHERE medical_facility_id IN (SELECT medical_facility_id FROM facility_params) ORDER BY 1 LIMIT 1`,
    );
    facilityWithChildren = rows[0].id;
    await t.db.query(`UPDATE medical_facilities SET code = 'FK' || id WHERE code IS NULL`);
  });
  afterAll(() => t?.close());

  const pathOf = (decl: ResourceDeclaration) =>
    decl.parent ? `${decl.parent.resource.name}/${facilityWithChildren}/${decl.parent.path}` : decl.name;

  it.each([...RESOURCES, ...CHILD_RESOURCES].map((d) => [d.name, d] as const))(
    '%s: its own export imports back with no problem',
    async (_name, decl) => {
      const path = pathOf(decl);
      const exported = await t.request(admin, { method: 'GET', url: `/api/${path}/export` });
      expect(exported.statusCode, exported.body).toBe(200);
      const lines = exported.body.trim().split('\r\n');
      expect(lines.length, `${path} exports no row to import back`).toBeGreaterThan(1);
      const job = await importFile(t, admin, path, exported.body, { dry_run: true, file_name: 'ekspor.csv' });
      expect(job.error).toBeNull();
      expect(job.problems).toEqual([]);
      expect(job).toMatchObject({ status: 'done', rows_rejected: 0, rows_read: lines.length - 1 });
    },
  );

  it('a record named by its key keeps its stored password; a new one without a password is refused', async () => {
    const exported = await t.request(admin, { method: 'GET', url: '/api/master/medical-facilities/export' });
    const lines = exported.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const hashes = await t.db.query('SELECT id, password_hash FROM medical_facilities ORDER BY id');
    const job = await importFile(t, admin, 'master/medical-facilities', exported.body);
    expect(job).toMatchObject({ status: 'done', rows_rejected: 0, rows_inserted: 0 });
    expect(job.rows_updated + job.rows_unchanged).toBe(lines.length - 1);
    expect((await t.db.query('SELECT id, password_hash FROM medical_facilities ORDER BY id')).rows).toEqual(
      hashes.rows,
    );

    const header = lines[0].split(',');
    const cells = lines[1].split(',');
    const code = header.indexOf('Kode Faskes');
    expect(code, `no 'Kode Faskes' column in ${lines[0]}`).toBeGreaterThanOrEqual(0);
    cells[code] = 'BARU-TANPA-SANDI';
    const fresh = await importFile(
      t,
      admin,
      'master/medical-facilities',
      `${lines[0]}\r\n${cells.join(',')}\r\n`,
      {
        dry_run: true,
      },
    );
    expect(fresh.problems).toEqual([expect.objectContaining({ row: 2, message: SECRET_FOR_NEW })]);
  });

  it('accounts imported back keep their passwords: the same people still sign in', async () => {
    for (const resource of ['master/web-admins', 'master/users']) {
      const exported = await t.request(admin, { method: 'GET', url: `/api/${resource}/export` });
      const job = await importFile(t, admin, resource, exported.body);
      expect(job.problems).toEqual([]);
      expect(job).toMatchObject({ status: 'done', rows_rejected: 0, rows_inserted: 0 });
    }
    expect(await t.login(DEMO_EMAILS.staff)).toBeTruthy();
  });
});
