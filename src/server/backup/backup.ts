/**
 * Making a backup: the embedded database's snapshot (through the running server, or from its
 * data directory when none runs) or PostgreSQL's pg_dump in its custom format (one consistent
 * snapshot while writes go on), with the key to the stored secrets, into one encrypted file.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import pg from 'pg';
import type { Config } from '../config.js';
import type { Db } from '../db/db.js';
import { hasCluster } from '../db/pglite-template.js';
import { BackupError, requirePassphrase, writeBackupFile, type BackupHeader } from './format.js';
import { pgliteSnapshot, requestSnapshot, schemaVersion } from './control.js';

/**
 * The key the server seals secrets with, as `npm start` finds it (SECRET_KEY, else
 * <DATA_DIR>/secrets.json); unlike the server, a backup never makes a new one.
 */
export function existingSecretKey(env: NodeJS.ProcessEnv, dataDir: string): string {
  if (env.SECRET_KEY) return env.SECRET_KEY;
  const file = path.join(dataDir, 'secrets.json');
  const stored = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { secretKey?: string }) : {};
  if (!stored.secretKey)
    throw new BackupError(
      `No SECRET_KEY and no ${file}: run the backup with the environment of "npm start" (its DATA_DIR, SECRET_KEY).`,
    );
  return stored.secretKey;
}

/** A libpq connection string without its password, and the password (given to tools in PGPASSWORD). */
export function toolConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** pg_dump's output as a stream that fails (instead of ending) when pg_dump does. */
async function* pgDump(url: string): AsyncGenerator<Buffer> {
  const { dbname, env } = toolConnection(url);
  const child = spawn('pg_dump', ['--format=custom', '--compress=6', `--dbname=${dbname}`], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  try {
    for await (const chunk of child.stdout) yield chunk as Buffer;
    const code = await exited;
    if (code !== 0) throw new BackupError(`pg_dump failed (exit ${code}): ${stderr.trim()}`);
  } finally {
    if (child.exitCode === null) child.kill();
  }
}

async function postgresSchema(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await schemaVersion({
      query: async (sql: string) => {
        const res = await client.query(sql);
        return { rows: res.rows, rowCount: res.rowCount ?? 0 };
      },
    } as Pick<Db, 'query'>);
  } finally {
    await client.end();
  }
}

/** The embedded database's snapshot, through its running server, else from its directory. */
async function pgliteDump(
  config: Config,
): Promise<{ schema: string; dump: Readable; close(): Promise<void> }> {
  const served = await requestSnapshot(config.dataDir, config.secretKey);
  if (served) return { ...served, close: async () => undefined };
  if (!hasCluster(config.dataDir))
    throw new BackupError(`${config.dataDir} holds no database (DATA_DIR): there is nothing to back up.`);
  const { openPglite } = await import('../db/pglite.js');
  const db = await openPglite(config.dataDir);
  try {
    return { ...(await pgliteSnapshot(db)), close: () => db.close() };
  } catch (err) {
    await db.close();
    throw err;
  }
}

/**
 * Writes a backup of the configured database to `file`. `db`: the server's own embedded
 * database (scheduled backups); otherwise the command finds it as described above.
 */
export async function makeBackup(
  file: string,
  config: Config,
  env: NodeJS.ProcessEnv,
  db?: Db,
): Promise<BackupHeader> {
  const passphrase = requirePassphrase(env);
  const secrets = { secretKey: config.secretKey };
  if (config.databaseUrl) {
    const schema = await postgresSchema(config.databaseUrl);
    return writeBackupFile(file, {
      passphrase,
      schema,
      database: 'postgres',
      secrets,
      dump: pgDump(config.databaseUrl),
    });
  }
  const source = db
    ? { ...(await pgliteSnapshot(db)), close: async () => undefined }
    : await pgliteDump(config);
  try {
    return await writeBackupFile(file, {
      passphrase,
      schema: source.schema,
      database: 'pglite',
      secrets,
      dump: source.dump,
    });
  } finally {
    source.dump.destroy();
    await source.close();
  }
}
