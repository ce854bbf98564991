import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.js';
import type { ResourceDeclaration } from '../../domain/resource.js';
import { listPage, presentPage, type ListQuery } from './list.js';
import { resourceModel } from './model.js';
import { routeSchemas } from './route-schemas.js';

/** At most this many options per answer: a picker shows the first matches and narrows as one types. */
const MAX_OPTIONS = 100;

/** The fields an option of `target` carries: what names it in a picker, nothing more. */
export function optionFields(target: ResourceDeclaration): string[] {
  const rep = typeof target.recordRepresentation === 'string' ? [target.recordRepresentation] : [];
  const props = target.schema.properties ?? {};
  return [...new Set(['id', ...rep, ...target.search])].filter(
    (f) => f === 'id' || (props[f] && !props[f].writeOnly),
  );
}

/**
 * The resources other declarations pick records of (ResourceDeclaration.references), each with
 * the menus of the screens whose forms pick them.
 */
export function referencedTargets(decls: ResourceDeclaration[]) {
  const targets = new Map<ResourceDeclaration, Set<string>>();
  for (const decl of decls)
    for (const ref of Object.values(decl.references ?? {})) {
      const target = decls.find((d) => d.name === ref.resource);
      if (!target) continue;
      const menus = targets.get(target) ?? new Set(target.menus);
      decl.menus.forEach((m) => menus.add(m));
      targets.set(target, menus);
    }
  return targets;
}

/**
 * GET /api/<target>/options for every resource a form picks records of: the picker's choices for
 * a role that may use the form but not read the target's screen (a facility operator's delivery
 * picks an app user). Searchable and by ids as the list is, within the caller's facility scope
 * where the target has one, with only the fields that name each record.
 */
export function registerReferenceOptions(app: FastifyInstance, db: Db, decls: ResourceDeclaration[]) {
  for (const [target, menus] of referencedTargets(decls)) {
    const m = resourceModel(target);
    const { listQuery } = routeSchemas(m);
    const fields = optionFields(target);
    const item = {
      type: 'object',
      properties: Object.fromEntries(fields.map((f) => [f, m.props[f] ?? { type: 'integer' }])),
    };
    app.get(
      `/api/${target.name}/options`,
      {
        config: { access: { menus: [...menus] } },
        schema: {
          tags: [target.name],
          summary: "A form's picker choices: the records' names only",
          querystring: {
            ...listQuery,
            properties: {
              ...listQuery.properties,
              limit: { type: 'integer', minimum: 1, maximum: MAX_OPTIONS, default: 25 },
            },
          },
          response: {
            200: {
              type: 'object',
              properties: {
                data: { type: 'array', items: item },
                pagination: { type: 'object', properties: { total: { type: 'integer' } } },
              },
            },
          },
        },
      },
      async (request) => {
        const page = JSON.parse(presentPage(m, await listPage(db, m, request, request.query as ListQuery)));
        const data = (page.data as Record<string, unknown>[]).map((row) =>
          Object.fromEntries(fields.map((f) => [f, row[f] ?? null])),
        );
        return { data, pagination: { total: page.pagination.total } };
      },
    );
  }
}
