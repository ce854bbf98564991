// The README's test command: typecheck, lint, then every Vitest project. Ends with one line
// "N passed, N failed, N skipped" totalled over all suites, and a non-zero exit on failure.
import { spawnSync } from 'node:child_process';
import { readFileSync, mkdirSync, existsSync } from 'node:fs';

const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', shell: false }).status ?? 1;
let failed = 0;
let passed = 0;
let skipped = 0;

for (const [name, cmd, args] of [
  ['typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['lint', 'npx', ['eslint', '.']],
  ['format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']],
]) {
  console.log(`\n> ${name}`);
  if (run(cmd, args) === 0) passed++;
  else {
    failed++;
    console.log(`${name} failed`);
  }
}

mkdirSync('.test-data', { recursive: true });
const report = '.test-data/vitest-report.json';
console.log('\n> vitest');
const status = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
]);
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  if (status !== 0 && r.numFailedTests === 0) failed++; // a suite that failed to load
} else if (status !== 0) failed++;

console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed ? 1 : 0);
