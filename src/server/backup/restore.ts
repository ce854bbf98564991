/**
 * Restoring a backup into an empty data directory (embedded) or an empty database (PostgreSQL).
 * Everything that can refuse is checked before the target is written: the file whole and
 * unaltered, a schema this release knows, an empty target (or --force), then the passphrase by
 * decrypting the whole body aside. The embedded database is built beside the target and
 * renamed into place; PostgreSQL's restore runs in one transaction: either way the target is the
 * restored database or as it was.
 */
import { spawn } from 'node:child_process';
import { createReadStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../db/migrate.js';
import { nowDate } from '../../domain/clock.js';
import {
  BackupError,
  decryptTo,
  readHeader,
  readPlain,
  requirePassphrase,
  verifyChecksum,
  type BackupHeader,
  type BackupSecrets,
} from './format.js';
import { requestSnapshot } from './control.js';
import { toolConnection } from './backup.js';

export interface RestoreOptions {
  /** Replace a target that is not empty (the embedded one is kept aside). */
  force?: boolean;
  /** Where the command's lines go. */
  say?: (line: string) => void;
}

const stamp = () => nowDate().toISOString().replace(/[-:]/g, '').replace(/\..*/, 'Z');

/** Refuses a backup whose schema has a migration this release does not have. */
function checkSchema(header: BackupHeader) {
  const known = readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort();
  if (known.includes(header.meta.schema)) return;
  throw new BackupError(
    `This backup's schema (${header.meta.schema}, release ${header.meta.release}) is newer than this ` +
      `release knows (its last migration: ${known.at(-1)}). Restore it with release ` +
      `${header.meta.release} or newer. Nothing was restored.`,
  );
}

interface Target {
  describe: string;
  /** What a forced restore replaces; undefined when the target is empty. */
  occupied(): Promise<string | undefined>;
  /** Refuses when a server is using the target. */
  checkIdle(): Promise<void>;
  apply(plain: string, dumpAt: number, secrets: BackupSecrets, replace: boolean): Promise<string[]>;
}

function pgliteTarget(dataDir: string, env: NodeJS.ProcessEnv): Target {
  return {
    describe: `the embedded database in ${dataDir}`,
    async occupied() {
      const entries = existsSync(dataDir) ? readdirSync(dataDir) : [];
      if (!entries.length) return undefined;
      const what = existsSync(path.join(dataDir, 'PG_VERSION')) ? 'a database' : 'files';
      return `${what}, ${entries.length} entries`;
    },
    async checkIdle() {
      // A running server answers with its snapshot; the key does not matter to know it runs.
      const running = await requestSnapshot(dataDir, '00'.repeat(32)).then(
        (r) => (r?.dump.destroy(), !!r),
        () => true,
      );
      if (running) throw new BackupError(`A server is running on ${dataDir}: stop it before restoring.`);
    },
    async apply(plain, dumpAt, secrets, replace) {
      const staging = `${dataDir}.restoring-${process.pid}`;
      await rm(staging, { recursive: true, force: true });
      try {
        const tar = gunzipSync((await readFile(plain)).subarray(dumpAt));
        const { PGlite } = await import('@electric-sql/pglite');
        const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
        const db = await PGlite.create(staging, { loadDataDir: new Blob([tar]), extensions: { pg_trgm } });
        await db.query('SELECT count(*) FROM schema_migrations');
        await db.close();
        await writeSecrets(path.join(staging, 'secrets.json'), secrets);
        await chmod(staging, 0o700); // health records: the server's user alone
      } catch (err) {
        await rm(staging, { recursive: true, force: true });
        throw err;
      }
      const lines: string[] = [];
      if (existsSync(dataDir)) {
        if (replace) {
          const aside = `${dataDir}.replaced-${stamp()}`;
          await rename(dataDir, aside);
          lines.push(
            `The directory it replaced is kept as ${aside} (remove it once the restore is checked).`,
          );
        } else await rm(dataDir, { recursive: true });
      }
      await rename(staging, dataDir);
      return [...lines, ...keyNotice(env, secrets, path.join(dataDir, 'secrets.json'))];
    },
  };
}

async function writeSecrets(file: string, secrets: BackupSecrets) {
  await writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  await chmod(file, 0o600); // the file may have come with the snapshot's own mode
}

/** SECRET_KEY, when set, wins over secrets.json: it must be the restored key. */
function keyNotice(env: NodeJS.ProcessEnv, secrets: BackupSecrets, file: string): string[] {
  if (!env.SECRET_KEY || env.SECRET_KEY === secrets.secretKey) return [];
  return [
    `Warning: SECRET_KEY is set and is not the key of this backup's secrets: unset it so that the server reads ${file}, or set it to the key in that file.`,
  ];
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function postgresTarget(url: string, dataDir: string, env: NodeJS.ProcessEnv): Target {
  const name = new URL(url).pathname.slice(1);
  return {
    describe: `the PostgreSQL database ${name}`,
    occupied: () =>
      withClient(url, async (c) => {
        const { rows } = await c.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_class k JOIN pg_namespace s ON s.oid = k.relnamespace
            WHERE s.nspname = 'public' AND k.relkind IN ('r', 'p', 'v', 'm', 'S')`,
        );
        return rows[0].n ? `its schema public holds ${rows[0].n} tables, views and sequences` : undefined;
      }),
    checkIdle: () =>
      withClient(url, async (c) => {
        const { rows } = await c.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND application_name LIKE 'dkj-%' AND pid <> pg_backend_pid()`,
        );
        if (rows[0].n)
          throw new BackupError(`Servers are connected to database ${name}: stop them before restoring.`);
      }),
    async apply(plain, dumpAt, secrets, replace) {
      await pgRestore(url, plain, dumpAt, replace);
      const lines = [];
      const file = path.join(dataDir, 'secrets.json');
      const old = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BackupSecrets) : undefined;
      if (old && old.secretKey !== secrets.secretKey) {
        const aside = `${file}.replaced-${stamp()}`;
        await rename(file, aside);
        lines.push(`The secrets file it replaced is kept as ${aside}.`);
      }
      await mkdir(dataDir, { recursive: true });
      await writeSecrets(file, secrets);
      return [...lines, ...keyNotice(env, secrets, file)];
    },
  };
}

