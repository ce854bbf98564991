import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Db } from './db.js';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The exit code of a process that refuses a database migrated by a newer release (EX_CONFIG). */
export const SCHEMA_TOO_NEW_EXIT = 78;

/**
 * The database holds migrations this release does not have: a newer release migrated it. A
 * process of this release would read and write tables it does not know the shape of, so it
 * does not start.
 */
export class SchemaTooNewError extends Error {
  constructor(readonly unknown: string[]) {
    super(
      `The database was migrated by a newer release of this server: it has ${unknown.length === 1 ? 'migration' : 'migrations'} ` +
        `${unknown.join(', ')}, which this release does not have. Start the newer release ` +
        '(every API process on one database must run the same release, or a newer one).',
    );
    this.name = 'SchemaTooNewError';
  }
}

/**
 * Applies the numbered SQL files in migrations/ that have not run yet, all in one transaction.
 * Safe to re-run, and safe when several processes start at once on PostgreSQL (an advisory
 * lock serialises them: the migrations run once). Throws SchemaTooNewError, changing nothing,
 * when the database has a migration this release does not know.
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = await migrationFiles(dir);
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    if (db.kind === 'postgres') {
      // Long work by design: a migration is not bound by the request deadline.
      await tx.query('SET LOCAL statement_timeout = 0');
      await tx.query('SELECT pg_advisory_xact_lock(727100)');
    }
    const done = new Set(
      (await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name),
    );
    refuseUnknown(done, files);
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = await readFile(path.join(dir, file), 'utf8');
      await tx.exec(sql);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    }
  });
  return applied;
}

const migrationFiles = async (dir: string) =>
  (await readdir(dir)).filter((f) => /^\d+_.+\.sql$/.test(f)).sort();

function refuseUnknown(done: Iterable<string>, files: string[]) {
  const unknown = [...done].filter((name) => !files.includes(name)).sort();
  if (unknown.length) throw new SchemaTooNewError(unknown);
}

/**
 * For a process that does not migrate (a WORKERS process): throws SchemaTooNewError when the
 * database has a migration this release does not know.
 */
export async function checkSchema(db: Db, dir = MIGRATIONS_DIR): Promise<void> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM schema_migrations');
  refuseUnknown(
    rows.map((r) => r.name),
    await migrationFiles(dir),
  );
}
