import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkTarget, OutboundFailed, type CheckedTarget, type OutboundPolicy } from './guard.js';

export { OutboundFailed, OutboundRefused } from './guard.js';

export interface OutboundRequest {
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  /** Sent with the first hop only (a redirect other than 307/308 continues as GET without it). */
  body?: Buffer;
  /** Deadline of the whole call, redirects included (ms). */
  timeoutMs?: number;
  /** Bytes of the answer read at most; the rest is not downloaded. */
  maxBytes?: number;
  /** Redirects followed at most, each re-checked like the first URL. */
  maxRedirects?: number;
}

export interface OutboundResponse {
  status: number;
  /** From the first byte sent to the last header received of the final hop, ms. */
  latencyMs: number;
  /** The URL that answered (after redirects). */
  url: string;
  redirects: number;
  /** The final hop's response headers. */
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  truncated: boolean;
}

export const DEFAULT_TIMEOUT_MS = 5000;
export const DEFAULT_MAX_BYTES = 64 * 1024;
export const MAX_REDIRECTS = 3;
/** Headers that carry a credential: never sent on to another origin after a redirect. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'x-username', 'x-password', 'x-api-key'];

interface Hop {
  status: number;
  location?: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  truncated: boolean;
}

/** One request to the address the guard checked (the host name is kept for Host and TLS SNI). */
function requestOnce(
  target: CheckedTarget,
  options: Required<Pick<OutboundRequest, 'method' | 'maxBytes'>> & {
    headers: Record<string, string>;
    body?: Buffer;
  },
  deadline: number,
): Promise<Hop> {
  return new Promise((resolve, reject) => {
    const pinned: LookupFunction = (_hostname, opts, callback) => {
      const cb = callback as (...args: unknown[]) => void;
      if ((opts as { all?: boolean }).all) cb(null, [{ address: target.address, family: target.family }]);
      else cb(null, target.address, target.family);
    };
    const { url } = target;
    const lib = url.protocol === 'https:' ? https : http;
    const remaining = deadline - Date.now();
    if (remaining <= 0) return reject(new OutboundFailed('Waktu habis'));
    const req = lib.request({
      protocol: url.protocol,
      hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: options.method,
      headers: { 'user-agent': 'dkj-platform/1.0', accept: '*/*', ...options.headers },
      lookup: pinned,
      agent: false,
      servername: url.protocol === 'https:' ? url.hostname : undefined,
    });
    const timer = setTimeout(() => {
      req.destroy(new OutboundFailed(`Waktu habis setelah ${Math.round(remaining)} ms tanpa jawaban`));
    }, remaining);
    req.on('error', (err) => {
      clearTimeout(timer);
      if (err instanceof OutboundFailed) reject(err);
      else {
        const code = (err as NodeJS.ErrnoException).code;
        reject(
          new OutboundFailed(code && !err.message.includes(code) ? `${code}: ${err.message}` : err.message),
        );
      }
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      const done = () => {
        clearTimeout(timer);
        resolve({
          status: res.statusCode ?? 0,
          location: typeof res.headers.location === 'string' ? res.headers.location : undefined,
          headers: res.headers,
          body: Buffer.concat(chunks),
          truncated,
        });
      };
      res.on('data', (chunk: Buffer) => {
        if (truncated) return;
        const room = options.maxBytes - size;
        if (chunk.length > room) {
          chunks.push(chunk.subarray(0, room));
          size += room;
          truncated = true;
          res.destroy();
          done();
          return;
        }
        chunks.push(chunk);
        size += chunk.length;
      });
      res.on('end', done);
      res.on('error', (err) => {
        clearTimeout(timer);
        if (!truncated) reject(new OutboundFailed(err.message));
      });
    });
    req.end(options.body);
  });
}

/**
 * The one way the platform calls out (connection and gateway tests, later the simulation
 * proxy): http(s) only; each hop's host resolved once and refused when it is loopback,
 * link-local, private, unspecified or multicast (unless allow-listed), and connected to at the
 * very address that was checked; redirects followed only after the same check (at most 3,
 * credentials dropped when the origin changes); a deadline for the whole call; a size cap.
 */
export function createOutboundClient(policy: OutboundPolicy) {
  return {
    policy,
    async request(rawUrl: string, options: OutboundRequest = {}): Promise<OutboundResponse> {
      const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
      const maxRedirects = Math.min(options.maxRedirects ?? MAX_REDIRECTS, MAX_REDIRECTS);
      const deadline = Date.now() + timeoutMs;
      let headers = { ...(options.headers ?? {}) };
      let method = options.method ?? 'GET';
      let body = options.body;
      let target = await checkTarget(rawUrl, policy);
      const origin = target.url.origin;
      for (let redirects = 0; ; redirects++) {
        const started = performance.now();
        const hop = await requestOnce(
          target,
          { method, maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES, headers, body },
          deadline,
        );
        const latencyMs = Math.round(performance.now() - started);
        const isRedirect = [301, 302, 303, 307, 308].includes(hop.status) && hop.location;
        if (!isRedirect) {
          return {
            status: hop.status,
            latencyMs,
            url: target.url.toString(),
            redirects,
            headers: hop.headers,
            body: hop.body,
            truncated: hop.truncated,
          };
        }
        if (redirects >= maxRedirects)
          throw new OutboundFailed(`Terlalu banyak pengalihan (lebih dari ${maxRedirects})`);
        let next: URL;
        try {
          next = new URL(hop.location!, target.url);
        } catch {
          throw new OutboundFailed('Pengalihan ke URL yang tidak valid');
        }
        if (![307, 308].includes(hop.status) && method !== 'GET' && method !== 'HEAD') {
          method = 'GET';
          body = undefined;
          headers = Object.fromEntries(
            Object.entries(headers).filter(
              ([k]) => !['content-type', 'content-length'].includes(k.toLowerCase()),
            ),
          );
        }
        target = await checkTarget(next, policy);
        if (target.url.origin !== origin) {
          headers = Object.fromEntries(
            Object.entries(headers).filter(([k]) => !CREDENTIAL_HEADERS.includes(k.toLowerCase())),
          );
        }
      }
    },
  };
}

export type OutboundClient = ReturnType<typeof createOutboundClient>;
