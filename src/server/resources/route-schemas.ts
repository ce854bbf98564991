import { rangeParams, type JsonSchema } from '../../domain/resource.js';
import { EXACT_COUNT_LIMIT } from './count.js';
import { MAX_LIMIT } from './list.js';
import { baseType, type ResourceModel } from './model.js';

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
  // A free-form JSON field (any object, or text stored before it was checked): sent as stored.
  const types = Array.isArray(p.type) ? p.type : [p.type];
  if (types.includes('object') && !p.properties && !p.$ref && p.additionalProperties === undefined)
    return p.description ? { description: p.description } : {};
  return { ...rest, type: [baseType(p), 'null'] };
}

const VERSION_DOC =
  "The record's version: send it back as If-Match (or as `version` in the body) to write only if nobody changed the record meanwhile.";
/** The error answer of every route: a message, and the failing fields of a 400. */
export const errorResponse = {
  type: 'object',
  properties: {
    error: { type: 'string' },
    message: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'string' } },
  },
};

const built = new WeakMap<ResourceModel, ReturnType<typeof buildRouteSchemas>>();

/**
 * The route schemas of one resource, derived from its declaration (and so its JSON Schema):
 * built once per model, so the routes and the import share each compiled validator.
 */
export function routeSchemas(m: ResourceModel) {
  let schemas = built.get(m);
  if (!schemas) built.set(m, (schemas = buildRouteSchemas(m)));
  return schemas;
}

function buildRouteSchemas(m: ResourceModel) {
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
      // Several types (an object or its JSON text): one of them, as strict ajv wants it said.
      const types = Array.isArray(p.type) ? p.type : [];
      if (types.filter((t) => t !== 'null').length > 1) {
        const { type: _t, ...rest } = p;
        return [k, { ...rest, anyOf: types.map((t) => ({ type: t })) }];
      }
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
  const filterProps = Object.fromEntries([
    ...m.decl.filters.map((f) => [f, { type: baseType(m.props[f] ?? {}) }]),
    ...(m.decl.rangeFilters ?? []).flatMap((f) =>
      Object.values(rangeParams(f)).map((p) => [p, { type: 'string', format: 'date' }]),
    ),
  ]);
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
