import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestApp, type TestApp } from './helper';
import { makeSandbox, type Sandbox } from './simulation-fixture';
import { checkTarget, OutboundRefused, type Resolver } from '../../src/server/outbound/guard';
import { isUnderRegistered, proxyPolicy } from '../../src/server/simulation/proxy';

/** A resolver answering from a table, never the network. */
const stub =
  (table: Record<string, string>): Resolver =>
  async (host) => {
    if (!table[host]) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return [{ address: table[host], family: table[host].includes(':') ? 6 : 4 }];
  };

describe('simulation proxy: where it may go (decisions, no connection)', () => {
  const resolve = stub({
    'rs.example.org': '93.184.216.34',
    'loop.example.org': '127.0.0.1',
    'intranet.example.org': '10.1.2.3',
    'meta.example.org': '169.254.169.254',
    'v6meta.example.org': '::ffff:169.254.169.254',
  });
  const registered = [
    'https://rs.example.org/api/simulation',
    'http://loop.example.org:3002',
    'http://intranet.example.org',
    'http://meta.example.org/latest',
    'http://v6meta.example.org',
  ];
  const policy = proxyPolicy(registered, [], resolve);

  it('goes to a registered URL on a public address, below its path only', async () => {
    const target = await checkTarget('https://rs.example.org/api/simulation/v1/token', policy);
    expect(target.address).toBe('93.184.216.34');
    await expect(checkTarget('https://rs.example.org/admin', policy)).rejects.toThrow(/tidak terdaftar/);
    expect(isUnderRegistered(new URL('https://rs.example.org/api/simulationX'), registered)).toBe(false);
  });

  it.each([
    ['http://loop.example.org:3002/v1/token', /loopback/],
    ['http://intranet.example.org/v1/patient', /10\.0\.0\.0\/8/],
    ['http://meta.example.org/latest/meta-data', /link-local/],
    ['http://v6meta.example.org/', /link-local/],
  ])('refuses %s although registered: its address is internal', async (url, reason) => {
    await expect(checkTarget(url, policy)).rejects.toThrow(reason);
  });

  it.each([
    'http://127.0.0.1:3001/api/simulation/v1/token',
    'http://169.254.169.254/latest/meta-data/',
    'http://192.168.1.1/',
    'http://[::1]:8080/',
    'https://other.example.org/',
  ])('refuses %s: not registered', async (url) => {
    await expect(checkTarget(url, policy)).rejects.toBeInstanceOf(OutboundRefused);
  });

  it('lets a host of OUTBOUND_ALLOW_HOSTS through even on loopback', async () => {
    const allowed = proxyPolicy([], ['127.0.0.1:4555'], resolve);
    expect((await checkTarget('http://127.0.0.1:4555/v1/token', allowed)).allowListed).toBe(true);
    await expect(checkTarget('http://127.0.0.1:4556/', allowed)).rejects.toThrow(/tidak terdaftar/);
  });
});

describe('simulation proxy: a real call to an allow-listed loopback server', () => {
  let t: TestApp;
  let s: Sandbox;
  let server: http.Server;
  let port: number;
  const received: { method?: string; url?: string; headers?: http.IncomingHttpHeaders; body?: string }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push({ method: req.method, url: req.url, headers: req.headers, body });
        const status = req.url?.includes('missing') ? 404 : 200;
        res.writeHead(status, {
          'content-type': 'application/json',
          'x-facility': 'uji',
          'set-cookie': 'a=b',
        });
        res.end(
          JSON.stringify({
            metadata: { code: status, message: 'dari faskes' },
            response: { token: 'tok-123' },
          }),
        );
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
    t = await startTestApp('pglite', { patients: 5, config: { outboundAllowHosts: [`127.0.0.1:${port}`] } });
    s = await makeSandbox(t, 3, 'PRX');
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((r) => server.close(r));
  });

  const proxy = (
    target: string,
    method: 'GET' | 'POST' = 'POST',
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url: `/api/simulation/proxy?target_url=${encodeURIComponent(target)}`,
      headers: { 'x-api-key': s.key, ...headers },
      payload,
    });

  it("forwards method, body, X-API-Key and Authorization, and answers with the facility's status, headers and body", async () => {
    const res = await proxy(
      `http://127.0.0.1:${port}/v1/token`,
      'POST',
      { username: 'u', password: 'p' },
      {
        authorization: 'Bearer luar-123',
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      metadata: { code: 200, message: 'dari faskes' },
      response: { token: 'tok-123' },
    });
    expect(Number(res.headers['x-proxy-time-ms'])).toBeGreaterThanOrEqual(0);
    expect(JSON.parse(decodeURIComponent(String(res.headers['x-proxy-headers'])))).toMatchObject({
      'x-facility': 'uji',
    });
    expect(res.headers['set-cookie']).toBeUndefined();
    const got = received.at(-1)!;
    expect(got).toMatchObject({
      method: 'POST',
      url: '/v1/token',
      body: JSON.stringify({ username: 'u', password: 'p' }),
    });
    expect(got.headers).toMatchObject({ 'x-api-key': s.key, authorization: 'Bearer luar-123' });

    const missing = await proxy(`http://127.0.0.1:${port}/v1/patient/KTP/missing`, 'GET');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().metadata.message).toBe('dari faskes'); // the facility's answer, as it came
  });

  it('refuses loopback, private and metadata targets in the envelope, without calling them', async () => {
    const before = received.length;
    for (const target of [
      'http://127.0.0.1:9/v1/token',
      'http://10.0.0.8/v1/token',
      'http://169.254.169.254/latest/meta-data/',
      'file:///etc/passwd',
    ]) {
      const res = await proxy(target);
      expect(res.statusCode, target).toBe(400);
      expect(res.json().metadata.code).toBe(400);
    }
    expect(received.length).toBe(before);
  });

  it('needs a facility API key', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/simulation/proxy?target_url=${encodeURIComponent(`http://127.0.0.1:${port}/x`)}`,
    });
    expect(res.statusCode).toBe(401);
  });
});
