/**
 * npm run new:resource -- <name> <schema.json> [--title-id "Obat"] [--title-en "Medicines"]
 *
 * Writes a new master entity into its own folder, src/resources/<name>/: its schema
 * (schema.json), its declaration (index.ts: menu entry, search, filters, list columns) and its
 * texts in both languages (texts.ts); a numbered migration and a test file; and adds it to the
 * resources list (src/resources/index.ts). After it `npm start` serves the entity: the API,
 * OpenAPI, and the generated console screen in the menu of its roles (on a database in use too).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scaffoldResource } from './new-resource-lib';
import { nextMigrationNumber } from './new-migration-lib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const [value] = args.splice(i, 2).slice(1);
  return value;
};
const titleId = option('--title-id');
const titleEn = option('--title-en');
const [slug, schemaPath] = args;
if (!slug || !schemaPath) {
  console.error(
    'usage: npm run new:resource -- <name> <schema.json> [--title-id "Obat"] [--title-en "Medicines"]',
  );
  process.exit(2);
}

const migrations = path.join(ROOT, 'src/server/db/migrations');
const next = nextMigrationNumber(readdirSync(migrations));
const input = JSON.parse(readFileSync(path.resolve(schemaPath), 'utf8'));
const fallback = slug.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
const scaffold = scaffoldResource(slug, input, next, { id: titleId ?? fallback, en: titleEn ?? fallback });

for (const f of scaffold.files) {
  const target = path.join(ROOT, f.path);
  if (existsSync(target) && !(f.path.endsWith('/schema.json') && path.resolve(schemaPath) === target)) {
    console.error(`${f.path} exists already: nothing written`);
    process.exit(1);
  }
}
for (const f of scaffold.files) {
  mkdirSync(path.dirname(path.join(ROOT, f.path)), { recursive: true });
  writeFileSync(path.join(ROOT, f.path), f.content);
}

// The resources list: an import and an entry.
const INDEX = 'src/resources/index.ts';
const index = path.join(ROOT, INDEX);
const constName = slug.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
let list = readFileSync(index, 'utf8');
list = list.replace(
  /(import type \{ ResourceDeclaration \} from '..\/domain\/resource';\n)/,
  `$1import { ${constName} } from './${slug}';\n`,
);
// Appended to RESOURCES (the list of screens and APIs), not to a list after it.
list = list.replace(
  /(export const RESOURCES: ResourceDeclaration\[\] = \[[\s\S]*?)\n\];/,
  `$1\n  ${constName},\n];`,
);
if (!list.includes(`  ${constName},\n];`)) {
  console.error(`${INDEX}: no RESOURCES list found; add the entity to it by hand`);
  process.exit(1);
}
writeFileSync(index, list);

const written = [...scaffold.files.map((f) => f.path), INDEX];
spawnSync('npx', ['prettier', '--write', ...written], { cwd: ROOT, stdio: 'ignore' });
console.log(`${scaffold.decl.name}: wrote\n${written.map((f) => `  ${f}`).join('\n')}\nReview:`);
for (const line of scaffold.review) console.log(`  - ${line}`);
console.log('Then: npm start (the menu entry reaches its roles at the start), npm test');
