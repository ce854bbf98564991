import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { startTestApp, type TestApp } from './helper';

// The server hands out the built console: files, compressed when asked, with cache headers,
// and index.html for any console route; unknown API paths stay JSON 404s.
describe('console hosting', () => {
  let t: TestApp;
  let dir: string;
  const script = 'console.log("dashboard");'.repeat(50);

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'dkj-static-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dir, 'assets', 'index-abc.js'), script);
    writeFileSync(path.join(dir, 'assets', 'index-abc.js.gz'), gzipSync(script));
    t = await startTestApp('pglite', { patients: 0, config: { staticDir: dir } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves index.html for console routes (SPA fallback)', async () => {
    // /api-simulator is a console screen whose path starts like the API's.
    for (const url of [
      '/',
      '/login',
      '/master/patients',
      '/master/patients/12',
      '/no-such-page',
      '/api-simulator',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root">');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('serves hashed assets pre-compressed and cacheable for a year', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toContain('max-age=31536000');
    expect(res.rawPayload.length).toBeLessThan(script.length);
  });

  it('answers unknown API paths with a JSON 404, not the console', async () => {
    for (const url of ['/api/no-such-thing', '/api', '/api?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ error: 'Tidak ditemukan', message: 'Tidak ditemukan' });
    }
  });
});
