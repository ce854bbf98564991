/**
 * Export: every row matching the list's search and filters as CSV, streamed, with Indonesian
 * headers, the facility scope applied and no write-only field.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { dbTargets, startTestApp, DEMO_EMAILS, type TestApp } from './helper';
import { csvField } from '../../src/server/resources/export';

/** Rows of a CSV answer (our fields never hold line breaks in these tests). */
const csvRows = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);

describe('csv fields', () => {
  it('quotes separators, quotes and line breaks, and defuses formulas', () => {
    expect(csvField('Budi')).toBe('Budi');
    expect(csvField('Jl. Melati, No. 5')).toBe('"Jl. Melati, No. 5"');
    expect(csvField('Ia berkata "ya"')).toBe('"Ia berkata ""ya"""');
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField(-12.5)).toBe('-12.5');
    expect(csvField(null)).toBe('');
  });
});

describe.each(dbTargets())('export (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let faskes: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { patients: 2500 });
    admin = await t.login(DEMO_EMAILS.admin);
    faskes = await t.login(DEMO_EMAILS.medical_facility);
  });
  afterAll(() => t?.close());

  it('gives every row (past one batch and past 1,000), with Indonesian headers', async () => {
    const res = await t.request(admin, { method: 'GET', url: '/api/master/patients/export' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="master-patients-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const rows = csvRows(res.body);
    const total = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM patients')).rows[0].n;
    expect(total).toBeGreaterThan(2000);
    expect(rows).toHaveLength(total + 1);
    expect(rows[0]).toContain('Nama Lengkap');
    expect(rows[0]).toContain('Nomor Identitas');
    expect(rows[0]).not.toContain('full_name');
  });

  it('applies the search and filters of the list', async () => {
    const list = await t.request(admin, { method: 'GET', url: '/api/master/patients?gender=P&limit=1' });
    const res = await t.request(admin, { method: 'GET', url: '/api/master/patients/export?gender=P' });
    expect(csvRows(res.body)).toHaveLength(list.json().pagination.total + 1);
    const one = list.json().data[0];
    const found = await t.request(admin, {
      method: 'GET',
      url: `/api/master/patients/export?search=${one.identity_number}`,
    });
    const rows = csvRows(found.body);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(one.identity_number);
  });

  it("gives a facility user only their facility's rows", async () => {
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM patients WHERE medical_facility_id =
         (SELECT medical_facility_id FROM web_admins WHERE email = $1)`,
      [DEMO_EMAILS.medical_facility],
    );
    const res = await t.request(faskes, { method: 'GET', url: '/api/master/patients/export' });
    expect(csvRows(res.body)).toHaveLength(rows[0].n + 1);
  });

  it('refuses roles without the menu', async () => {
    const viewer = await t.login(DEMO_EMAILS.viewer);
    expect((await t.request(viewer, { method: 'GET', url: '/api/master/patients/export' })).statusCode).toBe(
      403,
    );
  });
});
