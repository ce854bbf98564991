/**
 * The mobile simulator's calls to the facility API (spec part 2 §7 'Mobile simulator'): the
 * local sandbox at /api/simulation, or an external facility server through
 * /api/simulation/proxy?target_url=…, authenticated with the facility's API key as X-API-Key,
 * Basic (the key as user and password) or a Bearer token from POST /v1/token.
 */
import { nowDate } from '../../../domain/clock';
import { consoleLanguage } from '../../providers/http';

export type AuthMethod = 'apikey' | 'basic' | 'bearer';

export interface Connection {
  key: string;
  targetUrl: string;
  auth: AuthMethod;
  token: string | null;
}

/** One request and its answer, as the inspector lists it (secrets masked). */
export interface Exchange {
  id: number;
  at: string;
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody: unknown;
  status: number | null;
  ms: number;
  responseBody: unknown;
}

/** A facility's API key as the key pickers list it (GET /api/admin/simulator-apikeys). */
export interface KeyOption {
  id: number;
  facility_name: string;
  facility_code: string;
  username: string | null;
  url_dev: string | null;
  url_prod: string | null;
}

export interface Answer<T = any> {
  ok: boolean;
  status: number | null;
  body: T;
  /** The server's reason: metadata.message (meta.message) or message. */
  detail: string | null;
}

export const LOCAL_PATH = '/api/simulation';
export const localTargetUrl = () => `${window.location.origin}${LOCAL_PATH}`;

/** A secret shown by its first and last 4 characters (whole when 8 or fewer). */
export function maskValue(value: string): string {
  return value.length <= 8 ? value : `${value.slice(0, 4)}••••${value.slice(-4)}`;
}

/** An auth header's value masked, its scheme kept. */
export function maskHeader(name: string, value: string): string {
  const lower = name.toLowerCase();
  if (lower === 'x-api-key') return maskValue(value);
  if (lower === 'authorization') {
    const [scheme, ...rest] = value.split(' ');
    return `${scheme} ${maskValue(rest.join(' '))}`;
  }
  return value;
}

/**
 * Is the URL this platform's own sandbox? The same origin, or a loopback address registered
 * for it (a key's dev URL of http://localhost:<port>/api/simulation), with the sandbox's path.
 */
export function isLocalTarget(targetUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(targetUrl, window.location.origin);
  } catch {
    return false;
  }
  const path = url.pathname.replace(/\/+$/, '');
  if (path !== LOCAL_PATH) return false;
  if (url.origin === window.location.origin) return true;
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** The headers that authenticate a call; through the proxy X-API-Key always goes too. */
export function authHeaders(conn: Connection, viaProxy: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  if (conn.auth === 'apikey' || viaProxy) headers['X-API-Key'] = conn.key;
  if (conn.auth === 'basic') headers.Authorization = `Basic ${btoa(`${conn.key}:${conn.key}`)}`;
  if (conn.auth === 'bearer' && conn.token) headers.Authorization = `Bearer ${conn.token}`;
  return headers;
}

export function detailOf(body: any): string | null {
  if (!body || typeof body !== 'object') return null;
  const m = body.metadata?.message ?? body.meta?.message ?? body.message ?? body.error;
  return typeof m === 'string' && m ? m : null;
}

/** The field errors of a 400 (response.errors in the envelope, or errors). */
export function fieldErrorsOf(body: any): Record<string, string> {
  const errors = body?.response?.errors ?? body?.errors;
  return errors && typeof errors === 'object' ? errors : {};
}

/** Masks what a request or answer body holds of a secret (passwords, tokens). */
function maskBody(body: unknown): unknown {
  if (!body || typeof body !== 'object') return body;
  if (Array.isArray(body)) return body.map(maskBody);
  return Object.fromEntries(
    Object.entries(body as Record<string, unknown>).map(([k, v]) =>
      /^(password|token|x_api_key)$/i.test(k) && typeof v === 'string'
        ? [k, k.toLowerCase() === 'password' ? '••••••' : maskValue(v)]
        : [k, maskBody(v)],
    ),
  );
}

let nextId = 1;

/**
 * Calls `path` of the facility API (e.g. '/v1/patient/KTP/…') with the connection's target and
 * auth; reports the exchange to `record`. Never throws: a network failure is status null.
 */
export async function callFacilityApi<T = any>(
  conn: Connection,
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  record: (e: Exchange) => void,
  extraHeaders: Record<string, string> = {},
): Promise<Answer<T>> {
  const base = conn.targetUrl.trim().replace(/\/+$/, '') || localTargetUrl();
  const local = isLocalTarget(base);
  const url = local
    ? `${LOCAL_PATH}${path}`
    : `${LOCAL_PATH}/proxy?target_url=${encodeURIComponent(`${base}${path}`)}`;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    // The facility API's reasons (metadata.message) in the console's language.
    'Accept-Language': consoleLanguage(),
    ...authHeaders(conn, !local),
    ...extraHeaders,
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const started = performance.now();
  let status: number | null = null;
  let parsed: any = null;
  try {
    const res = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    status = res.status;
    const text = await res.text();
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text;
    }
  } catch (err) {
    parsed = { message: (err as Error).message };
  }
  const ms = Math.round(performance.now() - started);
  record({
    id: nextId++,
    at: nowDate().toISOString(),
    method,
    url: `${window.location.origin}${url}`,
    requestHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, maskHeader(k, v)])),
    requestBody: maskBody(body),
    status,
    ms,
    responseBody: maskBody(parsed),
  });
  return {
    ok: status != null && status >= 200 && status < 300,
    status,
    body: parsed,
    detail: detailOf(parsed),
  };
}

/** The `response` of an envelope (or the body itself when it is not one). */
export const payloadOf = (body: any) =>
  body && typeof body === 'object' && 'response' in body ? body.response : body;

/** A list answer's rows: response.data, data, or the array itself. */
export function rowsOf(body: any): any[] {
  const p = payloadOf(body);
  if (Array.isArray(p)) return p;
  if (Array.isArray(p?.data)) return p.data;
  if (Array.isArray(body?.data)) return body.data;
  return [];
}
