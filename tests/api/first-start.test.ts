import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, statSync, readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dbTargets, startTestApp, type TestApp } from './helper';
import { loadConfig } from '../../src/server/config';
import { openDb } from '../../src/server/db/db';
import { migrate, MIGRATIONS_DIR } from '../../src/server/db/migrate';
import { prepareDatabase } from '../../src/server/setup';
import { seedOnFirstStart } from '../../src/server/seed/demo';

describe.each(dbTargets())('first start with DEMO=0 (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, {
      config: { demo: false, adminEmail: 'Kepala@Dinkes.go.id', adminPassword: 'rahasia-sekali' },
    });
  });
  afterAll(() => t?.close());

  it('creates only the super admin given by ADMIN_EMAIL / ADMIN_PASSWORD', async () => {
    const admins = await t.db.query<{ email: string; role: string }>('SELECT email, role FROM web_admins');
    expect(admins.rows).toEqual([{ email: 'kepala@dinkes.go.id', role: 'super_admin' }]);
    const patients = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM patients');
    expect(patients.rows[0].n).toBe(0);
    const token = await t.login('kepala@dinkes.go.id', 'rahasia-sekali');
    const me = await t.request(token, { method: 'GET', url: '/api/auth/me' });
    expect(me.json().menus).toContain('/menu-role-manager');
  });

  it('does nothing on a database that already has admins', async () => {
    expect(await seedOnFirstStart(t.db, t.config)).toBeNull();
    const admins = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM web_admins');
    expect(admins.rows[0].n).toBe(1);
  });
});

describe('configuration', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('refuses DEMO=0 without an admin password of at least 8 characters', async () => {
    const db = await openDb({});
    try {
      await prepareDatabase(db);
      const config = loadConfig(
        {},
        { secretKey: 'x', demo: false, adminEmail: 'a@b.id', adminPassword: 'short' },
      );
      await expect(seedOnFirstStart(db, config)).rejects.toThrow(/ADMIN_PASSWORD/);
    } finally {
      await db.close();
    }
  });

  it('generates the secret key once, keeps it private in the data dir, and reuses it', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dkj-config-'));
    dirs.push(dir);
    const first = loadConfig({ DATA_DIR: dir });
    const file = path.join(dir, 'secrets.json');
    expect(first.secretKey).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8')).secretKey).toBe(first.secretKey);
    expect(loadConfig({ DATA_DIR: dir }).secretKey).toBe(first.secretKey);
    expect(loadConfig({ DATA_DIR: dir, SECRET_KEY: 'given' }).secretKey).toBe('given');
    expect(first.port).toBe(3001);
  });
});

describe('a new embedded database', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('starts from the cached cluster with every migration applied, and an existing one opens as it was', async () => {
    const migrations = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql'));
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dkj-template-'));
    dirs.push(dir);
    let db = await openDb({ dataDir: dir });
    try {
      // Nothing left for the first start to apply.
      expect(await migrate(db)).toEqual([]);
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
      expect(rows[0].n).toBe(migrations.length);
      await db.query(`INSERT INTO areas (code, name, level) VALUES ('99', 'Uji', 'provinsi')`);
    } finally {
      await db.close();
    }
    db = await openDb({ dataDir: dir });
    try {
      const { rows } = await db.query<{ name: string }>(`SELECT name FROM areas WHERE code = '99'`);
      expect(rows).toEqual([{ name: 'Uji' }]);
    } finally {
      await db.close();
    }
  });
});
