import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/db.js';
import type { Config } from '../config.js';
import { gatewayStatus } from '../../domain/facility-integration.js';
import { medicalFacilities } from '../../resources/medical-facilities/index.js';
import { facilityConnections } from '../../resources/facility-connections/index.js';
import { AppError } from '../plugins/errors.js';
import { logActivity } from '../plugins/audit.js';
import { inCallerLanguage, wantsEnglish } from '../plugins/language.js';
import { serverToEnglish } from '../messages-en/index.js';
import { decryptSecret } from '../security/secret-box.js';
import { OutboundRefused, type OutboundClient } from '../outbound/index.js';
import { errorResponse, NOT_FOUND, resourcePaths } from '../resources/engine.js';
import { resourceModel } from '../resources/model.js';
import { readOps } from '../resources/reads.js';

/**
 * The test of an integration connection (spec part 1 §4, §7): a real call to its production or
 * sandbox base URL, or to its gateway, through the guarded outbound client, with the
 * connection's credentials. The outcome is stored on the connection and logged; a failed call
 * marks the facility offline, production answering marks it online.
 */

export const TEST_TIMEOUT_MS = 5000;

type Target = 'production' | 'sandbox' | 'gateway';

interface Outcome {
  ok: boolean;
  refused: boolean;
  message: string;
  answer?: { status: number; latencyMs: number; url: string };
}

const testResponse = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    ok: { type: 'boolean' },
    target: { type: 'string' },
    url: { type: 'string' },
    status: { type: 'integer' },
    latency_ms: { type: 'integer' },
    checked_at: { type: 'string' },
  },
};

/** The URL a test calls: the connection's production or sandbox base URL, or its gateway's. */
function targetUrl(row: Record<string, any>, target: Target): string {
  if (target === 'production') return row.production_base_url;
  if (target === 'sandbox') {
    if (!row.sandbox_base_url)
      throw new AppError(400, 'Sandbox base URL belum diisi', { sandbox_base_url: 'Belum diisi' });
    return row.sandbox_base_url;
  }
  const status = gatewayStatus(row.gateway_config);
  if (status === 'not_configured') throw new AppError(400, 'Gateway belum dikonfigurasi');
  if (status === 'invalid') throw new AppError(400, 'Gateway config tidak valid');
  if (status === 'disabled') throw new AppError(400, 'Gateway tidak aktif (enabled: false)');
  const url = (row.gateway_config as { new_base_url?: string }).new_base_url;
  if (!url) throw new AppError(400, 'Gateway belum memiliki new_base_url');
  return url;
}

