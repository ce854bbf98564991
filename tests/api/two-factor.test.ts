/**
 * Two-factor sign-in (TOTP): setup, enable with ten recovery codes, the two-step sign-in, codes
 * accepted once, wrong codes toward the lockout, the 5-minute mfa_token, disable, the roles that
 * must enrol first, and no secret in any log. Codes are computed here from the secret; the
 * clock (Date, which domain/clock.ts reads) is held still and moved by the test.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { dbTargets, startTestApp, DEMO_EMAILS, type TestApp } from './helper';
import { clockOffsetMs, now } from '../../src/domain/clock';
import { loadConfig } from '../../src/server/config';
import { twoFactorRequired } from '../../src/server/routes/two-factor/policy';
import { TWO_FACTOR_SETUP_REQUIRED } from '../../src/server/plugins/access';
import { LOGIN_BLOCKED } from '../../src/server/routes/auth';
import { CODE_WRONG } from '../../src/server/routes/two-factor/codes';
import { MFA_EXPIRED } from '../../src/server/routes/two-factor/verify';
import {
  ALREADY_ON,
  NOT_ON,
  NOT_STARTED,
  PASSWORD_WRONG,
} from '../../src/server/routes/two-factor/enrolment';

const PASSWORD = 'Rahasia-Sekali-123';
const STEP = 30_000;

describe('REQUIRE_2FA_ROLES', () => {
  it('is super_admin by default, a comma-separated list when set, none when empty', () => {
    expect(loadConfig({}, { secretKey: 'x' }).twoFactor.requiredRoles).toEqual(['super_admin']);
    const both = loadConfig({ REQUIRE_2FA_ROLES: 'super_admin, admin' }, { secretKey: 'x' });
    expect(both.twoFactor.requiredRoles).toEqual(['super_admin', 'admin']);
    expect(loadConfig({ REQUIRE_2FA_ROLES: '' }, { secretKey: 'x' }).twoFactor.requiredRoles).toEqual([]);
  });

  it('exempts the demo accounts only while DEMO=1', () => {
    const config = loadConfig({}, { secretKey: 'x' });
    const demoSuper = { role: 'super_admin', email: DEMO_EMAILS.super_admin };
    expect(twoFactorRequired({ ...config, demo: true }, demoSuper)).toBe(false);
    expect(twoFactorRequired({ ...config, demo: false }, demoSuper)).toBe(true);
    expect(twoFactorRequired(config, { role: 'super_admin', email: 'kepala@dinkes.go.id' })).toBe(true);
    expect(twoFactorRequired(config, { role: 'admin', email: 'kepala@dinkes.go.id' })).toBe(false);
  });
});

describe.each(dbTargets())('two-factor sign-in (%s)', (kind) => {
  let t: TestApp;
  let superToken: string;
  let seq = 0;
  /** The clock, in the clock's own milliseconds (NOW may move it from the wall clock). */
  let clock = 0;

  const setClock = (ms: number) => {
    clock = ms;
    vi.setSystemTime(ms - clockOffsetMs);
  };
  const advance = (ms: number) => setClock(clock + ms);
  const codeAt = (secret: string, ms = clock) =>
    new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: ms });
  /** A six-digit code that is none of the three accepted now. */
  const wrongCode = (secret: string) => {
    const good = [-1, 0, 1].map((d) => codeAt(secret, clock + d * STEP));
    return ['000000', '111111', '222222', '333333'].find((c) => !good.includes(c))!;
  };
  const post = (token: string | null, url: string, payload?: object) =>
    t.request(token, { method: 'POST', url, payload });
  const login = (email: string, password = PASSWORD) => post(null, '/api/auth/login', { email, password });
  const verify = (mfaToken: string, code: string) =>
    post(null, '/api/auth/2fa/verify', { mfa_token: mfaToken, code });
  const me = (token: string) => t.request(token, { method: 'GET', url: '/api/auth/me' });

  /** A new admin of this role, signed in (the token of a password-only session). */
  const newAdmin = async (role = 'admin') => {
    seq++;
    const email = `duafaktor${seq}@dinkes.test`;
    const res = await post(superToken, '/api/master/web-admins', {
      username: `duafaktor${seq}`,
      email,
      password: PASSWORD,
      full_name: `Admin Dua Faktor ${seq}`,
      role,
    });
    expect(res.statusCode, res.body).toBe(201);
    const signed = await login(email);
    expect(signed.statusCode, signed.body).toBe(200);
    return { id: res.json().id as number, email, token: signed.json().token as string };
  };
  /** Setup and enable for a signed-in admin: the secret and the recovery codes. */
  const enrol = async (token: string) => {
    const setup = await post(token, '/api/auth/2fa/setup');
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json();
    const enabled = await post(token, '/api/auth/2fa/enable', { code: codeAt(secret) });
    expect(enabled.statusCode, enabled.body).toBe(200);
    return { secret: secret as string, recoveryCodes: enabled.json().recovery_codes as string[] };
  };
  /** The password step of an admin with two-factor on: the mfa_token. */
  const passwordStep = async (email: string) => {
    const res = await login(email);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ mfa_required: true, mfa_token: expect.any(String) });
    return res.json().mfa_token as string;
  };
  const historyOf = async (email: string) =>
    (
      await t.db.query<{ status: string; failure_reason: string | null }>(
        `SELECT status, failure_reason FROM login_history WHERE email = $1 ORDER BY id`,
        [email],
      )
    ).rows;
  const eventsOf = async (email: string) =>
    (
      await t.db.query<{ event_type: string; severity: string; details: any }>(
        `SELECT event_type, severity, details FROM security_events WHERE email = $1 ORDER BY id`,
        [email],
      )
    ).rows;

  beforeAll(async () => {
    t = await startTestApp(kind, {
      patients: 5,
      config: {
        twoFactor: { requiredRoles: ['super_admin'] },
        login: { maxFailuresPerAccount: 4, maxFailuresPerIp: 1000, windowMinutes: 15 },
      },
    });
    superToken = await t.login(DEMO_EMAILS.super_admin);
    vi.useFakeTimers({ toFake: ['Date'] });
    // The middle of a step a little ahead: the clock only ever moves forward in this file.
    setClock(Math.ceil(now() / STEP) * STEP + STEP / 2);
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t?.close();
  });

  it('sets up with a new secret shown once and stored encrypted, pending until the first code', async () => {
    const a = await newAdmin();
    expect((await post(null, '/api/auth/2fa/setup')).statusCode).toBe(401);
    const res = await post(a.token, '/api/auth/2fa/setup');
    expect(res.statusCode, res.body).toBe(200);
    const { secret, otpauth_url: url } = res.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const parsed = new URL(url);
    expect(parsed.protocol).toBe('otpauth:');
    expect(parsed.searchParams.get('secret')).toBe(secret);
    expect(parsed.searchParams.get('issuer')).toBe('Dinkes Jakarta');
    expect(decodeURIComponent(parsed.pathname)).toContain(a.email);
    const stored = await t.db.query('SELECT totp_secret, totp_enabled_at FROM web_admins WHERE id = $1', [
      a.id,
    ]);
    expect(stored.rows[0].totp_secret).toMatch(/^v1:/);
    expect(stored.rows[0].totp_secret).not.toContain(secret);
    expect(stored.rows[0].totp_enabled_at).toBeNull();
    // Pending: the password alone still signs in.
    expect((await login(a.email)).json().token).toEqual(expect.any(String));
    // Enable before any setup is refused.
    const other = await newAdmin();
    const early = await post(other.token, '/api/auth/2fa/enable', { code: '123456' });
    expect([early.statusCode, early.json().error]).toEqual([409, NOT_STARTED]);
  });

  it('enables with a right code only, answers ten recovery codes once and keeps only their hashes', async () => {
    const a = await newAdmin();
    const { secret } = (await post(a.token, '/api/auth/2fa/setup')).json();
    const wrong = await post(a.token, '/api/auth/2fa/enable', { code: wrongCode(secret) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ code: CODE_WRONG });
    const bad = await post(a.token, '/api/auth/2fa/enable', { code: '12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('code');

    const res = await post(a.token, '/api/auth/2fa/enable', { code: codeAt(secret) });
    expect(res.statusCode, res.body).toBe(200);
    const codes: string[] = res.json().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
    const stored = await t.db.query<{ code_hash: string }>(
      'SELECT code_hash FROM two_factor_recovery_codes WHERE admin_id = $1',
      [a.id],
    );
    expect(stored.rows).toHaveLength(10);
    const hashes = stored.rows.map((r) => r.code_hash).join(' ');
    for (const c of codes) expect(hashes).not.toContain(c.replace('-', ''));
    expect((await eventsOf(a.email)).map((e) => e.event_type)).toEqual(['MFA_ENABLED']);
    expect((await me(a.token)).json().two_factor).toEqual({
      enabled: true,
      required: false,
      setup_required: false,
    });
    const status = await t.request(a.token, { method: 'GET', url: '/api/auth/2fa' });
    expect(status.json()).toEqual({ enabled: true, required: false, recovery_codes_left: 10 });

    // Neither a new setup nor a second enable while it is on.
    const again = await post(a.token, '/api/auth/2fa/setup');
    expect([again.statusCode, again.json().error]).toEqual([409, ALREADY_ON]);
    const twice = await post(a.token, '/api/auth/2fa/enable', { code: codeAt(secret) });
    expect([twice.statusCode, twice.json().error]).toEqual([409, ALREADY_ON]);
  });

  it('asks for the code after the password, and accepts the current step and the ones beside it, each once', async () => {
    const a = await newAdmin();
    const { secret } = await enrol(a.token);
    const sessionsBefore = (await t.db.query('SELECT count(*)::int AS n FROM sessions')).rows[0].n;
    advance(2 * STEP);

    // The step before: a session, the usual answer.
    const res = await verify(await passwordStep(a.email), codeAt(secret, clock - STEP));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      token: expect.any(String),
      user: expect.objectContaining({ email: a.email }),
    });
    expect((await me(res.json().token)).statusCode).toBe(200);
    expect((await t.db.query('SELECT count(*)::int AS n FROM sessions')).rows[0].n).toBe(sessionsBefore + 1);

    // The same code again, on a new challenge: refused.
    const reused = await verify(await passwordStep(a.email), codeAt(secret, clock - STEP));
    expect([reused.statusCode, reused.json().errors]).toEqual([401, { code: CODE_WRONG }]);
    // The step after, then the current one (older than the last accepted): refused.
    const challenge = await passwordStep(a.email);
    expect((await verify(challenge, codeAt(secret, clock + STEP))).statusCode).toBe(200);
    expect((await verify(await passwordStep(a.email), codeAt(secret))).statusCode).toBe(401);
    // A challenge is answered once.
    expect((await verify(challenge, codeAt(secret, clock + STEP))).json().error).toBe(MFA_EXPIRED);
    // Two steps away: refused.
    advance(3 * STEP);
    expect((await verify(await passwordStep(a.email), codeAt(secret, clock + 2 * STEP))).statusCode).toBe(
      401,
    );
    expect((await verify(await passwordStep(a.email), codeAt(secret, clock - 2 * STEP))).statusCode).toBe(
      401,
    );
    // A code with a space, as apps show it.
    const spaced = codeAt(secret).replace(/^(\d{3})/, '$1 ');
    expect((await verify(await passwordStep(a.email), spaced)).statusCode).toBe(200);
    expect((await verify('tidak-ada', codeAt(secret))).json().error).toBe(MFA_EXPIRED);

    const history = await historyOf(a.email);
    expect(history.filter((h) => h.status === 'MFA_REQUIRED')).toHaveLength(7);
    expect(history.filter((h) => h.status === 'SUCCESS')).toHaveLength(4); // the first sign-in, then 3
    expect(history.filter((h) => h.status === 'FAILED').map((h) => h.failure_reason)).toEqual(
      Array(4).fill('wrong code'),
    );
    const failures = (await eventsOf(a.email)).filter((e) => e.event_type === 'FAILED_LOGIN');
    expect(failures.map((e) => e.details.step)).toEqual(Array(4).fill('code'));
  });

  it('signs in with an unused recovery code, in any case and without its dash, once', async () => {
    const a = await newAdmin();
    const { recoveryCodes } = await enrol(a.token);
    const typed = recoveryCodes[3].replace('-', '').toUpperCase();
    const res = await verify(await passwordStep(a.email), typed);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().recovery_codes_left).toBe(9);
    const status = await t.request(res.json().token, { method: 'GET', url: '/api/auth/2fa' });
    expect(status.json().recovery_codes_left).toBe(9);
    expect((await me(res.json().token)).statusCode).toBe(200);
    const again = await verify(await passwordStep(a.email), recoveryCodes[3]);
    expect([again.statusCode, again.json().error]).toEqual([401, CODE_WRONG]);
    expect((await verify(await passwordStep(a.email), 'abcde-fghjk')).statusCode).toBe(401);
    const used = (await eventsOf(a.email)).find((e) => e.event_type === 'RECOVERY_CODE_USED');
    expect(used).toMatchObject({ severity: 'MEDIUM', details: { recovery_codes_left: 9 } });
  });

  it('counts wrong codes toward the lockout like wrong passwords', async () => {
    const a = await newAdmin();
    const { secret } = await enrol(a.token);
    advance(1_000); // the failures come after the last success
    const challenge = await passwordStep(a.email);
    for (let i = 0; i < 4; i++) {
      const res = await verify(challenge, wrongCode(secret));
      expect(res.statusCode).toBe(401);
    }
    // Blocked now: the right code too, and the password step.
    const blocked = await verify(challenge, codeAt(secret));
    expect([blocked.statusCode, blocked.json().error]).toEqual([429, LOGIN_BLOCKED]);
    expect((await login(a.email)).statusCode).toBe(429);
    expect((await eventsOf(a.email)).map((e) => e.event_type)).toEqual([
      'MFA_ENABLED',
      'FAILED_LOGIN',
      'FAILED_LOGIN',
      'FAILED_LOGIN',
      'FAILED_LOGIN',
      'BRUTE_FORCE',
    ]);
    expect((await historyOf(a.email)).map((h) => h.status).slice(-6)).toEqual([
      'FAILED',
      'FAILED',
      'FAILED',
      'FAILED',
      'BLOCKED',
      'BLOCKED',
    ]);
  });

  it('lets an mfa_token live 5 minutes by the clock', async () => {
    const a = await newAdmin();
    const { secret } = await enrol(a.token);
    const early = await passwordStep(a.email);
    const late = await passwordStep(a.email);
    advance(5 * 60_000 - 2_000);
    expect((await verify(early, codeAt(secret))).statusCode).toBe(200);
    advance(3_000);
    const expired = await verify(late, codeAt(secret, clock + STEP));
    expect([expired.statusCode, expired.json().error]).toEqual([401, MFA_EXPIRED]);
  });

  it('disables with the password and a code; wrong ones are refused by field and counted', async () => {
    const a = await newAdmin();
    expect(
      (await post(a.token, '/api/auth/2fa/disable', { password: PASSWORD, code: '123456' })).json().error,
    ).toBe(NOT_ON);
    const { secret, recoveryCodes } = await enrol(a.token);
    advance(STEP);
    const missing = await post(a.token, '/api/auth/2fa/disable', { code: codeAt(secret) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('password');
    const wrongPassword = await post(a.token, '/api/auth/2fa/disable', {
      password: 'salah-sekali',
      code: codeAt(secret),
    });
    expect([wrongPassword.statusCode, wrongPassword.json().errors]).toEqual([
      400,
      { password: PASSWORD_WRONG },
    ]);
    const badCode = await post(a.token, '/api/auth/2fa/disable', {
      password: PASSWORD,
      code: wrongCode(secret),
    });
    expect([badCode.statusCode, badCode.json().errors]).toEqual([400, { code: CODE_WRONG }]);
    expect(
      (await historyOf(a.email)).filter((h) => h.status === 'FAILED').map((h) => h.failure_reason),
    ).toEqual(['wrong password (2fa disable)', 'wrong code (2fa disable)']);

    // A recovery code does it too (the authenticator is lost).
    const res = await post(a.token, '/api/auth/2fa/disable', { password: PASSWORD, code: recoveryCodes[0] });
    expect(res.statusCode, res.body).toBe(200);
    const row = await t.db.query(
      `SELECT totp_secret, totp_enabled_at, (SELECT count(*)::int FROM two_factor_recovery_codes WHERE admin_id = $1) AS codes
         FROM web_admins WHERE id = $1`,
      [a.id],
    );
    expect(row.rows[0]).toEqual({ totp_secret: null, totp_enabled_at: null, codes: 0 });
    expect((await eventsOf(a.email)).at(-1)).toMatchObject({
      event_type: 'MFA_DISABLED',
      severity: 'MEDIUM',
    });
    expect((await login(a.email)).json().token).toEqual(expect.any(String));
  });

  it('after the code, a temporary password still has to be changed', async () => {
    const a = await newAdmin();
    const { secret } = await enrol(a.token);
    await post(superToken, `/api/master/web-admins/${a.id}/temporary-password`, {
      password: 'Sementara-2026',
    });
    const step = await login(a.email, 'Sementara-2026');
    advance(STEP);
    const verified = await verify(step.json().mfa_token, codeAt(secret));
    expect(verified.json()).toMatchObject({ token: expect.any(String), password_change_required: true });
    const list = await t.request(verified.json().token, { method: 'GET', url: '/api/master/patients' });
    expect(list.json().code).toBe('password_change_required');
  });

  it('a required role given a temporary password enrols first, then changes the password', async () => {
    const a = await newAdmin('super_admin');
    const set = await post(superToken, `/api/master/web-admins/${a.id}/temporary-password`, {
      password: 'Sementara-2026',
    });
    expect(set.statusCode, set.body).toBe(200);
    const signed = await login(a.email, 'Sementara-2026');
    expect(signed.json()).toMatchObject({ two_factor_setup_required: true, password_change_required: true });
    const token = signed.json().token;
    // The change waits for the enrolment, which the temporary password does not hold up.
    const early = await post(token, '/api/auth/change-password', {
      current_password: 'Sementara-2026',
      new_password: 'Milik-Saya-2026',
    });
    expect(early.json().code).toBe('two_factor_setup_required');
    await enrol(token);
    const list = await t.request(token, { method: 'GET', url: '/api/master/patients' });
    expect([list.statusCode, list.json().code]).toEqual([403, 'password_change_required']);
    const changed = await post(token, '/api/auth/change-password', {
      current_password: 'Sementara-2026',
      new_password: 'Milik-Saya-2026',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await t.request(token, { method: 'GET', url: '/api/master/patients' })).statusCode).toBe(200);
  });

  it('holds a required role to enrolment before anything else, and lets the demo super admin through', async () => {
    const a = await newAdmin('super_admin');
    const signed = await login(a.email);
    expect(signed.json()).toMatchObject({ token: expect.any(String), two_factor_setup_required: true });
    const token = signed.json().token;
    const profile = (await me(token)).json();
    expect(profile.menus).toEqual([]);
    expect(profile.two_factor).toEqual({ enabled: false, required: true, setup_required: true });
    const refused = await t.request(token, { method: 'GET', url: '/api/master/patients' });
    expect([refused.statusCode, refused.json().error]).toEqual([403, TWO_FACTOR_SETUP_REQUIRED]);
    expect(refused.json().code).toBe('two_factor_setup_required');

    await enrol(token);
    expect((await t.request(token, { method: 'GET', url: '/api/master/patients' })).statusCode).toBe(200);
    expect((await me(token)).json().menus).toContain('/master/patients');
    expect((await login(a.email)).json().mfa_required).toBe(true);

    // The demo super admin (DEMO=1) signs in as before.
    const demo = await post(null, '/api/auth/login', {
      email: DEMO_EMAILS.super_admin,
      password: t.config.demoPassword,
    });
    expect(demo.json()).toEqual({ token: expect.any(String), user: expect.any(Object) });
    expect((await me(demo.json().token)).json().two_factor).toEqual({
      enabled: false,
      required: false,
      setup_required: false,
    });
  });

  it('keeps secrets and codes out of the logs', async () => {
    const a = await newAdmin();
    const { secret, recoveryCodes } = await enrol(a.token);
    advance(STEP);
    const code = codeAt(secret);
    const mfaToken = await passwordStep(a.email);
    const res = await verify(mfaToken, code);
    expect(res.statusCode).toBe(200);
    await t.app.logs.flush();
    const { rows } = await t.db.query<{ text: string }>(
      `SELECT concat_ws(' ', request_data::text, response_data::text) AS text FROM api_request_logs
        WHERE url LIKE '/api/auth/2fa/%' OR url = '/api/auth/login'`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(4);
    const logged = rows.map((r) => r.text).join('\n');
    for (const s of [secret, code, mfaToken, res.json().token, ...recoveryCodes])
      expect(logged).not.toContain(s);
    expect(logged).toContain('"code": "[REDACTED]"');
    const other = await t.db.query<{ text: string }>(
      `SELECT (SELECT string_agg(concat_ws(' ', description, details::text), ' ') FROM security_events) ||
              (SELECT string_agg(concat_ws(' ', failure_reason, user_agent), ' ') FROM login_history) AS text`,
    );
    for (const s of [secret, code, ...recoveryCodes]) expect(other.rows[0].text).not.toContain(s);
  });
});
