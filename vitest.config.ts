import { defineConfig } from 'vitest/config';
import { rjsfValidators } from './scripts/rjsf-validators';
import LongestFirst from './tests/e2e/sequencer';

// Four projects: unit (pure domain), api (server through inject, PGlite and PostgreSQL),
// ui (components in jsdom) and e2e (real Chromium against the real server).
export default defineConfig({
  test: {
    // The longest browser files first (tests/e2e/sequencer.ts); the other files in Vitest's order.
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        // The console's build-time validators (virtual:rjsf-*) are the ones unit tests check.
        plugins: [rjsfValidators()],
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // No unit file mocks a module or stubs a global: a worker imports the modules once for
          // all its files instead of once per file (UNIT_ISOLATE=1 for a fresh import per file).
          isolate: process.env.UNIT_ISOLATE === '1',
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // As the browser files: a worker imports the server once for all its files (about a
          // second of CPU per file), each file still builds its own app on a database of its own,
          // and no API file mocks a module or stubs a global (API_ISOLATE=1 for a fresh import).
          isolate: process.env.API_ISOLATE === '1',
        },
      },
      {
        plugins: [rjsfValidators()],
        test: {
          name: 'ui',
          include: ['tests/ui/**/*.test.tsx'],
          environment: 'jsdom',
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // On CI a browser test that fails is run once more: two files at a time on two cores,
          // a click can land while a busy page still draws. A test that fails twice fails.
          retry: process.env.CI ? 1 : 0,
          // Builds and copies the console once; npm test runs two files at a time.
          globalSetup: ['tests/e2e/global-setup.ts'],
          // A worker imports the server once for all its files: each file still starts its own
          // server, database and browser, and no test file mocks a module or stubs a global.
          isolate: process.env.E2E_ISOLATE === '1',
        },
      },
    ],
  },
});
