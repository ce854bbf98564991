/**
 * The generic resource tests: what every declared master entity gets from its declaration,
 * checked over the API on both databases. A test file that `npm run new:resource` writes calls
 * describeGeneratedResource on its declaration: create, read, search, each filter, update on a
 * version (and 412 on an old one), export, the activity log, delete; OpenAPI; 403 for a role
 * without its menu; its menu path reaching its roles, also on a database in use.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { dbTargets, startTestApp, DEMO_EMAILS, type TestApp } from './helper';
import { baseType, type JsonSchema, type ResourceDeclaration } from '../../src/domain/resource';
import { defaultMenuPaths } from '../../src/domain/menu';
import { ROLES, type Role } from '../../src/domain/roles';
import { prepareDatabase } from '../../src/server/setup';

/** A value for a field that its schema accepts ('pattern', 'minimum', 'enum', types). */
export function sampleValue(field: string, p: JsonSchema, n: number): unknown {
  const type = baseType(p);
  if (p.enum) return p.enum.find((v) => v !== null);
  if (type === 'boolean') return true;
  if (type === 'integer') return Math.max(p.minimum ?? 1, n);
  if (type === 'number') return Math.max(p.minimum ?? 0, 25_000 + n);
  if (type === 'object') return {};
  if (type === 'array') return [];
  if (p.format === 'date') return `2026-01-${String(10 + (n % 18)).padStart(2, '0')}`;
  if (p.format === 'date-time') return `2026-01-10T0${n % 10}:00:00.000Z`;
  if (p.format === 'email') return `uji${n}@contoh.id`;
  const candidates = [`Uji ${field} ${n}`, `UJI-${n}`, `UJ${n}`, `${n}`.padStart(8, '1'), `uji${n}`];
  const fits = (s: string) =>
    (!p.pattern || new RegExp(p.pattern).test(s)) &&
    s.length >= (p.minLength ?? 0) &&
    s.length <= (p.maxLength ?? 1e9);
  const value = candidates.find(fits);
  if (value === undefined) throw new Error(`${field}: give a sample value (pattern ${p.pattern})`);
  return value;
}

export interface GeneratedResourceOptions {
  /** Values the sample records take instead of the drawn ones (a field with a hard pattern). */
  sample?: Record<string, unknown>;
  /**
   * A declaration not in RESOURCES (the command's own test): its migration, run on the test
   * database, and the roles given its menu path there.
   */
  unlisted?: { migration: string; roles: Role[] };
}

