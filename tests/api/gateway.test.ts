import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { dbTargets, startTestApp, DEMO_EMAILS, type TestApp } from './helper';
import { registerGateway, notActive, notConfigured, forwardUrl } from '../../src/server/gateway/index';
import { createOutboundClient, type Resolver } from '../../src/server/outbound/index';

/** A facility's API on loopback: echoes what reached it. */
function startFacility() {
  const seen: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      res.writeHead(req.url!.includes('missing') ? 404 : 200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ reached: req.url, method: req.method, ...(body ? { body: JSON.parse(body) } : {}) }),
      );
    });
  });
  return new Promise<{ port: number; seen: typeof seen; close: () => Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as AddressInfo).port,
        seen,
        close: () => new Promise((r) => server.close(() => r())),
      }),
    ),
  );
}

describe('gateway forward URL', () => {
  it("keeps the target's host and path, drops dot segments, passes the query on", () => {
    expect(forwardUrl('https://rs.example.id/api', 'v1/patient/KTP/1', '/api/gateway/RS/v1?x=1')).toBe(
      'https://rs.example.id/api/v1/patient/KTP/1?x=1',
    );
    expect(forwardUrl('https://rs.example.id/api/', '../../@evil.example/x', '/g')).toBe(
      'https://rs.example.id/api/@evil.example/x',
    );
  });
});

