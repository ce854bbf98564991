import cluster from 'node:cluster';
import { loadConfig } from './config.js';
import { printBanner, serve } from './serve.js';
import { APPLIED_ENV, runCluster } from './cluster.js';
import { SCHEMA_TOO_NEW_EXIT, SchemaTooNewError } from './db/migrate.js';

const started = performance.now();
const config = loadConfig();

async function main() {
  if (cluster.isWorker) {
    // One of WORKERS processes: the primary prepared the database.
    const migrations = process.env[APPLIED_ENV]?.split(',').filter(Boolean);
    await serve(config, { prepare: false, migrations });
    return;
  }
  let workers = config.workers;
  if (workers > 1 && !config.databaseUrl) {
    console.warn(`WORKERS=${workers} ignored: the embedded database (PGlite) is opened by one process only.`);
    workers = 1;
  }
  if (workers > 1) await runCluster(config, workers, started);
  else printBanner(config, await serve(config, { prepare: true }), started);
}

try {
  await main();
} catch (err) {
  // A release older than the database's schema never serves: it stops with a clear message.
  if (!(err instanceof SchemaTooNewError)) throw err;
  console.error(`Not starting: ${err.message}`);
  process.exit(SCHEMA_TOO_NEW_EXIT);
}
