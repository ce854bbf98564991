import type { FastifyInstance, FastifyRequest } from 'fastify';
import Ajv from 'ajv';
import type { Db, Queryable } from '../db/db.js';
import type { Config } from '../config.js';
import type { FieldErrors, JsonSchema } from '../../domain/resource.js';
import { fieldErrorsFromAjv, summarizeFieldErrors, type AjvLikeError } from '../../domain/validation.js';
import { gatewayStatus, parseJsonObject } from '../../domain/facility-integration.js';
import { medicalFacilities } from '../../domain/resources/medical-facilities.js';
import paramSchema from '../../../schemas/facility-param.json';
import connectionSchema from '../../../schemas/facility-connection.json';
import propertiesSchema from '../../../schemas/connection-properties.json';
import resourcesSchema from '../../../schemas/connection-resources.json';
import gatewaySchema from '../../../schemas/gateway-config.json';
import { AppError } from '../plugins/errors.js';
import { logActivity, REDACTED } from '../plugins/audit.js';
import { hashPassword, MIN_PASSWORD_LENGTH } from '../security/passwords.js';
import { decryptSecret, encryptSecret } from '../security/secret-box.js';
import { createOutboundClient, OutboundRefused, type OutboundClient } from '../outbound/index.js';

/**
 * The integrated facilities API (spec part 1 §7 'Master facilities'): a facility's password,
 * its parameters and its integration connections (credentials encrypted at rest, real
 * connection and gateway tests through the guarded outbound client). medical_facility users
 * reach only their own facility; every write lands with its activity-log row.
 */

export const NOT_FOUND = 'Data tidak ditemukan';
export const FACILITY_USER_CANNOT = 'Akun fasilitas kesehatan hanya dapat mengubah data fasilitasnya sendiri';
export const PASSWORD_CHANGED = 'Password berhasil diperbarui';
export const TEST_TIMEOUT_MS = 5000;

const BASE = '/api/master/medical-facilities';
const access = { menus: medicalFacilities.menus };
const tags = ['master/medical-facilities'];

const errorResponse = {
  type: 'object',
  properties: {
    error: { type: 'string' },
    message: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'string' } },
  },
};
const id = { type: 'integer', minimum: 1 };
const facilityParams = { type: 'object', required: ['id'], properties: { id } };
const paramParams = { type: 'object', required: ['id', 'paramId'], properties: { id, paramId: id } };
const connParams = { type: 'object', required: ['id', 'connId'], properties: { id, connId: id } };

/** The writable part of a schema as a request body (readOnly fields and $id left out). */
function bodyOf(schema: JsonSchema, required: string[]) {
  const properties = Object.fromEntries(
    Object.entries(schema.properties ?? {})
      .filter(([, p]) => !p.readOnly)
      .map(([k, p]) => {
        const { writeOnly: _w, ...rest } = p;
        // A JSON field: an object, or its JSON text (read by readJsonFields), or null.
        if (Array.isArray(p.type) && p.type.includes('object'))
          return [k, { anyOf: [{ type: 'object' }, { type: 'string' }, { type: 'null' }] }];
        return [k, rest];
      }),
  );
  return { type: 'object', additionalProperties: false, required, properties };
}

/** The readable part of a schema as a response item (write-only fields never appear). */
function itemOf(schema: JsonSchema, extra: Record<string, object> = {}) {
  const properties = Object.fromEntries(
    Object.entries(schema.properties ?? {})
      .filter(([, p]) => !p.writeOnly)
      .map(([k, p]) => {
        const t = Array.isArray(p.type) ? p.type : [p.type];
        // JSON columns are sent as stored (object, or text that never parsed).
        if (t.includes('object')) return [k, {}];
        return [k, { type: [...new Set([...t.filter(Boolean), 'null'])] }];
      }),
  );
  return { type: 'object', properties: { ...properties, ...extra } };
}

const paramSchemaJ = paramSchema as JsonSchema;
const connSchemaJ = connectionSchema as JsonSchema;
const paramBody = bodyOf(paramSchemaJ, paramSchemaJ.required ?? []);
const paramItem = itemOf(paramSchemaJ);
const connCreateBody = bodyOf(connSchemaJ, connSchemaJ.required ?? []);
const connPutBody = connCreateBody;
const connItem = itemOf(connSchemaJ);

