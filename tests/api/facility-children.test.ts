/**
 * Facility parameters and connections as child resources of the engine: every route below a
 * facility answers 404 when the facility is missing or out of the caller's reach, bodies are
 * refused with their failing fields, a medical_facility user stays within their own facility,
 * and writes can be made conditional on the version the caller saw (If-Match, 412).
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { dbTargets, demoFacilities, startTestApp, DEMO_EMAILS, type TestApp } from './helper';
import { NOT_FOUND, STALE_VERSION } from '../../src/server/resources/writes';

const URL = '/api/master/medical-facilities';
const MISSING = 999999;

describe.each(dbTargets())('facility parameters and connections below their facility (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let faskes: string;
  let own: number;
  let other: number;
  let facility: number;

  const api = (
    token: string,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) => t.request(token, { method, url, payload, headers });
  const param = (overrides: Record<string, unknown> = {}) => ({
    type: 'POLI',
    value: 'UMU',
    description: 'Poli Umum',
    flagpoly: null,
    ...overrides,
  });
  const conn = (code: string) => ({ code, production_base_url: 'https://simrs.example/api' });
  const count = async (table: string, facilityId: number) =>
    (
      await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${table} WHERE medical_facility_id = $1`,
        [facilityId],
      )
    ).rows[0].n;

  beforeAll(async () => {
    t = await startTestApp(kind, { patients: 0 });
    admin = await t.login(DEMO_EMAILS.admin);
    faskes = await t.login(DEMO_EMAILS.medical_facility);
    ({ own, other } = await demoFacilities(t));
    const created = await api(admin, 'POST', URL, {
      name: 'RS Anak Uji',
      email: 'anak@uji.example',
      password: 'rahasia-123',
      type: 'RSUD',
    });
    facility = created.json().id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 404 for every route below a facility that does not exist, and for a child of another facility', async () => {
    const p = (await api(admin, 'POST', `${URL}/${facility}/params`, param())).json();
    const c = (await api(admin, 'POST', `${URL}/${facility}/connections`, conn('ANAK1'))).json();
    for (const [path, child, body] of [
      ['params', p.id, param()],
      ['connections', c.id, conn('ANAK2')],
    ] as const) {
      const missing = `${URL}/${MISSING}/${path}`;
      for (const res of [
        await api(admin, 'GET', missing),
        await api(admin, 'POST', missing, body),
        await api(admin, 'GET', `${missing}/${child}`),
        await api(admin, 'PUT', `${missing}/${child}`, body),
        await api(admin, 'DELETE', `${missing}/${child}`),
        // The child exists, but below another facility.
        await api(admin, 'PUT', `${URL}/${other}/${path}/${child}`, body),
        await api(admin, 'DELETE', `${URL}/${other}/${path}/${child}`),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe(NOT_FOUND);
      }
    }
    expect((await api(admin, 'POST', `${URL}/${MISSING}/connections/${c.id}/test`, {})).statusCode).toBe(404);
    expect(
      (
        await api(admin, 'PUT', `${URL}/${MISSING}/connections/${c.id}/credentials`, {
          x_username: 'u',
          x_password: 'p',
        })
      ).statusCode,
    ).toBe(404);
    // Nothing was written or removed on the way.
    expect((await api(admin, 'GET', `${URL}/${facility}/params/${p.id}`)).json()).toMatchObject(param());
    expect(await count('facility_connections', facility)).toBe(1);
  });

  it('refuses bad parameters and connections with 400 on the failing fields, writing nothing', async () => {
    const p = (await api(admin, 'POST', `${URL}/${facility}/params`, param({ value: 'GIG' }))).json();
    const long = await api(
      admin,
      'PUT',
      `${URL}/${facility}/params/${p.id}`,
      param({ value: 'x'.repeat(256) }),
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual({ value: 'Maksimal 255 karakter' });
    const missing = await api(admin, 'PUT', `${URL}/${facility}/params/${p.id}`, { type: 'POLI' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ value: 'Wajib diisi', description: 'Wajib diisi' });
    expect((await api(admin, 'GET', `${URL}/${facility}/params/${p.id}`)).json().value).toBe('GIG');

    const before = await count('facility_connections', facility);
    const bad = await api(admin, 'POST', `${URL}/${facility}/connections`, {
      ...conn('KODE SALAH'),
      sandbox_base_url: 'ftp://sandbox',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['code', 'sandbox_base_url']);
    const gateway = await api(admin, 'POST', `${URL}/${facility}/connections`, {
      ...conn('GW'),
      gateway_config: '{"enabled": true, "new_base_url": "bukan url"}',
    });
    expect(gateway.statusCode).toBe(400);
    expect(Object.keys(gateway.json().errors)).toEqual(['gateway_config.new_base_url']);
    expect(await count('facility_connections', facility)).toBe(before);
  });

  it('keeps a medical_facility user within their own facility', async () => {
    const foreign = (await api(admin, 'POST', `${URL}/${other}/params`, param({ value: 'LUAR' }))).json();
    const foreignConn = (await api(admin, 'POST', `${URL}/${other}/connections`, conn('LUAR'))).json();
    const before = await count('facility_params', other);
    expect((await api(faskes, 'POST', `${URL}/${other}/params`, param())).statusCode).toBe(404);
    expect((await api(faskes, 'POST', `${URL}/${other}/connections`, conn('MASUK'))).statusCode).toBe(404);
    expect(await count('facility_params', other)).toBe(before);
    for (const url of [`${URL}/${other}/params/${foreign.id}`, `${URL}/${own}/params/${foreign.id}`]) {
      expect((await api(faskes, 'GET', url)).statusCode).toBe(404);
      expect((await api(faskes, 'PUT', url, param({ value: 'DIUBAH' }))).statusCode).toBe(404);
      expect((await api(faskes, 'DELETE', url)).statusCode).toBe(404);
    }
    const cred = { x_username: 'penyusup', x_password: 'Sandi-Penyusup-1' };
    for (const f of [other, own]) {
      const base = `${URL}/${f}/connections/${foreignConn.id}`;
      expect((await api(faskes, 'PUT', `${base}/credentials`, cred)).statusCode).toBe(404);
      expect((await api(faskes, 'PUT', base, conn('LUAR'))).statusCode).toBe(404);
    }
    expect((await api(admin, 'GET', `${URL}/${other}/params/${foreign.id}`)).json().value).toBe('LUAR');
    expect(
      (await api(admin, 'GET', `${URL}/${other}/connections/${foreignConn.id}`)).json().x_username,
    ).toBeNull();

    // Below their own facility: the record lands there whatever facility the body names.
    const mine = await api(faskes, 'POST', `${URL}/${own}/params`, {
      ...param({ value: 'SENDIRI' }),
      medical_facility_id: other,
    });
    expect(mine.statusCode).toBe(201);
    expect(mine.json().medical_facility_id).toBe(own);
    const edited = await api(
      faskes,
      'PUT',
      `${URL}/${own}/params/${mine.json().id}`,
      param({ value: 'UBAH' }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ value: 'UBAH', medical_facility_id: own });
  });

  it('writes a parameter or connection only on the version the caller saw (If-Match)', async () => {
    const base = `${URL}/${facility}/params`;
    const created = await api(admin, 'POST', base, param({ value: 'V1' }));
    const p = created.json();
    expect(created.headers.etag).toBe(`"${p.version}"`);
    const read = await api(admin, 'GET', `${base}/${p.id}`);
    expect(read.headers.etag).toBe(created.headers.etag);

    const first = await api(admin, 'PUT', `${base}/${p.id}`, param({ value: 'V2' }), {
      'if-match': read.headers.etag as string,
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).not.toBe(read.headers.etag);
    // A second writer still on the first version: refused, shown the record as it is now.
    const stale = await api(admin, 'PUT', `${base}/${p.id}`, param({ value: 'V3' }), {
      'if-match': read.headers.etag as string,
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ message: STALE_VERSION, current: { id: p.id, value: 'V2' } });
    expect(
      (await api(admin, 'DELETE', `${base}/${p.id}`, undefined, { 'if-match': read.headers.etag as string }))
        .statusCode,
    ).toBe(412);
    expect((await api(admin, 'GET', base)).json().find((r: any) => r.id === p.id)).toMatchObject({
      value: 'V2',
      version: first.json().version,
    });
    expect(
      (await api(admin, 'DELETE', `${base}/${p.id}`, undefined, { 'if-match': first.headers.etag as string }))
        .statusCode,
    ).toBe(200);

    // A connection: PATCH one field on its version; the password stays, the status follows.
    const c = (
      await api(admin, 'POST', `${URL}/${facility}/connections`, {
        ...conn('VERSI'),
        x_password: 'Rahasia-1',
      })
    ).json();
    const patched = await api(
      admin,
      'PATCH',
      `${URL}/${facility}/connections/${c.id}`,
      { gateway_config: { enabled: false } },
      { 'if-match': `"${c.version}"` },
    );
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ code: 'VERSI', has_password: true, gateway_status: 'disabled' });
    const again = await api(
      admin,
      'PATCH',
      `${URL}/${facility}/connections/${c.id}`,
      { x_username: 'lama' },
      { 'if-match': `"${c.version}"` },
    );
    expect(again.statusCode).toBe(412);
    expect(again.json().current).toMatchObject({ gateway_status: 'disabled', has_password: true });
    expect(again.body).not.toContain('Rahasia-1');
  });
});
