/**
 * Backups and restores through the commands an operator runs (`npm run backup` / `restore`), on
 * both databases: a backup taken while writes go on restores into an empty target, where the
 * server starts, signs in the same admin with the TOTP enrolled before the backup, a facility
 * connection's stored password decrypts with the restored key, and the database holds
 * every write acknowledged before the backup began and no gap after; a cut, an altered or a
 * newer-schema file, a wrong passphrase and a non-empty target are refused, the target as it was.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Secret, TOTP } from 'otpauth';
import { afterAll, describe, expect, it } from 'vitest';
import { now } from '../../src/domain/clock';
import { openDb } from '../../src/server/db/db';
import { restoreBackup } from '../../src/server/backup/restore';
import { decryptSecret } from '../../src/server/security/secret-box';
import { dbTargets, type DbKind } from './helper';
import { ADMIN, scratchDatabase, startServer, type Server } from './server-process';

const PASSPHRASE = 'kata sandi cadangan dinkes yang panjang';
const STEP = 30_000;
const CONNECTION_PASSWORD = 'sandi-koneksi-simrs';
type Env = Record<string, string>;

/** Runs `npm run backup|restore` (the same script) with this environment. */
function command(args: string[], env: Env): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/backup/cli.ts', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out })));
}

async function call(server: Server, token: string | null, method: string, url: string, body?: object) {
  const res = await fetch(`${server.base}${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
}

/** The code an authenticator shows `ahead` ms from now, by the project's clock (the servers' too). */
const codeAt = (secret: string, ahead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: now() + ahead });

/** What a target holds, to tell that a refused restore left it as it was. */
async function fingerprint(kind: DbKind, env: Env): Promise<string> {
  if (kind === 'pglite') {
    const dir = env.DATA_DIR;
    if (!existsSync(dir)) return 'none';
    return readdirSync(dir, { recursive: true })
      .map(String)
      .sort()
      .map((f) => {
        const s = statSync(path.join(dir, f));
        return `${f}:${s.size}:${s.mtimeMs}`;
      })
      .join('\n');
  }
  const c = new pg.Client({ connectionString: env.DATABASE_URL });
  await c.connect();
  try {
    const { rows } = await c.query(
      `SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' ORDER BY 1`,
    );
    const count = async (table: string) =>
      rows.length ? (await c.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n : 'none';
    const counts = [await count('master_poli'), await count('web_admins'), await count('schema_migrations')];
    return JSON.stringify({ rows, counts, secrets: existsSync(path.join(env.DATA_DIR, 'secrets.json')) });
  } finally {
    await c.end();
  }
}

/** Reads a database with its server stopped. */
async function readDb<T>(kind: DbKind, env: Env, sql: string): Promise<T[]> {
  const db = await openDb(kind === 'pglite' ? { dataDir: env.DATA_DIR } : { databaseUrl: env.DATABASE_URL });
  try {
    return (await db.query<T>(sql)).rows;
  } finally {
    await db.close();
  }
}

/** The load's poly codes in the database. */
const loadCodes = async (kind: DbKind, env: Env) =>
  (
    await readDb<{ poly_code: string }>(
      kind,
      env,
      `SELECT poly_code FROM master_poli WHERE poly_code LIKE 'LOAD-%'`,
    )
  ).map((r) => r.poly_code);

const storedConnectionPassword = async (kind: DbKind, env: Env) =>
  (
    await readDb<{ x_password: string }>(
      kind,
      env,
      `SELECT x_password_encrypted AS x_password FROM facility_connections WHERE code = 'SIMRS'`,
    )
  )[0].x_password;

