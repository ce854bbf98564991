import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { scryptSync, randomBytes } from 'node:crypto';
import { dbTargets, startTestApp, DEMO_EMAILS, type TestApp } from './helper';
import { needsRehash, verifyPassword } from '../../src/server/security/passwords';
import { buildApp } from '../../src/server/app';

describe.each(dbTargets())('security headers, transport errors and password upgrade (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { patients: 5 });
    admin = await t.login(DEMO_EMAILS.admin);
  });
  afterAll(() => t?.close());

  const expectSecurityHeaders = (headers: Record<string, unknown>) => {
    const csp = String(headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
  };

  it('sends the security headers on the console, the API and the docs', async () => {
    for (const url of ['/', '/dashboard', '/api/health', '/api/docs', '/api/docs/json']) {
      const res = await t.request(null, { method: 'GET', url });
      expectSecurityHeaders(res.headers);
    }
    const me = await t.request(admin, { method: 'GET', url: '/api/auth/me' });
    expectSecurityHeaders(me.headers);
    const denied = await t.request(null, { method: 'GET', url: '/api/master/patients' });
    expect(denied.statusCode).toBe(401);
    expectSecurityHeaders(denied.headers);
  });

  it('keeps API answers with personal data out of every cache', async () => {
    const list = await t.request(admin, { method: 'GET', url: '/api/master/patients' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const me = await t.request(admin, { method: 'GET', url: '/api/auth/me' });
    expect(me.headers['cache-control']).toBe('no-store');
  });

  it('sends HSTS only over HTTPS', async () => {
    const plain = await t.request(null, { method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const forwarded = { 'x-forwarded-proto': 'https' };
    // Not behind a trusted proxy, a forwarded protocol is not believed.
    const untrusted = await t.request(null, { method: 'GET', url: '/api/health', headers: forwarded });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
    const behindProxy = await buildApp({ config: { ...t.config, trustProxy: true }, db: t.db });
    try {
      const secure = await behindProxy.inject({ method: 'GET', url: '/api/health', headers: forwarded });
      expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await behindProxy.close();
    }
  });

  it('answers malformed JSON, a foreign content type and an oversized body in Indonesian', async () => {
    const malformed = await t.request(admin, {
      method: 'POST',
      url: '/api/master/patients',
      headers: { 'content-type': 'application/json' },
      payload: '{"full_name": "Budi",',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      error: 'Isi permintaan bukan JSON yang valid',
      message: 'Isi permintaan bukan JSON yang valid',
    });

    const login = await t.request(null, {
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: 'email=a&password=b',
    });
    expect(login.statusCode).toBe(400);
    expect(login.json().message).toBe('Isi permintaan bukan JSON yang valid');

    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const res = await t.request(admin, {
        method: 'POST',
        url: '/api/master/patients',
        headers: { 'content-type': type },
        payload: 'full_name=Budi',
      });
      expect(res.statusCode, type).toBe(415);
      expect(res.json().message).toBe('Jenis konten tidak didukung; kirim application/json');
    }

    const big = await t.request(admin, {
      method: 'POST',
      url: '/api/master/patients',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ full_name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('Isi permintaan terlalu besar');
    const count = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM patients WHERE full_name LIKE 'xxxx%'",
    );
    expect(count.rows[0].n).toBe(0);
  });

  it('upgrades a hash made with the old scrypt parameters at the next successful sign-in', async () => {
    const password = 'kata-sandi-lama';
    const salt = randomBytes(16);
    const old = `scrypt$16384$8$1$${salt.toString('base64')}$${scryptSync(password, salt, 32, {
      N: 16384,
      r: 8,
      p: 1,
    }).toString('base64')}`;
    await t.db.query('UPDATE web_admins SET password_hash = $1 WHERE email = $2', [old, DEMO_EMAILS.staff]);

    // A wrong password changes nothing.
    const wrong = await t.request(null, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: DEMO_EMAILS.staff, password: 'bukan-ini' },
    });
    expect(wrong.statusCode).toBe(401);
    const still = await t.db.query('SELECT password_hash FROM web_admins WHERE email = $1', [
      DEMO_EMAILS.staff,
    ]);
    expect(still.rows[0].password_hash).toBe(old);

    await t.login(DEMO_EMAILS.staff, password);
    const { rows } = await t.db.query('SELECT password_hash FROM web_admins WHERE email = $1', [
      DEMO_EMAILS.staff,
    ]);
    const upgraded = rows[0].password_hash as string;
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(needsRehash(upgraded)).toBe(false);
    expect(await verifyPassword(password, upgraded)).toBe(true);
    // And the upgraded hash signs in.
    await t.login(DEMO_EMAILS.staff, password);
  });

  it('stores new passwords as Argon2id with the OWASP parameters', async () => {
    const { rows } = await t.db.query('SELECT password_hash FROM web_admins WHERE email = $1', [
      DEMO_EMAILS.admin,
    ]);
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe('overload', () => {
  it('sheds requests with 503, Retry-After and an Indonesian message while the event loop lags', async () => {
    const t = await startTestApp('pglite', {
      patients: 0,
      config: { overload: { maxEventLoopDelayMs: 20, maxHeapUsedMb: 0, maxRssMb: 0 } },
    });
    try {
      // A stalled event loop, as under a flood of work, for longer than one sample (1 s).
      for (let i = 0; i < 15; i++) {
        const until = Date.now() + 100;
        while (Date.now() < until);
        await new Promise((r) => setImmediate(r));
      }
      const res = await t.request(null, { method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json().message).toBe('Server sedang sibuk. Silakan coba lagi dalam beberapa detik.');
    } finally {
      await t.close();
    }
  });
});

describe('shared dashboard answers', () => {
  it('reuses a city-wide figure for the configured seconds, then computes it anew; a write that moves the figures drops it at once', async () => {
    const t = await startTestApp('pglite', { patients: 3, config: { dashboardCacheSeconds: 2 } });
    try {
      const staff = await t.login(DEMO_EMAILS.staff);
      const stats = async () =>
        (await t.request(staff, { method: 'GET', url: '/api/dashboard/stats' })).json() as {
          totalPatients: number;
          totalReports: number;
        };
      const before = await stats();
      expect(before.totalReports).toBeGreaterThan(0);
      // A table the change stream does not follow (reports are loaded in bulk only).
      await t.db.query('DELETE FROM agd_reports WHERE id = (SELECT min(id) FROM agd_reports)');
      expect((await stats()).totalReports).toBe(before.totalReports); // within 2 s: the shared answer
      await new Promise((r) => setTimeout(r, 2100));
      expect((await stats()).totalReports).toBe(before.totalReports - 1);
      // A patient's write moves the figures: screens told so by the stream get the new ones.
      await stats();
      await t.db.query('DELETE FROM patients WHERE id = (SELECT min(id) FROM patients)');
      await vi.waitFor(async () => expect((await stats()).totalPatients).toBe(before.totalPatients - 1), {
        timeout: 1000,
        interval: 50,
      });
      // Access is still checked per request: a viewer without the route's menus is refused.
      const viewer = await t.login(DEMO_EMAILS.viewer);
      const refused = await t.request(viewer, { method: 'GET', url: '/api/dashboard/mental-health' });
      expect(refused.statusCode).toBe(403);
    } finally {
      await t.close();
    }
  }, 60_000);
});
