/**
 * Capture of every /api request, off the request path: one API request log row per answer,
 * system logs for 5xx answers, database errors and slow requests, security events for repeated
 * refusals, and a VIEW activity row and a patient access-log row when patient data is read
 * (reading health data is audited, patient-access.ts). Rows go to the LogWriter buffer; nothing here waits for the database.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/db.js';
import type { Config } from '../config.js';
import { QUERY_CANCELED } from '../db/work.js';
import { LogWriter, type ActivityRow, type ApiRequestRow, type Category, type Level } from './writer.js';
import { loggedText, loggedValue, maskNiks, redactEvery } from './redact.js';
import { RepeatCounter, SUSPICIOUS_THRESHOLD, SUSPICIOUS_WINDOW_MS } from './suspicious.js';
import { scheduleRetention } from './retention.js';
import { patientAccessRow } from './patient-access.js';
import { isApiPath } from '../api-path.js';
import { now } from '../../domain/clock.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The log buffer: system logs, security events, API request rows. */
    logs: LogWriter;
  }
  interface FastifyRequest {
    /** Set by the facility API (/api/simulation) once its API key is checked. */
    apiKeyFacilityId?: number;
    /** What the log keeps of the answer (set in onSend). */
    loggedPayload?: string | null;
    /** The error the answer reports, for the system log. */
    loggedError?: Error & { code?: string };
  }
  interface FastifyContextConfig {
    /** Every value this route is sent or answers is a secret (codes, TOTP secrets): logged as [REDACTED]. */
    secretBodies?: boolean;
    /** The answer is a long-lived stream (GET /api/events): never reported as a slow request. */
    stream?: boolean;
  }
}

/** Opening one of these records is an activity (VIEW) of its table. */
const VIEW_AUDITED: Record<string, string> = { '/api/master/patients/:id': 'patients' };

const MAX_URL = 2000;
const SQLSTATE = /^[0-9A-Z]{5}$/;

/** One answer of the API, as the logs describe it. */
interface Answer {
  request: FastifyRequest;
  status: number;
  /** How long the answer took, in ms. */
  duration: number;
  admin: FastifyRequest['admin'];
  /** The URL as logged: NIKs masked, cut to MAX_URL. */
  url: string;
  /** The route's pattern ('/api/master/patients/:id'), null when no route matched. */
  route: string | null;
  ip: string;
}

export function registerLogCapture(app: FastifyInstance, db: Db, config: Config) {
  const writer = new LogWriter(db, {
    bufferRows: config.logs.bufferRows,
    flushIntervalMs: config.logs.flushIntervalMs,
    maxBufferedRows: config.logs.maxBufferedRows,
    onError: (err, message) => app.log.error({ err }, message),
  });
  app.decorate('logs', writer);
  const watchRefusals = refusalWatch(writer);

  const captured = (request: FastifyRequest) =>
    isApiPath(request.url) && !request.url.startsWith('/api/docs');

  app.addHook('onSend', async (request, reply, payload) => {
    if (!captured(request)) return payload;
    reply.header('x-request-id', request.id);
    request.loggedPayload = typeof payload === 'string' ? payload : null;
    return payload;
  });
  app.addHook('onError', async (request, _reply, err) => {
    request.loggedError = err;
  });

  app.addHook('onResponse', async (request, reply) => {
    if (!captured(request)) return;
    const answer: Answer = {
      request,
      status: reply.statusCode,
      duration: reply.elapsedTime,
      admin: request.admin,
      url: withoutTicket(maskNiks(request.url)).slice(0, MAX_URL),
      route: request.routeOptions.url ?? null,
      ip: request.ip,
    };
    if (config.logs.apiRequests) writer.apiRequest(apiRequestRow(answer));
    logTrouble(writer, answer, config.logs.slowRequestMs);
    watchRefusals(answer);
    const view = viewActivity(answer);
    if (view) writer.activity(view);
    const read =
      config.logs.patientAccess && patientAccessRow(request, answer.status, answer.route, answer.ip);
    if (read) writer.patientAccess(read);
  });

  const stopRetention = scheduleRetention(db, config, writer, app.log);
  app.addHook('onReady', async () => {
    writer.system({ level: 'INFO', category: 'API', message: `Server API dimulai (pid ${process.pid})` });
  });
  app.addHook('onClose', async () => {
    await stopRetention();
    writer.system({ level: 'INFO', category: 'API', message: `Server API dihentikan (pid ${process.pid})` });
    await writer.close();
  });
}

/** A change stream's single-use ticket stays out of the logs. */
const withoutTicket = (url: string) => url.replace(/([?&]ticket=)[^&]*/g, '$1[REDACTED]');