describe.each(dbTargets())('backup and restore (%s)', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
  });
  const work = mkdtempSync(path.join(os.tmpdir(), 'dkj-backup-test-'));
  cleanups.push(async () => rmSync(work, { recursive: true, force: true }));
  const file = path.join(work, 'cadangan.dkjb');
  let source: Env;
  let totpSecret: string;
  let restoredCodes: string[];

  /** A server's environment on a new database; SECRET_KEY unset: its key is kept in DATA_DIR. */
  const database = async (): Promise<Env> => ({
    ...(await scratchDatabase(kind, cleanups)),
    SECRET_KEY: '',
    BACKUP_PASSPHRASE: PASSPHRASE,
    ...(kind === 'pglite' ? { DATABASE_URL: '' } : {}),
  });
  const serve = async (env: Env) => {
    const server = await startServer(env);
    cleanups.push(async () => void server.child.kill('SIGKILL'));
    return server;
  };
  const stop = async (server: Server) => {
    server.child.kill('SIGTERM');
    await server.exited;
  };

  it('backs up the running server while writes go on; restores it whole into an empty target', async () => {
    source = await database();
    const server = await serve(source);
    const token = (await call(server, null, 'POST', '/api/auth/login', ADMIN)).body.token as string;
    totpSecret = (await call(server, token, 'POST', '/api/auth/2fa/setup')).body.secret;
    expect(
      (await call(server, token, 'POST', '/api/auth/2fa/enable', { code: codeAt(totpSecret) })).status,
    ).toBe(200);
    // A facility connection whose password the platform keeps encrypted with the server's key.
    const facility = await call(server, token, 'POST', '/api/master/medical-facilities', {
      name: 'RSUD Cadangan',
      email: 'rsud.cadangan@example.id',
      password: 'Sandi-Faskes-2030!',
    });
    expect(facility.status, JSON.stringify(facility.body)).toBe(201);
    const connection = await call(
      server,
      token,
      'POST',
      `/api/master/medical-facilities/${facility.body.id}/connections`,
      {
        code: 'SIMRS',
        production_base_url: 'https://simrs.example/api',
        x_username: 'simrs',
        x_password: CONNECTION_PASSWORD,
      },
    );
    expect(connection.status, JSON.stringify(connection.body)).toBe(201);

    // One writer, one poly after another: a consistent backup holds a prefix of them.
    const acked: { code: string; at: number }[] = [];
    let writing = true;
    const writer = (async () => {
      for (let i = 1; writing; i++) {
        const code = `LOAD-${String(i).padStart(5, '0')}`;
        const res = await call(server, token, 'POST', '/api/master/poli', {
          poly_code: code,
          poly_name: `Beban ${i}`,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        acked.push({ code, at: performance.now() });
      }
    })();
    while (acked.length < 5) await new Promise((r) => setTimeout(r, 20));
    const started = performance.now();
    const backup = await command(['backup', file], source);
    writing = false;
    await writer;
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toContain('Backup written');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file).subarray(0, 400).toString()).toMatch(
      /^DKJ-BACKUP\n\{"meta":\{"format":1,"release":"[^"]+","schema":"\d+_[a-z_]+\.sql"/,
    );
    expect(readdirSync(work).filter((f) => f.includes('partial'))).toEqual([]);
    await stop(server);

    const target = await database();
    const restore = await command(['restore', file], target);
    expect(restore.code, restore.out).toBe(0);
    expect(restore.out).toContain('Restored');

    // The restored server signs the admin in with the TOTP set up before the backup.
    const restored = await serve(target);
    const first = await call(restored, null, 'POST', '/api/auth/login', ADMIN);
    expect(first.body.mfa_required).toBe(true);
    const second = await call(restored, null, 'POST', '/api/auth/2fa/verify', {
      mfa_token: first.body.mfa_token,
      code: codeAt(totpSecret, STEP), // the next step's code: the one enabling spent this step
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.token).toEqual(expect.any(String));
    await stop(restored);

    // The connection's password decrypts with the key the restore put in DATA_DIR.
    const { secretKey } = JSON.parse(readFileSync(path.join(target.DATA_DIR, 'secrets.json'), 'utf8'));
    expect(statSync(path.join(target.DATA_DIR, 'secrets.json')).mode & 0o777).toBe(0o600);
    const stored = await storedConnectionPassword(kind, target);
    expect(stored).toMatch(/^v1:/);
    expect(decryptSecret(stored, secretKey)).toBe(CONNECTION_PASSWORD);

    const codes = (await loadCodes(kind, target)).sort();
    restoredCodes = codes;
    const before = acked.filter((a) => a.at < started).map((a) => a.code);
    expect(codes.length).toBeGreaterThanOrEqual(before.length);
    expect(codes).toEqual(acked.slice(0, codes.length).map((a) => a.code));
  }, 240_000);

  it('refuses a cut file, an altered one and a wrong passphrase, the empty target untouched', async () => {
    const target = await database();
    const cut = path.join(work, 'cut.dkjb');
    writeFileSync(cut, readFileSync(file).subarray(0, statSync(file).size - 1000));
    const altered = path.join(work, 'altered.dkjb');
    const bytes = readFileSync(file);
    bytes[bytes.length - 500] ^= 0xff;
    writeFileSync(altered, bytes);
    const before = await fingerprint(kind, target);
    const refusals: [string, Env, RegExp][] = [
      [cut, target, /is cut short: \d+ of its \d+ bytes are there/],
      [altered, target, /does not match its checksum: it was damaged or altered/],
      [
        file,
        { ...target, BACKUP_PASSPHRASE: 'bukan kata sandinya' },
        /The passphrase does not open this backup/,
      ],
      [file, { ...target, BACKUP_PASSPHRASE: '' }, /BACKUP_PASSPHRASE is not set/],
    ];
    for (const [f, env, message] of refusals) {
      await expect(restoreBackup(f, env, { say: () => undefined })).rejects.toThrow(message);
      expect(await fingerprint(kind, target)).toBe(before);
    }
  }, 120_000);

  it('refuses a target that is not empty unless --force, which says what it replaces', async () => {
    const written = await loadCodes(kind, source);
    const before = await fingerprint(kind, source);
    await expect(restoreBackup(file, source, { say: () => undefined })).rejects.toThrow(
      /Not restored: .* is not empty \(.*\)\. .* add --force to replace it\. Nothing was changed\./,
    );
    expect(await fingerprint(kind, source)).toBe(before);

    const forced = await command(['restore', file, '--force'], source);
    expect(forced.code, forced.out).toBe(0);
    expect(forced.out).toMatch(/--force: replacing .*\(.+\)\./);
    if (kind === 'pglite') expect(forced.out).toMatch(/The directory it replaced is kept as .*\.replaced-/);
    // The load went on after the snapshot: the forced restore put back the backup's rows only.
    expect(written.length).toBeGreaterThan(restoredCodes.length);
    expect((await loadCodes(kind, source)).sort()).toEqual(restoredCodes);
  }, 120_000);

  it('refuses a backup of a newer schema than this release knows, the target untouched', async () => {
    const newer = await database();
    // A database a newer release migrated, backed up with no server running on it.
    const db = await openDb(
      kind === 'pglite' ? { dataDir: newer.DATA_DIR } : { databaseUrl: newer.DATABASE_URL },
    );
    const { migrate } = await import('../../src/server/db/migrate');
    await migrate(db);
    await db.query(`INSERT INTO schema_migrations (name) VALUES ('999_from_a_newer_release.sql')`);
    await db.close();
    writeFileSync(path.join(newer.DATA_DIR, 'secrets.json'), JSON.stringify({ secretKey: '2'.repeat(64) }));
    const newerFile = path.join(work, 'newer.dkjb');
    const backup = await command(['backup', newerFile], newer);
    expect(backup.code, backup.out).toBe(0);

    const target = await database();
    const before = await fingerprint(kind, target);
    await expect(restoreBackup(newerFile, target, { say: () => undefined })).rejects.toThrow(
      /schema \(999_from_a_newer_release\.sql, release .*\) is newer than this release knows/,
    );
    expect(await fingerprint(kind, target)).toBe(before);
  }, 120_000);
});
