import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Db } from './db/db.js';
import type { Config } from './config.js';
import { registerErrorHandler } from './plugins/errors.js';
import { registerAnswerLanguage } from './plugins/language.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerOverloadGuard } from './plugins/overload.js';
import { registerWorkload } from './plugins/workload.js';
import { registerSharedAnswers } from './plugins/shared-answers.js';
import { registerAccessControl, type Access } from './plugins/access.js';
import { registerResource } from './resources/engine.js';
import { registerImportRoutes } from './imports/routes.js';
import { registerAuthRoutes } from './routes/auth.js';
import { registerTwoFactorRoutes } from './routes/two-factor/index.js';
import { registerAccountRoutes } from './routes/account/index.js';
import { registerReadYourWrites } from './plugins/read-your-writes.js';
import { registerHealth } from './routes/health.js';
import { registerReferenceOptions } from './resources/options.js';
import { registerFacilityOptions } from './routes/facility-options.js';
import { registerDashboardRoutes } from './routes/dashboard/index.js';
import { registerFacilityIntegration } from './routes/facility-integration.js';
import { registerAppointmentRoutes } from './routes/appointments.js';
import { registerPatientRoutes } from './routes/patients.js';
import { registerPerformanceRoutes } from './routes/performance.js';
import { registerLogCapture } from './logs/capture.js';
import { registerLogRoutes } from './routes/logs/index.js';
import { registerMenuAccessRoutes } from './routes/menu-access.js';
import { registerDomainConfigRoutes } from './routes/domain-config/index.js';
import { registerApiSimulatorRoutes } from './routes/api-simulator.js';
import { registerGateway } from './gateway/index.js';
import { createOutboundClient } from './outbound/index.js';
import { registerSimulation } from './simulation/index.js';
import { CHILD_RESOURCES, RESOURCES } from '../resources/index.js';
import type { ResourceDeclaration } from '../domain/resource.js';
import { isApiPath } from './api-path.js';
import { Maintenance } from './maintenance/index.js';
import { fastifyValidatorCompiler } from './validator.js';
import { BackupSchedule } from './backup/schedule.js';
import { registerEventRoutes } from './realtime/routes.js';

export interface ApiRoute {
  method: string;
  url: string;
  access: Access | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route with the access it declared (the access tests walk this list). */
    apiRoutes: ApiRoute[];
    /** Index builds and rollup rebuilds behind the served console (PostgreSQL; started after listen). */
    maintenance: Maintenance;
    /** Scheduled backups of the embedded database (BACKUP_DIR set; started after listen). */
    backups?: BackupSchedule;
  }
}

export interface BuildOptions {
  config: Config;
  db: Db;
  /** Extra resources (tests declare throwaway ones). */
  resources?: ResourceDeclaration[];
  logger?: FastifyServerOptions['logger'];
}

/** Builds the whole server: the API under /api and the built console at /. */
export async function buildApp({
  config,
  db,
  resources = [],
  logger,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: () => randomUUID(), // the request id of the API request log, unique across restarts
  });
  app.setValidatorCompiler(fastifyValidatorCompiler);
  app.decorate('apiRoutes', [] as ApiRoute[]);
  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url)) return;
    if (route.url.startsWith('/api/docs')) route.config = { ...(route.config ?? {}), access: 'public' };
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      app.apiRoutes.push({ method, url: route.url, access: (route.config as { access?: Access })?.access });
    }
  });

  registerErrorHandler(app);
  registerAnswerLanguage(app);
  await registerSecurityHeaders(app);
  await registerOverloadGuard(app, config);
  registerWorkload(app, config);
  registerSharedAnswers(app, config.dashboardCacheSeconds);
  // The API speaks JSON only: any other body is refused with 415 before a handler runs.
  app.removeContentTypeParser('text/plain');
  registerAccessControl(app, db);
  registerLogCapture(app, db, config);
  registerReadYourWrites(app, db);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Dashboard Analisis Kesehatan Jakarta API', version: '1.0.0' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          // The facility API (/api/simulation): a facility's API key, or the key as Basic user.
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
          basic: { type: 'http', scheme: 'basic' },
        },
      },
      security: [{ bearer: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerAuthRoutes(app, db, config);
  registerTwoFactorRoutes(app, db, config);
  registerAccountRoutes(app, db, config);
  registerFacilityOptions(app, db);
  registerDashboardRoutes(app, db, { liveMaxRows: config.dashboardLiveMaxRows });
  registerAppointmentRoutes(app, db);
  registerPatientRoutes(app, db);
  registerPerformanceRoutes(app, db);
  registerLogRoutes(app, db, config);
  registerMenuAccessRoutes(app, db);
  registerDomainConfigRoutes(app, db);
  registerApiSimulatorRoutes(app, db);
  registerGateway(app, db, createOutboundClient({ allowHosts: config.outboundAllowHosts }));
  registerFacilityIntegration(app, db, config);
  registerSimulation(app, db, config);
  for (const decl of [...RESOURCES, ...CHILD_RESOURCES, ...resources])
    registerResource(app, db, decl, { secretKey: config.secretKey });
  registerReferenceOptions(app, db, [...RESOURCES, ...resources]);
  registerImportRoutes(app, db, [...RESOURCES, ...CHILD_RESOURCES, ...resources], {
    secretKey: config.secretKey,
  });
  await registerEventRoutes(app, db, [...RESOURCES, ...CHILD_RESOURCES, ...resources], config.events);

  app.decorate(
    'maintenance',
    new Maintenance(db, [...RESOURCES, ...resources], (level, message, details) => {
      app.logs.system({ level, category: 'DATABASE', message, details });
      app.log[level === 'INFO' ? 'info' : level === 'WARNING' ? 'warn' : 'error'](details ?? {}, message);
    }),
  );
  app.addHook('onClose', () => app.maintenance.stop());
  registerBackupSchedule(app, config, db);
  registerHealth(app, db);

  const hasConsole = existsSync(path.join(config.staticDir, 'index.html'));
  if (hasConsole) {
    await app.register(fastifyStatic, {
      root: config.staticDir,
      wildcard: true,
      preCompressed: true,
      cacheControl: false, // set below: hashed assets forever, everything else revalidated
      setHeaders(res, file) {
        if (file.includes(`${path.sep}assets${path.sep}`))
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        else res.setHeader('cache-control', 'no-cache');
      },
    });
  }
  // Unknown /api paths answer JSON; any other GET is a console route (SPA fallback).
  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url) || !hasConsole || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ error: 'Tidak ditemukan', message: 'Tidak ditemukan' });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  return app;
}

function registerBackupSchedule(app: FastifyInstance, config: Config, db: Db) {
  const { dir } = config.backup;
  if (!dir) return;
  const report = (level: 'INFO' | 'WARNING' | 'ERROR', message: string, details?: unknown) => {
    app.logs.system({ level, category: 'DATABASE', message, details });
    app.log[level === 'INFO' ? 'info' : level === 'WARNING' ? 'warn' : 'error'](details ?? {}, message);
  };
  if (db.kind !== 'pglite') {
    // PostgreSQL is backed up by its own tools (README, "Backups").
    app.addHook('onReady', async () =>
      report('WARNING', 'BACKUP_DIR diabaikan: cadangan terjadwal hanya untuk basis data bawaan (PGlite)'),
    );
    return;
  }
  app.decorate('backups', new BackupSchedule({ ...config.backup, dir }, config, db, report));
  app.addHook('onClose', () => app.backups!.stop());
}
