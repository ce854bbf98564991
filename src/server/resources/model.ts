import type { FastifyRequest } from 'fastify';
import {
  baseType,
  writableFields,
  writeOnlyFields,
  type ResourceDeclaration,
} from '../../domain/resource.js';

/** A SQL identifier from a declaration (never from a request), quoted. */
export const quote = (ident: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(ident)) throw new Error(`unsafe identifier ${ident}`);
  return `"${ident}"`;
};

export { baseType };

/**
 * What the engine derives once from a declaration: which fields are read, written, secret;
 * the SELECT list (with the row's version); the facility scope of a request.
 *
 * A row's version is PostgreSQL's `xmin`, the transaction that wrote the row last: it changes
 * on every update of that row, on every table, with no column or trigger to maintain.
 */
export function resourceModel(decl: ResourceDeclaration) {
  const props = decl.schema.properties ?? {};
  const hashed = decl.hashed ?? [];
  const secrets = [...new Set([...writeOnlyFields(decl), ...hashed])];
  const writable = writableFields(decl);
  const readable = Object.keys(props).filter((k) => !props[k].writeOnly);
  const required = (decl.schema.required ?? []).filter((k) => writable.includes(k));
  return {
    decl,
    props,
    hashed,
    secrets,
    writable,
    readable,
    required,
    table: quote(decl.table),
    selectList: `${readable.map(quote).join(', ')}, xmin::text AS version`,
    /**
     * The same columns as JSON values the way the API answers them: a timestamp as
     * 'YYYY-MM-DDTHH:MM:SS.mmmZ' (what JSON.stringify makes of a Date), everything else as
     * PostgreSQL's own JSON of it.
     */
    jsonSelectList: `${readable
      .map((k) =>
        props[k].format === 'date-time'
          ? `to_char(${quote(k)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${quote(k)}`
          : quote(k),
      )
      .join(', ')}, ${quote(decl.table)}.xmin::text AS version`,
    auditName: decl.auditName ?? decl.table,
    sortable: [...new Set([decl.defaultSort.field, ...(decl.sortable ?? [])])],
    /** The one text the search matches: the searched columns joined, as the trigram index has it. */
    searchExpression: searchExpression(decl),
    /** medical_facility users see and change only their facility's rows. */
    scope(request: FastifyRequest): { sql: string; value: unknown } | null {
      const admin = request.admin;
      if (!decl.facilityColumn || admin?.effectiveRole !== 'medical_facility') return null;
      return {
        // A user without a facility matches no row (-1); '=' lets the facility's list index serve it.
        sql: `${quote(decl.facilityColumn)} =`,
        value: admin.medical_facility_id ?? -1,
      };
    },
  };
}

/** `coalesce(a, '') || ' ' || coalesce(b::text, '')`: immutable, so a GIN trigram index can hold it. */
export function searchExpression(decl: ResourceDeclaration): string {
  const props = decl.schema.properties ?? {};
  return `(${decl.search
    .map((c) =>
      baseType(props[c] ?? {}) === 'string' ? `coalesce(${quote(c)}, '')` : `coalesce(${quote(c)}::text, '')`,
    )
    .join(` || ' ' || `)})`;
}

export type ResourceModel = ReturnType<typeof resourceModel>;
