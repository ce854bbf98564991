import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.js';
import type { Config } from '../config.js';
import { AppError } from '../plugins/errors.js';
import {
  createOutboundClient,
  OutboundRefused,
  type OutboundClient,
  type Resolver,
} from '../outbound/index.js';
import type { OutboundPolicy } from '../outbound/guard.js';
import { envelopeSchema, ERROR_RESPONSES, passedThrough } from './envelope.js';

export const PROXY_FAILED = 'Gagal menghubungi URL tujuan';
const MAX_ANSWER_BYTES = 1024 * 1024;
/** Headers of the caller sent on to the facility's server. */
const FORWARDED = ['x-api-key', 'authorization', 'accept'];
/** Headers of the facility's answer not sent back (hop-by-hop, or the platform's own policy). */
const DROPPED = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'set-cookie',
  'content-security-policy',
  'strict-transport-security',
]);

/** Does the URL lie under one of the registered URLs (same origin, path below it)? */
export function isUnderRegistered(url: URL, registered: string[]): boolean {
  return registered.some((raw) => {
    let base: URL;
    try {
      base = new URL(raw);
    } catch {
      return false;
    }
    if (base.origin !== url.origin) return false;
    const prefix = base.pathname.replace(/\/+$/, '');
    return url.pathname === prefix || url.pathname.startsWith(`${prefix}/`) || prefix === '';
  });
}

/**
 * Where the proxy may go: a URL registered on an API key of the caller's facility (url_dev,
 * url_prod) or a host of OUTBOUND_ALLOW_HOSTS; and, as for every outbound call, never to a
 * loopback, private, link-local (metadata) or otherwise internal address unless the host is on
 * OUTBOUND_ALLOW_HOSTS. A registered URL is a destination, not a licence for an internal address.
 */
export function proxyPolicy(registered: string[], allowHosts: string[], resolve?: Resolver): OutboundPolicy {
  return { allowHosts, resolve, targetAllowed: (url) => isUnderRegistered(url, registered) };
}

/**
 * ANY /api/simulation/proxy?target_url=…: the API simulator's way to a facility's own server.
 * Sends on the method, the JSON body, X-API-Key and Authorization; answers with the facility's
 * status, content type and body as they came, plus X-Proxy-Time-Ms (duration), X-Proxy-Url
 * and the facility's other headers in X-Proxy-Headers (JSON). 30 s deadline by default.
 */
export function registerProxy(scope: FastifyInstance, db: Db, config: Config, resolve?: Resolver) {
  scope.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/proxy',
    config: { access: 'apiKey' },
    schema: {
      tags: ['simulation (facility API)'],
      summary:
        'Forwards a call to a registered facility URL and answers with its status, headers, body and time',
      querystring: {
        type: 'object',
        required: ['target_url'],
        properties: { target_url: { type: 'string', minLength: 1, maxLength: 2000 } },
      },
      response: {
        '2xx': { ...envelopeSchema(), description: "The facility server's answer, as it came" },
        502: { ...ERROR_RESPONSES[400], description: 'The facility server did not answer' },
        ...ERROR_RESPONSES,
      },
    },
    handler: async (request, reply) => {
      const key = request.sandboxKey!;
      const { target_url: target } = request.query as { target_url: string };
      const { rows } = await db.query<{ url: string }>(
        `SELECT url FROM simulator_api_keys, unnest(ARRAY[url_dev, url_prod]) AS url
          WHERE medical_facility_id = $1 AND url IS NOT NULL LIMIT 200`,
        [key.medical_facility_id],
      );
      const client: OutboundClient = createOutboundClient(
        proxyPolicy(
          rows.map((r) => r.url),
          config.outboundAllowHosts,
          resolve,
        ),
      );
      const headers: Record<string, string> = {};
      for (const h of FORWARDED) {
        const v = request.headers[h];
        if (typeof v === 'string') headers[h] = v;
      }
      let body: Buffer | undefined;
      if (request.body !== undefined && request.method !== 'GET' && request.method !== 'DELETE') {
        body = Buffer.from(JSON.stringify(request.body));
        headers['content-type'] = 'application/json';
      }
      const started = performance.now();
      let answer;
      try {
        answer = await client.request(target, {
          method: request.method as 'GET',
          headers,
          body,
          timeoutMs: config.simulation.proxyTimeoutMs,
          maxBytes: MAX_ANSWER_BYTES,
        });
      } catch (err) {
        if (err instanceof OutboundRefused) throw new AppError(400, err.message);
        throw new AppError(502, `${PROXY_FAILED}: ${(err as Error).message}`);
      }
      const kept = Object.fromEntries(Object.entries(answer.headers).filter(([k]) => !DROPPED.has(k)));
      passedThrough.add(request);
      return reply
        .status(answer.status >= 100 && answer.status < 600 ? answer.status : 502)
        .header('content-type', String(answer.headers['content-type'] ?? 'application/octet-stream'))
        .header('x-proxy-time-ms', String(Math.round(performance.now() - started)))
        .header('x-proxy-url', answer.url)
        .header('x-proxy-headers', encodeURIComponent(JSON.stringify(kept)))
        .send(answer.body);
    },
  });
}
