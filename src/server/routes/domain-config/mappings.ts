/**
 * The gateway mapping of a connection: created with its facility code and targets, its targets
 * and active flag changed (optimistically locked by version), activated, deleted. Every change
 * is an activity of domain_configs.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db, Queryable } from '../../db/db.js';
import { AppError } from '../../plugins/errors.js';
import { logActivity } from '../../plugins/audit.js';
import { expectedVersions } from '../../resources/writes.js';
import {
  CODE_MESSAGE,
  CODE_PATTERN,
  CONFIG_CHANGED,
  CONNECTION_NOT_FOUND,
  CONNECTION_REQUIRED,
  FACILITY_CODE_REQUIRED,
  NOT_CONFIGURED,
  TABLE,
  TARGET_REQUIRED,
  access,
  answerFor,
  bodyProps,
  fail,
  idParams,
  loadConfig,
  readTargets,
  tags,
} from './shared.js';

/**
 * A change on an old version (If-Match, or `version` in the body, as the generic engine reads
 * it): 412 with the mapping as it is now, instead of overwriting someone else's change.
 */
async function checkVersion(
  tx: Queryable,
  request: FastifyRequest,
  id: number,
  current: Record<string, any>,
) {
  const bodyVersion = (request.body as { version?: unknown } | undefined)?.version;
  const expected =
    expectedVersions(request) ?? (Number.isInteger(bodyVersion) ? [String(bodyVersion)] : undefined);
  if (expected === undefined || expected === '*' || expected.includes(String(current.version))) return;
  const err = new AppError(412, CONFIG_CHANGED);
  err.extra = { current: await answerFor(tx, id) };
  throw err;
}

const ifMatchHeader = { type: 'object', properties: { 'if-match': { type: 'string' } } };

export function registerMappingRoutes(app: FastifyInstance, db: Db) {
  registerCreate(app, db);
  registerUpdate(app, db);
  registerActivate(app, db);
  registerDelete(app, db);
}

/** The facility code, connection and targets of a new mapping; 400 naming each field amiss. */
function readNewMapping(body: Record<string, any>) {
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
  return { code, connectionId, targets };
}

function registerCreate(app: FastifyInstance, db: Db) {
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
      const { code, connectionId, targets } = readNewMapping(body);
      const scope = request.admin!.facilityScope;
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
}

function registerUpdate(app: FastifyInstance, db: Db) {
  app.put(
    '/api/admin/domain/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: "Updates a mapping's targets (facility code and connection stay)",
        params: idParams,
        headers: ifMatchHeader,
        body: { type: 'object', properties: bodyProps },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const body = request.body as Record<string, any>;
      const errors: Record<string, string> = {};
      const targets = readTargets(body, errors);
      fail(errors);
      const scope = request.admin!.facilityScope;
      return db.transaction(async (tx) => {
        const before = await loadConfig(tx, id, scope);
        await checkVersion(tx, request, id, before);
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
}

function registerActivate(app: FastifyInstance, db: Db) {
  app.patch(
    '/api/admin/domain/:id/activate',
    {
      config: { access },
      schema: { tags, summary: 'Activates a configured mapping', params: idParams, headers: ifMatchHeader },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const scope = request.admin!.facilityScope;
      return db.transaction(async (tx) => {
        const before = await loadConfig(tx, id, scope, NOT_CONFIGURED);
        await checkVersion(tx, request, id, before);
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
}

function registerDelete(app: FastifyInstance, db: Db) {
  app.delete(
    '/api/admin/domain/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Deletes a mapping (the connection stays)',
        params: idParams,
        headers: ifMatchHeader,
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const scope = request.admin!.facilityScope;
      return db.transaction(async (tx) => {
        const before = await loadConfig(tx, id, scope);
        await checkVersion(tx, request, id, before);
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
