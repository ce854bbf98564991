/**
 * A copy of the project as a maintainer's fresh clone, for the tests that change it as a
 * maintainer would (a new entity, a field added to a schema) and then build and start it.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './harness';

const COPIED = [
  'src',
  'schemas',
  'i18n',
  'public',
  'scripts',
  'tests',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  '.prettierrc.json',
];

/** Runs a node script of the copy (as `npm run` would, production env); its output, or throws. */
export function run(cwd: string, args: string[]) {
  const r = runStatus(cwd, args);
  if (r.status !== 0) throw new Error(`${args.join(' ')}: ${r.status}\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** The same, with its exit status and output whatever the status. */
export function runStatus(cwd: string, args: string[]) {
  return spawnSync(process.execPath, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

/** The project copied into `dir`/project, its files' times kept; returns its path. */
export function copyProject(dir: string) {
  const project = path.join(dir, 'project');
  // The built console comes along, its times kept: the first start needs no build of its own.
  for (const entry of [...COPIED, ...(existsSync(path.join(ROOT, 'dist')) ? ['dist'] : [])])
    cpSync(path.join(ROOT, entry), path.join(project, entry), {
      recursive: true,
      preserveTimestamps: true,
    });
  // The installed packages, shared; not their cache, where the copy's database template (its
  // migrations are not the project's) would replace the one the other tests start from.
  mkdirSync(path.join(project, 'node_modules'));
  for (const entry of readdirSync(path.join(ROOT, 'node_modules')).filter((e) => e !== '.cache'))
    symlinkSync(path.join(ROOT, 'node_modules', entry), path.join(project, 'node_modules', entry));
  return project;
}
