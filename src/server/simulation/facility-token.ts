import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.js';
import type { Config } from '../config.js';
import { AppError } from '../plugins/errors.js';
import { newSessionToken, hashToken, verifyPassword, dummyHash } from '../security/passwords.js';
import { envelope, envelopeSchema, ERROR_RESPONSES } from './envelope.js';
import { access, TAGS } from './facility-shared.js';

export const TOKEN_CREDENTIALS = 'Username atau password salah';

const tokenBody = {
  type: 'object',
  required: ['username', 'password'],
  properties: {
    username: { type: 'string', maxLength: 100 },
    password: { type: 'string', maxLength: 200 },
  },
};

const tokenResponse = envelopeSchema({
  type: 'object',
  properties: {
    token: { type: 'string' },
    token_type: { type: 'string' },
    expires_in: { type: 'integer' },
    expires_at: { type: 'string' },
  },
});

/** POST /v1/token: a Bearer token for the key's username and password (the key itself only). */
export function registerTokenRoute(scope: FastifyInstance, db: Db, config: Config) {
  scope.post(
    '/v1/token',
    {
      config: { access, sandboxAuth: 'token-request' },
      schema: {
        tags: TAGS,
        summary: 'A Bearer token for the key: X-API-Key (or Basic) with the key’s username and password',
        security: [{ apiKey: [] }, { basic: [] }] as Record<string, string[]>[],
        body: tokenBody,
        response: { 200: tokenResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const key = request.sandboxKey!;
      const { username, password } = request.body as { username: string; password: string };
      // The same work for a wrong username as for a wrong password.
      const stored = key.password_hash ?? (await dummyHash());
      const ok = (await verifyPassword(password, stored)) && !!key.password_hash && username === key.username;
      if (!ok) throw new AppError(401, TOKEN_CREDENTIALS);
      const token = newSessionToken();
      const ttl = config.simulation.tokenTtlMinutes;
      const { rows } = await db.query<{ expires_at: Date }>(
        `INSERT INTO simulator_api_tokens (token_hash, api_key_id, expires_at)
             VALUES ($1, $2, app_now() + make_interval(mins => $3)) RETURNING expires_at`,
        [hashToken(token), key.id, ttl],
      );
      await db.query('DELETE FROM simulator_api_tokens WHERE api_key_id = $1 AND expires_at < app_now()', [
        key.id,
      ]);
      return envelope({
        token,
        token_type: 'Bearer',
        expires_in: ttl * 60,
        expires_at: new Date(rows[0].expires_at).toISOString(),
      });
    },
  );
}
