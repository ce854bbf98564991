// The README's test command: typecheck, lint, then every Vitest project. Ends with one line
// "N passed, N failed, N skipped" totalled over all suites, and a non-zero exit on failure.
import { spawn } from 'node:child_process';
import os from 'node:os';
import { readFileSync, mkdirSync, existsSync, rmSync } from 'node:fs';
import { changedFiles, testsOfChanges, testsOfResource } from './test-select.mjs';

let failed = 0;
let passed = 0;
let skipped = 0;

const args = process.argv.slice(2);
// The maintainer's loop: `--changed [ref]` runs the tests of the files changed since ref (default:
// where this branch left main, uncommitted and new files included) and lints those files;
// `--resource <name>` runs the tests named after one resource (test-select.mjs says how).
const loop = args[0] === '--changed' || args[0] === '--resource';
let picked = [];
let lintFiles = ['.'];
if (args[0] === '--changed') {
  const changed = changedFiles(args[1]);
  picked = testsOfChanges(changed);
  lintFiles = changed.filter((f) => /\.(m?[jt]sx?|json|md|css|html)$/.test(f));
  console.log(`${changed.length} changed files, ${picked.length} test files:`);
} else if (args[0] === '--resource') {
  if (!args[1]) {
    console.log('usage: npm test -- --resource <name>, e.g. patients');
    process.exit(2);
  }
  picked = testsOfResource(args[1]);
  lintFiles = [];
  console.log(`${picked.length} test files named after ${args[1]}:`);
  // A misspelt name must not pass as "nothing to test".
  if (picked.length === 0) failed++;
}
if (loop) for (const f of picked) console.log(`  ${f}`);

// The three checks (each mostly on one core) are started by the phase they share the machine
// with; their output is printed when they end. The loop lints and formats only the changed files
// and leaves the typecheck (a minute over the whole project) to `npm run typecheck`.
const lintable = lintFiles.filter((f) => f === '.' || /\.m?[jt]sx?$/.test(f));
const checkList = loop
  ? [
      lintable.length && ['lint', 'npx', ['eslint', '--no-warn-ignored', ...lintable]],
      lintFiles.length && ['format', 'npx', ['prettier', '--check', '--ignore-unknown', ...lintFiles]],
    ].filter(Boolean)
  : [
      ['typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
      ['lint', 'npx', ['eslint', '.']],
      ['format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']],
    ];

/** A child process; its output printed as it comes, or kept and returned. */
function run(cmd, cmdArgs, { env = {}, keep = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, cmdArgs, {
      stdio: keep ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    let out = '';
    if (keep) {
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
    }
    child.on('close', (status) => resolve({ status, out }));
  });
}

const runChecks = () =>
  Promise.all(checkList.map(([name, cmd, a]) => run(cmd, a, { keep: true }).then((r) => ({ name, ...r }))));

function reportChecks(results) {
  for (const { name, status, out } of results) {
    console.log(`\n> ${name}`);
    if (out) process.stdout.write(out);
    if (status === 0) passed++;
    else {
      failed++;
      console.log(`${name} failed`);
    }
  }
}

/** Busy time of all cores so far (ms), to tell a phase's share of the machine. */
const busyMs = () =>
  os.cpus().reduce((t, c) => t + c.times.user + c.times.nice + c.times.sys + c.times.irq, 0);
const phases = [];
async function phase(name, fn) {
  const t0 = performance.now();
  const b0 = busyMs();
  const result = await fn();
  const wall = performance.now() - t0;
  phases.push({ name, wall, busy: (busyMs() - b0) / (wall * os.cpus().length) });
  return result;
}
// Whole seconds first: 239.6 s reads 4:00, not 3:60.
const clock = (ms) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

mkdirSync('.test-data', { recursive: true });

/** One Vitest run, its results added to the totals; with `keep`, its output is returned. */
async function vitest(report, vitestArgs, env = {}, keep = false) {
  rmSync(report, { force: true });
  const { status, out } = await run(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...vitestArgs],
    { env, keep },
  );
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    if (status !== 0 && r.numFailedTests === 0) failed++; // a suite that failed to load
  } else if (status !== 0) failed++;
  return out;
}

