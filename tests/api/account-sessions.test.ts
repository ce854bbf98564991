import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { dbTargets, startTestApp, DEMO_EMAILS, type TestApp } from './helper';
import { hashToken } from '../../src/server/security/passwords';
import { SESSION_NOT_FOUND } from '../../src/server/routes/account/sessions';
import { PASSWORD_CHANGED, WRONG_CURRENT_PASSWORD } from '../../src/server/routes/account/change-password';
import { LOGIN_BLOCKED } from '../../src/server/routes/auth';
import { PASSWORD_PROBLEM_MESSAGES } from '../../src/domain/password-policy';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1';
const PASSWORD = 'Rahasia-Sesi-123';

describe.each(dbTargets())('own sessions and password change (%s)', (kind) => {
  let t: TestApp;
  let superToken: string;
  let seq = 0;
  let ipSeq = 10;
  const nextIp = () => `10.9.0.${ipSeq++}`;

  /** A web admin of the test's own, so that lockouts and ended sessions touch nobody else. */
  const newAdmin = async () => {
    seq++;
    const body = {
      username: `sesi${seq}`,
      email: `sesi${seq}@dinkes.test`,
      password: PASSWORD,
      full_name: `Admin Sesi ${seq}`,
      role: 'admin',
    };
    const res = await t.request(superToken, { method: 'POST', url: '/api/master/web-admins', payload: body });
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json().id as number, email: body.email };
  };
  const signIn = async (email: string, password = PASSWORD, ua = CHROME_WINDOWS, ip = nextIp()) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      headers: { 'user-agent': ua },
      remoteAddress: ip,
    });
    return res;
  };
  const tokenOf = async (email: string, ua = CHROME_WINDOWS, ip = nextIp()) => {
    const res = await signIn(email, PASSWORD, ua, ip);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().token as string;
  };
  const me = (token: string) => t.request(token, { method: 'GET', url: '/api/auth/me' });
  const sessions = (token: string) => t.request(token, { method: 'GET', url: '/api/auth/sessions' });
  const end = (token: string, id: number | string) =>
    t.request(token, { method: 'DELETE', url: `/api/auth/sessions/${id}` });
  const change = (token: string, body: object, ip = '127.0.0.1') =>
    t.request(token, { method: 'POST', url: '/api/auth/change-password', payload: body, remoteAddress: ip });
  const sessionIdOf = async (token: string) =>
    (await t.db.query<{ id: number }>('SELECT id FROM sessions WHERE token_hash = $1', [hashToken(token)]))
      .rows[0]?.id;

  beforeAll(async () => {
    t = await startTestApp(kind, { patients: 5 });
    superToken = await t.login(DEMO_EMAILS.super_admin);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('GET /api/auth/sessions', () => {
    it("lists the caller's own live sessions with device, address, times and which is this one", async () => {
      const a = await newAdmin();
      const other = await newAdmin();
      const laptop = await tokenOf(a.email, CHROME_WINDOWS, '10.1.1.1');
      const phone = await tokenOf(a.email, SAFARI_IPHONE, '10.1.1.2');
      const stranger = await tokenOf(other.email);
      const expired = await tokenOf(a.email);
      await t.db.query(
        `UPDATE sessions SET expires_at = app_now() - interval '1 second' WHERE token_hash = $1`,
        [hashToken(expired)],
      );

      const res = await sessions(phone);
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data).toEqual([
        {
          id: await sessionIdOf(phone),
          device: 'Safari 17 · iOS 17.2',
          device_type: 'mobile',
          ip_address: '10.1.1.2',
          signed_in_at: expect.any(String),
          last_seen_at: expect.any(String),
          expires_at: expect.any(String),
          current: true,
        },
        {
          id: await sessionIdOf(laptop),
          device: 'Chrome 120 · Windows 10',
          device_type: 'desktop',
          ip_address: '10.1.1.1',
          signed_in_at: expect.any(String),
          last_seen_at: expect.any(String),
          expires_at: expect.any(String),
          current: false,
        },
      ]);
      // Neither the token nor its hash, and nothing of another admin's sessions.
      for (const secret of [
        phone,
        laptop,
        hashToken(phone),
        hashToken(laptop),
        stranger,
        hashToken(stranger),
      ])
        expect(res.body).not.toContain(secret);
      expect(data.map((s: any) => s.id)).not.toContain(await sessionIdOf(stranger));
      const stored = await t.db.query<{ created_at: Date }>('SELECT created_at FROM sessions WHERE id = $1', [
        data[0].id,
      ]);
      expect(new Date(data[0].signed_in_at).getTime()).toBe(stored.rows[0].created_at.getTime());

      const theirs = (await sessions(stranger)).json().data;
      expect(theirs).toEqual([expect.objectContaining({ id: await sessionIdOf(stranger), current: true })]);
    });

    it('names no device for a user agent it cannot read', async () => {
      const a = await newAdmin();
      const token = await tokenOf(a.email, 'curl/8.5.0');
      const [only] = (await sessions(token)).json().data;
      expect(only).toMatchObject({ device: null, device_type: null, current: true });
    });

    it('moves last seen at most once a minute', async () => {
      const a = await newAdmin();
      const token = await tokenOf(a.email);
      const id = await sessionIdOf(token);
      const lastSeen = async () =>
        (
          await t.db.query<{ v: Date }>('SELECT last_seen_at AS v FROM sessions WHERE id = $1', [id])
        ).rows[0].v.getTime();
      await t.db.query(`UPDATE sessions SET last_seen_at = app_now() - interval '30 seconds' WHERE id = $1`, [
        id,
      ]);
      const recent = await lastSeen();
      for (let i = 0; i < 3; i++) expect((await me(token)).statusCode).toBe(200);
      expect(await lastSeen()).toBe(recent);

      await t.db.query(`UPDATE sessions SET last_seen_at = app_now() - interval '2 minutes' WHERE id = $1`, [
        id,
      ]);
      const old = await lastSeen();
      expect((await me(token)).statusCode).toBe(200);
      const moved = await lastSeen();
      expect(moved).not.toBe(old);
      const { rows } = await t.db.query<{ fresh: boolean }>(
        `SELECT last_seen_at > app_now() - interval '1 minute' AS fresh FROM sessions WHERE id = $1`,
        [id],
      );
      expect(rows[0].fresh).toBe(true);
      const listed = (await sessions(token)).json().data[0];
      expect(new Date(listed.last_seen_at).getTime()).toBe(moved);
    });

    it('refuses a caller without a session', async () => {
      expect((await t.request(null, { method: 'GET', url: '/api/auth/sessions' })).statusCode).toBe(401);
      expect((await t.request(null, { method: 'DELETE', url: '/api/auth/sessions/1' })).statusCode).toBe(401);
      expect(
        (
          await t.request(null, {
            method: 'POST',
            url: '/api/auth/change-password',
            payload: { current_password: PASSWORD, new_password: 'Baru-Sekali-456' },
          })
        ).statusCode,
      ).toBe(401);
    });
  });

  describe('DELETE /api/auth/sessions/:id', () => {
    it('ends another session of the caller: its token is refused from then on', async () => {
      const a = await newAdmin();
      const keep = await tokenOf(a.email);
      const lost = await tokenOf(a.email, SAFARI_IPHONE);
      const lostId = await sessionIdOf(lost);
      const res = await end(keep, lostId);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: expect.any(String), current: false });
      expect((await me(lost)).statusCode).toBe(401);
      expect((await me(keep)).statusCode).toBe(200);
      expect((await sessions(keep)).json().data.map((s: any) => s.id)).toEqual([await sessionIdOf(keep)]);
      // Ended once: a second time there is nothing to end.
      expect((await end(keep, lostId)).statusCode).toBe(404);
      // The login history closes the session; the activity log keeps who ended it.
      const history = await t.db.query(`SELECT logout_time FROM login_history WHERE session_id = $1`, [
        lostId,
      ]);
      expect(history.rows[0].logout_time).not.toBeNull();
      const activity = await t.db.query(
        `SELECT action, admin_id, details FROM activity_logs WHERE table_name = 'sessions' AND record_id = $1`,
        [String(lostId)],
      );
      expect(activity.rows).toEqual([
        { action: 'DELETE', admin_id: a.id, details: { event: 'session_ended', current: false } },
      ]);
    });

    it("answers 404 for another admin's session and leaves it alone", async () => {
      const a = await newAdmin();
      const b = await newAdmin();
      const mine = await tokenOf(a.email);
      const theirs = await tokenOf(b.email);
      const res = await end(mine, await sessionIdOf(theirs));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: SESSION_NOT_FOUND, message: SESSION_NOT_FOUND });
      expect((await me(theirs)).statusCode).toBe(200);
      // The same answer as for a session that never was.
      const none = await end(mine, 2147483000);
      expect(none.statusCode).toBe(404);
      expect(none.body).toBe(res.body);
    });

    it('answers 404 for an expired session and 400 for an id that is not a number', async () => {
      const a = await newAdmin();
      const token = await tokenOf(a.email);
      const old = await tokenOf(a.email);
      await t.db.query(
        `UPDATE sessions SET expires_at = app_now() - interval '1 second' WHERE token_hash = $1`,
        [hashToken(old)],
      );
      expect((await end(token, await sessionIdOf(old))).statusCode).toBe(404);
      const bad = await end(token, 'abc');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toHaveProperty('id');
    });

    it('ends the current session too, as a sign-out', async () => {
      const a = await newAdmin();
      const token = await tokenOf(a.email);
      const res = await end(token, await sessionIdOf(token));
      expect(res.statusCode).toBe(200);
      expect(res.json().current).toBe(true);
      expect((await me(token)).statusCode).toBe(401);
    });
  });

  describe('POST /api/auth/change-password', () => {
    it('refuses a wrong current password on its field and counts it as a failed sign-in', async () => {
      const a = await newAdmin();
      const token = await tokenOf(a.email);
      const ip = nextIp();
      const res = await change(
        token,
        { current_password: 'bukan-sandinya', new_password: 'Baru-Sekali-456' },
        ip,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: WRONG_CURRENT_PASSWORD,
        message: WRONG_CURRENT_PASSWORD,
        errors: { current_password: WRONG_CURRENT_PASSWORD },
      });
      const history = await t.db.query(
        `SELECT status, admin_id, ip_address FROM login_history WHERE email = $1 AND status = 'FAILED'`,
        [a.email],
      );
      expect(history.rows).toEqual([{ status: 'FAILED', admin_id: a.id, ip_address: ip }]);
      const events = await t.db.query(`SELECT event_type FROM security_events WHERE email = $1`, [a.email]);
      expect(events.rows).toEqual([{ event_type: 'FAILED_LOGIN' }]);
      // Nothing changed: the old password still signs in.
      expect((await signIn(a.email)).statusCode).toBe(200);
    });

    it('holds the new password to the rules of a new account, on its field', async () => {
      const a = await newAdmin();
      const token = await tokenOf(a.email);
      const cases: [string, string][] = [
        ['pendek1', PASSWORD_PROBLEM_MESSAGES.too_short],
        [a.email, PASSWORD_PROBLEM_MESSAGES.is_email],
        [a.email.toUpperCase(), PASSWORD_PROBLEM_MESSAGES.is_email],
        ['password123', PASSWORD_PROBLEM_MESSAGES.too_common],
        ['Sunshine1', PASSWORD_PROBLEM_MESSAGES.too_common],
        [PASSWORD, PASSWORD_PROBLEM_MESSAGES.unchanged],
      ];
      for (const [password, message] of cases) {
        const res = await change(token, { current_password: PASSWORD, new_password: password });
        expect(res.statusCode, password).toBe(400);
        expect(res.json().errors, password).toEqual({ new_password: message });
      }
      // None of these counted as a failed sign-in, and the password is as it was.
      const failed = await t.db.query(`SELECT 1 FROM login_history WHERE email = $1 AND status = 'FAILED'`, [
        a.email,
      ]);
      expect(failed.rows).toHaveLength(0);
      expect((await signIn(a.email)).statusCode).toBe(200);
    });

    it('refuses the name part of the email as a password', async () => {
      seq++;
      const email = `dokterkesehatan${seq}@dinkes.test`;
      const created = await t.request(superToken, {
        method: 'POST',
        url: '/api/master/web-admins',
        payload: { username: `dk${seq}`, email, password: PASSWORD, full_name: 'Dokter', role: 'admin' },
      });
      expect(created.statusCode).toBe(201);
      const token = await tokenOf(email);
      const res = await change(token, { current_password: PASSWORD, new_password: `DokterKesehatan${seq}` });
      expect(res.json().errors).toEqual({ new_password: PASSWORD_PROBLEM_MESSAGES.is_email });
    });

    it('names both fields when both are wrong, and missing fields by name', async () => {
      const a = await newAdmin();
      const token = await tokenOf(a.email);
      const both = await change(token, { current_password: 'salah-sandi-1', new_password: 'qwerty123' });
      expect(both.statusCode).toBe(400);
      expect(both.json().errors).toEqual({
        current_password: WRONG_CURRENT_PASSWORD,
        new_password: PASSWORD_PROBLEM_MESSAGES.too_common,
      });
      const missing = await change(token, {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toMatchObject({
        current_password: expect.any(String),
        new_password: expect.any(String),
      });
    });

    it('blocks the account after as many wrong current passwords as sign-ins allow', async () => {
      const a = await newAdmin();
      const token = await tokenOf(a.email);
      const limit = t.config.login.maxFailuresPerAccount;
      for (let i = 0; i < limit; i++) {
        const res = await change(
          token,
          { current_password: `salah-${i}-x`, new_password: 'Baru-Sekali-456' },
          nextIp(),
        );
        expect(res.statusCode).toBe(400);
      }
      const blocked = await change(
        token,
        { current_password: PASSWORD, new_password: 'Baru-Sekali-456' },
        nextIp(),
      );
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ error: LOGIN_BLOCKED, message: LOGIN_BLOCKED });
      // Sign-in is blocked as well, even with the right password, and nothing was changed.
      expect((await signIn(a.email)).statusCode).toBe(429);
      const events = await t.db.query(`SELECT event_type FROM security_events WHERE email = $1 ORDER BY id`, [
        a.email,
      ]);
      expect(events.rows.map((r) => r.event_type)).toContain('BRUTE_FORCE');
    });

    it('changes the password, ends every other session, keeps this one, and logs no password', async () => {
      const a = await newAdmin();
      const here = await tokenOf(a.email);
      const laptop = await tokenOf(a.email);
      const phone = await tokenOf(a.email, SAFARI_IPHONE);
      const bystander = await tokenOf((await newAdmin()).email);
      const next = 'Sandi-Baru-Sekali-789';
      const res = await change(here, { current_password: PASSWORD, new_password: next });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: PASSWORD_CHANGED, sessions_ended: 2 });

      expect((await me(here)).statusCode).toBe(200);
      expect((await me(laptop)).statusCode).toBe(401);
      expect((await me(phone)).statusCode).toBe(401);
      expect((await me(bystander)).statusCode).toBe(200);
      expect((await sessions(here)).json().data).toHaveLength(1);

      expect((await signIn(a.email, PASSWORD)).statusCode).toBe(401);
      expect((await signIn(a.email, next)).statusCode).toBe(200);

      const activity = await t.db.query<{ action: string; admin_id: number; row: string; details: any }>(
        `SELECT action, admin_id, l::text AS row, details FROM activity_logs l
          WHERE table_name = 'web_admins' AND record_id = $1 AND action = 'UPDATE'`,
        [String(a.id)],
      );
      expect(activity.rows).toHaveLength(1);
      expect(activity.rows[0]).toMatchObject({
        admin_id: a.id,
        details: { event: 'password_changed', sessions_ended: 2 },
      });
      await t.app.logs.flush();
      const leaks = await t.db.query(
        `SELECT (SELECT count(*)::int FROM activity_logs l WHERE l::text LIKE $1 OR l::text LIKE $2) +
                (SELECT count(*)::int FROM api_request_logs l WHERE l::text LIKE $1 OR l::text LIKE $2) +
                (SELECT count(*)::int FROM login_history l WHERE l::text LIKE $1 OR l::text LIKE $2) AS n`,
        [`%${PASSWORD}%`, `%${next}%`],
      );
      expect(leaks.rows[0].n).toBe(0);
    });
  });

  describe('the password rules of a new or edited web admin', () => {
    it('refuses a common password, the email, and a short one on the password field', async () => {
      const url = '/api/master/web-admins';
      const body = (password: string, n = ++seq) => ({
        username: `aturan${n}`,
        email: `aturan${n}@dinkes.test`,
        password,
        full_name: 'Aturan Sandi',
        role: 'admin',
      });
      const common = await t.request(superToken, { method: 'POST', url, payload: body('iloveyou1') });
      expect(common.statusCode).toBe(400);
      expect(common.json().errors).toEqual({ password: PASSWORD_PROBLEM_MESSAGES.too_common });
      const n = ++seq;
      const asEmail = await t.request(superToken, {
        method: 'POST',
        url,
        payload: body(`aturan${n}@dinkes.test`, n),
      });
      expect(asEmail.statusCode).toBe(400);
      expect(asEmail.json().errors).toEqual({ password: PASSWORD_PROBLEM_MESSAGES.is_email });
      const short = await t.request(superToken, { method: 'POST', url, payload: body('pendek') });
      expect(short.statusCode).toBe(400);
      expect(short.json().errors).toHaveProperty('password');

      const a = await newAdmin();
      const edit = await t.request(superToken, {
        method: 'PATCH',
        url: `${url}/${a.id}`,
        payload: { password: 'password1' },
      });
      expect(edit.statusCode).toBe(400);
      expect(edit.json().errors).toEqual({ password: PASSWORD_PROBLEM_MESSAGES.too_common });
      expect((await signIn(a.email)).statusCode).toBe(200);
    });
  });
});
