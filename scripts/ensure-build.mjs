// Builds the console into dist/ when it is missing or older than its sources, then
// pre-compresses the assets (gzip and brotli) so the server sends them compressed.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';

const SOURCES = [
  'src/app',
  'src/domain',
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
