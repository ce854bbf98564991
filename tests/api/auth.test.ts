import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { dbTargets, startTestApp, DEMO_EMAILS, type TestApp } from './helper';
import { hashToken } from '../../src/server/security/passwords';

describe.each(dbTargets())('auth (%s)', (kind) => {
  let t: TestApp;
  // Each scenario signs in from an address of its own so the per-IP failure count of one
  // never blocks another.
  let ipSeq = 10;
  const nextIp = () => `10.0.0.${ipSeq++}`;

  const login = (body: unknown, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: body as object, remoteAddress });
  const me = (token: string) => t.request(token, { method: 'GET', url: '/api/auth/me' });

  beforeAll(async () => {
    t = await startTestApp(kind, { patients: 5 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('signs in and returns a token and the user', async () => {
    const res = await login({ email: DEMO_EMAILS.admin, password: t.config.demoPassword });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(typeof body.token).toBe('string');
    expect(body.token.length).toBeGreaterThanOrEqual(32);
    expect(body.user).toEqual({
      id: expect.any(Number),
      email: DEMO_EMAILS.admin,
      full_name: 'Admin Demo',
      role: 'admin',
      username: 'admin',
    });
    expect(JSON.stringify(body)).not.toMatch(/password|hash/i);

    const who = await me(body.token);
    expect(who.statusCode).toBe(200);
    expect(who.json()).toMatchObject({ email: DEMO_EMAILS.admin, role: 'admin', effective_role: 'admin' });
    expect(who.json().menus).toContain('/master/patients');

    const { rows } = await t.db.query(
      `SELECT status, admin_id, session_id FROM login_history WHERE email = $1 AND status = 'SUCCESS'`,
      [DEMO_EMAILS.admin],
    );
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(rows[0].session_id).not.toBeNull();
    // Only the token's hash is stored.
    const stored = await t.db.query('SELECT 1 FROM sessions WHERE token_hash = $1', [hashToken(body.token)]);
    expect(stored.rows).toHaveLength(1);
    const plain = await t.db.query('SELECT 1 FROM sessions WHERE token_hash = $1', [body.token]);
    expect(plain.rows).toHaveLength(0);
  });

  it('accepts the email in any case and with surrounding spaces', async () => {
    const res = await login({ email: '  Staff@Demo.Local ', password: t.config.demoPassword });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(DEMO_EMAILS.staff);
  });

  it('answers a wrong password and an unknown email identically', async () => {
    const ip = nextIp();
    const wrong = await login({ email: DEMO_EMAILS.viewer, password: 'not-the-password' }, ip);
    const unknown = await login({ email: 'nobody@demo.local', password: 'not-the-password' }, ip);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
    const { rows } = await t.db.query(
      `SELECT email, status FROM login_history WHERE ip_address = $1 ORDER BY id`,
      [ip],
    );
    expect(rows).toEqual([
      { email: DEMO_EMAILS.viewer, status: 'FAILED' },
      { email: 'nobody@demo.local', status: 'FAILED' },
    ]);
  });

  it('rejects missing fields with 400 naming them', async () => {
    const none = await login({});
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toMatchObject({ email: expect.any(String), password: expect.any(String) });
    expect(none.json().message).toEqual(expect.any(String));

    const noPassword = await login({ email: DEMO_EMAILS.admin });
    expect(noPassword.statusCode).toBe(400);
    expect(Object.keys(noPassword.json().errors)).toEqual(['password']);

    const blank = await login({ email: '', password: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toMatchObject({ email: expect.any(String), password: expect.any(String) });
  });

  it('revokes the session on logout', async () => {
    const token = await t.login(DEMO_EMAILS.staff);
    expect((await me(token)).statusCode).toBe(200);
    const out = await t.request(token, { method: 'POST', url: '/api/auth/logout' });
    expect(out.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    expect((await t.request(token, { method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(401);
    const { rows } = await t.db.query('SELECT 1 FROM sessions WHERE token_hash = $1', [hashToken(token)]);
    expect(rows).toHaveLength(0);
  });

  it('refuses requests without a valid bearer token', async () => {
    expect((await t.request(null, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    expect((await t.request('made-up-token', { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const malformed = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: 'Basic abc' },
    });
    expect(malformed.statusCode).toBe(401);
    expect(malformed.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
  });

  it('blocks an account after 5 failures, even with the right password', async () => {
    const email = DEMO_EMAILS.super_admin;
    const limit = t.config.login.maxFailuresPerAccount;
    expect(limit).toBe(5);
    // Different addresses: the per-account count alone must block.
    for (let i = 0; i < limit; i++) {
      const res = await login({ email, password: `wrong-${i}` }, nextIp());
      expect(res.statusCode).toBe(401);
    }
    const blocked = await login({ email, password: t.config.demoPassword }, nextIp());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
    // Another address does not get around it either.
    expect((await login({ email, password: t.config.demoPassword }, nextIp())).statusCode).toBe(429);

    const events = await t.db.query(
      `SELECT event_type, severity, description FROM security_events WHERE email = $1 AND event_type = 'BRUTE_FORCE'`,
      [email],
    );
    expect(events.rows).toHaveLength(1);
    expect(events.rows[0]).toMatchObject({ event_type: 'BRUTE_FORCE', severity: 'HIGH' });

    const history = await t.db.query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM login_history WHERE email = $1 GROUP BY status`,
      [email],
    );
    const counts = Object.fromEntries(history.rows.map((r) => [r.status, r.n]));
    expect(counts).toEqual({ FAILED: limit, BLOCKED: 2 });

    // Other accounts are not affected.
    expect((await login({ email: DEMO_EMAILS.viewer, password: t.config.demoPassword })).statusCode).toBe(
      200,
    );
  });

  it('blocks an unknown email the same way', async () => {
    const email = 'ghost@demo.local';
    for (let i = 0; i < t.config.login.maxFailuresPerAccount; i++) {
      const res = await login({ email, password: 'whatever-1' }, nextIp());
      expect(res.statusCode).toBe(401);
    }
    const blocked = await login({ email, password: 'whatever-1' }, nextIp());
    expect(blocked.statusCode).toBe(429);
    const events = await t.db.query(
      `SELECT event_type FROM security_events WHERE email = $1 AND event_type = 'BRUTE_FORCE'`,
      [email],
    );
    expect(events.rows).toEqual([{ event_type: 'BRUTE_FORCE' }]);
    const history = await t.db.query(`SELECT status FROM login_history WHERE email = $1 ORDER BY id`, [
      email,
    ]);
    expect(history.rows.map((r) => r.status)).toEqual([...Array(5).fill('FAILED'), 'BLOCKED']);
  });

  it('counts failures only since the last successful login', async () => {
    const email = DEMO_EMAILS.staff;
    for (let i = 0; i < 4; i++)
      expect((await login({ email, password: 'nope-nope' }, nextIp())).statusCode).toBe(401);
    expect((await login({ email, password: t.config.demoPassword }, nextIp())).statusCode).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await login({ email, password: 'nope-nope' }, nextIp())).statusCode).toBe(401);
    expect((await login({ email, password: t.config.demoPassword }, nextIp())).statusCode).toBe(200);
  });

  it('does not let an inactive admin sign in, and ends their sessions', async () => {
    const email = DEMO_EMAILS.medical_facility;
    const token = await t.login(email);
    const second = await t.login(email);
    expect((await me(token)).statusCode).toBe(200);

    await t.db.query('UPDATE web_admins SET is_active = false WHERE email = $1', [email]);
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    const left = await t.db.query(
      'SELECT count(*)::int AS n FROM sessions s JOIN web_admins a ON a.id = s.admin_id WHERE a.email = $1',
      [email],
    );
    expect(left.rows[0].n).toBe(0);

    const res = await login({ email, password: t.config.demoPassword }, nextIp());
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual(expect.any(String));
    // With a wrong password it looks like any other failure.
    const wrong = await login({ email, password: 'wrong-password' }, nextIp());
    const unknown = await login({ email: 'nobody2@demo.local', password: 'wrong-password' }, nextIp());
    expect(wrong.body).toBe(unknown.body);

    await t.db.query('UPDATE web_admins SET is_active = true WHERE email = $1', [email]);
    // Re-activation does not bring old sessions back.
    expect((await me(token)).statusCode).toBe(401);
    expect((await login({ email, password: t.config.demoPassword }, nextIp())).statusCode).toBe(200);
  });

  it('refuses an expired session', async () => {
    const token = await t.login(DEMO_EMAILS.viewer);
    expect((await me(token)).statusCode).toBe(200);
    await t.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [
      hashToken(token),
    ]);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('reads the role on every request', async () => {
    const token = await t.login(DEMO_EMAILS.viewer);
    const before = await me(token);
    expect(before.json().menus).toEqual(['/dashboard']);
    await t.db.query(`UPDATE web_admins SET role = 'staff' WHERE email = $1`, [DEMO_EMAILS.viewer]);
    try {
      const after = await me(token);
      expect(after.json()).toMatchObject({ role: 'staff', effective_role: 'staff' });
      expect(after.json().menus).toContain('/geographic');
    } finally {
      await t.db.query(`UPDATE web_admins SET role = 'viewer' WHERE email = $1`, [DEMO_EMAILS.viewer]);
    }
  });
  it('blocks an address after 20 failures, whatever the emails', async () => {
    const ip = '192.0.2.7';
    // A forged X-Forwarded-For does not give each attempt an address of its own (no trustProxy).
    let forged = 1;
    const attempt = (email: string, password: string, remoteAddress = ip) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
        remoteAddress,
        headers: { 'x-forwarded-for': `203.0.113.${forged++}` },
      });
    const limit = t.config.login.maxFailuresPerIp;
    expect(limit).toBe(20);
    // One failure per email: no account reaches its own limit.
    for (let i = 0; i < limit; i++)
      expect((await attempt(`guess${i}@demo.local`, 'wrong-pass')).statusCode).toBe(401);
    expect((await attempt(DEMO_EMAILS.admin, t.config.demoPassword)).statusCode).toBe(429);
    // Another address is still served.
    expect((await attempt(DEMO_EMAILS.admin, t.config.demoPassword, '192.0.2.8')).statusCode).toBe(200);
    const events = await t.db.query(
      `SELECT event_type, email FROM security_events WHERE ip_address = $1 AND event_type = 'BRUTE_FORCE'`,
      [ip],
    );
    expect(events.rows).toEqual([{ event_type: 'BRUTE_FORCE', email: `guess${limit - 1}@demo.local` }]);
    const blocked = await t.db.query(
      `SELECT email FROM login_history WHERE ip_address = $1 AND status = 'BLOCKED'`,
      [ip],
    );
    expect(blocked.rows).toEqual([{ email: DEMO_EMAILS.admin }]);
  });
});
