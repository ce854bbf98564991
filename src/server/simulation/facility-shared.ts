import type { FastifyInstance, FastifyRequest } from 'fastify';
import { envelope, envelopeSchema, ERROR_RESPONSES } from './envelope.js';

/** The OpenAPI tag of every facility API route. */
export const TAGS = ['simulation (facility API)'];
export const DATE = { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' };
export const TIME = { type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' };
export const ANY = {};
/** How a facility's system may authenticate: its API key, Basic credentials or a Bearer token. */
export const security: Record<string, string[]>[] = [{ apiKey: [] }, { basic: [] }, { bearer: [] }];
/** Not an admin session: the API key checked by the facility API's own hook. */
export const access = 'apiKey' as const;

/** The options of a facility API route: its summary, the shared security and the schema parts given. */
export const facilityRoute = (summary: string, extra: Record<string, unknown> = {}) => ({
  config: { access },
  schema: { tags: TAGS, summary, security, ...extra },
});

export const listQuery = {
  type: 'object',
  properties: {
    page: { type: 'integer', minimum: 1, default: 1 },
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
    search: { type: 'string', maxLength: 100 },
  },
};

export const listResponse = (item: object = ANY) =>
  envelopeSchema({
    type: 'object',
    properties: {
      data: { type: 'array', items: item },
      pagination: {
        type: 'object',
        properties: { page: { type: 'integer' }, limit: { type: 'integer' }, count: { type: 'integer' } },
      },
    },
  });

export interface PageQuery {
  page: number;
  limit: number;
}

/** LIMIT and OFFSET of a list query's page. */
export const page = (q: PageQuery) => [q.limit, (q.page - 1) * q.limit];

/** A page of rows in the envelope, with its pagination. */
export const listOf = (rows: unknown[], q: PageQuery) =>
  envelope({ data: rows, pagination: { page: q.page, limit: q.limit, count: rows.length } });

/**
 * POST routes that create a record at each of the URLs given (the spec's path and its /v1
 * twin): the body checked against its schema, the new record answered 201 in the envelope.
 */
export function registerCreateRoutes(
  scope: FastifyInstance,
  urls: string[],
  options: { summary: string; body: object; created: object; message: string },
  create: (request: FastifyRequest) => Promise<unknown>,
) {
  for (const url of urls) {
    scope.post(
      url,
      facilityRoute(options.summary, {
        body: options.body,
        response: { 201: envelopeSchema(options.created), ...ERROR_RESPONSES },
      }),
      async (request, reply) => reply.status(201).send(envelope(await create(request), options.message, 201)),
    );
  }
}
