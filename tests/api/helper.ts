/**
 * API test harness: a fresh database per app (PGlite in memory, or a PostgreSQL schema of its
 * own when TEST_DATABASE_URL is set), migrated, seeded with the demo accounts, facilities and a
 * few patients, and the whole Fastify app on top of it, driven through app.inject.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/server/app';
import { dbOptions, loadConfig, type Config } from '../../src/server/config';
import { openDb, type Db, type DbOptions } from '../../src/server/db/db';
import { prepareDatabase } from '../../src/server/setup';
import { seedOnFirstStart } from '../../src/server/seed/demo';
import { DEMO_EMAIL_BY_ROLE } from '../../src/server/seed/demo-accounts';
import type { ResourceDeclaration } from '../../src/domain/resource';

export type DbKind = 'pglite' | 'postgres';

/**
 * Where API tests run: always PGlite, and PostgreSQL as well when TEST_DATABASE_URL is set;
 * TEST_DB_KIND names one of them only (the clock pass: the databases' own clock and time zone
 * stay the same at every instant, only the application's move).
 */
export function dbTargets(): DbKind[] {
  const all: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  const only = process.env.TEST_DB_KIND;
  return only ? all.filter((k) => k === only) : all;
}

export const DEMO_EMAILS = DEMO_EMAIL_BY_ROLE;

export interface StartOptions {
  /** Demo patients to seed (default 30). */
  patients?: number;
  /** Extra resource declarations handed to buildApp. */
  resources?: ResourceDeclaration[];
  /** Config overrides (login limits, session TTL ...). */
  config?: Partial<Config>;
  /** Runs on the prepared, seeded database before the app is built (e.g. CREATE TABLE). */
  beforeBuild?: (db: Db) => Promise<void>;
  /** Adds routes of the test's own to the built app, before it is ready. */
  routes?: (app: FastifyInstance, db: Db) => void;
  /** PostgreSQL: database options of the test's own (read replicas, their probe). */
  db?: Partial<DbOptions>;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  kind: DbKind;
  /** Signs in with the demo password (or the one given) and returns the bearer token. */
  login(email: string, password?: string): Promise<string>;
  /** app.inject with `Authorization: Bearer <token>` when a token is given. */
  request(token: string | null, options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** The configuration of a test's app, with the test's own overrides. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return loadConfig(
    {},
    {
      dataDir: path.join(os.tmpdir(), 'dkj-api-tests-unused'),
      secretKey: '0'.repeat(64),
      staticDir: '/nonexistent',
      // Tests compare figures right after writing rows: no reuse of dashboard answers.
      dashboardCacheSeconds: 0,
      // Tests sign in as the admins they create; enrolment in two-factor sign-in is asked only
      // where a test asks for it (tests/api/two-factor.test.ts).
      twoFactor: { requiredRoles: [] },
      ...overrides,
    },
  );
}

/** Drops a test's own PostgreSQL schema and everything in it. */
export async function dropTestSchema(schema: string) {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await admin.end();
  }
}

export async function startTestApp(kind: DbKind, options: StartOptions = {}): Promise<TestApp> {
  const config = testConfig(options.config);
  let schema: string | undefined;
  let db: Db;
  if (kind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is not set');
    schema = `t_${randomBytes(6).toString('hex')}`;
    db = await openDb({ ...dbOptions({ ...config, databaseUrl: url }), schema, ...options.db });
  } else {
    db = await openDb({});
  }

  let app: FastifyInstance | undefined;
  const close = async () => {
    await app?.close();
    await db.close();
    if (schema) await dropTestSchema(schema);
  };

  try {
    await prepareDatabase(db);
    await seedOnFirstStart(db, config, options.patients ?? 30);
    await options.beforeBuild?.(db);
    app = await buildApp({ config, db, resources: options.resources });
    options.routes?.(app, db);
    await app.ready();
  } catch (err) {
    await close().catch(() => undefined);
    throw err;
  }
  const ready = app;

  const request: TestApp['request'] = (token, opts) =>
    ready.inject({
      ...opts,
      headers: { ...(opts.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    } as InjectOptions);

  const login = async (email: string, password = config.demoPassword) => {
    const res = await ready.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
    return res.json().token as string;
  };

  return { app: ready, db, config, kind, login, request, close };
}

/** The demo medical_facility user's own facility, and another one (the lowest other id). */
export async function demoFacilities(t: TestApp): Promise<{ own: number; other: number }> {
  const { rows } = await t.db.query<{ own: number; other: number }>(
    `SELECT a.medical_facility_id AS own,
            (SELECT min(f.id) FROM medical_facilities f WHERE f.id <> a.medical_facility_id) AS other
       FROM web_admins a WHERE a.email = $1`,
    [DEMO_EMAILS.medical_facility],
  );
  return rows[0];
}
