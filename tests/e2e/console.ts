/**
 * The console the browser tests load: built into dist/ when stale, then copied to a directory of
 * the run (global-setup.ts), so a rebuild of dist/ by someone else during the run (vite empties
 * it) cannot break the pages under test.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Builds the console into dist/ when it is missing or older than its sources. NODE_ENV is
 * forced to production: vitest sets NODE_ENV=test, and vite would otherwise honour it and
 * build React's development runtime into dist/ (which `npm start` would then serve).
 */
export function ensureBuild() {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts/ensure-build.mjs')], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) throw new Error(`console build failed (exit ${r.status})`);
}

/** True when dir holds index.html and every /assets file it references. */
function completeConsole(dir: string) {
  const index = path.join(dir, 'index.html');
  if (!existsSync(index)) return false;
  const refs = [...readFileSync(index, 'utf8').matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map(
    (m) => m[1],
  );
  return refs.every((ref) => existsSync(path.join(dir, ref)));
}

/**
 * Builds the console if stale and copies dist/ to a directory of this run, so a rebuild of
 * dist/ by someone else during the run (vite empties it) cannot break the pages under test.
 */
export function prepareConsole(target: string) {
  for (let attempt = 1; ; attempt++) {
    ensureBuild();
    rmSync(target, { recursive: true, force: true });
    try {
      cpSync(path.join(ROOT, 'dist'), target, { recursive: true });
    } catch (err) {
      if (attempt >= 3) throw err;
      continue;
    }
    if (completeConsole(target)) return;
    if (attempt >= 3) throw new Error('the built console in dist/ is incomplete');
  }
}