export function registerConnectionTest(
  app: FastifyInstance,
  db: Db,
  config: Config,
  outbound: OutboundClient,
) {
  const connections = readOps(db, resourceModel(facilityConnections));
  registerCheckMessageLanguage(app);

  app.post(
    `${resourcePaths(facilityConnections).base}/:id/test`,
    {
      config: { access: { menus: medicalFacilities.menus } },
      schema: {
        tags: [medicalFacilities.name],
        summary:
          'Calls the connection for real: its production base URL, the sandbox one, or the gateway (new_base_url)',
        description:
          'Answers 200 with the status and latency on an answer below 500, 502 when the call failed (the facility is marked offline), 400 when the URL may not be called (loopback, private, link-local ... unless on OUTBOUND_ALLOW_HOSTS).',
        params: resourcePaths(facilityConnections).itemParams,
        body: {
          type: ['object', 'null'],
          additionalProperties: false,
          properties: {
            target: { type: 'string', enum: ['production', 'sandbox', 'gateway'], default: 'production' },
          },
        },
        response: {
          200: testResponse,
          400: errorResponse,
          404: errorResponse,
          502: { ...testResponse, properties: { ...testResponse.properties, error: { type: 'string' } } },
        },
      },
    },
    async (request, reply) => {
      const target = (request.body as { target?: Target } | null)?.target ?? 'production';
      const row = await connections.findOne(db, request, (request.params as { id: number }).id);
      if (!row) throw new AppError(404, NOT_FOUND);
      const url = targetUrl(row, target);
      const outcome = await callConnection(row, url);
      const checked_at = await recordTest(request, row, target, url, outcome);
      if (outcome.refused) throw new AppError(400, outcome.message);
      if (!outcome.ok) {
        const text = `Test koneksi gagal (${target}): ${outcome.message}`;
        return reply.status(502).send({ error: text, message: text, ok: false, target, url, checked_at });
      }
      const answer = outcome.answer!;
      return {
        message: inCallerLanguage(request, outcome.message),
        ok: true,
        target,
        url: answer.url,
        status: answer.status,
        latency_ms: answer.latencyMs,
        checked_at,
      };
    },
  );

  /** One call to the connection's URL with its credentials: whether it answered below 500, and how. */
  async function callConnection(row: Record<string, any>, url: string): Promise<Outcome> {
    const { rows } = await db.query<{ x_password_encrypted: string | null }>(
      'SELECT x_password_encrypted FROM facility_connections WHERE id = $1',
      [row.id],
    );
    const encrypted = rows[0]?.x_password_encrypted;
    const headers: Record<string, string> = {};
    if (row.x_username) headers['x-username'] = row.x_username;
    if (encrypted) headers['x-password'] = decryptSecret(encrypted, config.secretKey);
    try {
      const answer = await outbound.request(url, { headers, timeoutMs: TEST_TIMEOUT_MS });
      const message = `HTTP ${answer.status} dari ${answer.url} dalam ${answer.latencyMs} ms`;
      return { ok: answer.status < 500, refused: false, message, answer };
    } catch (err) {
      return { ok: false, refused: err instanceof OutboundRefused, message: (err as Error).message };
    }
  }

  /** The outcome stored on the connection, the facility's online flag, the log row; the time of the check. */
  async function recordTest(
    request: FastifyRequest,
    row: Record<string, any>,
    target: Target,
    url: string,
    { ok, refused, message }: Outcome,
  ): Promise<string> {
    const checked = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ checked_at: Date }>(
        `UPDATE facility_connections SET last_checked_at = app_now(), last_check_ok = $2, last_check_message = $3
          WHERE id = $1 RETURNING last_checked_at AS checked_at`,
        [row.id, ok, `${target}: ${message}`],
      );
      const online = refused ? null : !ok ? false : target === 'production' ? true : null;
      const changed =
        online !== null &&
        (
          await tx.query('UPDATE medical_facilities SET online = $2 WHERE id = $1 AND online <> $2', [
            row.medical_facility_id,
            online,
          ])
        ).rowCount > 0;
      await logActivity(tx, request, {
        action: 'UPDATE',
        table: 'facility_connections',
        recordId: row.id,
        newValues: { last_check_ok: ok, last_check_message: `${target}: ${message}` },
        status: refused ? 400 : ok ? 200 : 502,
        details: { test: target, url, ...(changed ? { facilityOnline: online } : {}) },
      });
      return rows[0].checked_at;
    });
    return new Date(checked).toISOString();
  }
}

/** A connection's stored last test ('sandbox: <outcome>', kept in Indonesian) read in the caller's language. */
function registerCheckMessageLanguage(app: FastifyInstance) {
  const base = resourcePaths(facilityConnections).base;
  const inEnglish = (row: unknown) => {
    const message = (row as { last_check_message?: unknown } | null)?.last_check_message;
    return typeof message === 'string'
      ? { ...(row as object), last_check_message: serverToEnglish(message) }
      : row;
  };
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    if (reply.statusCode >= 400 || !request.routeOptions.url?.startsWith(base) || !wantsEnglish(request))
      return payload;
    return Array.isArray(payload) ? payload.map(inEnglish) : inEnglish(payload);
  });
}
