import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { simulationConfig, type SimulationConfig } from './simulation/config.js';
import { logConfig, type LogConfig } from './logs/config.js';
import type { DbOptions } from './db/types.js';
import { backupScheduleConfig, type BackupScheduleConfig } from './backup/config.js';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Key material for encrypting stored secrets (hex, 32 bytes). Never logged. */
  secretKey: string;
  sessionTtlHours: number;
  login: { maxFailuresPerAccount: number; maxFailuresPerIp: number; windowMinutes: number };
  /**
   * 'Lupa Password?': reset links by e-mail through SMTP_URL (smtp:// or smtps://, with its
   * credentials; unset: no e-mail, the sign-in page says whom to ask), from MAIL_FROM, pointing
   * at PUBLIC_URL (the console's address as users reach it), valid RESET_LINK_MINUTES.
   */
  passwordReset: {
    smtpUrl?: string;
    mailFrom: string;
    publicUrl: string;
    linkMinutes: number;
    /** Requests per address and per client address in the sign-in window. */
    maxPerEmail: number;
    maxPerIp: number;
  };
  /** Roles that must sign in with a second factor (REQUIRE_2FA_ROLES, comma separated). */
  twoFactor: { requiredRoles: string[] };
  demo: boolean;
  /** Patients of the demo city loaded on a first start. */
  demoPatients: number;
  demoPassword: string;
  adminEmail?: string;
  adminPassword?: string;
  /** Where the built console lives; not served when missing. */
  staticDir: string;
  logLevel: string;
  /** Behind a reverse proxy: client IP and protocol (HSTS) come from its X-Forwarded-* headers. */
  trustProxy: boolean;
  /** Past these bounds new requests are shed with 503 + Retry-After (0 switches a bound off). */
  overload: { maxEventLoopDelayMs: number; maxHeapUsedMb: number; maxRssMb: number };
  /** How long city-wide dashboard figures may be reused (seconds; 0: computed per request). */
  dashboardCacheSeconds: number;
  /**
   * While a bulk load's rollups are rebuilt, the dashboard reads a base table of at most this
   * many rows instead; past it, it answers 503 with Retry-After (DASHBOARD_LIVE_MAX_ROWS; 0: any).
   */
  dashboardLiveMaxRows: number;
  /**
   * Hosts ('host' or 'host:port') outbound calls may reach even on a loopback or private
   * address (OUTBOUND_ALLOW_HOSTS, comma separated); the server itself is always on it.
   */
  outboundAllowHosts: string[];
  /** The facility API: per-key rate limit, token lifetime, proxy deadline (src/server/simulation/). */
  simulation: SimulationConfig;
  /** Logs: retention, the slow-request threshold, the write buffer (src/server/logs/). */
  logs: LogConfig;
  db: {
    /** Deadline of each statement a request runs (PostgreSQL), ms. */
    statementTimeoutMs: number;
    /** Connections for light work. */
    poolSize: number;
    /** Heavy requests at once (and the connections they hold on PostgreSQL). */
    heavyPoolSize: number;
    /** Heavy requests that may wait for a slot, and for how long, before 503. */
    heavyQueue: number;
    heavyQueueWaitMs: number;
    /** Read replicas for heavy reads (DATABASE_READ_URL, comma separated). */
    readUrls: string[];
    /** A replica further behind the primary than this is skipped (ms). */
    readMaxLagMs: number;
    /** How often each replica's health and lag are checked (ms). */
    readCheckMs: number;
  };
  /** Scheduled backups of the embedded database (BACKUP_DIR, BACKUP_EVERY_HOURS, BACKUP_KEEP). */
  backup: BackupScheduleConfig;
  /** The change stream (GET /api/events). */
  events: {
    /** A comment line to every open stream this often (HEARTBEAT_MS), ms. */
    heartbeatMs: number;
    /** How long changes are kept for a reconnect's replay (EVENTS_RETENTION_MINUTES). */
    retentionMinutes: number;
  };
  /** API processes `npm start` runs on the one port (node:cluster); 1 on PGlite. */
  workers: number;
  /** On SIGTERM: how long /api/health answers 503 while requests are still served, so a balancer takes the process out first. */
  drainGraceMs: number;
}

export const DEFAULT_DEMO_PASSWORD = 'demo12345';

const int = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return Number.isFinite(n) && value !== undefined && value !== '' ? n : fallback;
};

/**
 * Secrets not given in the environment are generated on first run and kept in
 * <dataDir>/secrets.json (mode 600), so sessions and encrypted values survive restarts.
 */
