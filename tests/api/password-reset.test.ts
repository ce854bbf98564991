/**
 * 'Lupa Password?': a single-use link by e-mail (to a loopback SMTP server of the test), the same
 * answer for an unknown address, limits, every session ended after a reset; without SMTP, whom
 * to ask; a super admin's temporary password that must be changed at the next sign-in.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { dbTargets, startTestApp, testConfig, DEMO_EMAILS, type TestApp } from './helper';
import { RESET_MESSAGES } from '../../src/server/routes/account/password-reset';
import { PASSWORD_CHANGE_REQUIRED } from '../../src/server/plugins/access';
import { startMailbox, textOf, tokenOf } from './mailbox';

describe.each(dbTargets())('password reset (%s)', (kind) => {
  let t: TestApp;
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;
  const post = (url: string, payload: object, token: string | null = null) =>
    t.request(token, { method: 'POST', url, payload });

  beforeAll(async () => {
    mailbox = await startMailbox();
    const base = testConfig();
    t = await startTestApp(kind, {
      patients: 5,
      config: {
        passwordReset: {
          ...base.passwordReset,
          smtpUrl: mailbox.url,
          publicUrl: 'https://konsol.example',
          maxPerEmail: 2,
        },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await mailbox?.close();
  });

  it('sends a single-use link that sets a new password and ends every session', async () => {
    const options = await t.request(null, { method: 'GET', url: '/api/auth/password-reset' });
    expect(options.json()).toEqual({ email: true, message: '' });

    const before = await t.login(DEMO_EMAILS.staff);
    const mail = mailbox.next();
    const asked = await post('/api/auth/password-reset', { email: DEMO_EMAILS.staff.toUpperCase() });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ message: RESET_MESSAGES.sent });
    const received = await mail;
    expect(received.to).toBe(DEMO_EMAILS.staff);
    expect(textOf(received)).toContain('https://konsol.example/reset-password?token=');
    const token = decodeURIComponent(tokenOf(received));
    // Only the token's hash is stored.
    const stored = await t.db.query('SELECT token_hash FROM password_resets WHERE token_hash IS NOT NULL');
    expect(stored.rows.map((r) => r.token_hash)).not.toContain(token);

    const weak = await post('/api/auth/password-reset/confirm', { token, new_password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(Object.keys(weak.json().errors)).toEqual(['new_password']);

    const done = await post('/api/auth/password-reset/confirm', { token, new_password: 'Lupa-Pasword-2026' });
    expect(done.statusCode).toBe(200);
    expect((await t.request(before, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    expect(await t.login(DEMO_EMAILS.staff, 'Lupa-Pasword-2026')).toBeTruthy();

    const again = await post('/api/auth/password-reset/confirm', { token, new_password: 'Lain-Lagi-2026!' });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual({ token: RESET_MESSAGES.invalidLink });
  });

  it('answers an unknown address as a known one, sends nothing, and limits the requests', async () => {
    const count = mailbox.received.length;
    const unknown = await post('/api/auth/password-reset', { email: 'tidak.ada@demo.local' });
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json()).toEqual({ message: RESET_MESSAGES.sent });
    await post('/api/auth/password-reset', { email: 'tidak.ada@demo.local' });
    const third = await post('/api/auth/password-reset', { email: 'tidak.ada@demo.local' });
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe(RESET_MESSAGES.tooMany);
    await new Promise((r) => setTimeout(r, 200));
    expect(mailbox.received.length).toBe(count);
  });

  it('refuses a link past its time', async () => {
    const mail = mailbox.next();
    await post('/api/auth/password-reset', { email: DEMO_EMAILS.viewer });
    const token = decodeURIComponent(tokenOf(await mail));
    await t.db.query(`UPDATE password_resets SET expires_at = app_now() - interval '1 second'`);
    const late = await post('/api/auth/password-reset/confirm', { token, new_password: 'Terlambat-2026!' });
    expect(late.statusCode).toBe(400);
    expect(late.json().errors).toEqual({ token: RESET_MESSAGES.invalidLink });
  });

  it("a super admin's temporary password must be changed before anything else", async () => {
    const superAdmin = await t.login(DEMO_EMAILS.super_admin);
    const { rows } = await t.db.query('SELECT id FROM web_admins WHERE email = $1', [DEMO_EMAILS.admin]);
    const url = `/api/master/web-admins/${rows[0].id}/temporary-password`;
    const old = await t.login(DEMO_EMAILS.admin);
    // Only a super admin sets one, under the password rules.
    expect((await post(url, { password: 'Sementara-2026' }, old)).statusCode).toBe(403);
    expect((await post(url, { password: 'pendek' }, superAdmin)).statusCode).toBe(400);
    const set = await post(url, { password: 'Sementara-2026' }, superAdmin);
    expect(set.statusCode).toBe(200);
    expect((await t.request(old, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);

    const login = await post('/api/auth/login', { email: DEMO_EMAILS.admin, password: 'Sementara-2026' });
    expect(login.json().password_change_required).toBe(true);
    const session = login.json().token as string;
    const me = await t.request(session, { method: 'GET', url: '/api/auth/me' });
    expect(me.json()).toMatchObject({ password_change_required: true, menus: [] });
    const list = await t.request(session, { method: 'GET', url: '/api/master/patients' });
    expect(list.statusCode).toBe(403);
    expect(list.json().message).toBe(PASSWORD_CHANGE_REQUIRED);

    const changed = await post(
      '/api/auth/change-password',
      { current_password: 'Sementara-2026', new_password: 'Milik-Saya-2026' },
      session,
    );
    expect(changed.statusCode).toBe(200);
    expect((await t.request(session, { method: 'GET', url: '/api/master/patients' })).statusCode).toBe(200);
  });
});

describe('password reset without SMTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { patients: 5 });
  });
  afterAll(() => t?.close());

  it('says whom to ask, and sends no link', async () => {
    const options = await t.request(null, { method: 'GET', url: '/api/auth/password-reset' });
    expect(options.json()).toEqual({ email: false, message: RESET_MESSAGES.noEmail });
    const asked = await t.request(null, {
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: DEMO_EMAILS.staff },
    });
    expect(asked.statusCode).toBe(503);
    expect(asked.json().message).toBe(RESET_MESSAGES.noEmail);
  });
});
