import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { dbTargets, startTestApp, DEMO_EMAILS, type TestApp } from './helper';
import {
  CONNECTION_REQUIRED,
  FACILITY_CODE_REQUIRED,
  NOT_CONFIGURED,
  TARGET_REQUIRED,
} from '../../src/server/routes/domain-config';

const BASE = '/api/admin/domain';

describe.each(dbTargets())('domain (gateway) configuration API (%s)', (kind) => {
  let t: TestApp;
  let superAdmin: string;
  let admin: string;
  let connections: Record<string, any>[];

  const api = (
    token: string,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.request(token, { method, url, payload });
  const conditional = (method: 'PUT' | 'PATCH' | 'DELETE', url: string, version: unknown, payload?: object) =>
    t.request(superAdmin, { method, url, payload, headers: { 'if-match': `"${String(version)}"` } });
  const list = async () => {
    const res = await api(superAdmin, 'GET', `${BASE}/connections`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().connections as Record<string, any>[];
  };

  beforeAll(async () => {
    t = await startTestApp(kind, { patients: 5 });
    superAdmin = await t.login(DEMO_EMAILS.super_admin);
    admin = await t.login(DEMO_EMAILS.admin);
    connections = await list();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists every connection as Not Configured at first; the API Simulator may read it, only the super admin writes', async () => {
    expect(connections.length).toBeGreaterThan(1);
    for (const c of connections) {
      expect(c).toMatchObject({
        has_domain_config: false,
        is_active: false,
        status: 'not_configured',
        id: null,
      });
      expect(c.production_base_url).toMatch(/^https?:\/\//);
    }
    // An admin reads the mappings through the API Simulator's domain dialog, and changes nothing.
    expect((await api(admin, 'GET', `${BASE}/connections`)).statusCode).toBe(200);
    expect(
      (
        await api(admin, 'POST', BASE, {
          facility_code: 'X',
          connection_id: 1,
          target_production_url: 'https://a.id',
        })
      ).statusCode,
    ).toBe(403);
    const staff = await t.login(DEMO_EMAILS.staff);
    expect((await api(staff, 'GET', `${BASE}/connections`)).statusCode).toBe(403);
  });

  it("refuses a create without a facility code, a connection or any target, with the spec's messages", async () => {
    const res = await api(superAdmin, 'POST', BASE, { facility_code: '', target_production_url: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      facility_code: FACILITY_CODE_REQUIRED,
      connection_id: CONNECTION_REQUIRED,
      target_production_url: TARGET_REQUIRED,
    });
    const bad = await api(superAdmin, 'POST', BASE, {
      facility_code: 'RS1',
      connection_id: connections[0].connection_id,
      target_sandbox_url: 'ftp://files.example.id',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.target_sandbox_url).toMatch(/http/);
    const missing = await api(superAdmin, 'POST', BASE, {
      facility_code: 'RS1',
      connection_id: 999999,
      target_production_url: 'https://rs1.example.id',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.connection_id).toBeTruthy();
    expect((await list()).every((c) => !c.has_domain_config)).toBe(true);
  });

  it('creates inactive, activates, edits and deletes a mapping, each in the activity log', async () => {
    const conn = connections[0];
    const created = await api(superAdmin, 'POST', BASE, {
      facility_code: 'RSX01',
      connection_id: conn.connection_id,
      target_production_url: 'https://rsx.example.id/api/',
      target_sandbox_url: '',
    });
    expect(created.statusCode, created.body).toBe(201);
    const row = created.json();
    expect(row).toMatchObject({
      connection_id: conn.connection_id,
      facility_code: 'RSX01',
      target_production_url: 'https://rsx.example.id/api',
      target_sandbox_url: null,
      has_domain_config: true,
      is_active: false,
      status: 'inactive',
      gateway_path: '/api/gateway/RSX01',
    });

    const dup = await api(superAdmin, 'POST', BASE, {
      facility_code: 'rsx01',
      connection_id: connections[1].connection_id,
      target_production_url: 'https://other.example.id',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors.facility_code).toBeTruthy();

    const activated = await api(superAdmin, 'PATCH', `${BASE}/${row.id}/activate`);
    expect(activated.statusCode).toBe(200);
    expect(activated.json()).toMatchObject({ is_active: true, status: 'active' });
    const listed = (await list()).find((c) => c.connection_id === conn.connection_id)!;
    expect(listed.status).toBe('active');

    const stale = await api(superAdmin, 'PUT', `${BASE}/${row.id}`, {
      target_sandbox_url: 'https://sandbox.rsx.example.id',
      version: row.version,
    });
    expect(stale.statusCode).toBe(412);
    const edited = await api(superAdmin, 'PUT', `${BASE}/${row.id}`, {
      target_production_url: '',
      target_sandbox_url: 'https://sandbox.rsx.example.id',
      version: activated.json().version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      target_production_url: null,
      target_sandbox_url: 'https://sandbox.rsx.example.id',
    });
    const empty = await api(superAdmin, 'PUT', `${BASE}/${row.id}`, { target_sandbox_url: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.target_production_url).toBe(TARGET_REQUIRED);

    expect((await api(superAdmin, 'DELETE', `${BASE}/${row.id}`)).statusCode).toBe(200);
    expect((await list()).find((c) => c.connection_id === conn.connection_id)).toMatchObject({
      status: 'not_configured',
    });
    const activateGone = await api(superAdmin, 'PATCH', `${BASE}/${row.id}/activate`);
    expect(activateGone.statusCode).toBe(404);
    expect(activateGone.json().error).toBe(NOT_CONFIGURED);

    const { rows } = await t.db.query(
      `SELECT action FROM activity_logs WHERE table_name = 'domain_configs' AND record_id = $1 ORDER BY id`,
      [String(row.id)],
    );
    expect(rows.map((r) => r.action)).toEqual(['CREATE', 'UPDATE', 'UPDATE', 'DELETE']);
  });

  it('a change, an activation or a delete on an old version (If-Match) is refused with 412 and the mapping as it is now', async () => {
    const conn = connections[2] ?? connections[1];
    const created = await api(superAdmin, 'POST', BASE, {
      facility_code: 'RSV02',
      connection_id: conn.connection_id,
      target_production_url: 'https://rsv.example.id/api',
    });
    expect(created.statusCode, created.body).toBe(201);
    const first = created.json();
    const url = `${BASE}/${first.id}`;
    const edited = await conditional('PUT', url, first.version, {
      target_sandbox_url: 'https://sb.rsv.example.id',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const now = edited.json();
    expect(now.version).not.toBe(first.version);

    for (const [method, path] of [
      ['PUT', url],
      ['PATCH', `${url}/activate`],
      ['DELETE', url],
    ] as const) {
      const stale = await conditional(
        method,
        path,
        first.version,
        method === 'PUT' ? { is_active: true } : undefined,
      );
      expect(stale.statusCode, `${method} ${path}`).toBe(412);
      expect(stale.json().current).toMatchObject({ id: first.id, version: now.version, is_active: false });
    }
    const activated = await conditional('PATCH', `${url}/activate`, now.version);
    expect(activated.statusCode, activated.body).toBe(200);
    expect((await conditional('DELETE', url, now.version)).statusCode).toBe(412);
    expect((await conditional('DELETE', url, activated.json().version)).statusCode).toBe(200);
  });
});
