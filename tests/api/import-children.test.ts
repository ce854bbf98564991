/**
 * Import into the records below an integrated facility (its parameters and connections): the
 * route below the parent record, every row written under it, the parent's reach (a facility
 * user imports only into their own facility), and a connection's secret kept encrypted.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { dbTargets, demoFacilities, startTestApp, DEMO_EMAILS, type TestApp } from './helper';
import { csv, importFile, upload, waitForJob } from './import-helper';
import { NOT_FOUND } from '../../src/server/resources/reads';

const params = (facility: number) => `master/medical-facilities/${facility}/params`;
const connections = (facility: number) => `master/medical-facilities/${facility}/connections`;

describe.each(dbTargets())('import below a facility (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let faskes: string;
  let own: number;
  let other: number;
  const rows = async (sql: string, values: unknown[]) => (await t.db.query(sql, values)).rows;

  beforeAll(async () => {
    t = await startTestApp(kind, { patients: 10 });
    admin = await t.login(DEMO_EMAILS.admin);
    faskes = await t.login(DEMO_EMAILS.medical_facility);
    ({ own, other } = await demoFacilities(t));
  });
  afterAll(() => t?.close());

  it("imports parameters under the facility of the path, by the tab's Indonesian headers", async () => {
    const job = await importFile(
      t,
      admin,
      params(other),
      csv([
        ['Tipe', 'Nilai', 'Deskripsi', 'Flag Poli'],
        ['IMPOR_A', 'nilai-1', 'Parameter impor pertama', 'POLI_UMUM'],
        ['IMPOR_B', 'nilai-2', 'Parameter impor kedua', ''],
        ['IMPOR_C', '', 'Tanpa nilai', ''],
      ]),
    );
    expect(job).toMatchObject({
      status: 'done',
      resource: 'master/medical-facilities/params',
      rows_read: 3,
      rows_inserted: 2,
      rows_rejected: 1,
    });
    expect(job.fields).toEqual([
      { column: 'Tipe', field: 'type' },
      { column: 'Nilai', field: 'value' },
      { column: 'Deskripsi', field: 'description' },
      { column: 'Flag Poli', field: 'flagpoly' },
    ]);
    expect(job.problems).toEqual([expect.objectContaining({ row: 4, column: 'Nilai' })]);
    expect(
      await rows(
        `SELECT medical_facility_id, type, value, flagpoly FROM facility_params
          WHERE type LIKE 'IMPOR_%' ORDER BY type`,
        [],
      ),
    ).toEqual([
      { medical_facility_id: other, type: 'IMPOR_A', value: 'nilai-1', flagpoly: 'POLI_UMUM' },
      { medical_facility_id: other, type: 'IMPOR_B', value: 'nilai-2', flagpoly: null },
    ]);
    const listed = await t.request(admin, { method: 'GET', url: `/api/${params(other)}` });
    expect(listed.json().map((p: { type: string }) => p.type)).toEqual(
      expect.arrayContaining(['IMPOR_A', 'IMPOR_B']),
    );
  });

  it("a facility user imports into their own facility's parameters only; an unknown facility is 404", async () => {
    const file = csv([
      ['type', 'value', 'description'],
      ['IMPOR_SENDIRI', 'x', 'Milik sendiri'],
    ]);
    const theirs = await upload(t, faskes, params(other), file);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(NOT_FOUND);
    const missing = await upload(t, admin, params(999999), file);
    expect(missing.statusCode).toBe(404);

    const job = await importFile(t, faskes, params(own), file);
    expect(job).toMatchObject({ status: 'done', rows_inserted: 1 });
    expect(
      await rows(`SELECT medical_facility_id FROM facility_params WHERE type = 'IMPOR_SENDIRI'`, []),
    ).toEqual([{ medical_facility_id: own }]);
    expect(
      await rows(
        `SELECT count(*)::int AS n FROM facility_params WHERE medical_facility_id = $1 AND type = 'IMPOR_SENDIRI'`,
        [other],
      ),
    ).toEqual([{ n: 0 }]);
  });

  it('imports connections with their password encrypted and JSON properties checked; a code taken is refused', async () => {
    const header = ['Kode', 'Production Base URL', 'X-Username', 'X-Password', 'Properties'];
    const file = csv([
      header,
      ['IMPOR-SIMRS', 'https://simrs.example.test/api', 'rs-user', 'rahasia-impor', '{"timeout_ms": 5000}'],
      ['IMPOR-LIS', 'https://lis.example.test', '', '', '{"timeout_ms": "lama"}'],
    ]);
    const job = await importFile(t, admin, connections(other), file);
    expect(job).toMatchObject({ status: 'done', rows_inserted: 1, rows_rejected: 1 });
    expect(job.problems).toEqual([expect.objectContaining({ row: 3 })]);
    const [stored] = await rows(
      `SELECT medical_facility_id, x_username, x_password_encrypted FROM facility_connections WHERE code = 'IMPOR-SIMRS'`,
      [],
    );
    expect(stored.medical_facility_id).toBe(other);
    expect(stored.x_username).toBe('rs-user');
    expect(stored.x_password_encrypted).toBeTruthy();
    expect(stored.x_password_encrypted).not.toContain('rahasia-impor');
    const listed = (await t.request(admin, { method: 'GET', url: `/api/${connections(other)}` })).json();
    expect(listed.find((c: { code: string }) => c.code === 'IMPOR-SIMRS')).toMatchObject({
      has_password: true,
    });

    // The same code again under the same facility: a duplicate, rejected with its row number.
    const again = await upload(t, admin, connections(other), file);
    const second = await waitForJob(t, admin, again.json().id);
    expect(second).toMatchObject({ status: 'done', rows_inserted: 0, rows_rejected: 2 });
    expect(second.problems.map((p: { row: number }) => p.row)).toEqual([2, 3]);
  });
});