/** The API request log row of an answer: who asked what, what was sent and answered. */
function apiRequestRow({ request, status, duration, admin, url, route, ip }: Answer): ApiRequestRow {
  const query = request.query as Record<string, unknown> | undefined;
  const body = request.body;
  const sent: Record<string, unknown> = {};
  if (query && typeof query === 'object' && Object.keys(query).length)
    sent.query = 'ticket' in query ? { ...query, ticket: '[REDACTED]' } : query;
  if (body !== undefined && body !== null) sent.body = body;
  const secret = request.routeOptions.config?.secretBodies === true;
  const answered = request.loggedPayload ? loggedText(request.loggedPayload) : null;
  return {
    request_id: request.id,
    request_time: new Date(now() - duration).toISOString(),
    method: request.method,
    url,
    route_pattern: route,
    status_code: status,
    duration_ms: Math.round(duration * 100) / 100,
    user_id: admin?.id ?? null,
    username: admin?.username ?? null,
    facility_id: request.apiKeyFacilityId ?? admin?.medical_facility_id ?? null,
    ip_address: ip,
    user_agent: request.headers['user-agent']?.slice(0, 500) ?? null,
    request_data: !Object.keys(sent).length ? null : secret ? redactEvery(sent) : loggedValue(sent),
    response_data: secret && answered ? JSON.stringify(redactEvery(JSON.parse(answered))) : answered,
  };
}

/** System logs of an answer that went wrong: a 5xx, a slow answer, a blocked sign-in. */
function logTrouble(writer: LogWriter, answer: Answer, slowRequestMs: number) {
  const { request, status, duration, admin, url, route, ip } = answer;
  const who = { admin_id: admin?.id ?? null, username: admin?.username ?? null, ip_address: ip };
  const system = (level: Level, category: Category, message: string, details?: unknown) =>
    writer.system({ level, category, message, ...who, request_id: request.id, details });

  if (status >= 500) {
    const err = request.loggedError;
    const code = typeof err?.code === 'string' ? err.code : undefined;
    const database = !!code && SQLSTATE.test(code);
    const level: Level = status === 503 ? 'WARNING' : 'ERROR';
    const category: Category = database ? 'DATABASE' : status === 503 ? 'PERFORMANCE' : 'API';
    const reason = err?.message ? `: ${maskNiks(err.message).slice(0, 500)}` : '';
    system(level, category, `${request.method} ${url} dijawab ${status}${reason}`, {
      status,
      route,
      code: code ?? null,
      timeout: code === QUERY_CANCELED || undefined,
    });
  }
  // A change stream (GET /api/events) is open for hours by design: its length is no slowness.
  if (duration > slowRequestMs && !request.routeOptions.config?.stream) {
    system(
      'WARNING',
      'PERFORMANCE',
      `Permintaan lambat: ${request.method} ${url} ${Math.round(duration)} ms`,
      {
        duration_ms: Math.round(duration),
        threshold_ms: slowRequestMs,
        route,
      },
    );
  }
  if (route === '/api/auth/login' && status === 429) {
    system('WARNING', 'AUTH', 'Percobaan masuk ditolak: akun atau alamat IP sedang diblokir', { status });
  }
}

/**
 * Security events for refusals that repeat: a user refused features outside their role, or
 * one address sending tokens that are invalid or expired, SUSPICIOUS_THRESHOLD times within
 * SUSPICIOUS_WINDOW_MS.
 */
function refusalWatch(writer: LogWriter) {
  const forbidden = new RepeatCounter();
  const badTokens = new RepeatCounter();
  const minutes = SUSPICIOUS_WINDOW_MS / 60_000;
  return ({ request, status, admin, url, route, ip }: Answer) => {
    if (status === 403 && admin && forbidden.hit(`admin:${admin.id}`)) {
      writer.security({
        event_type: 'SUSPICIOUS_ACTIVITY',
        severity: 'MEDIUM',
        description: `${admin.username} ditolak ${SUSPICIOUS_THRESHOLD} kali dalam ${minutes} menit saat membuka fitur di luar perannya (${admin.role}), terakhir ${request.method} ${url}`,
        email: admin.email,
        ip_address: ip,
        admin_id: admin.id,
        details: { status: 403, role: admin.role, route },
      });
    }
    if (
      status === 401 &&
      request.headers.authorization &&
      route !== '/api/auth/login' &&
      badTokens.hit(`ip:${ip}`)
    ) {
      writer.security({
        event_type: 'SUSPICIOUS_ACTIVITY',
        severity: 'HIGH',
        description: `${SUSPICIOUS_THRESHOLD} permintaan dengan token tidak valid atau kedaluwarsa dari ${ip} dalam ${minutes} menit`,
        ip_address: ip,
        details: { status: 401, route },
      });
    }
  };
}

/** The VIEW activity row of an answer that opened an audited record (VIEW_AUDITED), if any. */
function viewActivity({ request, status, admin, route, ip }: Answer): ActivityRow | undefined {
  const table = status === 200 && request.method === 'GET' && route ? VIEW_AUDITED[route] : undefined;
  if (!table) return undefined;
  return {
    admin_id: admin?.id ?? null,
    username: admin?.username ?? null,
    action: 'VIEW',
    table_name: table,
    record_id: String((request.params as { id?: unknown }).id ?? ''),
    ip_address: ip,
    user_agent: request.headers['user-agent'] ?? null,
    response_status: status,
  };
}
