/**
 * The API Simulator's request history: kept per admin on the server, the newest 50, never a key
 * or a token, and only for the roles that have the tester.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbTargets, startTestApp, DEMO_EMAILS, type TestApp } from './helper';

describe.each(dbTargets())('API Simulator history (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let faskes: string;
  let keyId: number;
  beforeAll(async () => {
    t = await startTestApp(kind, { patients: 0 });
    admin = await t.login(DEMO_EMAILS.admin);
    faskes = await t.login(DEMO_EMAILS.medical_facility);
    keyId = (await t.db.query<{ id: number }>('SELECT min(id) AS id FROM simulator_api_keys')).rows[0].id;
  });
  afterAll(() => t?.close());

  const post = (token: string, payload: unknown) =>
    t.request(token, { method: 'POST', url: '/api/api-simulator/history', payload: payload as object });
  const list = async (token: string) => {
    const res = await t.request(token, { method: 'GET', url: '/api/api-simulator/history' });
    expect(res.statusCode).toBe(200);
    return res.json().data as Record<string, any>[];
  };

  it('keeps the newest 50 requests of each admin, newest first, and replays them as sent', async () => {
    for (let i = 1; i <= 53; i++) {
      const res = await post(admin, {
        tab: 'search',
        method: 'GET',
        path: `/patient/KTP/31710101019000${String(i).padStart(2, '0')}`,
        api_key_id: keyId,
        auth_method: 'apikey',
        status: i % 2 ? 200 : 404,
        duration_ms: i,
      });
      expect(res.statusCode).toBe(201);
    }
    const create = await post(admin, {
      tab: 'create',
      method: 'POST',
      path: '/patient',
      body: { nik: '3171010101900001', name: 'Uji Riwayat', patientCompanion: { name: 'Ibu' } },
      api_key_id: keyId,
      auth_method: 'basic',
      status: 201,
      duration_ms: 12,
    });
    expect(create.statusCode).toBe(201);
    const rows = await list(admin);
    expect(rows).toHaveLength(50);
    expect(rows[0]).toMatchObject({
      tab: 'create',
      method: 'POST',
      path: '/patient',
      body: { nik: '3171010101900001', name: 'Uji Riwayat', patientCompanion: { name: 'Ibu' } },
      api_key_id: keyId,
      auth_method: 'basic',
      status: 201,
    });
    // 54 kept, the oldest four gone: the last search kept is the 5th.
    expect(rows.at(-1)!.path).toBe('/patient/KTP/3171010101900005');
    // What is kept replays the request: the key's id, no key or token column.
    const { rows: stored } = await t.db.query('SELECT * FROM api_tester_history LIMIT 1');
    expect(Object.keys(stored[0]).sort()).toEqual([
      'api_key_id',
      'auth_method',
      'body',
      'created_at',
      'duration_ms',
      'id',
      'method',
      'path',
      'status',
      'tab',
      'web_admin_id',
    ]);
  });

  it('shows each admin their own history only, and clears it on request', async () => {
    expect(await list(faskes)).toEqual([]);
    expect(
      (await post(faskes, { tab: 'facility', method: 'GET', path: '/doctors', auth_method: 'apikey' }))
        .statusCode,
    ).toBe(201);
    expect((await list(faskes)).map((r) => r.path)).toEqual(['/doctors']);
    expect(await list(admin)).toHaveLength(50);
    const cleared = await t.request(faskes, { method: 'DELETE', url: '/api/api-simulator/history' });
    expect(cleared.json()).toEqual({ deleted: 1 });
    expect(await list(faskes)).toEqual([]);
    expect(await list(admin)).toHaveLength(50);
  });

  it('refuses bad entries with the failing field, and roles without the tester', async () => {
    for (const [payload, field] of [
      [{ tab: 'search', method: 'GET', auth_method: 'apikey' }, 'path'],
      [{ tab: 'search', method: 'DELETE', path: '/x', auth_method: 'apikey' }, 'method'],
      [{ tab: 'search', method: 'GET', path: 'no-slash', auth_method: 'apikey' }, 'path'],
      [{ tab: 'search', method: 'GET', path: '/x', auth_method: 'token' }, 'auth_method'],
    ] as const) {
      const res = await post(admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors, JSON.stringify(payload)).toHaveProperty(field);
    }
    const staff = await t.login(DEMO_EMAILS.staff);
    expect((await t.request(staff, { method: 'GET', url: '/api/api-simulator/history' })).statusCode).toBe(
      403,
    );
    expect(
      (await post(staff, { tab: 'search', method: 'GET', path: '/x', auth_method: 'apikey' })).statusCode,
    ).toBe(403);
    expect((await t.request(null, { method: 'GET', url: '/api/api-simulator/history' })).statusCode).toBe(
      401,
    );
  });
});
