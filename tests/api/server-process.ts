/** The real server (src/server/main.ts) as a child process, for tests of the process itself. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DbKind } from './helper';
import { freePort } from '../../bench/harness';

export const ADMIN = { email: 'kepala@dinkes.go.id', password: 'rahasia-sekali' };

export interface Server {
  child: ChildProcess;
  base: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts the server (no demo city: one super admin, ADMIN) without waiting for it; `env` overrides. */
export async function spawnServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO: '0',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // These tests are about the process, not sign-in: the super admin needs no second factor.
      REQUIRE_2FA_ROLES: '',
      SECRET_KEY: '1'.repeat(64),
      STATIC_DIR: '/nonexistent',
      LOG_LEVEL: 'warn',
      // The test's own settings win (SECRET_KEY: '' makes the server keep its key in DATA_DIR).
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, base: `http://127.0.0.1:${port}`, output: () => out, exited };
}

/** Starts the server and waits until it answers. */
export async function startServer(env: Record<string, string>): Promise<Server> {
  const server = await spawnServer(env);
  const deadline = Date.now() + 120_000;
  while (!server.output().includes('Ready in')) {
    if (server.child.exitCode !== null || Date.now() > deadline)
      throw new Error(`server did not start:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return server;
}

/**
 * The environment of a server on a database of its own: a PGlite data directory, or a new
 * PostgreSQL database on the server of TEST_DATABASE_URL. Removed by the cleanups pushed.
 */
export async function scratchDatabase(
  kind: DbKind,
  cleanups: (() => Promise<void>)[],
): Promise<Record<string, string>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dkj-process-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  if (kind === 'pglite') return { DATA_DIR: dir };
  const url = process.env.TEST_DATABASE_URL!;
  const name = `dkj_process_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return { DATABASE_URL: dbUrl.toString(), DATA_DIR: dir };
}