/** The JSON fields of a connection and the schema each must follow. */
const JSON_FIELDS = {
  properties: propertiesSchema,
  resources: resourcesSchema,
  gateway_config: gatewaySchema,
} as const;
type JsonField = keyof typeof JSON_FIELDS;

const jsonAjv = new Ajv({ allErrors: true, strict: false });
const jsonValidators = Object.fromEntries(
  Object.entries(JSON_FIELDS).map(([k, s]) => {
    const { $id: _id, $schema: _s, ...schema } = s as JsonSchema;
    return [k, jsonAjv.compile(schema)];
  }),
) as Record<JsonField, ReturnType<Ajv['compile']>>;

/** properties, resources, gateway_config: object or JSON text in, checked object (or null) out. */
function readJsonFields(body: Record<string, any>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const errors: FieldErrors = {};
  for (const field of Object.keys(JSON_FIELDS) as JsonField[]) {
    if (!(field in body)) continue;
    const parsed = parseJsonObject(body[field]);
    if (parsed.error !== undefined) {
      errors[field] = parsed.error;
      continue;
    }
    if (parsed.value !== null && !jsonValidators[field](parsed.value)) {
      const inner = fieldErrorsFromAjv((jsonValidators[field].errors ?? []) as AjvLikeError[]);
      for (const [path, message] of Object.entries(inner))
        errors[path === '_' ? field : `${field}.${path}`] ??= message;
      continue;
    }
    out[field] = parsed.value === null ? null : JSON.stringify(parsed.value);
  }
  if (Object.keys(errors).length) throw new AppError(400, summarizeFieldErrors(errors), errors);
  return out;
}

const CONN_COLUMNS = `id, medical_facility_id, code, production_base_url, sandbox_base_url, x_username,
  (x_password_encrypted IS NOT NULL) AS has_password, properties, resources, gateway_config,
  last_checked_at, last_check_ok, last_check_message, created_at, updated_at`;
const PARAM_COLUMNS = 'id, medical_facility_id, type, value, description, flagpoly, created_at, updated_at';

const withStatus = (row: Record<string, any>) => ({
  ...row,
  gateway_status: gatewayStatus(row.gateway_config),
});

/** Blank optional text from a form is stored as null. */
function blanksToNull(body: Record<string, any>, keep: string[]) {
  for (const [k, v] of Object.entries(body)) if (v === '' && !keep.includes(k)) body[k] = null;
}

