import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { dbTargets, demoFacilities, startTestApp, DEMO_EMAILS, type TestApp } from './helper';
import { decryptSecret } from '../../src/server/security/secret-box';
import { now } from '../../src/domain/clock';

const URL = '/api/master/medical-facilities';
const SECRET = 'Sangat-Rahasia-77';

/** A loopback HTTP server that records what reached it. */
async function recordingServer(handler: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const hits: { url: string; headers: http.IncomingHttpHeaders }[] = [];
  let connections = 0;
  const server = http.createServer((req, res) => {
    hits.push({ url: req.url!, headers: req.headers });
    handler(req, res);
  });
  server.on('connection', () => connections++);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    hits,
    connections: () => connections,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe.each(dbTargets())('integrated facilities API (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let faskes: string;
  let own: number;
  let other: number;
  let facility: number;
  let up: Awaited<ReturnType<typeof recordingServer>>;
  let down: Awaited<ReturnType<typeof recordingServer>>;
  let refused: Awaited<ReturnType<typeof recordingServer>>;

  const api = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.request(token, { method, url, payload });
  const conn = (overrides: Record<string, unknown> = {}) => ({
    code: `SIMRS${Math.random().toString(36).slice(2, 8)}`,
    production_base_url: `${up.url}/api`,
    sandbox_base_url: `${down.url}/sandbox`,
    x_username: 'integrasi',
    x_password: SECRET,
    properties: { timeout_ms: 3000, auth_type: 'header' },
    resources: { patients: '/pasien' },
    gateway_config: JSON.stringify({ enabled: true, new_base_url: `${up.url}/gateway`, description: 'gw' }),
    ...overrides,
  });

  beforeAll(async () => {
    up = await recordingServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'),
    );
    down = await recordingServer((_req, res) => res.writeHead(503).end('down'));
    refused = await recordingServer((_req, res) => res.writeHead(200).end());
    t = await startTestApp(kind, {
      patients: 10,
      config: { outboundAllowHosts: [`127.0.0.1:${up.port}`, `127.0.0.1:${down.port}`] },
    });
    admin = await t.login(DEMO_EMAILS.admin);
    faskes = await t.login(DEMO_EMAILS.medical_facility);
    ({ own, other } = await demoFacilities(t));
    const created = await api(admin, 'POST', URL, {
      name: 'RS Uji Integrasi',
      email: 'uji@integrasi.example',
      password: 'rahasia-123',
      type: 'RS_SWASTA',
    });
    facility = created.json().id;
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([up?.close(), down?.close(), refused?.close()]);
  });

  it('adds, lists, edits and deletes parameters, logging each write', async () => {
    const base = `${URL}/${facility}/params`;
    expect((await api(admin, 'GET', base)).json()).toEqual([]);
    const created = await api(admin, 'POST', base, {
      type: 'POLI',
      value: 'UMU',
      description: 'Poli Umum',
      flagpoly: '',
    });
    expect(created.statusCode).toBe(201);
    const p = created.json();
    expect(p).toMatchObject({
      type: 'POLI',
      value: 'UMU',
      description: 'Poli Umum',
      flagpoly: null,
      medical_facility_id: facility,
    });
    const edited = await api(admin, 'PUT', `${base}/${p.id}`, {
      type: 'POLI',
      value: 'GIG',
      description: 'Poli Gigi',
      flagpoly: 'Y',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ value: 'GIG', flagpoly: 'Y' });
    expect((await api(admin, 'GET', base)).json().map((r: any) => r.value)).toEqual(['GIG']);
    expect((await api(admin, 'DELETE', `${base}/${p.id}`)).statusCode).toBe(200);
    expect((await api(admin, 'DELETE', `${base}/${p.id}`)).statusCode).toBe(404);
    const logs = await t.db.query(
      `SELECT action FROM activity_logs WHERE table_name = 'facility_params' AND record_id = $1 ORDER BY id`,
      [String(p.id)],
    );
    expect(logs.rows.map((r) => r.action)).toEqual(['CREATE', 'UPDATE', 'DELETE']);
  });

  it('answers 400 with the failing parameter fields', async () => {
    const res = await api(admin, 'POST', `${URL}/${facility}/params`, { type: '', value: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ type: 'Wajib diisi', description: 'Wajib diisi' });
    expect(
      (await api(admin, 'POST', `${URL}/999999/params`, { type: 'A', value: 'B', description: 'C' }))
        .statusCode,
    ).toBe(404);
  });

  it('stores x_password encrypted, never returns or logs it, and shows the gateway status', async () => {
    const created = await api(admin, 'POST', `${URL}/${facility}/connections`, conn({ code: 'ENC1' }));
    expect(created.statusCode).toBe(201);
    const c = created.json();
    expect(c).toMatchObject({
      code: 'ENC1',
      has_password: true,
      gateway_status: 'enabled',
      properties: { timeout_ms: 3000, auth_type: 'header' },
      resources: { patients: '/pasien' },
      gateway_config: { enabled: true, new_base_url: `${up.url}/gateway`, description: 'gw' },
    });
    expect(created.body).not.toContain(SECRET);
    expect(c).not.toHaveProperty('x_password');
    expect(c).not.toHaveProperty('x_password_encrypted');

    const row = (
      await t.db.query('SELECT x_password_encrypted FROM facility_connections WHERE id = $1', [c.id])
    ).rows[0];
    expect(row.x_password_encrypted).not.toContain(SECRET);
    expect(row.x_password_encrypted).toMatch(/^v1:/);
    expect(decryptSecret(row.x_password_encrypted, t.config.secretKey)).toBe(SECRET);

    // Blank password on edit keeps it; the list never shows it.
    const edited = await api(
      admin,
      'PUT',
      `${URL}/${facility}/connections/${c.id}`,
      conn({ code: 'ENC1', x_password: '', gateway_config: null }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      has_password: true,
      gateway_status: 'not_configured',
      gateway_config: null,
    });
    const after = (
      await t.db.query('SELECT x_password_encrypted FROM facility_connections WHERE id = $1', [c.id])
    ).rows[0];
    expect(after.x_password_encrypted).toBe(row.x_password_encrypted);
    const list = await api(admin, 'GET', `${URL}/${facility}/connections`);
    expect(list.body).not.toContain(SECRET);
    expect(list.body).not.toContain(row.x_password_encrypted);

    const cred = await api(admin, 'PUT', `${URL}/${facility}/connections/${c.id}/credentials`, {
      x_username: 'baru',
      x_password: 'Kredensial-Baru-1',
    });
    expect(cred.statusCode).toBe(200);
    expect(cred.json()).toMatchObject({ x_username: 'baru', has_password: true });
    expect(cred.body).not.toContain('Kredensial-Baru-1');
    const missing = await api(admin, 'PUT', `${URL}/${facility}/connections/${c.id}/credentials`, {
      x_username: 'baru',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ x_password: 'Wajib diisi' });

    const logs = await t.db.query(
      `SELECT old_values::text AS o, new_values::text AS n FROM activity_logs WHERE table_name = 'facility_connections' AND record_id = $1`,
      [String(c.id)],
    );
    expect(logs.rows.length).toBeGreaterThanOrEqual(3);
    const text = logs.rows.map((r) => `${r.o}${r.n}`).join();
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('Kredensial-Baru-1');
    expect(text).not.toContain('v1:');
    expect(text).toContain('[REDACTED]');

    expect((await api(admin, 'DELETE', `${URL}/${facility}/connections/${c.id}`)).statusCode).toBe(200);
    expect(
      (await api(admin, 'GET', `${URL}/${facility}/connections`)).json().map((r: any) => r.id),
    ).not.toContain(c.id);
  });

  it('answers 400 on the field for invalid JSON and for JSON that breaks the field schema', async () => {
    const base = `${URL}/${facility}/connections`;
    const text = await api(
      admin,
      'POST',
      base,
      conn({ properties: '{"timeout_ms": 30', gateway_config: '{enabled: ya' }),
    );
    expect(text.statusCode).toBe(400);
    expect(text.json().errors).toEqual({
      properties: 'JSON tidak valid',
      gateway_config: 'JSON tidak valid',
    });
    const array = await api(admin, 'POST', base, conn({ resources: '[1, 2]' }));
    expect(array.statusCode).toBe(400);
    expect(array.json().errors).toEqual({ resources: 'Harus berupa objek JSON ({ ... })' });
    const schema = await api(
      admin,
      'POST',
      base,
      conn({ properties: { timeout_ms: 'lama' }, gateway_config: '{"enabled": "ya"}' }),
    );
    expect(schema.statusCode).toBe(400);
    expect(schema.json().errors).toMatchObject({
      'properties.timeout_ms': 'Harus berupa bilangan bulat',
      'gateway_config.enabled': 'Harus berupa ya/tidak',
    });
    const required = await api(admin, 'POST', base, { code: 'X1', production_base_url: 'ftp://x' });
    expect(required.statusCode).toBe(400);
    expect(Object.keys(required.json().errors)).toEqual(['production_base_url']);
    const empty = await api(
      admin,
      'POST',
      base,
      conn({ code: 'EMPTYJSON', properties: '', resources: '  ', gateway_config: '' }),
    );
    expect(empty.statusCode).toBe(201);
    expect(empty.json()).toMatchObject({
      properties: null,
      resources: null,
      gateway_config: null,
      gateway_status: 'not_configured',
    });
    const dup = await api(admin, 'POST', base, conn({ code: 'emptyjson' }));
    expect(dup.statusCode).toBe(409);
  });

  it('tests a connection for real: success with status and latency, recorded with its time', async () => {
    const c = (await api(admin, 'POST', `${URL}/${facility}/connections`, conn({ code: 'LIVE' }))).json();
    await t.db.query('UPDATE medical_facilities SET online = false WHERE id = $1', [facility]);
    const hitsBefore = up.hits.length;
    const res = await api(admin, 'POST', `${URL}/${facility}/connections/${c.id}/test`, {});
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ ok: true, status: 200, target: 'production', url: `${up.url}/api` });
    expect(body.latency_ms).toEqual(expect.any(Number));
    expect(body.message).toMatch(new RegExp(`^HTTP 200 dari ${up.url}/api dalam \\d+ ms$`));
    // The server really received the call, with the connection's credentials.
    expect(up.hits.length).toBe(hitsBefore + 1);
    expect(up.hits.at(-1)).toMatchObject({
      url: '/api',
      headers: { 'x-username': 'integrasi', 'x-password': SECRET },
    });
    const stored = (await t.db.query('SELECT * FROM facility_connections WHERE id = $1', [c.id])).rows[0];
    expect(stored.last_check_ok).toBe(true);
    expect(new Date(stored.last_checked_at).toISOString()).toBe(body.checked_at);
    expect(now() - new Date(stored.last_checked_at).getTime()).toBeLessThan(60_000);
    expect(
      (await t.db.query('SELECT online FROM medical_facilities WHERE id = $1', [facility])).rows[0].online,
    ).toBe(true);
    const listed = (await api(admin, 'GET', `${URL}/${facility}/connections`))
      .json()
      .find((r: any) => r.id === c.id);
    expect(listed).toMatchObject({ last_check_ok: true, last_checked_at: body.checked_at });

    const gateway = await api(admin, 'POST', `${URL}/${facility}/connections/${c.id}/test`, {
      target: 'gateway',
    });
    expect(gateway.statusCode).toBe(200);
    expect(gateway.json()).toMatchObject({ ok: true, target: 'gateway', url: `${up.url}/gateway` });
    expect(up.hits.at(-1)!.url).toBe('/gateway');
  });

  it('marks the facility offline when a test fails', async () => {
    const c = (await api(admin, 'POST', `${URL}/${facility}/connections`, conn({ code: 'FAIL' }))).json();
    await t.db.query('UPDATE medical_facilities SET online = true WHERE id = $1', [facility]);
    const res = await api(admin, 'POST', `${URL}/${facility}/connections/${c.id}/test`, {
      target: 'sandbox',
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/^Test koneksi gagal \(sandbox\): HTTP 503/);
    expect(down.hits.at(-1)!.url).toBe('/sandbox');
    const stored = (
      await t.db.query('SELECT last_check_ok, last_checked_at FROM facility_connections WHERE id = $1', [
        c.id,
      ])
    ).rows[0];
    expect(stored.last_check_ok).toBe(false);
    expect(stored.last_checked_at).not.toBeNull();
    expect(
      (await t.db.query('SELECT online FROM medical_facilities WHERE id = $1', [facility])).rows[0].online,
    ).toBe(false);
    const log = await t.db.query(
      `SELECT response_status, details FROM activity_logs
        WHERE table_name = 'facility_connections' AND record_id = $1 ORDER BY id DESC LIMIT 1`,
      [String(c.id)],
    );
    expect(log.rows[0]).toMatchObject({
      response_status: 502,
      details: { test: 'sandbox', facilityOnline: false },
    });
  });

  it('refuses a loopback host that is not allow-listed with a clear 400, without any connection', async () => {
    const c = (
      await api(
        admin,
        'POST',
        `${URL}/${facility}/connections`,
        conn({ code: 'SSRF', production_base_url: `${refused.url}/admin` }),
      )
    ).json();
    const meta = (
      await api(
        admin,
        'POST',
        `${URL}/${facility}/connections`,
        conn({ code: 'META', production_base_url: 'http://169.254.169.254/latest/meta-data/' }),
      )
    ).json();
    const res = await api(admin, 'POST', `${URL}/${facility}/connections/${c.id}/test`, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/127\.0\.0\.1 tidak boleh dipanggil: loopback.*OUTBOUND_ALLOW_HOSTS/);
    const metaRes = await api(admin, 'POST', `${URL}/${facility}/connections/${meta.id}/test`, {});
    expect(metaRes.statusCode).toBe(400);
    expect(metaRes.json().message).toMatch(/link-local/);
    expect(refused.connections()).toBe(0);
    expect(refused.hits).toEqual([]);
  });

  it('lets a medical_facility user reach only their own facility parameters and connections', async () => {
    const mine = await api(faskes, 'GET', `${URL}/${own}/params`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().length).toBeGreaterThan(0); // demo parameters
    const conns = await api(faskes, 'GET', `${URL}/${own}/connections`);
    expect(conns.statusCode).toBe(200);
    expect(conns.json().length).toBeGreaterThan(0);
    expect(conns.body).not.toContain('v1:');
    for (const path of ['params', 'connections']) {
      expect((await api(faskes, 'GET', `${URL}/${other}/${path}`)).statusCode).toBe(404);
      expect((await api(faskes, 'GET', `${URL}/${facility}/${path}`)).statusCode).toBe(404);
    }
    const foreignConn = (await api(admin, 'GET', `${URL}/${other}/connections`)).json()[0];
    expect(foreignConn).toBeDefined();
    expect(
      (await api(faskes, 'POST', `${URL}/${other}/connections/${foreignConn.id}/test`, {})).statusCode,
    ).toBe(404);
    expect((await api(faskes, 'DELETE', `${URL}/${other}/connections/${foreignConn.id}`)).statusCode).toBe(
      404,
    );
    // Their own facility's connection ids only under their own facility.
    expect((await api(faskes, 'DELETE', `${URL}/${own}/connections/${foreignConn.id}`)).statusCode).toBe(404);
    const added = await api(faskes, 'POST', `${URL}/${own}/params`, {
      type: 'POLI',
      value: 'ANA',
      description: 'Poli Anak',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().medical_facility_id).toBe(own);
  });
});
