// Picks the test files of a change or of one resource, for `npm test -- --changed` and
// `npm test -- --resource <name>`: a loop a maintainer runs in a minute or two, not the whole suite.
//
// A test file is picked when
// - it is itself changed, or imports a changed file under tests/ (a helper, the browser harness);
// - it is a unit or UI test whose imports reach a changed file (those files are quick to run);
// - it is an API test that imports a changed file itself (every API test reaches the whole
//   server through its helper, so the full graph would pick them all);
// - its name is in the changed file's or its folder's name or the other way round (patients.ts,
//   master/patients/ -> patients.test.ts, patient-access.test.ts; PerformanceAnalytics.tsx ->
//   performance.test.ts), in any project, the browser tests included.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const TEST_DIRS = ['tests/unit', 'tests/ui', 'tests/api', 'tests/e2e'];
const isTest = (f) => /\.test\.tsx?$/.test(f);

function walk(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const p = path.posix.join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

export const testFiles = () => TEST_DIRS.flatMap(walk).filter(isTest).sort();

const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).split('\n').filter(Boolean);

/**
 * Files changed since `base` (default: where this branch left main, or HEAD on main), including
 * uncommitted and untracked ones, that still exist.
 */
export function changedFiles(base) {
  let since = base;
  if (!since) {
    try {
      since = git('merge-base', 'HEAD', 'main')[0];
    } catch {
      since = 'HEAD';
    }
  }
  const files = new Set([
    ...git('diff', '--name-only', since),
    ...git('ls-files', '--others', '--exclude-standard'),
  ]);
  return [...files].filter((f) => existsSync(f)).sort();
}

const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

/** The repository files a source file imports by a relative path. */
function importsOf(file, cache) {
  if (cache.has(file)) return cache.get(file);
  const found = [];
  cache.set(file, found);
  if (!/\.(m?[jt]sx?)$/.test(file) || !existsSync(file)) return found;
  for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const spec = path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1] ?? m[2]));
    const bare = spec.replace(/\.(m?js|jsx)$/, '');
    const hit = [spec, `${bare}.ts`, `${bare}.tsx`, `${bare}/index.ts`, `${bare}/index.tsx`].find(
      (c) => existsSync(c) && statSync(c).isFile(),
    );
    if (hit) found.push(hit);
  }
  return found;
}

/** Every file a test reaches through its imports; `depth` 1 is its own imports only. */
function reach(file, cache, depth = Infinity) {
  const seen = new Set([file]);
  let edge = [file];
  for (let d = 0; d < depth && edge.length; d++) {
    edge = edge.flatMap((f) => importsOf(f, cache)).filter((f) => !seen.has(f) && seen.add(f));
  }
  return seen;
}

/** Words of a name, singular: PatientList -> patient-list, medical_facilities -> medical-facility. */
function words(name) {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean)
    .map((w) => w.replace(/ies$/, 'y').replace(/(?<!s)s$/, ''));
}

const testName = (f) => words(path.basename(f).replace(/\.test\.tsx?$/, ''));

/**
 * True when the words of `key` appear in a row in the test file's name, or the other way round:
 * `patients` names patient-access.test.ts, and PerformanceAnalytics.tsx names performance.test.ts.
 */
function named(test, key, both = false) {
  const t = `-${testName(test).join('-')}-`;
  const k = `-${words(key).join('-')}-`;
  return k !== '--' && (t.includes(k) || (both && k.includes(t)));
}

// Folder and file names that say where a file is, not what it is about.
const PLACES = new Set([
  'src',
  'app',
  'server',
  'domain',
  'resources',
  'master',
  'simulator',
  'generic',
  'components',
  'pages',
  'routes',
  'index',
  'tests',
  'helper',
  'harness',
  'types',
  'api',
]);

/** The names a changed file is known by: its own and its folder's. */
function keysOf(file) {
  const stem = path
    .basename(file)
    .replace(/\.[^.]+$/, '')
    .replace(/^\d+[-_]/, '');
  return [stem, path.basename(path.dirname(file))].filter((k) => k && !PLACES.has(k.toLowerCase()));
}

/** The test files of the changed files, by the rules above. */
export function testsOfChanges(changed) {
  const cache = new Map();
  const changedSet = new Set(changed);
  const keys = changed.filter((f) => !f.startsWith('tests/')).flatMap(keysOf);
  return testFiles().filter((test) => {
    if (changedSet.has(test)) return true;
    const all = reach(test, cache);
    if ([...all].some((f) => f.startsWith('tests/') && changedSet.has(f))) return true;
    const quick = test.startsWith('tests/unit/') || test.startsWith('tests/ui/');
    const reached = quick ? all : reach(test, cache, test.startsWith('tests/api/') ? 1 : 0);
    if ([...reached].some((f) => changedSet.has(f))) return true;
    return keys.some((k) => named(test, k, true));
  });
}

/** The test files named after one resource: `patients` -> patients, patient-access, ... */
export const testsOfResource = (name) => testFiles().filter((test) => named(test, name));