export function registerFacilityIntegration(
  app: FastifyInstance,
  db: Db,
  config: Config,
  outbound: OutboundClient = createOutboundClient({ allowHosts: config.outboundAllowHosts }),
) {
  // The facility itself: a facility user cannot add facilities nor remove their own.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const own =
      (route.url === BASE && methods.includes('POST')) ||
      (route.url === `${BASE}/:id` && methods.includes('DELETE'));
    if (!own) return;
    const previous = route.preHandler ? [route.preHandler].flat() : [];
    route.preHandler = [
      async (request: FastifyRequest) => {
        const admin = request.admin;
        if (admin?.effectiveRole !== 'medical_facility') return;
        // Another facility's id is not theirs to see: the engine answers 404 for it.
        const target = (request.params as { id?: number }).id;
        if (target === undefined || target === admin.medical_facility_id)
          throw new AppError(403, FACILITY_USER_CANNOT);
      },
      ...previous,
    ];
  });

  /** The facility of the URL, if the caller may reach it (medical_facility users: their own). */
  async function facilityOf(q: Queryable, request: FastifyRequest, facilityId: number) {
    const admin = request.admin;
    if (admin?.effectiveRole === 'medical_facility' && admin.medical_facility_id !== facilityId)
      throw new AppError(404, NOT_FOUND);
    const { rows } = await q.query('SELECT id, name, online FROM medical_facilities WHERE id = $1', [
      facilityId,
    ]);
    if (!rows[0]) throw new AppError(404, NOT_FOUND);
    return rows[0];
  }

  const paramsOf = (request: FastifyRequest) =>
    request.params as { id: number; paramId: number; connId: number };

  // ---- password -------------------------------------------------------------------------
  app.put(
    `${BASE}/:id/password`,
    {
      config: { access },
      schema: {
        tags,
        summary: "Sets the facility's password (stored hashed)",
        params: facilityParams,
        body: {
          type: 'object',
          required: ['password'],
          additionalProperties: false,
          properties: { password: { type: 'string', minLength: MIN_PASSWORD_LENGTH, maxLength: 200 } },
        },
        response: {
          200: { type: 'object', properties: { message: { type: 'string' } } },
          400: errorResponse,
        },
      },
    },
    async (request) => {
      const { id: facilityId } = paramsOf(request);
      const { password } = request.body as { password: string };
      const hash = await hashPassword(password);
      await db.transaction(async (tx) => {
        await facilityOf(tx, request, facilityId);
        await tx.query(
          'UPDATE medical_facilities SET password_hash = $2, updated_at = app_now() WHERE id = $1',
          [facilityId, hash],
        );
        await logActivity(tx, request, {
          action: 'UPDATE',
          table: 'medical_facilities',
          recordId: facilityId,
          newValues: { password: REDACTED },
          status: 200,
          details: { secretChanged: true },
        });
      });
      return { message: PASSWORD_CHANGED };
    },
  );

  // ---- parameters -----------------------------------------------------------------------
  app.get(
    `${BASE}/:id/params`,
    {
      config: { access },
      schema: { tags, params: facilityParams, response: { 200: { type: 'array', items: paramItem } } },
    },
    async (request) => {
      const { id: facilityId } = paramsOf(request);
      await facilityOf(db, request, facilityId);
      const { rows } = await db.query(
        `SELECT ${PARAM_COLUMNS} FROM facility_params WHERE medical_facility_id = $1 ORDER BY id`,
        [facilityId],
      );
      return rows;
    },
  );

  const paramWrite = { 200: paramItem, 201: paramItem, 400: errorResponse, 404: errorResponse };

  app.post(
    `${BASE}/:id/params`,
    {
      config: { access },
      preValidation: async (request) => blanksToNull(request.body as Record<string, any>, paramBody.required),
      schema: { tags, params: facilityParams, body: paramBody, response: paramWrite },
    },
    async (request, reply) => {
      const { id: facilityId } = paramsOf(request);
      const b = request.body as Record<string, any>;
      const row = await db.transaction(async (tx) => {
        await facilityOf(tx, request, facilityId);
        const { rows } = await tx.query(
          `INSERT INTO facility_params (medical_facility_id, type, value, description, flagpoly)
           VALUES ($1, $2, $3, $4, $5) RETURNING ${PARAM_COLUMNS}`,
          [facilityId, b.type, b.value, b.description, b.flagpoly ?? null],
        );
        await logActivity(tx, request, {
          action: 'CREATE',
          table: 'facility_params',
          recordId: rows[0].id,
          newValues: rows[0],
          status: 201,
        });
        return rows[0];
      });
      return reply.status(201).send(row);
    },
  );

  app.put(
    `${BASE}/:id/params/:paramId`,
    {
      config: { access },
      preValidation: async (request) => blanksToNull(request.body as Record<string, any>, paramBody.required),
      schema: { tags, params: paramParams, body: paramBody, response: paramWrite },
    },
    async (request) => {
      const { id: facilityId, paramId } = paramsOf(request);
      const b = request.body as Record<string, any>;
      return db.transaction(async (tx) => {
        await facilityOf(tx, request, facilityId);
        const old = await tx.query(
          `SELECT ${PARAM_COLUMNS} FROM facility_params WHERE id = $1 AND medical_facility_id = $2 FOR UPDATE`,
          [paramId, facilityId],
        );
        if (!old.rows[0]) throw new AppError(404, NOT_FOUND);
        const { rows } = await tx.query(
          `UPDATE facility_params SET type = $2, value = $3, description = $4, flagpoly = $5, updated_at = app_now()
            WHERE id = $1 RETURNING ${PARAM_COLUMNS}`,
          [paramId, b.type, b.value, b.description, b.flagpoly ?? null],
        );
        await logActivity(tx, request, {
          action: 'UPDATE',
          table: 'facility_params',
          recordId: paramId,
          oldValues: old.rows[0],
          newValues: rows[0],
          status: 200,
        });
        return rows[0];
      });
    },
  );

  app.delete(
    `${BASE}/:id/params/:paramId`,
    {
      config: { access },
      schema: { tags, params: paramParams, response: { 200: paramItem, 404: errorResponse } },
    },
    async (request) => {
      const { id: facilityId, paramId } = paramsOf(request);
      return db.transaction(async (tx) => {
        await facilityOf(tx, request, facilityId);
        const { rows } = await tx.query(
          `DELETE FROM facility_params WHERE id = $1 AND medical_facility_id = $2 RETURNING ${PARAM_COLUMNS}`,
          [paramId, facilityId],
        );
        if (!rows[0]) throw new AppError(404, NOT_FOUND);
        await logActivity(tx, request, {
          action: 'DELETE',
          table: 'facility_params',
          recordId: paramId,
          oldValues: rows[0],
          status: 200,
        });
        return rows[0];
      });
    },
  );

  // ---- connections ----------------------------------------------------------------------
  const connWrite = {
    200: connItem,
    201: connItem,
    400: errorResponse,
    404: errorResponse,
    409: errorResponse,
  };
  const connPrepare = async (request: FastifyRequest) => {
    const body = request.body as Record<string, any>;
    if (!body || typeof body !== 'object') return;
    blanksToNull(body, connCreateBody.required);
    // A blank password keeps the stored one.
    if (body.x_password === null || body.x_password === '') delete body.x_password;
  };
  /** What a connection write logs: the row, and '[REDACTED]' when a password was set. */
  const logged = (row: Record<string, any>, body: Record<string, any>) => ({
    ...row,
    ...(body.x_password ? { x_password: REDACTED } : {}),
  });
  const findConnection = async (q: Queryable, facilityId: number, connId: number, lock = false) => {
    const { rows } = await q.query(
      `SELECT ${CONN_COLUMNS}, x_password_encrypted FROM facility_connections
        WHERE id = $1 AND medical_facility_id = $2${lock ? ' FOR UPDATE' : ''}`,
      [connId, facilityId],
    );
    if (!rows[0]) throw new AppError(404, NOT_FOUND);
    const { x_password_encrypted, ...row } = rows[0];
    return { row, encrypted: x_password_encrypted as string | null };
  };

  app.get(
    `${BASE}/:id/connections`,
    {
      config: { access },
      schema: { tags, params: facilityParams, response: { 200: { type: 'array', items: connItem } } },
    },
    async (request) => {
      const { id: facilityId } = paramsOf(request);
      await facilityOf(db, request, facilityId);
      const { rows } = await db.query(
        `SELECT ${CONN_COLUMNS} FROM facility_connections WHERE medical_facility_id = $1 ORDER BY id`,
        [facilityId],
      );
      return rows.map(withStatus);
    },
  );

  app.post(
    `${BASE}/:id/connections`,
    {
      config: { access },
      preValidation: connPrepare,
      schema: { tags, params: facilityParams, body: connCreateBody, response: connWrite },
    },
    async (request, reply) => {
      const { id: facilityId } = paramsOf(request);
      const b = request.body as Record<string, any>;
      const json = readJsonFields(b);
      const encrypted = b.x_password ? encryptSecret(String(b.x_password), config.secretKey) : null;
      const row = await db.transaction(async (tx) => {
        await facilityOf(tx, request, facilityId);
        const { rows } = await tx.query(
          `INSERT INTO facility_connections (medical_facility_id, code, production_base_url, sandbox_base_url,
                  x_username, x_password_encrypted, properties, resources, gateway_config)
           VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9::jsonb) RETURNING ${CONN_COLUMNS}`,
          [
            facilityId,
            b.code,
            b.production_base_url,
            b.sandbox_base_url ?? null,
            b.x_username ?? null,
            encrypted,
            json.properties ?? null,
            json.resources ?? null,
            json.gateway_config ?? null,
          ],
        );
        await logActivity(tx, request, {
          action: 'CREATE',
          table: 'facility_connections',
          recordId: rows[0].id,
          newValues: logged(rows[0], b),
          status: 201,
        });
        return rows[0];
      });
      return reply.status(201).send(withStatus(row));
    },
  );

  app.put(
    `${BASE}/:id/connections/:connId`,
    {
      config: { access },
      preValidation: connPrepare,
      schema: { tags, params: connParams, body: connPutBody, response: connWrite },
    },
    async (request) => {
      const { id: facilityId, connId } = paramsOf(request);
      const b = request.body as Record<string, any>;
      const json = readJsonFields(b);
      const values: Record<string, unknown> = {};
      for (const k of ['code', 'production_base_url', 'sandbox_base_url', 'x_username'])
        if (k in b) values[k] = b[k];
      Object.assign(values, json);
      if (b.x_password) values.x_password_encrypted = encryptSecret(String(b.x_password), config.secretKey);
      const row = await db.transaction(async (tx) => {
        await facilityOf(tx, request, facilityId);
        const old = await findConnection(tx, facilityId, connId, true);
        const cols = Object.keys(values);
        const sets = cols.map((c, i) => `${c} = $${i + 2}${c in JSON_FIELDS ? '::jsonb' : ''}`);
        const { rows } = await tx.query(
          `UPDATE facility_connections SET ${[...sets, 'updated_at = app_now()'].join(', ')}
            WHERE id = $1 RETURNING ${CONN_COLUMNS}`,
          [connId, ...cols.map((c) => values[c])],
        );
        await logActivity(tx, request, {
          action: 'UPDATE',
          table: 'facility_connections',
          recordId: connId,
          oldValues: old.row,
          newValues: logged(rows[0], b),
          status: 200,
          details: b.x_password ? { secretChanged: true } : undefined,
        });
        return rows[0];
      });
      return withStatus(row);
    },
  );

  app.delete(
    `${BASE}/:id/connections/:connId`,
    {
      config: { access },
      schema: { tags, params: connParams, response: { 200: connItem, 404: errorResponse } },
    },
    async (request) => {
      const { id: facilityId, connId } = paramsOf(request);
      return db.transaction(async (tx) => {
        await facilityOf(tx, request, facilityId);
        const old = await findConnection(tx, facilityId, connId, true);
        await tx.query('DELETE FROM facility_connections WHERE id = $1', [connId]);
        await logActivity(tx, request, {
          action: 'DELETE',
          table: 'facility_connections',
          recordId: connId,
          oldValues: old.row,
          status: 200,
        });
        return withStatus(old.row);
      });
    },
  );

  app.put(
    `${BASE}/:id/connections/:connId/credentials`,
    {
      config: { access },
      schema: {
        tags,
        summary:
          'Sets the username and password the platform sends to the facility (password encrypted at rest)',
        params: connParams,
        body: {
          type: 'object',
          required: ['x_username', 'x_password'],
          additionalProperties: false,
          properties: {
            x_username: { type: 'string', minLength: 1, maxLength: 100 },
            x_password: { type: 'string', minLength: 1, maxLength: 200 },
          },
        },
        response: { 200: connItem, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const { id: facilityId, connId } = paramsOf(request);
      const b = request.body as { x_username: string; x_password: string };
      const encrypted = encryptSecret(b.x_password, config.secretKey);
      const row = await db.transaction(async (tx) => {
        await facilityOf(tx, request, facilityId);
        const old = await findConnection(tx, facilityId, connId, true);
        const { rows } = await tx.query(
          `UPDATE facility_connections SET x_username = $2, x_password_encrypted = $3, updated_at = app_now()
            WHERE id = $1 RETURNING ${CONN_COLUMNS}`,
          [connId, b.x_username, encrypted],
        );
        await logActivity(tx, request, {
          action: 'UPDATE',
          table: 'facility_connections',
          recordId: connId,
          oldValues: { x_username: old.row.x_username },
          newValues: { x_username: b.x_username, x_password: REDACTED },
          status: 200,
          details: { secretChanged: true },
        });
        return rows[0];
      });
      return withStatus(row);
    },
  );

  // ---- connection and gateway tests -----------------------------------------------------
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
  app.post(
    `${BASE}/:id/connections/:connId/test`,
    {
      config: { access },
      schema: {
        tags,
        summary:
          'Calls the connection for real: its production base URL, the sandbox one, or the gateway (new_base_url)',
        description:
          'Answers 200 with the status and latency on an answer below 500, 502 when the call failed (the facility is marked offline), 400 when the URL may not be called (loopback, private, link-local ... unless on OUTBOUND_ALLOW_HOSTS).',
        params: connParams,
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
      const { id: facilityId, connId } = paramsOf(request);
      const target = ((request.body as { target?: string } | null)?.target ?? 'production') as
        'production' | 'sandbox' | 'gateway';
      await facilityOf(db, request, facilityId);
      const { row, encrypted } = await findConnection(db, facilityId, connId);
      let url: string | null = row.production_base_url;
      if (target === 'sandbox') {
        url = row.sandbox_base_url;
        if (!url)
          throw new AppError(400, 'Sandbox base URL belum diisi', { sandbox_base_url: 'Belum diisi' });
      }
      if (target === 'gateway') {
        const status = gatewayStatus(row.gateway_config);
        if (status === 'not_configured') throw new AppError(400, 'Gateway belum dikonfigurasi');
        if (status === 'invalid') throw new AppError(400, 'Gateway config tidak valid');
        if (status === 'disabled') throw new AppError(400, 'Gateway tidak aktif (enabled: false)');
        url = (row.gateway_config as { new_base_url?: string }).new_base_url ?? null;
        if (!url) throw new AppError(400, 'Gateway belum memiliki new_base_url');
      }
      const headers: Record<string, string> = {};
      if (row.x_username) headers['x-username'] = row.x_username;
      if (encrypted) headers['x-password'] = decryptSecret(encrypted, config.secretKey);

      let ok = false;
      let message: string;
      let refused = false;
      let result: { status: number; latencyMs: number; url: string } | null = null;
      try {
        result = await outbound.request(url!, { headers, timeoutMs: TEST_TIMEOUT_MS });
        ok = result.status < 500;
        message = `HTTP ${result.status} dari ${result.url} dalam ${result.latencyMs} ms`;
      } catch (err) {
        refused = err instanceof OutboundRefused;
        message = (err as Error).message;
      }
      const record = await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ checked_at: Date }>(
          `UPDATE facility_connections SET last_checked_at = app_now(), last_check_ok = $2, last_check_message = $3
            WHERE id = $1 RETURNING last_checked_at AS checked_at`,
          [connId, ok, `${target}: ${message}`],
        );
        // A failed call marks the facility offline; production answering marks it online.
        const online = refused ? null : !ok ? false : target === 'production' ? true : null;
        const changed =
          online !== null &&
          (
            await tx.query('UPDATE medical_facilities SET online = $2 WHERE id = $1 AND online <> $2', [
              facilityId,
              online,
            ])
          ).rowCount > 0;
        await logActivity(tx, request, {
          action: 'UPDATE',
          table: 'facility_connections',
          recordId: connId,
          newValues: { last_check_ok: ok, last_check_message: `${target}: ${message}` },
          status: refused ? 400 : ok ? 200 : 502,
          details: { test: target, url, ...(changed ? { facilityOnline: online } : {}) },
        });
        return rows[0];
      });
      const checked_at = new Date(record.checked_at).toISOString();
      if (refused) throw new AppError(400, message);
      if (!ok) {
        const text = `Test koneksi gagal (${target}): ${message}`;
        return reply.status(502).send({ error: text, message: text, ok, target, url: url!, checked_at });
      }
      return {
        message,
        ok,
        target,
        url: result!.url,
        status: result!.status,
        latency_ms: result!.latencyMs,
        checked_at,
      };
    },
  );
}
