// The README's test command: typecheck, lint, then every Vitest project. Ends with one line
// "N passed, N failed, N skipped" totalled over all suites, and a non-zero exit on failure.
import { spawn, spawnSync } from 'node:child_process';
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

// The three checks run at once (each mostly on one core), their output printed in order. The
// loop lints and formats only the changed files and leaves the typecheck (a minute over the whole
// project) to `npm run typecheck`.
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
const checks = await Promise.all(
  checkList.map(
    ([name, cmd, args]) =>
      new Promise((resolve) => {
        const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        child.stdout.on('data', (d) => (out += d));
        child.stderr.on('data', (d) => (out += d));
        child.on('close', (status) => resolve({ name, status, out }));
      }),
  ),
);
for (const { name, status, out } of checks) {
  console.log(`\n> ${name}`);
  if (out) process.stdout.write(out);
  if (status === 0) passed++;
  else {
    failed++;
    console.log(`${name} failed`);
  }
}

mkdirSync('.test-data', { recursive: true });

/** One Vitest run, its results added to the totals. */
function vitest(report, args, env = {}) {
  rmSync(report, { force: true });
  const status = spawnSync(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args],
    { stdio: 'inherit', shell: false, env: { ...process.env, ...env } },
  ).status;
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    if (status !== 0 && r.numFailedTests === 0) failed++; // a suite that failed to load
  } else if (status !== 0) failed++;
}

// Vitest gives a 2-core machine one worker. The unit, ui and API files are independent (each
// API file has a database or schema of its own) and spend their time starting databases, so
// they run two at a time. So do the browser files (E2E_WORKERS): each has its own server,
// database and Chromium, and a browser test waits on its page much of the time.
const WORKERS = ['--maxWorkers', process.env.TEST_WORKERS ?? '2'];
if (args.length === 0) {
  console.log('\n> vitest (unit, ui, api)');
  vitest('.test-data/vitest-report.json', [
    '--project',
    'unit',
    '--project',
    'ui',
    '--project',
    'api',
    ...WORKERS,
  ]);
  console.log('\n> vitest (e2e)');
  vitest('.test-data/vitest-report-e2e.json', [
    '--project',
    'e2e',
    '--maxWorkers',
    process.env.E2E_WORKERS ?? '2',
  ]);
} else if (loop) {
  if (picked.length) {
    console.log('\n> vitest');
    vitest('.test-data/vitest-report.json', [...WORKERS, ...picked]);
  }
} else {
  console.log('\n> vitest');
  vitest('.test-data/vitest-report.json', args);
}

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
if (args.length === 0 && process.env.CLOCK_PASS !== '0') {
  for (const [at, tz] of INSTANTS) {
    console.log(`\n> vitest at NOW=${at}, TZ=${tz}`);
    vitest(
      `.test-data/vitest-report-${at.replace(/:/g, '')}.json`,
      ['--project', 'unit', '--project', 'api', ...WORKERS, ...CLOCK_TESTS],
      { NOW: at, TZ: tz },
    );
  }
}

console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed ? 1 : 0);
