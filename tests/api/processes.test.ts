/**
 * The server as one or several processes: draining on SIGTERM (health 503 while requests are
 * still served, then exit 0), WORKERS processes on one port on PostgreSQL (one on PGlite, with
 * a warning), and a release older than the database's schema refusing to start.
 */
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openDb, type Db } from '../../src/server/db/db';
import { migrate, SchemaTooNewError } from '../../src/server/db/migrate';
import { dbTargets } from './helper';
import { ADMIN, scratchDatabase, spawnServer, startServer } from './server-process';

const postgres = process.env.TEST_DATABASE_URL ? it : it.skip;

async function signIn(base: string) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('API processes', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
  });

  it('on SIGTERM answers 503 on /api/health while it still serves, then stops and exits 0', async () => {
    const env = await scratchDatabase('pglite', cleanups);
    const server = await startServer({ ...env, DRAIN_GRACE_MS: '1500', WORKERS: '3' });
    cleanups.push(async () => void server.child.kill('SIGKILL'));
    // One process on PGlite whatever WORKERS says, and it says so.
    expect(server.output()).toContain(
      'WORKERS=3 ignored: the embedded database (PGlite) is opened by one process only.',
    );
    const token = await signIn(server.base);
    const health = await fetch(`${server.base}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', primary: { up: true }, replicas: [] });

    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    const draining = await fetch(`${server.base}/api/health`);
    expect(draining.status).toBe(503);
    expect(((await draining.json()) as { status: string }).status).toBe('draining');
    const me = await fetch(`${server.base}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);

    expect(await server.exited).toBe(0);
    await expect(fetch(`${server.base}/api/health`)).rejects.toThrow();
  }, 120_000);

  postgres(
    'runs WORKERS processes on one port on PostgreSQL, and stops them all on SIGTERM',
    async () => {
      const env = await scratchDatabase('postgres', cleanups);
      const server = await startServer({ ...env, WORKERS: '2', DRAIN_GRACE_MS: '200' });
      cleanups.push(async () => void server.child.kill('SIGKILL'));
      expect(server.output()).toContain('2 processes');
      const token = await signIn(server.base);
      for (let i = 0; i < 6; i++) {
        const me = await fetch(`${server.base}/api/auth/me`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(me.status).toBe(200);
      }
      // Each process writes its own start to the system log.
      const db = new pg.Client({ connectionString: env.DATABASE_URL });
      await db.connect();
      let pids: number[] = [];
      try {
        for (let i = 0; i < 50 && pids.length < 2; i++) {
          await new Promise((r) => setTimeout(r, 200));
          const { rows } = await db.query<{ message: string }>(
            `SELECT message FROM system_logs WHERE message LIKE 'Server API dimulai%'`,
          );
          pids = rows.map((r) => Number(/pid (\d+)/.exec(r.message)![1]));
        }
      } finally {
        await db.end();
      }
      expect(new Set(pids).size).toBe(2);
      expect(pids).not.toContain(server.child.pid);
      expect(pids.every(alive)).toBe(true);

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(pids.some(alive)).toBe(false);
    },
    120_000,
  );
});

const NEWER = '999_from_a_newer_release.sql';

describe('a database migrated by a newer release', () => {
  it('is refused by migrate, which then applies nothing, not even what this release has new', async () => {
    const db = await openDb({});
    try {
      const { rows } = await db.query<{ name: string }>('SELECT max(name) AS name FROM schema_migrations');
      const last = rows[0].name;
      await db.query('DELETE FROM schema_migrations WHERE name = $1', [last]);
      await db.query('INSERT INTO schema_migrations (name) VALUES ($1)', [NEWER]);
      const err = await migrate(db).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(SchemaTooNewError);
      expect((err as SchemaTooNewError).unknown).toEqual([NEWER]);
      const after = await db.query('SELECT 1 FROM schema_migrations WHERE name = $1', [last]);
      expect(after.rows).toEqual([]);
    } finally {
      await db.close();
    }
  });

  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
  });

  it.each(dbTargets())(
    'stops the server before it serves, with a clear message and exit code 78 (%s)',
    async (kind) => {
      const env = await scratchDatabase(kind, cleanups);
      const open = (): Promise<Db> =>
        openDb(kind === 'pglite' ? { dataDir: env.DATA_DIR } : { databaseUrl: env.DATABASE_URL });
      const db = await open();
      await migrate(db);
      await db.query('INSERT INTO schema_migrations (name) VALUES ($1)', [NEWER]);
      await db.close();

      // Several processes (on PostgreSQL) or one: the same refusal.
      const server = await spawnServer({ ...env, WORKERS: '2' });
      cleanups.push(async () => void server.child.kill('SIGKILL'));
      expect(await server.exited).toBe(78);
      expect(server.output()).toContain(
        `Not starting: The database was migrated by a newer release of this server: it has migration ${NEWER}, which this release does not have.`,
      );
      expect(server.output()).not.toContain('Ready in');
      // Nothing was written: not even the first super admin of an empty database.
      const again = await open();
      try {
        expect((await again.query('SELECT count(*)::int AS n FROM web_admins')).rows[0].n).toBe(0);
      } finally {
        await again.close();
      }
    },
    120_000,
  );
});
