import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { dbTargets, startTestApp, DEMO_EMAILS, type TestApp } from './helper';
import { CREATE_ONLY_MESSAGE } from '../../src/domain/resource';

const URL = '/api/master/poli';
const SPEC_POLI = [
  'Umum',
  'Anak',
  'Kandungan',
  'Mata',
  'THT',
  'Kulit',
  'Saraf',
  'Jantung',
  'Paru',
  'Jiwa',
  'Gigi',
  'Bedah',
];

describe.each(dbTargets())('master poli API (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let faskes: string;
  let viewer: string;

  const api = (
    token: string,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.request(token, { method, url, payload });
  const stored = async (id: number) =>
    (await t.db.query('SELECT * FROM master_poli WHERE id = $1', [id])).rows[0] ?? null;

  beforeAll(async () => {
    t = await startTestApp(kind, { patients: 10 });
    admin = await t.login(DEMO_EMAILS.super_admin);
    faskes = await t.login(DEMO_EMAILS.medical_facility);
    viewer = await t.login(DEMO_EMAILS.viewer);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("starts with the spec's twelve poli, with their codes, in code order", async () => {
    const res = await api(admin, 'GET', `${URL}?limit=100`);
    expect(res.statusCode, res.body).toBe(200);
    const { data, pagination } = res.json();
    expect(pagination.total).toBe(12);
    expect(data.map((p: any) => p.poly_name).sort()).toEqual([...SPEC_POLI].sort());
    expect(data.map((p: any) => p.poly_code)).toEqual(data.map((p: any) => p.poly_code).sort());
    expect(data.find((p: any) => p.poly_name === 'Anak')).toMatchObject({
      poly_code: 'ANA',
      is_bpjs_available: true,
      is_active: true,
    });
    // Default page size 10 (spec §9).
    expect((await api(admin, 'GET', URL)).json().data).toHaveLength(10);
  });

  it('creates, edits and deletes a poli; the code is fixed once created', async () => {
    const created = await api(admin, 'POST', URL, { poly_code: 'GER', poly_name: 'Geriatri' });
    expect(created.statusCode, created.body).toBe(201);
    const { version: _v, ...row } = created.json();
    // Defaults: not BPJS until said so, active.
    expect(row).toMatchObject({
      poly_code: 'GER',
      poly_name: 'Geriatri',
      is_bpjs_available: false,
      is_active: true,
    });

    // The edit form sends the whole record back, code unchanged: accepted.
    const edited = await api(admin, 'PUT', `${URL}/${row.id}`, {
      ...row,
      poly_name: 'Geriatri (Lansia)',
      description: 'Kesehatan lansia',
      is_bpjs_available: true,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      poly_code: 'GER',
      poly_name: 'Geriatri (Lansia)',
      is_bpjs_available: true,
    });

    // A PATCH without the flags leaves them alone (no schema default on update).
    const patched = await api(admin, 'PATCH', `${URL}/${row.id}`, { description: 'Lansia 60+' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      is_bpjs_available: true,
      is_active: true,
      description: 'Lansia 60+',
    });

    // Changing the code: 400 on poly_code, in Indonesian; nothing written.
    for (const method of ['PUT', 'PATCH'] as const) {
      const res = await api(admin, method, `${URL}/${row.id}`, { ...row, poly_code: 'LNS' });
      expect(res.statusCode, method).toBe(400);
      expect(res.json().errors).toEqual({ poly_code: CREATE_ONLY_MESSAGE });
    }
    expect((await stored(row.id)).poly_code).toBe('GER');

    const deleted = await api(admin, 'DELETE', `${URL}/${row.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(await stored(row.id)).toBeNull();
    const { rows: logs } = await t.db.query(
      `SELECT action FROM activity_logs WHERE table_name = 'master_poli' AND record_id = $1 ORDER BY id`,
      [String(row.id)],
    );
    expect(logs.map((l) => l.action)).toEqual(['CREATE', 'UPDATE', 'UPDATE', 'DELETE']);
  });

  it('refuses a duplicate code and bad input with field errors, never a 500', async () => {
    const dup = await api(admin, 'POST', URL, { poly_code: 'UMU', poly_name: 'Umum Lagi' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toHaveProperty('poly_code');

    const missing = await api(admin, 'POST', URL, { description: 'tanpa kode' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['poly_code', 'poly_name']);

    const badCode = await api(admin, 'POST', URL, { poly_code: 'umum kecil', poly_name: 'X' });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().errors.poly_code).toMatch(/huruf kapital/);
  });

  it('searches code and name and filters by BPJS availability', async () => {
    await api(admin, 'POST', URL, { poly_code: 'EST', poly_name: 'Estetika', is_bpjs_available: false });
    const list = async (q: string) => (await api(admin, 'GET', `${URL}?${q}&limit=100`)).json();

    expect((await list('search=jant')).data.map((p: any) => p.poly_code)).toEqual(['JAN']);
    expect((await list('search=obg')).data.map((p: any) => p.poly_name)).toEqual(['Kandungan']);

    const nonBpjs = await list('is_bpjs_available=false');
    expect(nonBpjs.data.map((p: any) => p.poly_code)).toEqual(['EST']);
    const bpjs = await list('is_bpjs_available=true');
    expect(bpjs.pagination.total).toBe(12);
    expect(bpjs.data.every((p: any) => p.is_bpjs_available)).toBe(true);
  });

  it('is open to the medical_facility role and closed to a viewer', async () => {
    expect((await api(faskes, 'GET', URL)).statusCode).toBe(200);
    expect((await api(viewer, 'GET', URL)).statusCode).toBe(403);
    expect((await api(viewer, 'POST', URL, { poly_code: 'VWR', poly_name: 'X' })).statusCode).toBe(403);
  });
});
