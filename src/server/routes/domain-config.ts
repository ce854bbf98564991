import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db, Queryable } from '../db/db.js';
import { AppError } from '../plugins/errors.js';
import { logActivity } from '../plugins/audit.js';
import { OutboundRefused } from '../outbound/index.js';
import { parseTargetUrl } from '../outbound/guard.js';

/**
 * Gateway (domain) configuration (spec part 2 §2 'Domain Configuration', §4, §5, §7): the
 * integration connections of the facilities, each with the gateway mapping that the redirect
 * gateway (/api/gateway/{facility_code}/...) follows once it is active.
 *  - GET    /api/admin/domain/connections     connections with their mapping and status
 *  - POST   /api/admin/domain                 a mapping for a connection
 *  - PUT    /api/admin/domain/{id}            its targets (and active flag)
 *  - PATCH  /api/admin/domain/{id}/activate   switches it on
 *  - DELETE /api/admin/domain/{id}
 */

export const TARGET_REQUIRED = 'At least one target URL is required';
export const CONNECTION_REQUIRED = 'Connection ID is required';
export const FACILITY_CODE_REQUIRED = 'Facility code is required';
export const NOT_CONFIGURED = 'Cannot activate: Gateway configuration not found';
export const CONNECTION_NOT_FOUND = 'Koneksi tidak ditemukan';
export const CONFIG_CHANGED =
  'Konfigurasi gateway ini telah diubah oleh pengguna lain. Muat ulang lalu ulangi perubahan Anda.';
const CODE_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_-]{0,49}$';
const CODE_MESSAGE = 'Kode fasilitas hanya huruf, angka, - dan _ (maksimal 50 karakter)';

const access = { menus: ['/master/domain-config'] };
const tags = ['admin/domain'];
const TABLE = 'domain_configs';

export type DomainStatus = 'active' | 'inactive' | 'not_configured';

/** Spec §4: Active & Configured, Configured but Inactive, Not Configured. */
export const statusOf = (hasConfig: boolean, isActive: boolean): DomainStatus =>
  !hasConfig ? 'not_configured' : isActive ? 'active' : 'inactive';

/** A medical_facility user (when the matrix grants them the screen) sees only their facility. */
function facilityScope(request: FastifyRequest): number | null {
  const admin = request.admin!;
  return admin.effectiveRole === 'medical_facility' ? (admin.medical_facility_id ?? -1) : null;
}

const url = { type: ['string', 'null'], maxLength: 2000 };
const connection = {
  type: 'object',
  properties: {
    id: { type: ['integer', 'null'] },
    connection_id: { type: 'integer' },
    code: { type: 'string' },
    medical_facility_id: { type: 'integer' },
    facility_name: { type: 'string' },
    facility_code: { type: ['string', 'null'] },
    production_base_url: { type: ['string', 'null'] },
    sandbox_base_url: { type: ['string', 'null'] },
    target_production_url: { type: ['string', 'null'] },
    target_sandbox_url: { type: ['string', 'null'] },
    has_domain_config: { type: 'boolean' },
    is_active: { type: 'boolean' },
    status: { type: 'string' },
    gateway_path: { type: ['string', 'null'] },
    version: { type: ['integer', 'null'] },
    updated_at: { type: ['string', 'null'], format: 'date-time' },
  },
};

const SELECT = `SELECT d.id, c.id AS connection_id, c.code, c.medical_facility_id, f.name AS facility_name,
       COALESCE(d.facility_code,
                (SELECT p.value FROM facility_params p
                  WHERE p.medical_facility_id = c.medical_facility_id AND p.type = 'KODE_FASKES'
                  ORDER BY p.id LIMIT 1)) AS facility_code,
       c.production_base_url, c.sandbox_base_url, d.target_production_url, d.target_sandbox_url,
       (d.id IS NOT NULL) AS has_domain_config, COALESCE(d.is_active, false) AS is_active,
       d.version, d.updated_at
  FROM facility_connections c
  JOIN medical_facilities f ON f.id = c.medical_facility_id
  LEFT JOIN ${TABLE} d ON d.connection_id = c.id`;

const withStatus = (row: Record<string, any>) => ({
  ...row,
  status: statusOf(row.has_domain_config, row.is_active),
  gateway_path: row.has_domain_config ? `/api/gateway/${row.facility_code}` : null,
});