// Vitest gives a 2-core machine one worker. The unit, ui and API files are independent (each
// API file has a database or schema of its own) and several API files wait on databases starting,
// child processes and timers (a crash, a backup, live events): three at a time fill those waits
// (4:32 at 93 % of the machine against 5:12 at 81 % with two).
const WORKERS = ['--maxWorkers', process.env.TEST_WORKERS ?? '3'];

// The tests that read the clock (demo history, seed, dashboard, performance, the unit rules)
// again with the clock set to chosen instants (NOW, clock.ts) and in other time zones: after
// midnight and before 07:00 UTC; the last minute of a Jakarta day, which is also the last of a
// month there and 29 February (16:59 UTC), and the first minute of the next day and month
// (17:01 UTC, in a zone still on the day before); 29 February in a zone already on 1 March's
// eve. Only for the whole suite.
const INSTANTS = [
  ['2026-11-25T00:30:00Z', 'UTC'],
  ['2026-11-25T06:10:00Z', 'Asia/Jakarta'],
  ['2026-11-30T17:01:00Z', 'America/Los_Angeles'],
  ['2028-02-29T06:10:00Z', 'Pacific/Kiritimati'],
  ['2028-02-29T16:59:00Z', 'UTC'],
];
// The API files whose data or answers follow the clock, and the unit files with a test that
// asks the clock or the local time zone (found by instrumenting Date.now, Date() and the local
// getters over tests/unit: the other unit tests pass their instants explicitly).
const CLOCK_TESTS = [
  'tests/unit/form-validation.test.ts',
  'tests/unit/log-writer.test.ts',
  'tests/unit/resource-engine-helpers.test.ts',
  'tests/api/clock.test.ts',
  'tests/api/logs-api.test.ts',
  'tests/api/logs.test.ts',
  'tests/api/log-partitions.test.ts',
  'tests/api/seed.test.ts',
  'tests/api/dashboard.test.ts',
  'tests/api/performance.test.ts',
];

async function clockPass() {
  const outs = [];
  if (process.env.CLOCK_PASS === '0') return outs;
  for (const [at, tz] of INSTANTS) {
    const out = await vitest(
      `.test-data/vitest-report-${at.replace(/:/g, '')}.json`,
      ['--project', 'unit', '--project', 'api', '--maxWorkers', '1', ...CLOCK_TESTS],
      // One database kind: the instant and zone move the application's clock, not the
      // database's (PGlite and the server keep their own zone); both kinds ran at the real instant.
      { NOW: at, TZ: tz, TEST_DB_KIND: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' },
      true,
    );
    outs.push(`\n> vitest at NOW=${at}, TZ=${tz}\n${out}`);
  }
  return outs;
}

if (args.length === 0) {
  // The unit, UI and API files leave part of the cores idle (databases starting, child
  // processes): the checks run beside them. The browser files (E2E_WORKERS at a time: each has
  // its own server, database and Chromium) run with the clock pass beside them on one worker.
  // Output of what ran beside follows the phase's own.
  console.log('\n> vitest (unit, ui, api)');
  const [, checks] = await Promise.all([
    phase('unit, UI and API', () =>
      vitest('.test-data/vitest-report.json', [
        '--project',
        'unit',
        '--project',
        'ui',
        '--project',
        'api',
        ...WORKERS,
      ]),
    ),
    phase('checks (beside them)', runChecks),
  ]);
  reportChecks(checks);
  const beside = phase('the clock pass (beside the browser files)', clockPass);
  console.log('\n> vitest (e2e)');
  await phase('browser', () =>
    vitest('.test-data/vitest-report-e2e.json', [
      '--project',
      'e2e',
      '--maxWorkers',
      process.env.E2E_WORKERS ?? '2',
    ]),
  );
  for (const out of await beside) process.stdout.write(out);
} else if (loop) {
  reportChecks(await runChecks());
  if (picked.length) {
    console.log('\n> vitest');
    await vitest('.test-data/vitest-report.json', [...WORKERS, ...picked]);
  }
} else {
  reportChecks(await runChecks());
  console.log('\n> vitest');
  await vitest('.test-data/vitest-report.json', args);
}

if (phases.length) {
  console.log('\nphase                                                   wall   machine busy');
  for (const p of phases)
    console.log(`${p.name.padEnd(55)} ${clock(p.wall).padStart(5)}   ${Math.round(p.busy * 100)} %`);
}
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed ? 1 : 0);
