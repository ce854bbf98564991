/**
 * npm run new:migration -- <label>     writes the next numbered migration (032_<label>.sql) that
 *                                      brings the tables to the declarations
 * npm run new:migration -- --check     names every difference between the declarations and what
 *                                      the migrations build; exits 1 when there is one
 *
 * The declarations are src/resources (with their schemas); what the migrations build is a
 * fresh in-memory database with every migration applied. The rules: scripts/new-migration-lib.ts.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../src/server/db/migrate';
import type { Db } from '../src/server/db/db';
import {
  ALL_DECLARATIONS,
  compare,
  type Difference,
  migratedDatabase,
  migrationFileName,
  migrationSql,
  nextMigrationNumber,
} from './new-migration-lib';

const [arg] = process.argv.slice(2);
if (!arg || (arg.startsWith('-') && arg !== '--check')) {
  console.error('usage: npm run new:migration -- <label>   |   npm run new:migration -- --check');
  process.exit(2);
}

const db = await migratedDatabase();
try {
  const diffs = await compare(db, ALL_DECLARATIONS);
  const tables = new Set(ALL_DECLARATIONS.map((d) => d.table)).size;
  if (arg === '--check') {
    for (const d of diffs) console.log(d.message);
    if (diffs.length) {
      console.log(`${diffs.length} difference(s): npm run new:migration -- <label> writes the migration`);
      process.exitCode = 1;
    } else {
      console.log(
        `Declarations and migrations in agreement (${ALL_DECLARATIONS.length} resources, ${tables} tables).`,
      );
    }
  } else if (!diffs.length) {
    console.log('Declarations and migrations in agreement: no migration written.');
  } else {
    await write(db, diffs);
  }
} finally {
  await db.close();
}

/** Writes the migration of `diffs`, if it applies on `db` and leaves no difference. */
async function write(db: Db, diffs: Difference[]) {
  const refuse = (left: Difference[], why: string) => {
    for (const d of left) console.error(d.message);
    console.error(`${why} Nothing written.`);
    process.exitCode = 1;
  };
  const unfixable = diffs.filter((d) => !d.sql.length);
  if (unfixable.length) return refuse(unfixable, 'No migration can remove these: change the declarations.');
  const file = migrationFileName(nextMigrationNumber(readdirSync(MIGRATIONS_DIR)), arg);
  const sql = migrationSql(file, diffs);
  // Tried first on this database: the file is written only if it applies and leaves nothing.
  await db.exec(sql);
  const left = await compare(db, ALL_DECLARATIONS);
  if (left.length) return refuse(left, 'The migration would leave these differences.');
  writeFileSync(path.join(MIGRATIONS_DIR, file), sql);
  console.log(`wrote src/server/db/migrations/${file}:`);
  for (const d of diffs) console.log(`  ${d.message}`);
}