describe.each(dbTargets())('redirect gateway (%s)', (kind) => {
  let t: TestApp;
  let facility: Awaited<ReturnType<typeof startFacility>>;
  let superAdmin: string;
  let viewer: string;
  /** Every host name resolved by the stubbed resolver: nothing else is ever looked up or called. */
  const resolved: string[] = [];
  const stubResolver: Resolver = async (host) => {
    resolved.push(host);
    const table: Record<string, string> = {
      'private.example.id': '10.1.2.3',
      'metadata.example.id': '169.254.169.254',
      'loopback.example.id': '127.0.0.1',
      'mapped.example.id': '::ffff:192.168.1.10',
    };
    const address = table[host];
    if (!address) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return [{ address, family: address.includes(':') ? 6 : 4 }];
  };

  const configure = async (code: string, urls: { prod?: string; sandbox?: string }, active = true) => {
    // A connection of its own for each mapping.
    const { rows } = await t.db.query(
      `INSERT INTO facility_connections (medical_facility_id, code, production_base_url)
       VALUES ((SELECT min(id) FROM medical_facilities), $1, 'https://simrs.example.id') RETURNING id`,
      [`GW-${code}`],
    );
    const res = await t.request(superAdmin, {
      method: 'POST',
      url: '/api/admin/domain',
      payload: {
        facility_code: code,
        connection_id: rows[0].id,
        target_production_url: urls.prod ?? null,
        target_sandbox_url: urls.sandbox ?? null,
        is_active: active,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
  };

  beforeAll(async () => {
    facility = await startFacility();
    t = await startTestApp(kind, {
      patients: 5,
      config: { outboundAllowHosts: [`127.0.0.1:${facility.port}`] },
      // The same gateway, with a stubbed resolver, under a prefix of the test's own.
      routes: (app, db) =>
        registerGateway(
          app,
          db,
          createOutboundClient({ allowHosts: [`127.0.0.1:${facility.port}`], resolve: stubResolver }),
          '/api/test-gateway',
        ),
    });
    superAdmin = await t.login(DEMO_EMAILS.super_admin);
    viewer = await t.login(DEMO_EMAILS.viewer);
    await configure('LOCAL', {
      prod: `http://127.0.0.1:${facility.port}/prod`,
      sandbox: `http://127.0.0.1:${facility.port}/sandbox/api`,
    });
  });
  afterAll(async () => {
    await t?.close();
    await facility?.close();
  });

  it('forwards to the active production target, or to the sandbox with X-Gateway-Target', async () => {
    const prod = await t.request(superAdmin, {
      method: 'GET',
      url: '/api/gateway/LOCAL/v1/patient/KTP/3171?time=09:00',
      headers: { 'x-api-key': 'key-123' },
    });
    expect(prod.statusCode, prod.body).toBe(200);
    expect(prod.json()).toEqual({ reached: '/prod/v1/patient/KTP/3171?time=09:00', method: 'GET' });
    expect(prod.headers['x-gateway-target']).toBe('production');
    const last = facility.seen.at(-1)!;
    expect(last.headers['x-api-key']).toBe('key-123');
    expect(last.headers.authorization).toBeUndefined(); // the platform session never leaves

    const sandbox = await t.request(superAdmin, {
      method: 'GET',
      url: '/api/gateway/local/v1/doctors',
      headers: { 'x-gateway-target': 'sandbox' },
    });
    expect(sandbox.statusCode).toBe(200);
    expect(sandbox.json().reached).toBe('/sandbox/api/v1/doctors');

    const notFound = await t.request(superAdmin, { method: 'GET', url: '/api/gateway/LOCAL/missing' });
    expect(notFound.statusCode).toBe(404);
  });

  it('answers 503 in Indonesian when the facility is not configured or not active', async () => {
    const unknown = await t.request(superAdmin, { method: 'GET', url: '/api/gateway/NOPE/x' });
    expect(unknown.statusCode).toBe(503);
    expect(unknown.json().error).toBe(notConfigured('NOPE'));
    await configure('IDLE', { prod: `http://127.0.0.1:${facility.port}/idle` }, false);
    const count = facility.seen.length;
    const idle = await t.request(superAdmin, { method: 'GET', url: '/api/gateway/IDLE/x' });
    expect(idle.statusCode).toBe(503);
    expect(idle.json().error).toBe(notActive('IDLE'));
    const noSandbox = await t.request(superAdmin, {
      method: 'GET',
      url: '/api/gateway/LOCAL/x',
      headers: { 'x-gateway-target': 'staging' },
    });
    expect(noSandbox.statusCode).toBe(400);
    expect(facility.seen.length).toBe(count);
  });

  it('passes other methods on with their JSON body, and refuses callers without the gateway menus', async () => {
    const booking = { poli: 'ANA', tanggal: '2026-12-01' };
    const post = await t.request(superAdmin, {
      method: 'POST',
      url: '/api/gateway/LOCAL/v1/appointment',
      payload: booking,
    });
    expect(post.statusCode, post.body).toBe(200);
    expect(post.json()).toEqual({ reached: '/prod/v1/appointment', method: 'POST', body: booking });
    expect(facility.seen.at(-1)!.headers['content-type']).toBe('application/json');
    const del = await t.request(superAdmin, { method: 'DELETE', url: '/api/gateway/LOCAL/v1/appointment/7' });
    expect(del.json()).toEqual({ reached: '/prod/v1/appointment/7', method: 'DELETE' });
    expect((await t.request(viewer, { method: 'GET', url: '/api/gateway/LOCAL/x' })).statusCode).toBe(403);
    expect((await t.request(null, { method: 'GET', url: '/api/gateway/LOCAL/x' })).statusCode).toBe(401);
  });

  it('refuses loopback, private and metadata targets before connecting (stubbed resolver)', async () => {
    await configure('LOOP', { prod: 'http://127.0.0.1:9/x' });
    await configure('PRIV', { prod: 'http://private.example.id/api' });
    await configure('META', { prod: 'http://metadata.example.id/latest/meta-data' });
    await configure('LOOPNAME', { prod: 'http://loopback.example.id:8080/' });
    await configure('MAPPED', { prod: 'https://mapped.example.id/' });
    await configure('IMDS', { prod: 'http://169.254.169.254/latest' });
    const before = facility.seen.length;
    for (const code of ['LOOP', 'PRIV', 'META', 'LOOPNAME', 'MAPPED', 'IMDS']) {
      const res = await t.request(superAdmin, { method: 'GET', url: `/api/test-gateway/${code}/v1` });
      expect(res.statusCode, `${code}: ${res.body}`).toBe(502);
      expect(res.json().error).toMatch(
        /^Gateway menolak meneruskan ke URL target: Alamat .* tidak boleh dipanggil/,
      );
    }
    expect(resolved).toEqual([
      'private.example.id',
      'metadata.example.id',
      'loopback.example.id',
      'mapped.example.id',
    ]);
    expect(facility.seen.length).toBe(before);
  });
});
