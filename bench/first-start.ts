/**
 * The default first start on PGlite, as a newcomer's `npm start` does it: an empty data
 * directory, the demo city, the console already built.
 *
 *   npm run bench:first-start [-- --runs 3]
 *
 * Each run launches `npm start` with a new DATA_DIR on a free loopback port and measures the
 * time until the server answers (`/api/auth/me`, 401 without a session), and prints the server's
 * own "Ready in" and demo-data figures beside it. Budget: every run <= 15 s. The cluster new
 * PGlite databases start from is made once per PGlite version and set of migrations (README);
 * a run that found none made it, and says so. Exit code 1 when over budget.
 *
 *   npm run bench:first-start -- --postgres postgres://.../dkj_bench
 *
 * restarts the server on a big PostgreSQL database instead, with a list index dropped and the
 * rollups stale (./first-start-postgres.ts).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from './harness.js';
import { firstStartOnPostgres } from './first-start-postgres.js';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, postgres: { type: 'string' } },
});
const BUDGET_S = 15;
const CACHE = 'node_modules/.cache/dkj-pglite';

async function firstStart() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dkj-first-start-'));
  const port = await freePort();
  const hadCluster = existsSync(CACHE) && readdirSync(CACHE).some((f) => f.startsWith('cluster-'));
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    env: { ...process.env, DATA_DIR: dir, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start ended:\n${out}`);
      if (performance.now() - started > 120_000) throw new Error(`no answer after 120 s:\n${out}`);
      const status = await fetch(`http://127.0.0.1:${port}/api/auth/me`)
        .then((r) => r.status)
        .catch(() => 0);
      if (status === 401) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    const ready = /Ready in (\d+) ms/.exec(out)?.[1];
    const demo = /Demo data loaded in ([\d.]+) s/.exec(out)?.[1];
    return {
      seconds,
      ready: ready ? Number(ready) / 1000 : NaN,
      demo: demo ? Number(demo) : NaN,
      hadCluster,
    };
  } finally {
    // The server runs under npm in a process group of its own; a start that ended by itself
    // (the error above) has nothing left to stop.
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const runs = Number(values.runs);
  console.log(`\nFirst start on PGlite (empty DATA_DIR, demo city), ${runs} runs; budget <= ${BUDGET_S} s\n`);
  console.log('run   answering s   server "Ready in" s   demo data s   schema cluster');
  let over = 0;
  for (let i = 1; i <= runs; i++) {
    const r = await firstStart();
    if (r.seconds > BUDGET_S) over++;
    console.log(
      `${String(i).padEnd(6)}${r.seconds.toFixed(1).padStart(11)}${r.ready.toFixed(1).padStart(22)}` +
        `${r.demo.toFixed(1).padStart(14)}   ${r.hadCluster ? 'cached' : 'made by this start'}` +
        (r.seconds > BUDGET_S ? '   OVER' : ''),
    );
  }
  console.log(over ? `\n${over} of ${runs} runs over budget.` : '\nAll within budget.');
  return over ? 1 : 0;
}

process.exitCode = values.postgres ? await firstStartOnPostgres(values.postgres) : await main();
