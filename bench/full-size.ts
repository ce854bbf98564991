/**
 * The whole city, every budget: Jakarta's 11 million patients on one PostgreSQL.
 *
 *   DATABASE_URL=postgres://.../dkj_city npm run bench:full-size
 *   options: --patients 11000000 (the city's size) --seed (load it anew even when it is there)
 *            --only seed,lists,dashboard,performance,load,burst,first-start,writes,export,logs
 *            --log-rows 50M (the request log's size for the logs step) --skip logs,...
 *
 * Loads the city with `npm run seed -- --patients N --journey-days 7 --reset` when the database
 * does not hold N patients (or --seed), timed, and prints the disk it takes. Then runs each
 * bench on it, one after another, as its own process, their output as they print it:
 *
 *   lists        every master list request (bench:lists), p95 <= 50 ms
 *   dashboard    every dashboard route and analysis (bench --budget 50), p95 <= 50 ms
 *   performance  performance analytics over 7 to 365 days (bench:performance), <= 200 ms
 *   load         32 clients: list >= 50 % of /api/auth/me, dashboards >= 30 %, p99 <= 100 ms (bench:load)
 *   burst        a burst of the slowest list request: /api/auth/me p99 <= 250 ms (bench:load --burst)
 *   first-start  a restart with a missing list index and stale rollups answers within 15 s (bench:first-start --postgres)
 *   writes       creating and updating a patient and an appointment, a facility-API booking, p95 <= 50 ms (bench:writes)
 *   export       all patients streamed, server RSS <= 300 MB (bench:lists --export)
 *   logs         the log screens with --log-rows request-log rows (bench:logs --size; grows the log, about 21 GB at 50M)
 *
 * and at the end one line per step: within its budget or not, and how long it ran. Exit code 1
 * when a step is over budget.
 */
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import pg from 'pg';

const STEPS = [
  'seed',
  'lists',
  'dashboard',
  'performance',
  'load',
  'burst',
  'first-start',
  'writes',
  'export',
  'logs',
] as const;
type Step = (typeof STEPS)[number];

const { values } = parseArgs({
  options: {
    patients: { type: 'string', default: '11000000' },
    seed: { type: 'boolean', default: false },
    only: { type: 'string' },
    skip: { type: 'string' },
    'log-rows': { type: 'string', default: '50M' },
  },
});
const databaseUrl = process.env.DATABASE_URL;
const patients = Number(values.patients!.replace(/[_,]/g, ''));
const pick = (list?: string) => (list ? list.split(',').map((s) => s.trim()) : undefined);
const only = pick(values.only);
const skip = pick(values.skip) ?? [];
for (const s of [...(only ?? []), ...skip])
  if (!STEPS.includes(s as Step)) throw new Error(`unknown step ${s}: one of ${STEPS.join(', ')}`);
const chosen = STEPS.filter((s) => (!only || only.includes(s)) && !skip.includes(s));

const minutes = (ms: number) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};
const gb = (bytes: number) => `${(bytes / 2 ** 30).toFixed(1)} GB`;

/** Runs `npm run <script> -- args` with the city's DATABASE_URL, its output passed through. */
function run(script: string, args: string[]): Promise<{ code: number; ms: number }> {
  const t = performance.now();
  console.log(`\n$ npm run ${script} -- ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: 'inherit',
    });
    child.once('exit', (code, signal) =>
      resolve({ code: code ?? (signal ? 1 : 0), ms: performance.now() - t }),
    );
  });
}

async function cityState(): Promise<{ patients: number; appointments: number; bytes: number; city: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const exists = await client.query(`SELECT to_regclass('patients') IS NOT NULL AS ok`);
    if (!exists.rows[0].ok) return { patients: 0, appointments: 0, bytes: 0, city: 0 };
    const { rows } = await client.query(
      `SELECT (SELECT count(*) FROM patients)::bigint AS patients,
              (SELECT reltuples FROM pg_class WHERE oid = 'appointments'::regclass)::bigint AS appointments,
              pg_database_size(current_database()) AS bytes,
              (SELECT sum(pg_total_relation_size(c.oid)) FROM pg_class c
                WHERE c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace
                  AND c.relname NOT LIKE '%log%' AND c.relname NOT LIKE 'api_request%') AS city`,
    );
    return {
      patients: Number(rows[0].patients),
      appointments: Number(rows[0].appointments),
      bytes: Number(rows[0].bytes),
      city: Number(rows[0].city),
    };
  } finally {
    await client.end();
  }
}

async function main(): Promise<number> {
  if (!databaseUrl) {
    console.error(
      'Set DATABASE_URL to the PostgreSQL database of the full-size city (it is loaded there when missing).',
    );
    return 2;
  }
  const results: { step: string; code: number; ms: number; detail?: string }[] = [];
  const before = await cityState();
  if (chosen.includes('seed') && (values.seed || before.patients !== patients)) {
    const r = await run('seed', ['--patients', String(patients), '--journey-days', '7', '--reset']);
    const after = await cityState();
    const detail =
      `${after.patients.toLocaleString('en')} patients, ~${after.appointments.toLocaleString('en')} appointments; ` +
      `the city's tables ${gb(after.city)}, the database ${gb(after.bytes)}`;
    console.log(`\nseed: ${minutes(r.ms)} (budget 20:00); ${detail}`);
    results.push({ step: 'seed', code: r.code || (r.ms > 20 * 60_000 ? 1 : 0), ms: r.ms, detail });
  } else {
    console.log(
      `\nThe city is there: ${before.patients.toLocaleString('en')} patients, ~${before.appointments.toLocaleString('en')} ` +
        `appointments; its tables take ${gb(before.city)}, the database ${gb(before.bytes)}.`,
    );
  }
  if ((await cityState()).patients !== patients) {
    console.error(
      `The database does not hold ${patients.toLocaleString('en')} patients: run the seed step first.`,
    );
    return 1;
  }
  const benches: Record<Exclude<Step, 'seed'>, [string, string[]]> = {
    lists: ['bench:lists', []],
    dashboard: ['bench', ['--patients', String(patients), '--journey-days', '7', '--budget', '50']],
    performance: ['bench:performance', []],
    load: ['bench:load', []],
    burst: ['bench:load', ['--burst']],
    'first-start': ['bench:first-start', ['--postgres', databaseUrl]],
    writes: ['bench:writes', []],
    export: ['bench:lists', ['--export']],
    logs: ['bench:logs', ['--size', values['log-rows']!, '--only', 'endpoints']],
  };
  for (const step of chosen) {
    if (step === 'seed') continue;
    const [script, args] = benches[step];
    const r = await run(script, args);
    results.push({ step, ...r });
  }
  console.log(`\nJakarta at full size (${patients.toLocaleString('en')} patients):`);
  console.log('| step | within budget | took |');
  console.log('| --- | --- | ---: |');
  for (const r of results) console.log(`| ${r.step} | ${r.code === 0 ? 'yes' : 'NO'} | ${minutes(r.ms)} |`);
  return results.some((r) => r.code !== 0) ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
