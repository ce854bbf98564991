import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/db.js';
import type { ResourceDeclaration } from '../../domain/resource.js';
import { AppError } from '../plugins/errors.js';
import { listPage, listWork, MAX_LIMIT, presentPage, type ListQuery } from './list.js';
import { resourceModel, type ResourceModel } from './model.js';
import { NOT_FOUND, writeOps } from './writes.js';
import { readOps } from './reads.js';
import { exportCsv } from './export.js';
import { errorResponse, routeSchemas } from './route-schemas.js';
import { finished } from 'node:stream/promises';
import { jakartaToday } from '../../domain/clock.js';

export { NOT_FOUND, MAX_LIMIT, errorResponse };

const recordId = { type: 'integer', minimum: 1 };

/**
 * Where a resource's routes live: /api/<name>, or for a child /api/<parent>/:<param>/<path>;
 * the path parameters of its collection and of one record.
 */
export function resourcePaths(decl: ResourceDeclaration) {
  const p = decl.parent;
  const base = p ? `/api/${p.resource.name}/:${p.param}/${p.path}` : `/api/${decl.name}`;
  const parentIds: Record<string, object> = p ? { [p.param]: recordId } : {};
  const object = (ids: Record<string, object>) => ({
    type: 'object',
    required: Object.keys(ids),
    properties: ids,
  });
  return {
    base,
    collectionParams: p ? object(parentIds) : undefined,
    itemParams: object({ ...parentIds, id: recordId }),
  };
}

/**
 * A body as the schema is to judge it: blanks as null, a blank secret left out, and a facility
 * user's own facility in the record's facility column (they write only their facility's rows,
 * so they need not, and cannot, name another).
 */
function prepareBody(m: ResourceModel) {
  const column = m.decl.facilityColumn && m.decl.facilityColumn !== 'id' ? m.decl.facilityColumn : null;
  return async (request: FastifyRequest) => {
    const body = request.body as Record<string, unknown> | undefined;
    if (!body || typeof body !== 'object') return;
    for (const [k, v] of Object.entries(body)) {
      if (v === '' && !m.required.includes(k)) body[k] = null;
      // A blank secret (react-admin sends a cleared input as null) means 'keep the stored one'.
      if ((v === '' || v === null) && m.secrets.includes(k)) delete body[k];
    }
    const own = request.admin?.facilityScope ?? null;
    if (column && own !== null && m.writable.includes(column)) body[column] = own;
  };
}

export interface ResourceOptions {
  /** The server's secret key (config.secretKey), for a declaration's `encrypted` fields. */
  secretKey?: string;
}

/**
 * Registers list/get/create/update/delete for one declared resource under /api/<name> (a
 * child resource below its parent's record: ResourceDeclaration.parent). Bodies are checked
 * against the resource's JSON Schema, then by its cross-field rules and write hooks;
 * write-only fields never leave the server; each write lands with its activity-log row;
 * updates and deletes may be made conditional on the version the caller saw (If-Match).
 */
