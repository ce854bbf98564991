/**
 * A new PGlite database starts from a copy of a cluster that already holds the schema, instead
 * of running initdb and every migration: initdb inside PGlite takes about 5 s on two cores and
 * the migrations about 1 s more, restoring the copy about 1 s. The copy is made once per PGlite
 * version and set of migrations (by `npm start`'s and `npm test`'s build step, or else by the
 * first database opened) and kept beside the installed packages, so a first start, a reset data
 * directory and every test database skip that work. Migrations added later still run as usual.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MIGRATIONS_DIR } from './migrate.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CACHE_DIR = path.join(ROOT, 'node_modules', '.cache', 'dkj-pglite');

function pgliteVersion(): string {
  const file = path.join(ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json');
  return JSON.parse(readFileSync(file, 'utf8')).version;
}

/** cluster-<PGlite version>-<hash of the migration files>.tar */
function templateFile(): string {
  const hash = createHash('sha1');
  for (const f of readdirSync(MIGRATIONS_DIR).sort())
    hash.update(f).update(readFileSync(path.join(MIGRATIONS_DIR, f)));
  return path.join(CACHE_DIR, `cluster-${pgliteVersion()}-${hash.digest('hex').slice(0, 12)}.tar`);
}

/** Whether `dataDir` already holds a cluster (PGlite opens it as it is). */
export function hasCluster(dataDir: string): boolean {
  return existsSync(path.join(dataDir, 'PG_VERSION'));
}

let memo: Promise<Blob | undefined> | undefined;

/**
 * The cluster new databases start from, made by `make` when the cache has none for this version
 * and these migrations. Undefined when it can be neither read nor made (a read-only install):
 * the caller then runs initdb and the migrations as usual.
 */
export function clusterTemplate(make: () => Promise<Blob>): Promise<Blob | undefined> {
  memo ??= (async () => {
    try {
      const file = templateFile();
      if (existsSync(file)) return new Blob([readFileSync(file)]);
      const blob = await make();
      mkdirSync(CACHE_DIR, { recursive: true });
      // Written aside and renamed: processes starting together never read half a file.
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
      renameSync(partial, file);
      for (const old of readdirSync(CACHE_DIR)) {
        if (old.endsWith('.tar') && path.join(CACHE_DIR, old) !== file)
          rmSync(path.join(CACHE_DIR, old), { force: true });
      }
      return blob;
    } catch {
      return undefined;
    }
  })();
  return memo;
}
