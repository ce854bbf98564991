/**
 * The change stream (GET /api/events): who is told of what (every role, the facility scope, a
 * role or menu change mid-stream), replay by Last-Event-ID, the single-use expiring ticket, and
 * streams closed when their session ends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/server/security/passwords';
import { ROLES, type Role } from '../../src/domain/roles';
import { dbTargets, demoFacilities, DEMO_EMAILS, startTestApp, type TestApp } from './helper';
import { delivered, listening, SseReader } from './events-helper';
import { csv, importFile, PATIENT_HEADERS, patientCells } from './import-helper';

const PATIENTS = '/api/master/patients';

describe.each(dbTargets())('change stream (%s)', (kind) => {
  let t: TestApp;
  let base: string;
  const tokens = {} as Record<Role, string>;
  const readers: SseReader[] = [];
  const open = async (options: Parameters<typeof SseReader.open>[1]) => {
    const r = await SseReader.open(base, options);
    readers.push(r);
    return r;
  };
  const patch = async (url: string, payload: object, token = tokens.super_admin) => {
    const res = await t.request(token, { method: 'PATCH', url, payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** A patient moved to this facility by the super admin: the change's id and version. */
  const patientIn = async (facility: number, name: string, slot = 0) => {
    const { rows } = await t.db.query<{ id: number }>(
      'SELECT id FROM patients ORDER BY id LIMIT 1 OFFSET $1',
      [slot],
    );
    return patch(`${PATIENTS}/${rows[0].id}`, { medical_facility_id: facility, full_name: name });
  };

  beforeAll(async () => {
    t = await startTestApp(kind, {
      patients: 10,
      config: { events: { heartbeatMs: 300, retentionMinutes: 15 } },
    });
    base = await listening(t);
    for (const role of ROLES) tokens[role] = await t.login(DEMO_EMAILS[role]);
  }, 180_000);
  afterAll(async () => {
    for (const r of readers) await r.close();
    await t?.close();
  }, 120_000);

  it('answers 401 without a session; a ticket opens one stream, once, and not after 30 s', async () => {
    const none = await t.request(null, { method: 'GET', url: '/api/events' });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBeTruthy();
    expect((await t.request(null, { method: 'POST', url: '/api/events/ticket' })).statusCode).toBe(401);
    expect((await open({ ticket: 'not-a-ticket' })).status).toBe(401);

    const issued = await t.request(tokens.staff, { method: 'POST', url: '/api/events/ticket' });
    expect(issued.statusCode).toBe(201);
    const { ticket, expiresInSeconds } = issued.json();
    expect(expiresInSeconds).toBe(30);
    const first = await open({ ticket });
    expect(first.status).toBe(200);
    expect((await open({ ticket })).status).toBe(401);

    const late = (await t.request(tokens.staff, { method: 'POST', url: '/api/events/ticket' })).json().ticket;
    await t.db.query(
      `UPDATE event_tickets SET expires_at = app_now() - interval '1 second' WHERE ticket_hash = $1`,
      [hashToken(late)],
    );
    expect((await open({ ticket: late })).status).toBe(401);
    // The stream is kept open by a heartbeat comment.
    await first.closedWithin(1000);
    expect(first.ended).toBe(false);
    expect(first.pings).toBeGreaterThan(0);
  });

  it('tells each role only of records it may read; a facility user only of its own facility', async () => {
    const by: Record<string, SseReader> = {};
    for (const role of ROLES) by[role] = await open({ token: tokens[role] });
    const { own, other } = await demoFacilities(t);
    const mine = await patientIn(own, 'Siti Live');
    const theirs = await patientIn(other, 'Budi Live', 1);
    const poli = (
      await t.request(tokens.super_admin, { method: 'GET', url: '/api/master/poli?limit=1' })
    ).json().data[0];
    await patch(`/api/master/poli/${poli.id}`, { description: 'Poli umum (diubah)' });
    await delivered(t, by.super_admin);

    const told = (role: Role) => by[role].changes('master/patients').flatMap((e) => e.data.ids);
    for (const role of ['super_admin', 'admin'] as Role[]) {
      expect(told(role)).toEqual(expect.arrayContaining([String(mine.id), String(theirs.id)]));
      expect(by[role].changes('master/poli').map((e) => e.data.ids)).toContainEqual([String(poli.id)]);
    }
    // The facility user hears of its own patient, never of the other facility's, not even its id.
    expect(told('medical_facility')).toContain(String(mine.id));
    expect(told('medical_facility')).not.toContain(String(theirs.id));
    expect(JSON.stringify(by.medical_facility.events)).not.toContain('Budi');
    // Staff and viewers have no master data menus: not a word of it.
    expect(told('staff')).toEqual([]);
    expect(by.viewer.events.filter((e) => e.event === 'change')).toEqual([]);

    const change = by.admin.changes('master/patients').find((e) => e.data.ids.includes(String(mine.id)))!;
    expect(change.data).toMatchObject({
      kind: 'updated',
      versions: [mine.version],
      by: { id: expect.any(String), name: expect.any(String) },
    });
    expect(Number(change.id)).toBeGreaterThan(0);
  });

  it('applies a role change and a menu change to open streams at once', async () => {
    const staff = await open({ token: tokens.staff });
    const admin = await open({ token: tokens.admin });
    const witness = await open({ token: tokens.super_admin });
    const staffId = (await t.db.query('SELECT id FROM web_admins WHERE email = $1', [DEMO_EMAILS.staff]))
      .rows[0].id;
    await patch(`/api/master/web-admins/${staffId}`, { role: 'admin' });
    await staff.next((e) => e.event === 'menu');
    const { own } = await demoFacilities(t);
    const promoted = await patientIn(own, 'Dewi Live');
    await staff.next((e) => e.event === 'change' && e.data.ids.includes(String(promoted.id)));
    await patch(`/api/master/web-admins/${staffId}`, { role: 'staff' });

    // The admin role loses the patients menu: its open stream is told, then hears no more of them.
    const matrix = (
      await t.request(tokens.super_admin, { method: 'GET', url: '/api/admin/menu-access' })
    ).json();
    const menus = matrix.matrix.admin as string[];
    const save = (list: string[], version: string) =>
      t.request(tokens.super_admin, {
        method: 'PUT',
        url: '/api/admin/menu-access',
        payload: { role: 'admin', menus: list, version },
      });
    const saved = await save(
      menus.filter((m) => m !== '/master/patients'),
      matrix.version,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const menuAt = Number((await admin.next((e) => e.event === 'menu')).id);
    const hidden = await patientIn(own, 'Rina Live');
    await delivered(t, witness);
    const since = (r: SseReader) =>
      r
        .changes('master/patients')
        .filter((e) => Number(e.id) > menuAt)
        .flatMap((e) => e.data.ids);
    expect(witness.changes('master/patients').flatMap((e) => e.data.ids)).toContain(String(hidden.id));
    expect(since(admin)).toEqual([]);
    expect(since(staff)).toEqual([]);
    expect((await save(menus, saved.json().version)).statusCode).toBe(200);
  });

  it('replays what a reconnect missed since Last-Event-ID, and asks for a reload past what is kept', async () => {
    const first = await open({ token: tokens.admin });
    const seen = (await first.next((e) => e.event === 'ready')).id!;
    await first.close();
    const { own } = await demoFacilities(t);
    const a = await patientIn(own, 'Ayu Replay');
    const b = await patientIn(own, 'Bayu Replay', 1);
    const again = await open({ token: tokens.admin, lastEventId: seen });
    // Both arrive: replayed, or live if the second was committed as the stream opened.
    for (const p of [a, b])
      await again.next((e) => e.event === 'change' && e.data.ids.includes(String(p.id)));
    expect(again.events.find((e) => e.event === 'reload')).toBeUndefined();

    // Rows past the retention are pruned; a reader from before them refetches its screen.
    await t.db.query(`UPDATE change_outbox SET created_at = created_at - interval '1 hour'`);
    await t.app.events.prune();
    await patientIn(own, 'Citra Replay');
    const stale = await open({ token: tokens.admin, lastEventId: seen });
    expect(stale.events[0].event).toBe('reload');
  });

  it('tells of an import batch as one summary, by the importing admin', async () => {
    const reader = await open({ token: tokens.super_admin });
    const names = ['Eka', 'Fajar', 'Gilang', 'Hana'].map((n) => `${n} Impor Langsung`);
    const job = await importFile(
      t,
      tokens.admin,
      'master/patients',
      csv([PATIENT_HEADERS, ...names.map((n) => patientCells(n))]),
    );
    expect(job.rows_inserted).toBe(4);
    const summary = await reader.next((e) => e.event === 'change' && e.data.kind === 'imported');
    expect(summary.data).toMatchObject({
      resource: 'master/patients',
      count: 4,
      by: { name: expect.any(String) },
    });
    expect(summary.data.ids).toHaveLength(4);
    const { rows } = await t.db.query<{ id: number }>(
      'SELECT id FROM patients WHERE full_name = ANY($1) ORDER BY id',
      [names],
    );
    expect([...summary.data.ids].sort()).toEqual(rows.map((r) => String(r.id)).sort());
    await delivered(t, reader);
    expect(reader.changes('master/patients').filter((e) => e.data.kind === 'created')).toEqual([]);
  });

  it('closes the streams of a session that ends: revoked, expired, signed out', async () => {
    const revoked = await t.login(DEMO_EMAILS.admin);
    const other = await t.login(DEMO_EMAILS.admin);
    const expiring = await t.login(DEMO_EMAILS.admin);
    const leaving = await t.login(DEMO_EMAILS.admin);
    const streams = await Promise.all([revoked, expiring, leaving].map((token) => open({ token })));
    const idOf = async (token: string) =>
      (await t.db.query('SELECT id FROM sessions WHERE token_hash = $1', [hashToken(token)])).rows[0].id;

    const end = await t.request(other, {
      method: 'DELETE',
      url: `/api/auth/sessions/${await idOf(revoked)}`,
    });
    expect(end.statusCode, end.body).toBe(200);
    expect(await streams[0].closedWithin(5000)).toBe(true);

    await t.db.query(`UPDATE sessions SET expires_at = app_now() - interval '1 second' WHERE id = $1`, [
      await idOf(expiring),
    ]);
    expect(await streams[1].closedWithin(5000)).toBe(true);

    expect((await t.request(leaving, { method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
    expect(await streams[2].closedWithin(5000)).toBe(true);
    expect((await open({ token: revoked })).status).toBe(401);
  });
});
