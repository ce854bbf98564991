import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/db.js';
import { AppError } from '../plugins/errors.js';
import { hashToken } from '../security/passwords.js';
import { hashApiKey } from './secrets.js';
import type { SimulationConfig } from './config.js';

/**
 * Who calls the facility API: a facility's API key, given as
 *  - `X-API-Key: <key>`,
 *  - `Authorization: Basic base64(<key>:<key>)` (the key as user and password), or
 *  - `Authorization: Bearer <token>` with a token from POST /v1/token.
 * An admin's session token is no key: it is refused here like any unknown token. A deleted key
 * (and every token issued for it) stops working at once: each call reads the key's row.
 */
declare module 'fastify' {
  interface FastifyRequest {
    /** The medical facility of the API key that authenticated this call (the API request log reads it). */
    apiKeyFacilityId?: number;
    /** The API key that authenticated this call. */
    sandboxKey?: SandboxKey;
  }
}

export interface SandboxKey {
  id: number;
  /** The simulator facility (simulasi_medical_facility_id). */
  simulator_facility_id: number;
  /** The master medical facility the sandbox belongs to: every row the key reaches has it. */
  medical_facility_id: number;
  facility_name: string;
  facility_code: string;
  username: string | null;
  password_hash: string | null;
  url_dev: string | null;
  url_prod: string | null;
}

export const KEY_MISSING = 'API key diperlukan (header X-API-Key, Basic atau Bearer token)';
export const KEY_INVALID = 'API key tidak valid';
export const TOKEN_INVALID = 'Token tidak valid atau sudah kedaluwarsa';
export const RATE_LIMITED = 'Terlalu banyak permintaan untuk API key ini. Coba lagi sebentar lagi.';

const KEY_COLUMNS = `k.id, k.simulasi_medical_facility_id AS simulator_facility_id, k.medical_facility_id,
  f.name AS facility_name, f.facility_code, k.username, k.password_hash, k.url_dev, k.url_prod`;

export async function keyByValue(db: Db, key: string): Promise<SandboxKey | null> {
  const { rows } = await db.query<SandboxKey>(
    `SELECT ${KEY_COLUMNS} FROM simulator_api_keys k
       JOIN simulator_facilities f ON f.id = k.simulasi_medical_facility_id
      WHERE k.x_api_key_hash = $1`,
    [hashApiKey(key)],
  );
  return rows[0] ?? null;
}

async function keyByToken(db: Db, token: string): Promise<SandboxKey | null> {
  const { rows } = await db.query<SandboxKey>(
    `SELECT ${KEY_COLUMNS} FROM simulator_api_tokens t
       JOIN simulator_api_keys k ON k.id = t.api_key_id
       JOIN simulator_facilities f ON f.id = k.simulasi_medical_facility_id
      WHERE t.token_hash = $1 AND t.expires_at > app_now()`,
    [hashToken(token)],
  );
  return rows[0] ?? null;
}

/** The credential a request carries, by kind. */
export function credentialOf(
  request: FastifyRequest,
): { kind: 'key'; value: string } | { kind: 'token'; value: string } | { kind: 'invalid' } | null {
  const header = request.headers['x-api-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (key) return { kind: 'key', value: key.trim() };
  const auth = request.headers.authorization;
  if (!auth) return null;
  const bearer = /^Bearer\s+(\S+)$/i.exec(auth);
  if (bearer) return { kind: 'token', value: bearer[1] };
  const basic = /^Basic\s+(\S+)$/i.exec(auth);
  if (basic) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const user = colon < 0 ? decoded : decoded.slice(0, colon);
    const password = colon < 0 ? '' : decoded.slice(colon + 1);
    // The key is the user name; the password is the key again (or empty).
    if (user && (password === '' || password === user)) return { kind: 'key', value: user };
  }
  return { kind: 'invalid' };
}

/** Authenticates a facility API call (401 in the envelope when it cannot). */
export async function authenticateKey(db: Db, request: FastifyRequest, options: { keyOnly?: boolean } = {}) {
  const credential = credentialOf(request);
  if (!credential) throw new AppError(401, KEY_MISSING);
  if (credential.kind === 'invalid') throw new AppError(401, KEY_INVALID);
  if (credential.kind === 'token' && options.keyOnly) throw new AppError(401, KEY_MISSING);
  const key =
    credential.kind === 'key'
      ? await keyByValue(db, credential.value)
      : await keyByToken(db, credential.value);
  if (!key) throw new AppError(401, credential.kind === 'key' ? KEY_INVALID : TOKEN_INVALID);
  request.sandboxKey = key;
  request.apiKeyFacilityId = key.medical_facility_id;
  return key;
}

/**
 * At most `rateLimitPerMinute` calls per key and clock minute, counted in the database so that
 * every API process shares the count. Past it: 429 with Retry-After (seconds to the next minute).
 */
export async function rateLimit(db: Db, config: SimulationConfig, key: SandboxKey, reply: FastifyReply) {
  const limit = config.rateLimitPerMinute;
  if (limit <= 0) return; // no limit: nothing to count
  const { rows } = await db.query<{ calls: number; wait: number }>(
    `INSERT INTO simulator_rate_windows AS w (api_key_id, window_start, calls)
     VALUES ($1, date_trunc('minute', app_now()), 1)
     ON CONFLICT (api_key_id, window_start) DO UPDATE SET calls = w.calls + 1
     RETURNING calls, ceil(extract(epoch FROM date_trunc('minute', app_now()) + interval '1 minute' - app_now()))::int AS wait`,
    [key.id],
  );
  const { calls, wait } = rows[0];
  if (calls === 1) {
    // A new minute: forget this key's older windows.
    await db.query(
      `DELETE FROM simulator_rate_windows WHERE api_key_id = $1 AND window_start < date_trunc('minute', app_now())`,
      [key.id],
    );
  }
  reply.header('x-ratelimit-limit', String(limit));
  reply.header('x-ratelimit-remaining', String(Math.max(0, limit - calls)));
  if (calls > limit) {
    const err = new AppError(429, RATE_LIMITED);
    err.retryAfter = Math.max(1, wait);
    throw err;
  }
}