function loadSecretKey(env: NodeJS.ProcessEnv, dataDir: string): string {
  if (env.SECRET_KEY) return env.SECRET_KEY;
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { secretKey?: string };
    if (stored.secretKey) return stored.secretKey;
  }
  mkdirSync(dataDir, { recursive: true });
  const secretKey = randomBytes(32).toString('hex');
  writeFileSync(file, JSON.stringify({ secretKey }, null, 2), { mode: 0o600 });
  return secretKey;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = path.resolve(overrides.dataDir ?? env.DATA_DIR ?? 'data');
  return {
    port: int(env.PORT, 3001),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    secretKey: overrides.secretKey ?? loadSecretKey(env, dataDir),
    sessionTtlHours: int(env.SESSION_TTL_HOURS, 12),
    login: {
      maxFailuresPerAccount: int(env.LOGIN_MAX_FAILURES, 5),
      maxFailuresPerIp: int(env.LOGIN_MAX_FAILURES_PER_IP, 20),
      windowMinutes: int(env.LOGIN_BLOCK_MINUTES, 15),
    },
    passwordReset: {
      smtpUrl: env.SMTP_URL || undefined,
      mailFrom: env.MAIL_FROM || 'Dashboard Kesehatan Jakarta <no-reply@localhost>',
      publicUrl: (env.PUBLIC_URL || `http://localhost:${int(env.PORT, 3001)}`).replace(/\/+$/, ''),
      linkMinutes: int(env.RESET_LINK_MINUTES, 30),
      maxPerEmail: int(env.RESET_MAX_PER_EMAIL, 3),
      maxPerIp: int(env.RESET_MAX_PER_IP, 10),
    },
    twoFactor: {
      requiredRoles: (env.REQUIRE_2FA_ROLES ?? 'super_admin')
        .split(',')
        .map((r) => r.trim())
        .filter(Boolean),
    },
    demo: env.DEMO !== '0',
    demoPatients: int(env.DEMO_PATIENTS, 5000),
    demoPassword: env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD,
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    staticDir: path.resolve(env.STATIC_DIR ?? 'dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY === '1',
    dashboardCacheSeconds: int(env.DASHBOARD_CACHE_SECONDS, 5),
    dashboardLiveMaxRows: int(env.DASHBOARD_LIVE_MAX_ROWS, 8_000_000),
    outboundAllowHosts: [
      ...(env.OUTBOUND_ALLOW_HOSTS ?? '')
        .split(',')
        .map((h) => h.trim())
        .filter(Boolean),
      // The demo's own sandbox: the server itself.
      `localhost:${int(env.PORT, 3001)}`,
      `127.0.0.1:${int(env.PORT, 3001)}`,
    ],
    simulation: simulationConfig(env),
    logs: logConfig(env),
    db: {
      statementTimeoutMs: int(env.DB_STATEMENT_TIMEOUT_MS, 5000),
      poolSize: int(env.DB_POOL_SIZE, 10),
      heavyPoolSize: int(env.DB_HEAVY_POOL_SIZE, 2),
      heavyQueue: int(env.DB_HEAVY_QUEUE, 64),
      heavyQueueWaitMs: int(env.DB_HEAVY_QUEUE_WAIT_MS, 2000),
      readUrls: (env.DATABASE_READ_URL ?? '')
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean),
      readMaxLagMs: int(env.DB_READ_MAX_LAG_MS, 5000),
      readCheckMs: int(env.DB_READ_CHECK_MS, 1000),
    },
    backup: backupScheduleConfig(env),
    events: {
      heartbeatMs: Math.max(100, int(env.HEARTBEAT_MS, 25_000)),
      retentionMinutes: Math.max(5, int(env.EVENTS_RETENTION_MINUTES, 15)),
    },
    workers: Math.max(1, int(env.WORKERS, 1)),
    drainGraceMs: int(env.DRAIN_GRACE_MS, 2000),
    overload: {
      // Off by default: PGlite runs its statements on the event loop, so its lag measures the
      // database rather than overload; the heavy gate and the pools' wait bounds do that.
      maxEventLoopDelayMs: int(env.OVERLOAD_EVENT_LOOP_DELAY_MS, 0),
      // Below the process's heap bound (`npm start` sets 1024 MB), so that load is shed first.
      maxHeapUsedMb: int(
        env.OVERLOAD_HEAP_MB,
        // heap_size_limit: node's --max-old-space-size and the young space.
        Math.min(1536, Math.floor((0.85 * v8.getHeapStatistics().heap_size_limit) / 2 ** 20)),
      ),
      maxRssMb: int(env.OVERLOAD_RSS_MB, 0),
    },
    ...overrides,
  };
}

/** How the server opens its database: the connection, its pools, deadlines and read replicas. */
export function dbOptions(config: Config): DbOptions {
  return {
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    statementTimeoutMs: config.db.statementTimeoutMs,
    poolSize: config.db.poolSize,
    heavyPoolSize: config.db.heavyPoolSize,
    readUrls: config.databaseUrl ? config.db.readUrls : [],
    readMaxLagMs: config.db.readMaxLagMs,
    readCheckMs: config.db.readCheckMs,
  };
}
