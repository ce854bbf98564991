/**
 * One API process: open the database, prepare it (unless the cluster's primary did), build the
 * app, listen, and drain before it stops.
 */
import { dbOptions, DEFAULT_DEMO_PASSWORD, type Config } from './config.js';
import { openDb, type Db } from './db/db.js';
import { prepareDatabase } from './setup.js';
import { checkSchema } from './db/migrate.js';
import { seedOnFirstStart } from './seed/demo.js';
import { seedDemoLogs } from './seed/entities/logs.js';
import { buildApp } from './app.js';
import { serveControl } from './backup/control.js';

/** Migrations, then the demo city (or the first super admin) on a first start. */
export async function prepare(db: Db, config: Config) {
  // On PostgreSQL, list indexes a start finds missing and rollups a bulk load left stale are done
  // behind the served console (app.maintenance, started once listening), not before it answers.
  const migrations = await prepareDatabase(db, { behind: db.kind === 'postgres' });
  const seeded = await seedOnFirstStart(db, config, config.demoPatients);
  if (seeded && config.demo) await db.transaction((tx) => seedDemoLogs(tx)); // 30 days of log history
  return { migrations, seeded };
}

export interface ServeOptions {
  /** Whether this process prepares the database (false: the cluster's primary did). */
  prepare: boolean;
  /** Migrations applied by whoever prepared the database, for the system log. */
  migrations?: string[];
}

/** Serves until SIGTERM or SIGINT, then drains and exits 0. Returns once listening. */
export async function serve(config: Config, options: ServeOptions) {
  const db = await openDb(dbOptions(config));
  const prepared = options.prepare
    ? await prepare(db, config)
    : await checkSchema(db).then(() => ({ migrations: [], seeded: null }));
  const app = await buildApp({ config, db, logger: { level: config.logLevel } });
  for (const name of [...prepared.migrations, ...(options.migrations ?? [])])
    app.logs.system({ level: 'INFO', category: 'DATABASE', message: `Migrasi diterapkan: ${name}` });

  let closing = false;
  let stopControl: (() => Promise<void>) | undefined = undefined;
  /**
   * Draining: /api/health answers 503 at once while requests are still served for
   * DRAIN_GRACE_MS (SIGTERM only; Ctrl+C stops at once), so a balancer's health check takes
   * the process out first; then the listener closes, requests in flight finish, the log
   * buffer is written and the database pools close.
   */
  async function shutdown(signal: NodeJS.Signals) {
    if (closing) return;
    closing = true;
    app.draining = true;
    app.log.info(`${signal}: draining`);
    const grace = signal === 'SIGTERM' ? config.drainGraceMs : 0;
    const force = setTimeout(() => process.exit(1), grace + 10_000).unref();
    try {
      if (grace) await new Promise((r) => setTimeout(r, grace));
      await stopControl?.();
      await app.close();
      await db.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // `npm run backup` asks this process for the embedded database's snapshot.
  stopControl = db.kind === 'pglite' ? await serveControl(config.dataDir, config.secretKey, db) : undefined;
  void app.maintenance.start();
  void app.backups?.start();
  return prepared.seeded;
}

/** What `npm start` prints once the server answers. */
export function printBanner(config: Config, seeded: string | null, started: number, workers = 1) {
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  const processes = workers > 1 ? `, ${workers} processes` : '';
  console.log(
    `\nDashboard Analisis Kesehatan Jakarta: http://localhost:${config.port}  (database: ${where}${processes})`,
  );
  console.log(`API docs: http://localhost:${config.port}/api/docs`);
  if (seeded) console.log(seeded);
  if (config.demo) {
    const pw = config.demoPassword === DEFAULT_DEMO_PASSWORD ? DEFAULT_DEMO_PASSWORD : '(from DEMO_PASSWORD)';
    console.log(
      `Demo accounts: superadmin@demo.local, admin@demo.local, staff@demo.local, viewer@demo.local, faskes@demo.local; password ${pw}`,
    );
  }
  console.log(`Ready in ${Math.round(performance.now() - started)} ms`);
}
