/**
 * Logs from real traffic: requests go through the real app, then are found through the log
 * API (after the log buffer is flushed, as it is every second in a running server).
 */
import { describe, it, expect, beforeAll, afterAll, vi } from 'vitest';
import { dbTargets, startTestApp, DEMO_EMAILS, type TestApp } from './helper';
import { makeNik } from '../../src/domain/nik';

describe.each(dbTargets())('logs capture (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let superadmin: string;

  const get = async (url: string, token = admin) => {
    const res = await t.request(token, { method: 'GET', url });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  // The log rows are taken after the answer: give the response hooks a turn, then flush.
  const flush = async () => {
    await new Promise((r) => setImmediate(r));
    await t.app.logs.flush();
  };

  beforeAll(async () => {
    t = await startTestApp(kind, { patients: 10 });
    admin = await t.login(DEMO_EMAILS.admin);
    superadmin = await t.login(DEMO_EMAILS.super_admin);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows a patient update in the activity log with old and new values, and a view of the record', async () => {
    const { rows } = await t.db.query('SELECT id, full_name FROM patients ORDER BY id LIMIT 1');
    const { id, full_name } = rows[0];
    await flush();
    const before = Number(
      (await t.db.query('SELECT coalesce(max(id), 0) AS id FROM activity_logs')).rows[0].id,
    );
    const opened = await t.request(admin, { method: 'GET', url: `/api/master/patients/${id}` });
    expect(opened.statusCode).toBe(200);
    const res = await t.request(admin, {
      method: 'PATCH',
      url: `/api/master/patients/${id}`,
      payload: { full_name: 'Rina Log Diubah' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await flush();

    const updates = await get('/api/logs/activity?action=UPDATE&table_name=patients&limit=10');
    const row = updates.data.find((r: any) => r.record_id === String(id));
    expect(row).toMatchObject({
      action: 'UPDATE',
      username: 'admin',
      table_name: 'patients',
      response_status: 200,
    });
    expect(JSON.parse(row.old_values)).toMatchObject({ full_name });
    expect(JSON.parse(row.new_values)).toMatchObject({ full_name: 'Rina Log Diubah' });
    expect(updates.pagination).toMatchObject({ total: expect.any(Number), totalPages: expect.any(Number) });

    // The view is recorded beside its answer: under load it may land after the update's.
    const view = await vi.waitFor(
      async () => {
        await flush();
        const views = await get(`/api/logs/activity?action=VIEW&table_name=patients&limit=100`);
        // This view's row, not one of the seeded ones (whose times may lie after the test's clock).
        const found = views.data.find((r: any) => Number(r.id) > before && r.record_id === String(id));
        if (!found) throw new Error('no VIEW of the patient yet');
        return found;
      },
      { timeout: 5000, interval: 100 },
    );
    expect(view).toMatchObject({
      action: 'VIEW',
      table_name: 'patients',
      record_id: String(id),
      username: 'admin',
    });
  });

  it('never keeps a password or token in any log', async () => {
    const secret = 'Rahasia-Sekali-77';
    const { rows } = await t.db.query(`SELECT id FROM web_admins WHERE email = $1`, [DEMO_EMAILS.viewer]);
    const res = await t.request(superadmin, {
      method: 'PATCH',
      url: `/api/master/web-admins/${rows[0].id}`,
      payload: { password: secret },
    });
    expect(res.statusCode, res.body).toBe(200);
    const login = await t.request(null, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: DEMO_EMAILS.viewer, password: secret },
    });
    expect(login.statusCode).toBe(200);
    const token = login.json().token as string;
    await flush();

    const activity = await get('/api/logs/activity?table_name=web_admins&action=UPDATE', superadmin);
    const change = activity.data.find((r: any) => r.record_id === String(rows[0].id));
    expect(JSON.parse(change.new_values).password).toBe('[REDACTED]');
    const requests = await get('/api/logs/api-requests?url=/api/auth/login&method=POST', superadmin);
    const signIn = requests.logs[0];
    expect(signIn.request_data.body).toEqual({ email: DEMO_EMAILS.viewer, password: '[REDACTED]' });
    expect(signIn.response_data.token).toBe('[REDACTED]');

    for (const table of [
      'activity_logs',
      'api_request_logs',
      'system_logs',
      'security_events',
      'login_history',
    ]) {
      const { rows: leaks } = await t.db.query(
        `SELECT count(*)::int AS n FROM ${table} l WHERE l::text LIKE $1 OR l::text LIKE $2`,
        [`%${secret}%`, `%${token}%`],
      );
      expect(leaks[0].n, table).toBe(0);
    }
  });

  it('puts a wrong password in the login history and the security events', async () => {
    const res = await t.request(null, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: DEMO_EMAILS.staff, password: 'salah-sekali' },
      headers: { 'user-agent': 'logs-test-agent' },
    });
    expect(res.statusCode).toBe(401);
    await flush();
    const history = await get('/api/logs/login-history?status=FAILED&limit=5');
    expect(history.data[0]).toMatchObject({
      email: DEMO_EMAILS.staff,
      status: 'FAILED',
      user_agent: 'logs-test-agent',
      ip_address: expect.any(String),
    });
    const events = await get('/api/logs/security-events?event_type=FAILED_LOGIN&limit=5');
    expect(events.data[0]).toMatchObject({ event_type: 'FAILED_LOGIN', severity: 'LOW', is_resolved: false });
    expect(events.data[0].description).toContain(DEMO_EMAILS.staff);
  });

  it('fills the session length at logout', async () => {
    const token = await t.login(DEMO_EMAILS.staff);
    expect((await t.request(token, { method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
    const history = await get('/api/logs/login-history?status=SUCCESS&limit=5');
    const row = history.data.find((r: any) => r.email === DEMO_EMAILS.staff);
    expect(row.session_duration_minutes).toBe(0);
    expect(row.logout_time).toEqual(expect.any(String));
  });

  it('logs a forced 5xx in the system log (with its request id) and the API errors', async () => {
    await t.db.query('ALTER TABLE master_poli RENAME TO master_poli_away');
    let res;
    try {
      res = await t.request(admin, { method: 'GET', url: '/api/master/poli?page=1&limit=10' });
    } finally {
      await t.db.query('ALTER TABLE master_poli_away RENAME TO master_poli');
    }
    expect(res.statusCode).toBe(500);
    const requestId = res.headers['x-request-id'];
    expect(requestId).toEqual(expect.any(String));
    // The system log row is taken after the answer: written at the latest a few turns later.
    const entry = await vi.waitFor(async () => {
      await flush();
      const system = await get('/api/logs/system?level=ERROR&category=DATABASE&limit=10');
      const found = system.data.find((r: any) => r.request_id === requestId);
      expect(found).toMatchObject({ level: 'ERROR', category: 'DATABASE', username: 'admin' });
      return found;
    });
    expect(entry.message).toContain('/api/master/poli');

    const errors = await get('/api/logs/api-errors?period=1h');
    expect(errors.errors).toContainEqual(
      expect.objectContaining({
        url: '/api/master/poli',
        method: 'GET',
        status_code: 500,
        error_count: 1,
        affected_users: 1,
      }),
    );
    const requests = await get('/api/logs/api-requests?statusClass=5xx');
    expect(requests.logs.map((l: any) => l.request_id)).toContain(requestId);
    expect(requests.total).toBeGreaterThanOrEqual(1);
  });

  it('raises SUSPICIOUS_ACTIVITY for a storm of 403s', async () => {
    const staff = await t.login(DEMO_EMAILS.staff);
    for (let i = 0; i < 10; i++) {
      expect((await t.request(staff, { method: 'GET', url: '/api/logs/stats' })).statusCode).toBe(403);
    }
    // The refusals are counted after each answer: the event is written once the last one is.
    const event = await vi.waitFor(async () => {
      await flush();
      const events = await get('/api/logs/security-events?event_type=SUSPICIOUS_ACTIVITY&is_resolved=false');
      const found = events.data.find((e: any) => e.email === DEMO_EMAILS.staff);
      expect(found).toMatchObject({ severity: 'MEDIUM', is_resolved: false });
      return found;
    });
    expect(event.description).toContain('staff');

    const resolved = await t.request(admin, {
      method: 'PATCH',
      url: `/api/logs/security-events/${event.id}/resolve`,
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({ id: event.id, is_resolved: true, resolved_by_username: 'admin' });
    expect(resolved.json().resolved_at).toEqual(expect.any(String));
    const missing = await t.request(admin, {
      method: 'PATCH',
      url: '/api/logs/security-events/999999999/resolve',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('masks a NIK in the request log', async () => {
    const nik = makeNik('317101', '1991-04-12', 'L', 77);
    const res = await t.request(admin, {
      method: 'GET',
      url: `/api/master/patients?search=${nik}`,
    });
    expect(res.statusCode).toBe(200);
    const masked = `${nik.slice(0, 6)}******${nik.slice(12)}`;
    // This request's row, found by its masked address (the seeded rows' times may lie after the
    // test's clock, so the newest rows need not hold it).
    const row = await vi.waitFor(
      async () => {
        await flush();
        const { logs } = await get(
          `/api/logs/api-requests?url=${encodeURIComponent(masked)}&method=GET&limit=5`,
        );
        const found = logs.find((l: any) => l.request_data?.query?.search);
        if (!found) throw new Error('no log row of the search yet');
        return found;
      },
      { timeout: 5000, interval: 100 },
    );
    expect(row.request_data.query.search).toBe(masked);
    expect(row.url).toContain(masked);
    const { rows } = await t.db.query(
      `SELECT count(*)::int AS n FROM api_request_logs l WHERE l::text LIKE $1`,
      [`%${nik}%`],
    );
    expect(rows[0].n).toBe(0);
  });

  it('gives the stats of the last 7 days', async () => {
    const stats = await get('/api/logs/stats?period=7d');
    expect(stats.activity.total_activities).toBeGreaterThan(0);
    expect(stats.login.total_logins).toBeGreaterThanOrEqual(stats.login.successful_logins);
    expect(stats.system.total_logs).toBeGreaterThanOrEqual(stats.system.errors);
    expect(stats.security.total_events).toBeGreaterThanOrEqual(stats.security.unresolved_events);
    const { rows } = await t.db.query(
      `SELECT count(*)::int AS n FROM login_history WHERE login_time >= app_now() - interval '7 days' AND status = 'SUCCESS'`,
    );
    expect(stats.login.successful_logins).toBe(rows[0].n);
    const bad = await t.request(admin, { method: 'GET', url: '/api/logs/stats?period=7x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('period');
  });

  it('lets only the super admin run the retention cleanup, and logs the run', async () => {
    await t.db.query(
      `INSERT INTO system_logs (level, category, message, created_at) VALUES ('INFO', 'API', 'sangat lama', app_now() - interval '400 days')`,
    );
    expect(
      (await t.request(admin, { method: 'POST', url: '/api/logs/cleanup', payload: {} })).statusCode,
    ).toBe(403);
    const res = await t.request(superadmin, {
      method: 'POST',
      url: '/api/logs/cleanup',
      payload: { days: 365 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().deleted.system_logs).toBe(1);
    await flush();
    const { data } = await get('/api/logs/system?category=DATABASE&limit=5');
    expect(data[0].message).toContain('Retensi log (365 hari)');
    expect(data[0].username).toBe('superadmin');
  });
});
