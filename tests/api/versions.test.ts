/**
 * No lost updates: every declared resource carries a version (ETag on GET, `version` in rows);
 * PUT, PATCH and DELETE with a stale If-Match (or body version) answer 412 with the current
 * record, write nothing and log nothing; a current one writes and gives a new version.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { dbTargets, startTestApp, DEMO_EMAILS, type TestApp } from './helper';
import { RESOURCES } from '../../src/resources/index';

const URL = '/api/master/patients';
const STALE =
  'Data ini telah diubah oleh pengguna lain sejak Anda membukanya. Periksa perubahan terbaru sebelum menyimpan.';

describe.each(dbTargets())('record versions and conditional writes (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let id: number;
  beforeAll(async () => {
    t = await startTestApp(kind, { patients: 20 });
    admin = await t.login(DEMO_EMAILS.admin);
    id = (await t.db.query<{ id: number }>('SELECT min(id)::int AS id FROM patients')).rows[0].id;
  });
  afterAll(() => t?.close());

  const get = async () => {
    const res = await t.request(admin, { method: 'GET', url: `${URL}/${id}` });
    expect(res.statusCode).toBe(200);
    return { body: res.json(), etag: res.headers.etag as string };
  };
  const editable = (body: Record<string, any>) => {
    const { id: _i, created_at: _c, updated_at: _u, version: _v, ...rest } = body;
    return rest;
  };
  const auditCount = async () =>
    (
      await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM activity_logs WHERE table_name = 'patients' AND record_id = $1 AND action <> 'VIEW'`,
        [String(id)],
      )
    ).rows[0].n;

  it('gives the version as an ETag on GET and as `version` in list rows', async () => {
    const { body, etag } = await get();
    expect(body.version).toMatch(/^\d+$/);
    expect(etag).toBe(`"${body.version}"`);
    const list = await t.request(admin, { method: 'GET', url: `${URL}?ids=${id}` });
    expect(list.json().data[0].version).toBe(body.version);
  });

  it('refuses a stale If-Match on PUT with 412 and the current record; nothing written or audited', async () => {
    const first = await get();
    const ok = await t.request(admin, {
      method: 'PUT',
      url: `${URL}/${id}`,
      headers: { 'if-match': first.etag },
      payload: { ...editable(first.body), phone_number: '081111111111' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.headers.etag).not.toBe(first.etag);
    expect(ok.json().version).not.toBe(first.body.version);

    const audits = await auditCount();
    const stale = await t.request(admin, {
      method: 'PUT',
      url: `${URL}/${id}`,
      headers: { 'if-match': first.etag },
      payload: { ...editable(first.body), phone_number: '082222222222' },
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ error: STALE, message: STALE });
    expect(stale.json().current).toMatchObject({
      id,
      phone_number: '081111111111',
      version: ok.json().version,
    });
    expect((await get()).body.phone_number).toBe('081111111111');
    expect(await auditCount()).toBe(audits);
  });

  it('takes the version from the body for clients that cannot set headers, and W/ tags', async () => {
    const now = await get();
    const stale = await t.request(admin, {
      method: 'PATCH',
      url: `${URL}/${id}`,
      payload: { phone_number: '083333333333', version: '1' },
    });
    expect(stale.statusCode).toBe(412);
    const ok = await t.request(admin, {
      method: 'PATCH',
      url: `${URL}/${id}`,
      payload: { phone_number: '083333333333', version: now.body.version },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().phone_number).toBe('083333333333');
    const weak = await t.request(admin, {
      method: 'PATCH',
      url: `${URL}/${id}`,
      headers: { 'if-match': `W/${ok.headers.etag}` },
      payload: { phone_number: '084444444444' },
    });
    expect(weak.statusCode, weak.body).toBe(200);
  });

  it('refuses a stale DELETE, and deletes on the current version', async () => {
    const row = (await t.db.query<{ id: number }>('SELECT max(id)::int AS id FROM patients')).rows[0].id;
    const before = await t.request(admin, { method: 'GET', url: `${URL}/${row}` });
    await t.request(admin, {
      method: 'PATCH',
      url: `${URL}/${row}`,
      payload: { phone_number: '085555555555' },
    });
    const stale = await t.request(admin, {
      method: 'DELETE',
      url: `${URL}/${row}`,
      headers: { 'if-match': before.headers.etag as string },
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current.phone_number).toBe('085555555555');
    const current = await t.request(admin, { method: 'GET', url: `${URL}/${row}` });
    const gone = await t.request(admin, {
      method: 'DELETE',
      url: `${URL}/${row}`,
      headers: { 'if-match': current.headers.etag as string },
    });
    expect(gone.statusCode).toBe(200);
    expect((await t.request(admin, { method: 'GET', url: `${URL}/${row}` })).statusCode).toBe(404);
  });

  it('lets exactly one of 20 concurrent PUTs on the same version through', async () => {
    const { body, etag } = await get();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.request(admin, {
          method: 'PUT',
          url: `${URL}/${id}`,
          headers: { 'if-match': etag },
          payload: { ...editable(body), phone_number: `0812000000${String(i).padStart(2, '0')}` },
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 412)).toHaveLength(19);
    const winner = answers.find((a) => a.statusCode === 200)!.json();
    expect((await get()).body.phone_number).toBe(winner.phone_number);
  });

  it('documents ETag, If-Match and 412 on every declared resource', async () => {
    const docs = (await t.request(null, { method: 'GET', url: '/api/docs/json' })).json();
    for (const decl of RESOURCES) {
      const item = docs.paths[`/api/${decl.name}/{id}`];
      expect(item.get.responses['200'].headers.ETag, decl.name).toBeDefined();
      for (const method of ['put', 'patch', 'delete']) {
        expect(item[method].parameters.some((p: any) => p.in === 'header' && p.name === 'if-match')).toBe(
          true,
        );
        expect(item[method].responses['412'], `${method} ${decl.name}`).toBeDefined();
      }
    }
  });
});
