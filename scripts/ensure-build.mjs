// Builds the console into dist/ when it is missing or older than its sources, then
// pre-compresses the assets (gzip and brotli) so the server sends them compressed.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';

const SOURCES = [
  'src/app',
  'src/domain',
  'src/resources',
  'i18n',
  'schemas',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
];
const OUT = 'dist/index.html';

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(p).map((f) => newest(path.join(p, f))));
}

export function isStale() {
  return !existsSync(OUT) || statSync(OUT).mtimeMs < Math.max(...SOURCES.map(newest));
}

function compress(dir) {
  for (const f of readdirSync(dir)) {
    const file = path.join(dir, f);
    if (statSync(file).isDirectory()) compress(file);
    else if (/\.(js|css|html|svg|json)$/.test(f)) {
      const data = readFileSync(file);
      writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
    }
  }
}

if (isStale() || process.argv.includes('--force')) {
  console.log('Building the console (vite build)...');
  // A production bundle whatever NODE_ENV the caller has (vitest sets 'test').
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
  compress('dist');
}

// The cluster new PGlite databases start from (src/server/db/pglite-template.ts): made here
// when there is none for this PGlite version, so that the first start does not wait for it.
// One made for older migrations is replaced at the first database opened.
const { version: pgliteVersion } = JSON.parse(
  readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8'),
);
const cache = 'node_modules/.cache/dkj-pglite';
const cached = existsSync(cache) && readdirSync(cache).some((f) => f.startsWith(`cluster-${pgliteVersion}-`));
if (!cached) {
  console.log('Preparing the embedded database template...');
  spawnSync(
    'npx',
    ['tsx', '-e', "import('./src/server/db/pglite.ts').then((m) => m.openPglite()).then((db) => db.close())"],
    { stdio: 'inherit' },
  );
}
