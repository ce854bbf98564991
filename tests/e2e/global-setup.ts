/**
 * Once per run, before any browser test file: builds the console if stale and copies it to a
 * directory of this run that every file's server serves. Files that run at the same time then
 * never build it twice, and a rebuild of dist/ by someone else during the run (vite empties it)
 * cannot break the pages under test.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { prepareConsole } from './console';
import { CHROMIUM_PATH } from './browser-path';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built console every test server of this run serves. */
    consoleDir: string;
  }
}

export default function setup(project: TestProject) {
  // No browser and E2E=1 not set: the files skip themselves (harness.ts), nothing to build.
  if (!existsSync(CHROMIUM_PATH) && process.env.E2E !== '1') return;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dkj-e2e-console-'));
  prepareConsole(dir);
  project.provide('consoleDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
