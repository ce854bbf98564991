import { dbOptions, loadConfig, DEFAULT_DEMO_PASSWORD } from './config.js';
import { openDb } from './db/db.js';
import { prepareDatabase } from './setup.js';
import { seedOnFirstStart } from './seed/demo.js';
import { seedDemoLogs } from './seed/entities/logs.js';
import { buildApp } from './app.js';

const started = performance.now();
const config = loadConfig();
const db = await openDb(dbOptions(config));
// On PostgreSQL, list indexes a start finds missing and rollups a bulk load left stale are done
// behind the served console (app.maintenance, started below), not before it answers.
const migrations = await prepareDatabase(db, { behind: db.kind === 'postgres' });
const seeded = await seedOnFirstStart(db, config, config.demoPatients);
if (seeded && config.demo) await db.transaction((tx) => seedDemoLogs(tx)); // 30 days of log history
const app = await buildApp({ config, db, logger: { level: config.logLevel } });
for (const name of migrations)
  app.logs.system({ level: 'INFO', category: 'DATABASE', message: `Migrasi diterapkan: ${name}` });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: closing`);
  const force = setTimeout(() => process.exit(1), 10_000).unref();
  try {
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
void app.maintenance.start();
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
console.log(`\nDashboard Analisis Kesehatan Jakarta: http://localhost:${config.port}  (database: ${where})`);
console.log(`API docs: http://localhost:${config.port}/api/docs`);
if (seeded) console.log(seeded);
if (config.demo) {
  const pw = config.demoPassword === DEFAULT_DEMO_PASSWORD ? DEFAULT_DEMO_PASSWORD : '(from DEMO_PASSWORD)';
  console.log(
    `Demo accounts: superadmin@demo.local, admin@demo.local, staff@demo.local, viewer@demo.local, faskes@demo.local; password ${pw}`,
  );
}
console.log(`Ready in ${Math.round(performance.now() - started)} ms`);
