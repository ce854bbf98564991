import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.js';
import { AppError } from '../plugins/errors.js';
import { inCallerLanguage } from '../plugins/language.js';
import { logActivity } from '../plugins/audit.js';
import { NOT_FOUND } from '../resources/writes.js';
import { maskSecret } from '../../domain/sandbox.js';
import { keyByValue } from './auth.js';
import { openSecret } from './secrets.js';
import { errorResponse, idParams } from './admin-shared.js';

export const KEY_TEST_INVALID = 'API key tidak valid atau sudah kedaluwarsa';

const KEY_MENUS = ['/simulator/api-keys', '/api-simulator', '/simulator/mobile'];

const keyTestResponse = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    validation_result: {
      type: 'object',
      properties: {
        is_valid: { type: 'boolean' },
        facility_name: { type: ['string', 'null'] },
        facility_code: { type: ['string', 'null'] },
        username: { type: ['string', 'null'] },
        token: { type: ['string', 'null'], description: 'masked (first 4 + last 4)' },
      },
    },
  },
};

/** GET .../simulator-apikeys/:id/reveal: the key and token in full, written to the activity log. */
export function registerKeyReveal(app: FastifyInstance, db: Db) {
  app.get(
    '/api/admin/simulator-apikeys/:id/reveal',
    {
      config: { access: { menus: ['/simulator/api-keys', '/simulator/mobile', '/api-simulator'] } },
      schema: {
        tags: ['admin/simulator-apikeys'],
        summary: 'The key and token in full (an explicit reveal, written to the activity log)',
        params: idParams,
        response: {
          200: {
            type: 'object',
            properties: { x_api_key: { type: 'string' }, token: { type: ['string', 'null'] } },
          },
          404: errorResponse,
        },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const { rows } = await db.query(
        `SELECT x_api_key_encrypted, token_encrypted FROM simulator_api_keys
          WHERE id = $1 AND ($2::int IS NULL OR medical_facility_id = $2)`,
        [id, request.admin!.facilityScope],
      );
      if (!rows[0]) throw new AppError(404, NOT_FOUND);
      const key = openSecret(rows[0].x_api_key_encrypted, app.sandboxSecretKey);
      if (!key) throw new AppError(409, 'API key tidak dapat dibuka dengan kunci server saat ini');
      await logActivity(db, request, {
        action: 'VIEW',
        table: 'simulator_api_keys',
        recordId: id,
        status: 200,
        details: { revealed: ['x_api_key', 'token'] },
      });
      return { x_api_key: key, token: openSecret(rows[0].token_encrypted, app.sandboxSecretKey) };
    },
  );
}

/** POST /api/admin/test-simulator-apikey: whether a key works now, and whose it is. */
export function registerKeyTest(app: FastifyInstance, db: Db) {
  app.post(
    '/api/admin/test-simulator-apikey',
    {
      config: { access: { menus: KEY_MENUS } },
      schema: {
        tags: ['admin/simulator-apikeys'],
        summary: 'Whether a key works now, and whose it is',
        body: {
          type: 'object',
          required: ['x_api_key'],
          properties: { x_api_key: { type: 'string', minLength: 1, maxLength: 100 } },
        },
        response: { 200: keyTestResponse },
      },
    },
    async (request) => {
      const { x_api_key: value } = request.body as { x_api_key: string };
      const key = await keyByValue(db, value);
      const own = request.admin!.facilityScope;
      if (!key || (own !== null && key.medical_facility_id !== own)) {
        return {
          message: inCallerLanguage(request, KEY_TEST_INVALID),
          validation_result: {
            is_valid: false,
            facility_name: null,
            facility_code: null,
            username: null,
            token: null,
          },
        };
      }
      const { rows } = await db.query('SELECT token FROM simulator_api_keys WHERE id = $1', [key.id]);
      return {
        message: inCallerLanguage(request, 'API key valid'),
        validation_result: {
          is_valid: true,
          facility_name: key.facility_name,
          facility_code: key.facility_code,
          username: key.username,
          token: maskSecret(rows[0]?.token ?? null),
        },
      };
    },
  );
}
