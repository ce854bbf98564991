/**
 * A form's picker asks GET /api/<resource>/options where the role may use the form but not read
 * the picked resource: a facility operator's delivery picks an app user by name and e-mail, and
 * gets nothing else of the account; roles without such a form are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbTargets, startTestApp, DEMO_EMAILS, type TestApp } from './helper';

describe.each(dbTargets())('reference options (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { patients: 10 });
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async (email: string, url: string) => {
    const token = await t.login(email);
    return t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  };

  it("gives the facility operator the app users' names and e-mails, searchable and by id, and no more", async () => {
    expect((await get(DEMO_EMAILS.medical_facility, '/api/master/users?limit=5')).statusCode).toBe(403);
    const res = await get(DEMO_EMAILS.medical_facility, '/api/master/users/options?limit=5');
    expect(res.statusCode).toBe(200);
    const { data, pagination } = res.json();
    expect(data).toHaveLength(5);
    expect(pagination.total).toBeGreaterThan(5);
    for (const u of data) expect(Object.keys(u).sort()).toEqual(['email', 'id', 'name']);

    const one = data[2];
    const found = (
      await get(
        DEMO_EMAILS.medical_facility,
        `/api/master/users/options?search=${encodeURIComponent(one.email)}`,
      )
    ).json();
    expect(found.data.map((u: { id: number }) => u.id)).toContain(one.id);
    const byId = (await get(DEMO_EMAILS.medical_facility, `/api/master/users/options?ids=${one.id}`)).json();
    expect(byId.data).toEqual([one]);
  });

  it('keeps within the facility scope where the picked resource has one', async () => {
    const token = await t.login(DEMO_EMAILS.medical_facility);
    const me = (
      await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();
    const res = await get(DEMO_EMAILS.medical_facility, '/api/admin/simulator/doctors/options?limit=100');
    expect(res.statusCode).toBe(200);
    const ids = res.json().data.map((d: { id: number }) => d.id);
    const { rows } = await t.db.query<{ id: number }>(
      'SELECT id FROM simulator_doctors WHERE medical_facility_id = $1',
      [me.medical_facility_id],
    );
    expect(ids.sort()).toEqual(rows.map((r) => r.id).sort());
  });

  it('refuses roles without a form that picks them', async () => {
    expect((await get(DEMO_EMAILS.staff, '/api/master/users/options')).statusCode).toBe(403);
    expect((await get(DEMO_EMAILS.viewer, '/api/master/users/options')).statusCode).toBe(403);
  });
});
