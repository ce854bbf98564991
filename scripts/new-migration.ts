/**
 * npm run new:migration -- <label>     writes the next numbered migration (032_<label>.sql) that
 *                                      brings the tables to the declarations
 * npm run new:migration -- --check     names every difference between the declarations and what
 *                                      the migrations build; exits 1 when there is one
 *
 * The declarations are src/domain/resources (with their schemas); what the migrations build is a
 * fresh in-memory database with every migration applied. The rules: scripts/new-migration-lib.ts.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../src/server/db/migrate';
import {
  ALL_DECLARATIONS,
  compare,
  migratedDatabase,
  migrationFileName,
  migrationSql,
  nextMigrationNumber,
} from './new-migration-lib';

const [arg] = process.argv.slice(2);
if (!arg) {
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
    const unfixable = diffs.filter((d) => !d.sql.length);
    if (unfixable.length) {
      for (const d of unfixable) console.error(d.message);
      console.error('No migration can remove these: change the declarations. Nothing written.');
      process.exit(1);
    }
    const file = migrationFileName(nextMigrationNumber(readdirSync(MIGRATIONS_DIR)), arg);
    const sql = migrationSql(file, diffs);
    // Tried first on this database: the file is written only if it applies and leaves nothing.
    await db.exec(sql);
    const left = await compare(db, ALL_DECLARATIONS);
    if (left.length) {
      for (const d of left) console.error(d.message);
      console.error('The migration would leave these differences: nothing written.');
      process.exit(1);
    }
    const target = path.join(MIGRATIONS_DIR, file);
    writeFileSync(target, sql);
    console.log(`wrote src/server/db/migrations/${file}:`);
    for (const d of diffs) console.log(`  ${d.message}`);
  }
} finally {
  await db.close();
}
