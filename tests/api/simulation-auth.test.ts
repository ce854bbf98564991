import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { dbTargets, startTestApp, DEMO_EMAILS, type TestApp } from './helper';
import { makeSandbox, type Sandbox } from './simulation-fixture';
import { KEY_INVALID, KEY_MISSING, RATE_LIMITED, TOKEN_INVALID } from '../../src/server/simulation/auth';
import { KEY_TEST_INVALID } from '../../src/server/simulation/admin';

const URL = '/api/simulation/patients';
const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe.each(dbTargets())('facility API keys (%s)', (kind) => {
  let t: TestApp;
  let s: Sandbox;
  /** The key's facility as each call left it for the API request log. */
  const seen: (number | undefined)[] = [];
  const get = (headers: Record<string, string>, url = URL) => t.app.inject({ method: 'GET', url, headers });
  const token = async (key = s.key) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/simulation/v1/token',
      headers: { 'x-api-key': key },
      payload: { username: s.username, password: s.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().response.token as string;
  };

  beforeAll(async () => {
    t = await startTestApp(kind, {
      patients: 5,
      config: { simulation: { rateLimitPerMinute: 1000, tokenTtlMinutes: 60, proxyTimeoutMs: 30000 } },
      routes: (app) =>
        app.addHook('onResponse', async (request) => {
          if (request.url.startsWith('/api/simulation')) seen.push(request.apiKeyFacilityId);
        }),
    });
    s = await makeSandbox(t, 3, 'AUT');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a call without a key, with a wrong key, with an admin session or a malformed Basic', async () => {
    const admin = await t.login(DEMO_EMAILS.super_admin);
    const cases: [Record<string, string>, string][] = [
      [{}, KEY_MISSING],
      [{ 'x-api-key': 'bukan-kunci-yang-benar' }, KEY_INVALID],
      [{ authorization: `Bearer ${admin}` }, TOKEN_INVALID],
      [{ authorization: basic(s.key, 'lain') }, KEY_INVALID],
      [{ authorization: basic('bukan-kunci', 'bukan-kunci') }, KEY_INVALID],
      [{ authorization: 'Digest abc' }, KEY_INVALID],
    ];
    for (const [headers, message] of cases) {
      const res = await get(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json()).toEqual({ metadata: { code: 401, message }, response: null });
    }
  });

  it('accepts the key as X-API-Key, as Basic user (and password), and a token as Bearer', async () => {
    seen.length = 0;
    const variants: Record<string, string>[] = [
      { 'x-api-key': s.key },
      { authorization: basic(s.key, s.key) },
      { authorization: basic(s.key, '') },
      { authorization: `Bearer ${await token()}` },
    ];
    for (const headers of variants) {
      const res = await get(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(res.json().metadata).toEqual({ code: 200, message: 'OK' });
    }
    // Every call, the token request included, names the key's facility for the request log.
    expect(seen).toEqual(Array(5).fill(s.medicalFacilityId));
  });

  it('refuses an expired token, and a token is no way to get another one', async () => {
    const tok = await token();
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/simulation/v1/token',
      headers: { authorization: `Bearer ${tok}` },
      payload: { username: s.username, password: s.password },
    });
    expect(again.statusCode).toBe(401);
    await t.db.query(`UPDATE simulator_api_tokens SET expires_at = now() - interval '1 second'`);
    const res = await get({ authorization: `Bearer ${tok}` });
    expect(res.statusCode).toBe(401);
    expect(res.json().metadata.message).toBe(TOKEN_INVALID);
  });

  it('lists keys masked, reveals one on request, tests a key, and a deleted key stops at once', async () => {
    const list = await t.request(s.admin, { method: 'GET', url: `/api/admin/simulator-apikeys?limit=100` });
    expect(list.statusCode).toBe(200);
    const row = list.json().data.find((k: any) => k.id === s.keyId);
    expect(row.x_api_key).toBe(`${s.key.slice(0, 4)}${'*'.repeat(s.key.length - 8)}${s.key.slice(-4)}`);
    expect(row).toMatchObject({ facility_code: expect.stringMatching(/^AUT/), username: s.username });
    expect(list.body).not.toContain(s.key);
    expect(list.body).not.toContain('password');
    // Stored: hash, ciphertext and mask only.
    const stored = (await t.db.query('SELECT * FROM simulator_api_keys WHERE id = $1', [s.keyId])).rows[0];
    expect(JSON.stringify(stored)).not.toContain(s.key);

    const reveal = await t.request(s.admin, {
      method: 'GET',
      url: `/api/admin/simulator-apikeys/${s.keyId}/reveal`,
    });
    expect(reveal.statusCode).toBe(200);
    expect(reveal.json().x_api_key).toBe(s.key);

    const test = await t.request(s.admin, {
      method: 'POST',
      url: '/api/admin/test-simulator-apikey',
      payload: { x_api_key: s.key },
    });
    expect(test.json().validation_result).toMatchObject({ is_valid: true, username: s.username });
    expect(test.json().validation_result.facility_name).toMatch(/^RS Uji AUT/);

    const tok = await token();
    const del = await t.request(s.admin, {
      method: 'DELETE',
      url: `/api/admin/simulator-apikeys/${s.keyId}`,
    });
    expect(del.statusCode).toBe(200);
    expect((await get({ 'x-api-key': s.key })).statusCode).toBe(401);
    expect((await get({ authorization: `Bearer ${tok}` })).statusCode).toBe(401);
    const after = await t.request(s.admin, {
      method: 'POST',
      url: '/api/admin/test-simulator-apikey',
      payload: { x_api_key: s.key },
    });
    expect(after.json()).toMatchObject({ message: KEY_TEST_INVALID, validation_result: { is_valid: false } });
  });
});

describe('facility API rate limit', () => {
  let t: TestApp;
  let s: Sandbox;
  beforeAll(async () => {
    t = await startTestApp('pglite', {
      patients: 5,
      config: { simulation: { rateLimitPerMinute: 3, tokenTtlMinutes: 60, proxyTimeoutMs: 30000 } },
    });
    s = await makeSandbox(t, 3, 'RAT');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 429 with Retry-After past the calls a key may make in a minute, other keys unaffected', async () => {
    // Calls within one clock minute: start just after a minute begins.
    const second = new Date().getSeconds();
    if (second > 50) await new Promise((r) => setTimeout(r, (61 - second) * 1000));
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 4; i++) {
      last = await t.app.inject({ method: 'GET', url: URL, headers: { 'x-api-key': s.key } });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(last!.json()).toEqual({ metadata: { code: 429, message: RATE_LIMITED }, response: null });
    const wait = Number(last!.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    // The demo keys have their own count.
    const { rows } = await t.db.query('SELECT id FROM simulator_api_keys WHERE id <> $1 LIMIT 1', [s.keyId]);
    const reveal = await t.request(s.admin, {
      method: 'GET',
      url: `/api/admin/simulator-apikeys/${rows[0].id}/reveal`,
    });
    const other = await t.app.inject({
      method: 'GET',
      url: URL,
      headers: { 'x-api-key': reveal.json().x_api_key },
    });
    expect(other.statusCode).toBe(200);
  });
});
