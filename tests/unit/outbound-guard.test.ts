import { describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { blockedReason } from '../../src/server/outbound/address';
import { checkTarget, isAllowListed, OutboundRefused, type Resolver } from '../../src/server/outbound/guard';
import { createOutboundClient } from '../../src/server/outbound/client';

/** A resolver that answers from a table and records what it was asked (no DNS). */
function stubResolver(table: Record<string, string[]>) {
  const asked: string[] = [];
  const resolve: Resolver = async (host) => {
    asked.push(host);
    const list = table[host];
    if (!list) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolve, asked };
}

describe('outbound guard: which addresses may be called', () => {
  it.each([
    ['127.0.0.1', /loopback/],
    ['127.255.0.9', /loopback/],
    ['169.254.169.254', /link-local/],
    ['10.0.0.5', /10\.0\.0\.0\/8/],
    ['172.16.0.1', /172\.16\.0\.0\/12/],
    ['172.31.255.254', /172\.16\.0\.0\/12/],
    ['192.168.1.10', /192\.168\.0\.0\/16/],
    ['0.0.0.0', /tidak spesifik/],
    ['::1', /loopback/],
    ['::', /tidak spesifik/],
    ['fc00::1', /fc00::\/7/],
    ['fd12:3456::1', /fc00::\/7/],
    ['fe80::1', /link-local/],
    ['::ffff:127.0.0.1', /loopback.*IPv6/],
    ['::ffff:7f00:1', /loopback.*IPv6/],
    ['::ffff:169.254.169.254', /link-local/],
    ['::ffff:10.1.2.3', /10\.0\.0\.0\/8/],
    ['64:ff9b::a9fe:a9fe', /NAT64/],
    ['2002:c0a8:0101::1', /6to4/],
  ])('refuses %s', (ip, reason) => {
    expect(blockedReason(ip)).toMatch(reason);
  });

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '192.169.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])(
    'lets the public address %s through',
    (ip) => {
      expect(blockedReason(ip)).toBeNull();
    },
  );

  it('refuses a name that resolves to 127.0.0.1, and one with any private address among its answers', async () => {
    const { resolve, asked } = stubResolver({
      'evil.example': ['127.0.0.1'],
      'mixed.example': ['93.184.215.14', '10.0.0.8'],
      'public.example': ['93.184.215.14'],
    });
    await expect(checkTarget('http://evil.example/x', { allowHosts: [], resolve })).rejects.toThrow(
      /evil\.example \(127\.0\.0\.1\).*loopback/,
    );
    await expect(checkTarget('https://mixed.example/', { allowHosts: [], resolve })).rejects.toBeInstanceOf(
      OutboundRefused,
    );
    const ok = await checkTarget('https://public.example/api', { allowHosts: [], resolve });
    expect(ok).toMatchObject({ address: '93.184.215.14', family: 4, allowListed: false });
    expect(asked).toEqual(['evil.example', 'mixed.example', 'public.example']);
  });

  it('refuses other schemes and URLs with credentials before resolving anything', async () => {
    const { resolve, asked } = stubResolver({});
    for (const url of [
      'file:///etc/passwd',
      'ftp://example.com/',
      'gopher://x/',
      'http://user:pw@example.com/',
    ])
      await expect(checkTarget(url, { allowHosts: [], resolve })).rejects.toBeInstanceOf(OutboundRefused);
    await expect(checkTarget('not a url', { allowHosts: [], resolve })).rejects.toThrow('URL tidak valid');
    expect(asked).toEqual([]);
  });

  it('lets an allow-listed host through by name or name:port only', async () => {
    const { resolve } = stubResolver({ 'sandbox.local': ['192.168.5.5'] });
    const policy = { allowHosts: ['sandbox.local', '127.0.0.1:8080', '[::1]:9000'], resolve };
    await expect(checkTarget('http://sandbox.local:1234/', policy)).resolves.toMatchObject({
      address: '192.168.5.5',
      allowListed: true,
    });
    await expect(checkTarget('http://127.0.0.1:8080/', policy)).resolves.toMatchObject({ allowListed: true });
    await expect(checkTarget('http://127.0.0.1:8081/', policy)).rejects.toBeInstanceOf(OutboundRefused);
    await expect(checkTarget('http://[::1]:9000/', policy)).resolves.toMatchObject({ allowListed: true });
    expect(isAllowListed(new URL('https://sandbox.local/'), ['sandbox.local:80'])).toBe(false);
  });
});

describe('outbound client: redirects', () => {
  it('refuses a redirect to a private address without connecting to it', async () => {
    // An allow-listed loopback server that redirects to 10.0.0.1 (never contacted) and to itself.
    const hits: string[] = [];
    const server = http.createServer((req, res) => {
      hits.push(req.url!);
      if (req.url === '/to-private') res.writeHead(302, { location: 'http://10.0.0.1/metadata' }).end();
      else if (req.url === '/to-name') res.writeHead(302, { location: 'http://internal.example/' }).end();
      else if (req.url === '/loop') res.writeHead(302, { location: '/loop' }).end();
      else res.writeHead(200).end('ok');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    const { resolve } = stubResolver({ 'internal.example': ['::ffff:127.0.0.1'] });
    try {
      const client = createOutboundClient({ allowHosts: [`127.0.0.1:${port}`], resolve });
      await expect(client.request(`http://127.0.0.1:${port}/to-private`)).rejects.toThrow(
        /10\.0\.0\.1.*10\.0\.0\.0\/8/,
      );
      await expect(client.request(`http://127.0.0.1:${port}/to-name`)).rejects.toBeInstanceOf(
        OutboundRefused,
      );
      await expect(client.request(`http://127.0.0.1:${port}/loop`)).rejects.toThrow(
        /Terlalu banyak pengalihan/,
      );
      const ok = await client.request(`http://127.0.0.1:${port}/fine`);
      expect(ok).toMatchObject({ status: 200, redirects: 0 });
      expect(ok.body.toString()).toBe('ok');
      // Only our own server was contacted: the first hop of each call, then 4 loop hops (1 + 3 redirects).
      expect(hits).toEqual(['/to-private', '/to-name', '/loop', '/loop', '/loop', '/loop', '/fine']);
    } finally {
      server.close();
    }
  });

  it('gives up at the deadline and reads no more than the size cap', async () => {
    const server = http.createServer((req, res) => {
      if (req.url === '/slow') return; // never answers
      res.writeHead(200).end('x'.repeat(10_000));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    try {
      const client = createOutboundClient({ allowHosts: [`127.0.0.1:${port}`] });
      const started = Date.now();
      await expect(client.request(`http://127.0.0.1:${port}/slow`, { timeoutMs: 300 })).rejects.toThrow(
        /Waktu habis/,
      );
      expect(Date.now() - started).toBeLessThan(2000);
      const big = await client.request(`http://127.0.0.1:${port}/big`, { maxBytes: 1000 });
      expect(big.body.length).toBe(1000);
      expect(big.truncated).toBe(true);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