export function describeGeneratedResource(decl: ResourceDeclaration, options: GeneratedResourceOptions = {}) {
  const base = `/api/${decl.name}`;
  const props = decl.schema.properties ?? {};
  const writable = Object.keys(props).filter((k) => !props[k].readOnly);
  const path = decl.menus[0];
  const unlisted = options.unlisted;
  const granted = unlisted?.roles ?? ROLES.filter((r) => defaultMenuPaths(r).includes(path));
  const refused = ROLES.filter((r) => !granted.includes(r));
  const writer: Role = granted.includes('admin') ? 'admin' : granted[0];

  describe.each(dbTargets())(`${decl.name}: the generated resource (%s)`, (kind) => {
    let t: TestApp;
    let token: string;
    let facility: number;

    const sample = (n: number) =>
      Object.fromEntries(
        writable.map((k) => [
          k,
          k === 'medical_facility_id' ? facility : (options.sample?.[k] ?? sampleValue(k, props[k], n)),
        ]),
      );
    const call = (method: string, url: string, payload?: object, headers: Record<string, string> = {}) =>
      t.request(token, { method: method as any, url, payload, headers });

    beforeAll(async () => {
      t = await startTestApp(kind, {
        patients: 5,
        ...(unlisted && {
          resources: [decl],
          beforeBuild: async (db) => {
            await db.exec(unlisted.migration);
            await db.query(`INSERT INTO role_menu_access (role, menu_path) SELECT unnest($1::text[]), $2`, [
              unlisted.roles,
              path,
            ]);
          },
        }),
      });
      token = await t.login(DEMO_EMAILS[writer]);
      const me = await t.request(token, { method: 'GET', url: '/api/auth/me' });
      facility =
        me.json().medical_facility_id ??
        (await t.db.query<{ id: number }>('SELECT min(id)::int AS id FROM medical_facilities')).rows[0].id;
    });
    afterAll(async () => {
      await t?.close();
    });

    it('creates, reads, searches, filters, updates on a version, exports, logs and deletes', async () => {
      const created = await call('POST', base, sample(1));
      expect(created.statusCode, created.body).toBe(201);
      const row = created.json();
      const got = await call('GET', `${base}/${row.id}`);
      expect(got.statusCode).toBe(200);
      for (const k of writable.filter((k) => !['object', 'array'].includes(baseType(props[k]))))
        expect(String(got.json()[k]), k).toBe(String(sample(1)[k]));

      const search = decl.search[0];
      if (search) {
        const term = String(row[search]).slice(0, 4);
        const found = await call('GET', `${base}?search=${encodeURIComponent(term)}`);
        expect(found.json().data.map((r: any) => r.id)).toContain(row.id);
      }
      for (const f of decl.filters) {
        const hit = await call('GET', `${base}?${f}=${encodeURIComponent(String(row[f]))}`);
        expect(hit.statusCode, `${f}: ${hit.body}`).toBe(200);
        expect(
          hit.json().data.map((r: any) => r.id),
          f,
        ).toContain(row.id);
      }

      const stale = row.version;
      const changed = await call('PATCH', `${base}/${row.id}`, sample(2), { 'if-match': `"${stale}"` });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().version).not.toBe(stale);
      const refused = await call('PATCH', `${base}/${row.id}`, sample(3), { 'if-match': `"${stale}"` });
      expect(refused.statusCode).toBe(412);

      const csv = await call('GET', `${base}/export`);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toMatch(/text\/csv/);
      expect(csv.body.split('\n').length).toBeGreaterThan(1);

      const bad = await call('POST', base, { ...sample(4), [writable[0]]: { not: 'valid' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toHaveProperty(writable[0]);

      expect((await call('DELETE', `${base}/${row.id}`, undefined, { 'if-match': '*' })).statusCode).toBe(
        200,
      );
      expect((await call('GET', `${base}/${row.id}`)).statusCode).toBe(404);
      const { rows } = await t.db.query(
        `SELECT action FROM activity_logs WHERE table_name = $1 AND record_id = $2 ORDER BY id`,
        [decl.auditName ?? decl.table, String(row.id)],
      );
      expect(rows.map((r: any) => r.action)).toEqual(expect.arrayContaining(['CREATE', 'UPDATE', 'DELETE']));
    });

    it('is in OpenAPI, in the menu of its roles and refused to the others', async () => {
      const doc = t.app.swagger() as { paths: Record<string, unknown> };
      expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining([base, `${base}/{id}`]));
      for (const role of ROLES) {
        const own = await t.login(DEMO_EMAILS[role]);
        const me = await t.request(own, { method: 'GET', url: '/api/auth/me' });
        expect(me.json().menus.includes(path), role).toBe(granted.includes(role));
        if (refused.includes(role))
          expect((await t.request(own, { method: 'GET', url: base })).statusCode, role).toBe(403);
      }
    });

    // Only for a listed entity: a start grants the paths of the menu.
    if (!unlisted)
      it('reaches its roles on a database from before it existed, at the next start', async () => {
        await t.db.query('DELETE FROM role_menu_access WHERE menu_path = $1', [path]);
        await t.db.query('DELETE FROM menu_paths_known WHERE menu_path = $1', [path]);
        await prepareDatabase(t.db);
        const { rows } = await t.db.query<{ role: string }>(
          'SELECT role FROM role_menu_access WHERE menu_path = $1 ORDER BY role',
          [path],
        );
        expect(rows.map((r) => r.role)).toEqual([...granted].sort());
      });
  });
}
