import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/db.js';
import type { JsonSchema, ResourceDeclaration } from '../../domain/resource.js';
import { AppError } from '../plugins/errors.js';
import { EXACT_COUNT_LIMIT } from './count.js';
import { listPage, listWork, MAX_LIMIT, type ListQuery } from './list.js';
import { baseType, resourceModel, type ResourceModel } from './model.js';
import { NOT_FOUND, writeOps } from './writes.js';
import { exportCsv } from './export.js';
import { finished } from 'node:stream/promises';
import { jakartaToday } from '../../domain/clock.js';

export { NOT_FOUND, MAX_LIMIT };

/** A response property: any value may also be null, choices are not re-checked on output. */
function responseProperty(p: JsonSchema): JsonSchema {
  const {
    enum: _enum,
    readOnly: _r,
    writeOnly: _w,
    pattern: _p,
    minLength: _min,
    maxLength: _max,
    ...rest
  } = p;
  return { ...rest, type: [baseType(p), 'null'] };
}

const VERSION_DOC =
  "The record's version: send it back as If-Match (or as `version` in the body) to write only if nobody changed the record meanwhile.";
const errorResponse = {
  type: 'object',
  properties: {
    error: { type: 'string' },
    message: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'string' } },
  },
};

/** The route schemas of one resource, derived from its declaration (and so its JSON Schema). */
function routeSchemas(m: ResourceModel) {
  const item: JsonSchema = {
    type: 'object',
    properties: {
      ...Object.fromEntries(m.readable.map((k) => [k, responseProperty(m.props[k])])),
      version: { type: 'string', description: VERSION_DOC },
    },
  };
  const writableProps = Object.fromEntries(
    m.writable.map((k) => {
      const { readOnly: _r, ...p } = m.props[k];
      return [k, p];
    }),
  );
  const versionProp = {
    type: 'string',
    description: 'The version this write is based on, for clients that cannot send If-Match.',
  };
  const createBody = {
    type: 'object',
    additionalProperties: false,
    required: m.required,
    properties: writableProps,
  };
  // On update a blank secret keeps the stored one, so secrets are never required there; and a
  // field left out keeps its value: schema defaults fill a new record only, never an update.
  const withoutDefaults = Object.fromEntries(
    Object.entries(writableProps).map(([k, { default: _d, ...p }]) => [k, p]),
  );
  const putBody = {
    ...createBody,
    required: m.required.filter((k) => !m.secrets.includes(k)),
    properties: { ...withoutDefaults, version: versionProp },
  };
  const patchBody = { ...putBody, required: [] };
  const conditional = {
    type: 'object',
    properties: {
      'if-match': {
        type: 'string',
        description:
          'The version (ETag) this write is based on. A different current version answers 412 with the current record; without it the write is unconditional.',
      },
    },
  };
  const etagHeader = { ETag: { type: 'string', description: VERSION_DOC } };
  const stale = {
    description: 'Precondition Failed: the record changed since the version given; nothing was written.',
    ...errorResponse,
    properties: { ...errorResponse.properties, current: item },
  };
  const filterProps = Object.fromEntries(
    m.decl.filters.map((f) => [f, { type: baseType(m.props[f] ?? {}) }]),
  );
  const listQuery = {
    type: 'object',
    properties: {
      page: { type: 'integer', minimum: 1, default: 1 },
      limit: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: 10 },
      search: { type: 'string', maxLength: 200 },
      sort: { type: 'string', enum: m.sortable },
      order: { type: 'string', enum: ['ASC', 'DESC', 'asc', 'desc'] },
      ids: { type: 'string', pattern: '^\\d+(,\\d+)*$' },
      ...filterProps,
    },
  };
  const listResponse = {
    type: 'object',
    properties: {
      data: { type: 'array', items: item },
      pagination: {
        type: 'object',
        properties: {
          total: { type: 'integer' },
          totalPages: { type: 'integer' },
          page: { type: 'integer' },
          limit: { type: 'integer' },
          estimated: {
            type: 'boolean',
            description: `true when total is the planner's estimate (more than ${EXACT_COUNT_LIMIT} rows match)`,
          },
        },
      },
    },
  };
  const { page: _page, limit: _limit, ...exportProps } = listQuery.properties;
  const exportQuery = { type: 'object', properties: exportProps };
  return {
    item,
    exportQuery,
    createBody,
    putBody,
    patchBody,
    conditional,
    etagHeader,
    stale,
    listQuery,
    listResponse,
  };
}

/**
 * Registers list/get/create/update/delete for one declared resource under /api/<name>.
 * Bodies are checked against the resource's JSON Schema, then by its cross-field rules;
 * write-only fields never leave the server; each write lands with its activity-log row;
 * updates and deletes may be made conditional on the version the caller saw (If-Match).
 */
export function registerResource(app: FastifyInstance, db: Db, decl: ResourceDeclaration) {
  const m = resourceModel(decl);
  const s = routeSchemas(m);
  const ops = writeOps(db, m);
  const base = `/api/${decl.name}`;
  const access = { menus: decl.menus };
  const tags = [decl.name];
  const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } };
  const withEtag = (schema: object) => ({ ...schema, headers: s.etagHeader });
  const writeResponses = {
    200: withEtag(s.item),
    400: errorResponse,
    404: errorResponse,
    409: errorResponse,
    412: s.stale,
  };

  /** Blank optional text arrives as '' from forms: store it as null rather than fail a pattern. */
  const blanksToNull = async (request: FastifyRequest) => {
    const body = request.body as Record<string, unknown> | undefined;
    if (!body || typeof body !== 'object') return;
    for (const [k, v] of Object.entries(body)) {
      if (v === '' && !m.required.includes(k)) body[k] = null;
      // A blank secret (react-admin sends a cleared input as null) means 'keep the stored one'.
      if ((v === '' || v === null) && m.secrets.includes(k)) delete body[k];
    }
  };
  const etag = (row: Record<string, any>) => `"${String(row.version)}"`;
  const idOf = (request: FastifyRequest) => (request.params as { id: number }).id;

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
        .send(await listPage(db, m, request, request.query as ListQuery)),
  );

  app.get(
    `${base}/export`,
    {
      config: { access, work: 'heavy' },
      schema: {
        tags,
        summary: 'Every row matching the search and filters, as CSV (streamed)',
        querystring: s.exportQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const stream = exportCsv(db, m, request, request.query as ListQuery);
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

  app.get(
    `${base}/:id`,
    {
      config: { access },
      schema: { tags, params: idParams, response: { 200: withEtag(s.item), 404: errorResponse } },
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
      preValidation: blanksToNull,
      schema: {
        tags,
        body: s.createBody,
        response: { 201: withEtag(s.item), 400: errorResponse, 409: errorResponse },
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
      preValidation: blanksToNull,
      schema: {
        tags,
        params: idParams,
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
        params: idParams,
        headers: s.conditional,
        response: { 200: s.item, 404: errorResponse, 412: s.stale },
      },
    },
    (request) => ops.remove(request, idOf(request)),
  );
}