/**
 * pg_restore turns the dump into SQL and psql runs it in one transaction, after the replaced
 * schema's removal when forced: a failure leaves the database as it was.
 */
async function pgRestore(url: string, plain: string, dumpAt: number, replace: boolean) {
  const { dbname, env } = toolConnection(url);
  const restore = spawn('pg_restore', ['--no-owner', '--no-privileges', '--file=-'], {
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const psql = spawn(
    'psql',
    ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--single-transaction', `--dbname=${dbname}`, '-f', '-'],
    {
      env,
      stdio: ['pipe', 'ignore', 'pipe'],
    },
  );
  let errors = '';
  restore.stderr.on('data', (d) => (errors += d));
  psql.stderr.on('data', (d) => (errors += d));
  const ended = (child: typeof restore | typeof psql) =>
    new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', resolve);
    });
  const codes = Promise.all([ended(restore), ended(psql)]);
  psql.stdin.on('error', () => undefined);
  restore.stdin.on('error', () => undefined);
  if (replace) psql.stdin.write('DROP SCHEMA public CASCADE;\nCREATE SCHEMA public;\n');
  restore.stdout.pipe(psql.stdin);
  createReadStream(plain, { start: dumpAt }).pipe(restore.stdin);
  const [a, b] = await codes;
  if (a !== 0 || b !== 0)
    throw new BackupError(`The restore failed; the database is as it was. ${errors.trim()}`);
}

/** Restores `file` into the target the environment names (DATABASE_URL, else DATA_DIR). */
export async function restoreBackup(file: string, env: NodeJS.ProcessEnv, options: RestoreOptions = {}) {
  const say = options.say ?? console.log;
  const passphrase = requirePassphrase(env);
  const header = await readHeader(file);
  await verifyChecksum(file, header);
  checkSchema(header);
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  const kind = env.DATABASE_URL ? 'postgres' : 'pglite';
  if (header.meta.database !== kind)
    throw new BackupError(
      header.meta.database === 'pglite'
        ? 'This is a backup of the embedded database: restore it without DATABASE_URL (into DATA_DIR).'
        : 'This is a backup of a PostgreSQL database: restore it with DATABASE_URL set to an empty database.',
    );
  const target =
    kind === 'postgres' ? postgresTarget(env.DATABASE_URL!, dataDir, env) : pgliteTarget(dataDir, env);
  const occupied = await target.occupied();
  if (occupied && !options.force)
    throw new BackupError(
      `Not restored: ${target.describe} is not empty (${occupied}). Restore into an empty one, or add --force to replace it. Nothing was changed.`,
    );
  if (occupied) await target.checkIdle();

  const temp = await mkdtemp(path.join(os.tmpdir(), 'dkj-restore-'));
  try {
    const plain = path.join(temp, 'plain');
    await decryptTo(file, header, passphrase, plain);
    const { secrets, dumpAt } = await readPlain(plain);
    if (occupied) say(`--force: replacing ${target.describe} (${occupied}).`);
    const notes = await target.apply(plain, dumpAt, secrets, !!occupied);
    say(
      `Restored ${file} (made ${header.meta.created_at} by release ${header.meta.release}, schema ${header.meta.schema}) into ${target.describe}.`,
    );
    for (const line of notes) say(line);
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}
