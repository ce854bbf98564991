import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/db.js';
import { AppError } from '../plugins/errors.js';
import { OutboundRefused, type OutboundClient } from '../outbound/index.js';

/**
 * The redirect gateway (spec part 2 'Domain Configuration'): /api/gateway/{facility_code}/...
 * forwards to the active gateway configuration of that facility code, to its production
 * target or, with the header `X-Gateway-Target: sandbox`, to its sandbox target, through the
 * platform's one guarded outbound client (no loopback, private or metadata addresses unless
 * allow-listed, the checked address pinned, redirects re-checked, a deadline and a size cap).
 * Every method is passed on, with its JSON body.
 */

export const GATEWAY_HEADER = 'x-gateway-target';
export const GATEWAY_TARGETS = ['production', 'sandbox'] as const;
export type GatewayTarget = (typeof GATEWAY_TARGETS)[number];
export const GATEWAY_TIMEOUT_MS = 10_000;
export const GATEWAY_MAX_BYTES = 1024 * 1024;

export const notConfigured = (code: string) =>
  `Gateway untuk fasilitas ${code} belum dikonfigurasi. Atur di Gateway Config terlebih dahulu.`;
export const notActive = (code: string) =>
  `Gateway untuk fasilitas ${code} belum aktif. Aktifkan konfigurasinya di Gateway Config.`;
export const noTarget = (code: string, target: GatewayTarget) =>
  `Gateway fasilitas ${code} tidak memiliki URL target ${target === 'sandbox' ? 'sandbox' : 'production'}.`;
const BAD_TARGET = `Header X-Gateway-Target harus 'production' atau 'sandbox'`;

/** Request headers passed on to the facility (nothing that identifies the platform's session). */
const FORWARDED_HEADERS = ['accept', 'accept-language', 'x-api-key', 'x-request-id'];

const access = { menus: ['/api-simulator', '/master/domain-config'] };

function chosenTarget(request: FastifyRequest): GatewayTarget {
  const raw = request.headers[GATEWAY_HEADER];
  if (raw === undefined || raw === '') return 'production';
  const value = String(raw).trim().toLowerCase();
  if (!(GATEWAY_TARGETS as readonly string[]).includes(value))
    throw new AppError(400, BAD_TARGET, { [GATEWAY_HEADER]: BAD_TARGET });
  return value as GatewayTarget;
}

/** The facility URL a gateway call goes to: the target's path, then the rest, then the query. */
export function forwardUrl(target: string, rest: string, rawUrl: string): string {
  const url = new URL(target);
  const path = rest
    .split('/')
    .filter((s) => s !== '' && s !== '.' && s !== '..')
    .join('/');
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${path}`;
  const q = rawUrl.indexOf('?');
  url.search = q >= 0 ? rawUrl.slice(q) : '';
  url.hash = '';
  return url.toString();
}

/** A JSON answer stays JSON; anything else is passed on as text. */
function contentTypeOf(body: Buffer) {
  try {
    JSON.parse(body.toString('utf8'));
    return 'application/json; charset=utf-8';
  } catch {
    return 'text/plain; charset=utf-8';
  }
}

export function registerGateway(
  app: FastifyInstance,
  db: Db,
  outbound: OutboundClient,
  prefix = '/api/gateway',
) {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const params = request.params as { facility_code: string; '*'?: string };
    const code = params.facility_code;
    const target = chosenTarget(request);
    const admin = request.admin!;
    const scope = admin.facilityScope;
    const { rows } = await db.query<{
      is_active: boolean;
      target_production_url: string | null;
      target_sandbox_url: string | null;
    }>(
      `SELECT is_active, target_production_url, target_sandbox_url FROM domain_configs
        WHERE lower(facility_code) = lower($1) ${scope === null ? '' : 'AND medical_facility_id = $2'}`,
      scope === null ? [code] : [code, scope],
    );
    const config = rows[0];
    if (!config) throw new AppError(503, notConfigured(code));
    if (!config.is_active) throw new AppError(503, notActive(code));
    const base = target === 'sandbox' ? config.target_sandbox_url : config.target_production_url;
    if (!base) throw new AppError(503, noTarget(code, target));

    const headers: Record<string, string> = {};
    for (const name of FORWARDED_HEADERS) {
      const v = request.headers[name];
      if (typeof v === 'string') headers[name] = v;
    }
    const url = forwardUrl(base, params['*'] ?? '', request.url);
    let body: Buffer | undefined;
    if (request.body !== undefined && request.method !== 'GET' && request.method !== 'HEAD') {
      body = Buffer.from(JSON.stringify(request.body));
      headers['content-type'] = 'application/json';
    }
    try {
      const res = await outbound.request(url, {
        method: request.method as 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
        headers,
        body,
        timeoutMs: GATEWAY_TIMEOUT_MS,
        maxBytes: GATEWAY_MAX_BYTES,
      });
      reply
        .status(res.status >= 100 && res.status < 600 ? res.status : 502)
        .header(GATEWAY_HEADER, target)
        .header('x-gateway-latency-ms', String(res.latencyMs));
      if (res.truncated) reply.header('x-gateway-truncated', 'true');
      return reply.type(contentTypeOf(res.body)).send(res.body);
    } catch (err) {
      if (err instanceof OutboundRefused) {
        const message = `Gateway menolak meneruskan ke URL target: ${err.message}`;
        return reply.status(502).send({ error: message, message });
      }
      const message = `Fasilitas ${code} tidak dapat dihubungi melalui gateway: ${(err as Error).message}`;
      return reply.status(502).send({ error: message, message });
    }
  };

  const schema = {
    tags: ['gateway'],
    summary:
      "Forwards to the facility's active gateway target (X-Gateway-Target: production, the default, or sandbox)",
    params: {
      type: 'object',
      required: ['facility_code'],
      properties: { facility_code: { type: 'string', maxLength: 50 }, '*': { type: 'string' } },
    },
  };
  for (const url of [`${prefix}/:facility_code`, `${prefix}/:facility_code/*`]) {
    app.route({
      method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url,
      config: { access },
      schema,
      handler,
    });
  }
}