export function registerResource(
  app: FastifyInstance,
  db: Db,
  decl: ResourceDeclaration,
  { secretKey }: ResourceOptions = {},
) {
  const m = resourceModel(decl);
  const s = routeSchemas(m);
  const ops = writeOps(db, m, secretKey);
  const { base, collectionParams, itemParams } = resourcePaths(decl);
  const access = { menus: decl.menus };
  const tags = [decl.parent?.resource.name ?? decl.name];
  const withEtag = (schema: object) => ({ ...schema, headers: s.etagHeader });
  const writeResponses = {
    200: withEtag(s.item),
    400: errorResponse,
    404: errorResponse,
    409: errorResponse,
    412: s.stale,
  };
  const prepare = prepareBody(m);
  const etag = (row: Record<string, any>) => `"${String(row.version)}"`;
  const idOf = (request: FastifyRequest) => (request.params as { id: number }).id;

  if (decl.parent) {
    app.get(
      base,
      {
        config: { access },
        schema: {
          tags,
          summary: 'Every record below the parent record, in the default order',
          params: collectionParams,
          response: { 200: { type: 'array', items: s.item }, 404: errorResponse },
        },
      },
      (request) => ops.children(request),
    );
    registerExport(app, db, m, s, base);
  } else registerList(app, db, m, s);

  app.get(
    `${base}/:id`,
    {
      config: { access },
      schema: { tags, params: itemParams, response: { 200: withEtag(s.item), 404: errorResponse } },
    },
    async (request, reply) => {
      const row = await ops.findOne(db, request, idOf(request));
      if (!row) throw new AppError(404, NOT_FOUND);
      return reply.header('etag', etag(row)).send(row);
    },
  );

  app.post(
    base,
    {
      config: { access },
      preValidation: prepare,
      schema: {
        tags,
        ...(collectionParams ? { params: collectionParams } : {}),
        body: s.createBody,
        response: { 201: withEtag(s.item), 400: errorResponse, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) => {
      const row = await ops.create(request);
      return reply.status(201).header('etag', etag(row)).send(row);
    },
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: `${base}/:id`,
      config: { access },
      preValidation: prepare,
      schema: {
        tags,
        params: itemParams,
        headers: s.conditional,
        body: method === 'PUT' ? s.putBody : s.patchBody,
        response: writeResponses,
      },
      handler: async (request, reply) => {
        const row = await ops.update(request, idOf(request));
        return reply.header('etag', etag(row)).send(row);
      },
    });
  }

  app.delete(
    `${base}/:id`,
    {
      config: { access },
      schema: {
        tags,
        params: itemParams,
        headers: s.conditional,
        response: { 200: s.item, 404: errorResponse, 412: s.stale },
      },
    },
    (request) => ops.remove(request, idOf(request)),
  );
}

/** The paged, searchable list of a top-level resource and its CSV export. */
function registerList(app: FastifyInstance, db: Db, m: ResourceModel, s: ReturnType<typeof routeSchemas>) {
  const { decl } = m;
  const base = `/api/${decl.name}`;
  const access = { menus: decl.menus };
  const tags = [decl.name];
  app.get(
    base,
    {
      config: { access, work: (request) => listWork(m, request.query as ListQuery) },
      schema: { tags, querystring: s.listQuery, response: { 200: s.listResponse } },
    },
    // The page arrives as JSON text (built by PostgreSQL) and is sent as it is; the response
    // schema above still documents it.
    async (request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send(presentPage(m, await listPage(db, m, request, request.query as ListQuery))),
  );
  registerExport(app, db, m, s, base);
}

/**
 * The CSV export of a resource: every row matching the list's search and filters, or every
 * child of one parent record (within the caller's reach) for a child resource.
 */
function registerExport(
  app: FastifyInstance,
  db: Db,
  m: ResourceModel,
  s: ReturnType<typeof routeSchemas>,
  base: string,
) {
  const { decl } = m;
  const { collectionParams } = resourcePaths(decl);
  const { parentIdOf, checkParent } = readOps(db, m);
  app.get(
    `${base}/export`,
    {
      config: { access: { menus: decl.menus }, work: 'heavy' },
      schema: {
        tags: [decl.parent?.resource.name ?? decl.name],
        summary: decl.parent
          ? 'Every record below the parent record, as CSV (streamed)'
          : 'Every row matching the search and filters, as CSV (streamed)',
        ...(collectionParams ? { params: collectionParams } : { querystring: s.exportQuery }),
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      let parent: { column: string; id: number } | undefined;
      if (m.parent) {
        await checkParent(db, request);
        parent = { column: m.parent.column, id: parentIdOf(request) };
      }
      const stream = exportCsv(db, m, request, parent ? {} : (request.query as ListQuery), parent);
      const file = `${decl.name.replace(/\//g, '-')}-${jakartaToday()}.csv`;
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file}"`)
        .send(stream);
      // The export holds its heavy slot until the last row is out (or the client has gone).
      await finished(stream).catch(() => undefined);
      return reply;
    },
  );
}
