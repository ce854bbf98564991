/**
 * Loads the demo city into the database the server would use: PostgreSQL when DATABASE_URL is
 * set, else PGlite in DATA_DIR (./data).
 *
 *   npm run seed -- --patients 1000000 [--seed S] [--appointments-per-patient K]
 *                   [--no-journeys | --journey-days N] [--reset] [--threads N] [--batch N]
 *
 * The demo tables must be empty, or --reset empties them first (web admins are kept). The demo
 * accounts are created when missing (not with DEMO=0). On PostgreSQL the rows go in through
 * binary COPY on a connection of its own (./src/server/seed/bulk.ts), drawn by --threads worker
 * threads (default: up to 3, one per CPU, from 50,000 patients on; 0 draws in the main thread);
 * on PGlite through its in-process COPY (./src/server/seed/city.ts); --batch sets the patients
 * per INSERT where rows cannot be copied. Progress, and at the end the time of each phase, go
 * to stderr.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config.js';
import { openDb } from '../src/server/db/db.js';
import { prepareDatabase } from '../src/server/setup.js';
import { DEFAULT_DEMO_PATIENTS, ensureDemoAccounts } from '../src/server/seed/demo.js';
import { seedFacilityIntegration } from '../src/server/seed/facility-integration.js';
import { DEFAULT_SEED } from '../src/server/seed/generate.js';
import { loadCity } from '../src/server/seed/city.js';
import { resetDemoData, type LoadProgress } from '../src/server/seed/load.js';
import { seedLogRows } from '../src/server/seed/entities/logs.js';

const USAGE = `usage: npm run seed -- [--patients N] [--seed S] [--appointments-per-patient K]
                        [--no-journeys | --journey-days N] [--reset] [--threads N] [--batch N]
       npm run seed -- --logs N      (N log rows of 30 days into the existing database)`;

function number(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value.replace(/[_,]/g, ''));
  if (!Number.isFinite(n) || n < 0) {
    console.error(`--${name}: not a number: ${value}\n${USAGE}`);
    process.exit(2);
  }
  return n;
}

const { values } = parseArgs({
  options: {
    patients: { type: 'string' },
    seed: { type: 'string' },
    'appointments-per-patient': { type: 'string' },
    'no-journeys': { type: 'boolean', default: false },
    'journey-days': { type: 'string' },
    reset: { type: 'boolean', default: false },
    threads: { type: 'string' },
    batch: { type: 'string' },
    logs: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const patients = Math.floor(number('patients', values.patients, DEFAULT_DEMO_PATIENTS));
const seed = Math.floor(number('seed', values.seed, DEFAULT_SEED));
const appointmentsPerPatient = number('appointments-per-patient', values['appointments-per-patient'], 5);
const journeyDays = values['no-journeys'] ? 0 : number('journey-days', values['journey-days'], Infinity);
const batchSize = values.batch ? Math.max(1, Math.floor(number('batch', values.batch, 0))) : undefined;
const threads = values.threads === undefined ? undefined : Math.floor(number('threads', values.threads, 0));

const config = loadConfig();
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const duration = (ms: number) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

async function run(): Promise<number> {
  await prepareDatabase(db);
  if (values.logs) return seedLogRows(db, Math.floor(number('logs', values.logs, 0))); // log history only
  const { rows } = await db.query<{ patients: number; facilities: number }>(
    `SELECT (SELECT count(*) FROM patients)::int AS patients,
            (SELECT count(*) FROM medical_facilities)::int AS facilities`,
  );
  if ((rows[0].patients || rows[0].facilities) && !values.reset) {
    console.error(
      `${where} already holds ${fmt(rows[0].patients)} patients and ${fmt(rows[0].facilities)} facilities.\n` +
        'Pass --reset to replace the demo data (web admins are kept).',
    );
    return 1;
  }
  if (values.reset) {
    const t = performance.now();
    await db.transaction((tx) => resetDemoData(tx));
    console.error(`reset: demo tables emptied in ${duration(performance.now() - t)}`);
  }

  console.error(
    `seed ${seed}: ${fmt(patients)} patients, ~${appointmentsPerPatient} appointments each, ` +
      `journeys ${journeyDays === Infinity ? 'for all' : journeyDays ? `for the last ${journeyDays} days` : 'none'} → ${where}`,
  );
  let lastPhase = '';
  const tty = process.stderr.isTTY;
  const onProgress = (p: LoadProgress) => {
    const rate = p.rows / Math.max(0.001, p.elapsedMs / 1000);
    if (p.phase === 'patients') {
      const share = p.totalPatients ? p.patients / p.totalPatients : 1;
      const left = share > 0 ? (p.elapsedMs / share) * (1 - share) : 0;
      const line =
        `  patients ${fmt(p.patients)}/${fmt(p.totalPatients)} (${(share * 100).toFixed(1)}%)  ` +
        `appointments ${fmt(p.appointments)}  journeys ${fmt(p.journeys)}  ` +
        `${fmt(rate)} rows/s  ${duration(p.elapsedMs)} elapsed, ~${duration(left)} left`;
      process.stderr.write(tty ? `\r${line}\x1b[K` : `${line}\n`);
    } else if (p.phase !== lastPhase) {
      if (tty && lastPhase === 'patients') process.stderr.write('\n');
      process.stderr.write(`  ${p.phase} (${duration(p.elapsedMs)})\n`);
    }
    lastPhase = p.phase;
  };

  const summary = await loadCity(db, {
    databaseUrl: config.databaseUrl,
    patients,
    seed,
    appointmentsPerPatient,
    journeyDays,
    batchSize,
    threads,
    onProgress,
    finish: config.demo
      ? async (tx) => {
          await ensureDemoAccounts(tx, config.demoPassword);
          await seedFacilityIntegration(tx, config);
        }
      : undefined,
  });
  const rowsTotal =
    summary.facilities +
    summary.patients +
    summary.appointments +
    summary.journeys +
    summary.emergencies +
    summary.agdReports +
    summary.mentalHealthResponses;
  console.error(
    `done in ${duration(summary.ms)}: ${fmt(summary.patients)} patients, ${fmt(summary.appointments)} appointments, ` +
      `${fmt(summary.journeys)} journey steps, ${fmt(summary.facilities)} facilities, ${fmt(summary.emergencies)} SOS, ` +
      `${fmt(summary.agdReports)} AGD reports, ${fmt(summary.mentalHealthResponses)} mental-health responses ` +
      `(${fmt(rowsTotal / (summary.ms / 1000))} rows/s overall)`,
  );
  const width = Math.max(...summary.phases.map((p) => p.phase.length));
  for (const p of summary.phases) {
    const line = `  ${p.phase.padEnd(width)} ${(p.ms / 1000).toFixed(1).padStart(6)} s`;
    console.error(p.detail ? `${line}  (${p.detail})` : line);
  }
  return 0;
}

try {
  process.exitCode = await run();
} finally {
  await db.close();
}
