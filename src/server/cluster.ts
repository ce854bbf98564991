/**
 * `WORKERS` > 1: this process (node:cluster's primary) prepares the database once, then runs
 * that many API processes on the one port and stays to watch them. It does not serve. A worker
 * that dies is replaced; SIGTERM or SIGINT is passed to every worker, each drains, and the
 * primary exits when the last has.
 */
import cluster, { type Worker } from 'node:cluster';
import { dbOptions, type Config } from './config.js';
import { openDb } from './db/db.js';
import { prepare, printBanner } from './serve.js';
import { SCHEMA_TOO_NEW_EXIT } from './db/migrate.js';

/** Set in a worker's environment: the migrations the primary applied (the first worker logs them). */
export const APPLIED_ENV = 'DKJ_MIGRATIONS_APPLIED';
const RESTART_DELAY_MS = 1000;

export async function runCluster(config: Config, workers: number, started: number) {
  const db = await openDb({ ...dbOptions(config), readUrls: [] });
  let seeded: string | null;
  let migrations: string[];
  try {
    ({ seeded, migrations } = await prepare(db, config));
  } finally {
    await db.close();
  }

  let stopping = false;
  let listening = 0;
  const live = new Set<Worker>();
  const fork = (first: boolean) => {
    const worker = cluster.fork(first ? { [APPLIED_ENV]: migrations.join(',') } : {});
    live.add(worker);
    worker.once('listening', () => {
      if (++listening === workers) printBanner(config, seeded, started, workers);
    });
    return worker;
  };
  cluster.on('exit', (worker: Worker, code, signal) => {
    live.delete(worker);
    if (stopping) {
      if (!live.size) process.exit();
      return;
    }
    if (code === SCHEMA_TOO_NEW_EXIT) {
      // A newer release migrated the database since: this release must not serve it.
      stopping = true;
      for (const w of live) w.process.kill('SIGTERM');
      process.exitCode = SCHEMA_TOO_NEW_EXIT;
      if (!live.size) process.exit(SCHEMA_TOO_NEW_EXIT);
      return;
    }
    console.error(
      `API process ${worker.process.pid} ended (${signal ?? `exit code ${code}`}); starting another`,
    );
    setTimeout(() => fork(false), RESTART_DELAY_MS);
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const w of live) w.process.kill(signal);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  for (let i = 0; i < workers; i++) fork(i === 0);
}