/** Blank URLs are absent; a given one must be an http(s) URL without credentials. */
function readTargets(body: Record<string, any>, errors: Record<string, string>) {
  const out: Record<string, string | null> = {};
  for (const field of ['target_production_url', 'target_sandbox_url']) {
    if (!(field in body)) continue;
    const raw = typeof body[field] === 'string' ? body[field].trim() : null;
    if (!raw) {
      out[field] = null;
      continue;
    }
    try {
      out[field] = parseTargetUrl(raw).toString().replace(/\/$/, '');
    } catch (err) {
      if (err instanceof OutboundRefused) errors[field] = err.message;
      else throw err;
    }
  }
  return out;
}

function fail(errors: Record<string, string>) {
  if (Object.keys(errors).length) throw new AppError(400, Object.values(errors)[0], errors);
}

export const CONFIG_NOT_FOUND = 'Konfigurasi gateway tidak ditemukan';

async function loadConfig(q: Queryable, id: number, scope: number | null, notFound = CONFIG_NOT_FOUND) {
  const { rows } = await q.query(
    `SELECT * FROM ${TABLE} WHERE id = $1 ${scope === null ? '' : 'AND medical_facility_id = $2'}
     FOR UPDATE`,
    scope === null ? [id] : [id, scope],
  );
  if (!rows[0]) throw new AppError(404, notFound);
  return rows[0];
}

async function answerFor(q: Queryable, configId: number) {
  const { rows } = await q.query(`${SELECT} WHERE d.id = $1`, [configId]);
  return withStatus(rows[0]);
}

const bodyProps = {
  facility_code: { type: ['string', 'null'], maxLength: 50 },
  connection_id: { anyOf: [{ type: 'integer' }, { type: 'string', maxLength: 20 }, { type: 'null' }] },
  target_production_url: url,
  target_sandbox_url: url,
  is_active: { type: 'boolean' },
  version: { type: 'integer' },
};
const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } };

export function registerDomainConfigRoutes(app: FastifyInstance, db: Db) {
  app.get(
    '/api/admin/domain/connections',
    {
      // Also read by the API Simulator's domain configuration dialog (a facility user: their own).
      config: { access: { menus: [...access.menus, '/api-simulator'] } },
      schema: {
        tags,
        summary: 'Integration connections with their gateway mapping and status',
        querystring: {
          type: 'object',
          properties: {
            search: { type: 'string', maxLength: 100 },
            limit: { type: 'integer', minimum: 1, maximum: 500, default: 500 },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: { connections: { type: 'array', items: connection }, total: { type: 'integer' } },
          },
        },
      },
    },
    async (request) => {
      const { search, limit } = request.query as { search?: string; limit: number };
      const scope = facilityScope(request);
      const where: string[] = [];
      const params: unknown[] = [];
      if (scope !== null) {
        params.push(scope);
        where.push(`c.medical_facility_id = $${params.length}`);
      }
      if (search?.trim()) {
        params.push(
          `%${search
            .trim()
            .toLowerCase()
            .replace(/[\\%_]/g, '\\$&')}%`,
        );
        const p = `$${params.length}`;
        where.push(
          `(lower(f.name) LIKE ${p} OR lower(c.code) LIKE ${p} OR lower(d.facility_code) LIKE ${p})`,
        );
      }
      params.push(limit);
      const { rows } = await db.query(
        `${SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
          ORDER BY f.name, c.code, c.id LIMIT $${params.length}`,
        params,
      );
      return { connections: rows.map(withStatus), total: rows.length };
    },
  );

  app.post(
    '/api/admin/domain',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Creates the gateway mapping of a connection',
        body: { type: 'object', properties: bodyProps },
      },
    },
    async (request, reply) => {
      const body = request.body as Record<string, any>;
      const errors: Record<string, string> = {};
      const code = typeof body.facility_code === 'string' ? body.facility_code.trim() : '';
      if (!code) errors.facility_code = FACILITY_CODE_REQUIRED;
      else if (!new RegExp(CODE_PATTERN).test(code)) errors.facility_code = CODE_MESSAGE;
      const connectionId = Number(body.connection_id);
      if (!body.connection_id || !Number.isInteger(connectionId) || connectionId < 1)
        errors.connection_id = CONNECTION_REQUIRED;
      const targets = readTargets(body, errors);
      if (!targets.target_production_url && !targets.target_sandbox_url && !errors.target_production_url)
        errors.target_production_url = TARGET_REQUIRED;
      fail(errors);
      const scope = facilityScope(request);
      const created = await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ medical_facility_id: number }>(
          `SELECT medical_facility_id FROM facility_connections WHERE id = $1
           ${scope === null ? '' : 'AND medical_facility_id = $2'}`,
          scope === null ? [connectionId] : [connectionId, scope],
        );
        if (!rows[0]) throw new AppError(400, CONNECTION_NOT_FOUND, { connection_id: CONNECTION_NOT_FOUND });
        const { rows: inserted } = await tx.query(
          `INSERT INTO ${TABLE} (connection_id, medical_facility_id, facility_code, target_production_url,
                                 target_sandbox_url, is_active)
           VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
          [
            connectionId,
            rows[0].medical_facility_id,
            code,
            targets.target_production_url ?? null,
            targets.target_sandbox_url ?? null,
            body.is_active ?? false,
          ],
        );
        await logActivity(tx, request, {
          action: 'CREATE',
          table: TABLE,
          recordId: inserted[0].id,
          newValues: inserted[0],
          status: 201,
        });
        return answerFor(tx, inserted[0].id);
      });
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/api/admin/domain/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: "Updates a mapping's targets (facility code and connection stay)",
        params: idParams,
        body: { type: 'object', properties: bodyProps },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const body = request.body as Record<string, any>;
      const errors: Record<string, string> = {};
      const targets = readTargets(body, errors);
      fail(errors);
      const scope = facilityScope(request);
      return db.transaction(async (tx) => {
        const before = await loadConfig(tx, id, scope);
        if (body.version !== undefined && body.version !== before.version) {
          const err = new AppError(412, CONFIG_CHANGED);
          err.extra = { current: await answerFor(tx, id) };
          throw err;
        }
        if (body.connection_id != null && Number(body.connection_id) !== before.connection_id) {
          const message = 'Koneksi tidak dapat diubah setelah konfigurasi dibuat';
          throw new AppError(400, message, { connection_id: message });
        }
        const next: Record<string, any> = {
          ...before,
          ...targets,
          is_active: body.is_active ?? before.is_active,
        };
        if (!next.target_production_url && !next.target_sandbox_url)
          throw new AppError(400, TARGET_REQUIRED, { target_production_url: TARGET_REQUIRED });
        const { rows } = await tx.query(
          `UPDATE ${TABLE} SET target_production_url = $2, target_sandbox_url = $3, is_active = $4,
                  version = version + 1, updated_at = app_now()
            WHERE id = $1 RETURNING *`,
          [id, next.target_production_url, next.target_sandbox_url, next.is_active],
        );
        await logActivity(tx, request, {
          action: 'UPDATE',
          table: TABLE,
          recordId: id,
          oldValues: before,
          newValues: rows[0],
          status: 200,
        });
        return answerFor(tx, id);
      });
    },
  );

  app.patch(
    '/api/admin/domain/:id/activate',
    { config: { access }, schema: { tags, summary: 'Activates a configured mapping', params: idParams } },
    async (request) => {
      const { id } = request.params as { id: number };
      const scope = facilityScope(request);
      return db.transaction(async (tx) => {
        const before = await loadConfig(tx, id, scope, NOT_CONFIGURED);
        const { rows } = await tx.query(
          `UPDATE ${TABLE} SET is_active = true, version = version + 1, updated_at = app_now()
            WHERE id = $1 RETURNING *`,
          [id],
        );
        await logActivity(tx, request, {
          action: 'UPDATE',
          table: TABLE,
          recordId: id,
          oldValues: before,
          newValues: rows[0],
          status: 200,
          details: { action: 'activate' },
        });
        return answerFor(tx, id);
      });
    },
  );

  app.delete(
    '/api/admin/domain/:id',
    {
      config: { access },
      schema: { tags, summary: 'Deletes a mapping (the connection stays)', params: idParams },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const scope = facilityScope(request);
      return db.transaction(async (tx) => {
        const before = await loadConfig(tx, id, scope);
        await tx.query(`DELETE FROM ${TABLE} WHERE id = $1`, [id]);
        await logActivity(tx, request, {
          action: 'DELETE',
          table: TABLE,
          recordId: id,
          oldValues: before,
          status: 200,
        });
        return { id, deleted: true };
      });
    },
  );
}
