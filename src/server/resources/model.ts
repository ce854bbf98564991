import type { FastifyRequest } from 'fastify';
import {
  baseType,
  type JsonSchema,
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
export function resourceModel(decl: ResourceDeclaration): ResourceModel {
  const props = decl.schema.properties ?? {};
  const hashed = decl.hashed ?? [];
  const encrypted = decl.encrypted ?? {};
  const derived = decl.derived ?? {};
  const secrets = [...new Set([...writeOnlyFields(decl), ...hashed, ...Object.keys(encrypted)])];
  const writable = writableFields(decl);
  const readable = Object.keys(props).filter((k) => !props[k].writeOnly);
  const required = (decl.schema.required ?? []).filter((k) => writable.includes(k));
  // What the SELECT reads: the stored columns, and whether each encrypted secret is set.
  const flags = Object.fromEntries(Object.entries(encrypted).map(([field, flag]) => [flag, field]));
  const selected = readable.filter((k) => !(k in derived));
  const selectColumn = (k: string) =>
    k in flags ? `(${quote(`${flags[k]}_encrypted`)} IS NOT NULL) AS ${quote(k)}` : quote(k);
  const parent = decl.parent;
  return {
    decl,
    props,
    hashed,
    encrypted,
    secrets,
    writable,
    readable,
    required,
    table: quote(decl.table),
    selectList: `${selected.map(selectColumn).join(', ')}, xmin::text AS version`,
    /** A row as the API answers it: with its derived fields. */
    present(row: Record<string, any>) {
      for (const [k, compute] of Object.entries(derived)) row[k] = compute(row);
      return row;
    },
    /** The record a child belongs to: its table, the column naming it, the path parameter, its reach. */
    parent: parent
      ? {
          table: quote(parent.resource.table),
          column: parent.column,
          param: parent.param,
          scope: resourceModel(parent.resource).scope,
        }
      : null,
    /**
     * The same columns as JSON values the way the API answers them: a timestamp as
     * 'YYYY-MM-DDTHH:MM:SS.mmmZ' (what JSON.stringify makes of a Date), everything else as
     * PostgreSQL's own JSON of it.
     */
    jsonSelectList: `${selected
      .map((k) =>
        props[k].format === 'date-time'
          ? `to_char(${quote(k)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${quote(k)}`
          : selectColumn(k),
      )
      .join(', ')}, ${quote(decl.table)}.xmin::text AS version`,
    auditName: decl.auditName ?? decl.table,
    sortable: [...new Set([decl.defaultSort.field, ...(decl.sortable ?? [])])],
    /** The one text the search matches: the searched columns joined, as the trigram index has it. */
    searchExpression: searchExpression(decl),
    /** medical_facility users see and change only their facility's rows. */
    scope(request: FastifyRequest): { sql: string; value: unknown } | null {
      const admin = request.admin;
      if (!decl.facilityColumn || admin?.facilityScope == null) return null;
      // A user without a facility matches no row (-1); '=' lets the facility's list index serve it.
      return { sql: `${quote(decl.facilityColumn)} =`, value: admin.facilityScope };
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

export interface ResourceModel {
  decl: ResourceDeclaration;
  props: Record<string, JsonSchema>;
  hashed: string[];
  encrypted: Record<string, string>;
  secrets: string[];
  writable: string[];
  readable: string[];
  required: string[];
  table: string;
  selectList: string;
  present(row: Record<string, any>): Record<string, any>;
  parent: {
    table: string;
    column: string;
    param: string;
    scope: ResourceModel['scope'];
  } | null;
  jsonSelectList: string;
  auditName: string;
  sortable: string[];
  searchExpression: string;
  scope(request: FastifyRequest): { sql: string; value: unknown } | null;
}
