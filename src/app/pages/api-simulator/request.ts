/**
 * One call of the API Simulator to the facility API: the local sandbox at /api/simulation, or a
 * facility's own server through /api/simulation/proxy?target_url=…, with the key as X-API-Key,
 * Basic or a Bearer token; aborted at the configured timeout. Answers status, status text,
 * headers, body and time; a network failure or a timeout is status null with its message.
 */
import { LOCAL_PATH, authHeaders, type AuthMethod } from '../mobile-simulator/client';
import { consoleLanguage } from '../../providers/http';

export interface TesterConfig {
  /** '' for the local sandbox, else the facility server's base URL (through the proxy). */
  externalUrl: string;
  timeoutMs: number;
  auth: AuthMethod;
}

export const DEFAULT_CONFIG: TesterConfig = { externalUrl: '', timeoutMs: 30_000, auth: 'apikey' };

export interface TesterResponse {
  status: number | null;
  statusText: string;
  headers: Record<string, string>;
  body: unknown;
  ms: number;
  error: string | null;
}

export async function sendRequest(
  config: TesterConfig,
  key: string,
  token: string | null,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<TesterResponse> {
  const external = config.externalUrl.trim().replace(/\/+$/, '');
  const url = external
    ? `${LOCAL_PATH}/proxy?target_url=${encodeURIComponent(`${external}${path}`)}`
    : `${LOCAL_PATH}${path}`;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': consoleLanguage(),
    ...authHeaders({ key, token, auth: config.auth, targetUrl: external }, !!external),
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), config.timeoutMs);
  const started = performance.now();
  try {
    const res = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: shown as it came
    }
    return {
      status: res.status,
      statusText: res.statusText,
      headers: Object.fromEntries(res.headers.entries()),
      body: parsed,
      ms: Math.round(performance.now() - started),
      error: null,
    };
  } catch (err) {
    const aborted = (err as Error).name === 'AbortError';
    return {
      status: null,
      statusText: '',
      headers: {},
      body: null,
      ms: Math.round(performance.now() - started),
      error: aborted ? `timeout after ${config.timeoutMs} ms` : (err as Error).message,
    };
  } finally {
    clearTimeout(timer);
  }
}
