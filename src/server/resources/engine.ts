import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db, Queryable } from '../db/db.js';
import {
  writableFields,
  writeOnlyFields,
  type JsonSchema,
  type ResourceDeclaration,
} from '../../domain/resource.js';
import { AppError } from '../plugins/errors.js';
import { summarizeFieldErrors } from '../../domain/validation.js';
import { logActivity, redact, REDACTED } from '../plugins/audit.js';
import { hashPassword } from '../security/passwords.js';
import { EXACT_COUNT_LIMIT, listTotal } from './count.js';

export const NOT_FOUND = 'Data tidak ditemukan';
export const MAX_LIMIT = 1000;

const quote = (ident: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(ident)) throw new Error(`unsafe identifier ${ident}`);
  return `"${ident}"`;
};

const baseType = (p: JsonSchema) =>
  (Array.isArray(p.type) ? p.type.find((t) => t !== 'null') : p.type) ?? 'string';

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

/** Escapes LIKE wildcards so a search for '50%' finds the text '50%'. */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface ListQuery {
  page?: number;
  limit?: number;
  search?: string;
  sort?: string;
  order?: 'ASC' | 'DESC' | 'asc' | 'desc';
  ids?: string;
  [filter: string]: unknown;
}

/**
 * Registers list/get/create/update/delete for one declared resource under /api/<name>.
 * Bodies are checked against the resource's JSON Schema, then by its cross-field rules;
 * write-only fields never leave the server; each write lands with its activity-log row.
 */
export function registerResource(app: FastifyInstance, db: Db, decl: ResourceDeclaration) {
  const props = decl.schema.properties ?? {};
  const hashed = decl.hashed ?? [];
  const secrets = [...new Set([...writeOnlyFields(decl), ...hashed])];
  const writable = writableFields(decl);
  const readable = Object.keys(props).filter((k) => !props[k].writeOnly);
  const selectList = readable.map(quote).join(', ');
  const table = quote(decl.table);
  const auditName = decl.auditName ?? decl.table;
  const base = `/api/${decl.name}`;
  const access = { menus: decl.menus };
  const tags = [decl.name];

  const item: JsonSchema = {
    type: 'object',
    properties: Object.fromEntries(readable.map((k) => [k, responseProperty(props[k])])),
  };
  const writableProps = Object.fromEntries(
    writable.map((k) => {
      const { readOnly: _r, ...p } = props[k];
      return [k, p];
    }),
  );
  const required = (decl.schema.required ?? []).filter((k) => writable.includes(k));
  const createBody = { type: 'object', additionalProperties: false, required, properties: writableProps };
  // On update a blank secret keeps the stored one, so secrets are never required there.
  const updateBody = { ...createBody, required: required.filter((k) => !secrets.includes(k)) };
  const errorResponse = {
    type: 'object',
    properties: {
      error: { type: 'string' },
      message: { type: 'string' },
      errors: { type: 'object', additionalProperties: { type: 'string' } },
    },
  };
  const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } };
  const filterProps = Object.fromEntries(decl.filters.map((f) => [f, { type: baseType(props[f] ?? {}) }]));
  const sortable = [...new Set([decl.defaultSort.field, ...(decl.sortable ?? [])])];

  /** A search, a sort, a filter or a deep page may cost seconds: heavy; the first pages are not. */
  const listWork = (request: FastifyRequest) => {
    const q = request.query as ListQuery;
    const filtered = decl.filters.some((f) => q[f] !== undefined && q[f] !== '');
    const sorted = q.sort && q.sort !== decl.defaultSort.field;
    return q.search?.trim() || sorted || filtered || (q.page ?? 1) > 100 ? 'heavy' : 'light';
  };

  /** Blank optional text arrives as '' from forms: store it as null rather than fail a pattern. */
  const blanksToNull = async (request: FastifyRequest) => {
    const body = request.body as Record<string, unknown> | undefined;
    if (!body || typeof body !== 'object') return;
    for (const [k, v] of Object.entries(body)) {
      if (v === '' && !required.includes(k)) body[k] = null;
      // A blank secret (react-admin sends a cleared input as null) means 'keep the stored one'.
      if ((v === '' || v === null) && secrets.includes(k)) delete body[k];
    }
  };

  const scope = (request: FastifyRequest): { sql: string; value: unknown } | null => {
    const admin = request.admin;
    if (!decl.facilityColumn || admin?.effectiveRole !== 'medical_facility') return null;
    return {
      sql: `${quote(decl.facilityColumn)} IS NOT DISTINCT FROM`,
      value: admin.medical_facility_id ?? -1,
    };
  };

  /**
   * The values a write logs: the stored row with secrets redacted, plus '[REDACTED]' for each
   * secret the body set (write-only fields are not in the row, so the log would not show them).
   */
  const loggedValues = (row: Record<string, any>, body: Record<string, any>) => {
    const out = redact(row, secrets)!;
    for (const k of secrets) if (body[k] != null && body[k] !== '') out[k] = REDACTED;
    return out;
  };

  const crossFieldCheck = (record: Record<string, any>) => {
    const errors = decl.validate?.(record) ?? {};
    if (Object.keys(errors).length) {
      throw new AppError(400, summarizeFieldErrors(errors), errors);
    }
  };

  async function findOne(q: Queryable, request: FastifyRequest, id: number, lock = false) {
    const params: unknown[] = [id];
    let where = 'id = $1';
    const s = scope(request);
    if (s) {
      params.push(s.value);
      where += ` AND ${s.sql} $2`;
    }
    const { rows } = await q.query(
      `SELECT ${selectList} FROM ${table} WHERE ${where}${lock ? ' FOR UPDATE' : ''}`,
      params,
    );
    return rows[0] ?? null;
  }

  /** Column values to store: hashed secrets hashed, forced facility for facility users. */
  async function storedValues(request: FastifyRequest, body: Record<string, any>) {
    const values: Record<string, any> = {};
    for (const k of writable) {
      if (!(k in body)) continue;
      if (hashed.includes(k)) {
        if (body[k] == null || body[k] === '') continue;
        values[`${k}_hash`] = await hashPassword(String(body[k]));
      } else {
        values[k] = body[k];
      }
    }
    const s = scope(request);
    if (s && decl.facilityColumn) values[decl.facilityColumn] = request.admin!.medical_facility_id;
    return values;
  }

  app.get(
    base,
    {
      config: { access, work: listWork },
      schema: {
        tags,
        querystring: {
          type: 'object',
          properties: {
            page: { type: 'integer', minimum: 1, default: 1 },
            limit: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: 10 },
            search: { type: 'string', maxLength: 200 },
            sort: { type: 'string', enum: sortable },
            order: { type: 'string', enum: ['ASC', 'DESC', 'asc', 'desc'] },
            ids: { type: 'string', pattern: '^\\d+(,\\d+)*$' },
            ...filterProps,
          },
        },
        response: {
          200: {
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
          },
        },
      },
    },
    async (request) => {
      const q = request.query as ListQuery;
      const page = q.page ?? 1;
      const limit = q.limit ?? 10;
      const where: string[] = [];
      const params: unknown[] = [];
      const add = (sql: (p: string) => string, value: unknown) => {
        params.push(value);
        where.push(sql(`$${params.length}`));
      };
      const s = scope(request);
      if (s) add((p) => `${s.sql} ${p}`, s.value);
      if (q.search && q.search.trim()) {
        add(
          (p) => `(${decl.search.map((c) => `${quote(c)}::text ILIKE ${p}`).join(' OR ')})`,
          likePattern(q.search.trim()),
        );
      }
      for (const f of decl.filters) {
        const v = q[f];
        if (v !== undefined && v !== '') add((p) => `${quote(f)} = ${p}`, v);
      }
      if (q.ids) add((p) => `id = ANY(${p}::int[])`, q.ids.split(',').map(Number));
      const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const sortField = q.sort && sortable.includes(q.sort) ? q.sort : decl.defaultSort.field;
      const order = q.order ? q.order.toUpperCase() : decl.defaultSort.order;
      const [{ rows }, { total, estimated }] = await Promise.all([
        db.query(
          `SELECT ${selectList} FROM ${table} ${whereSql}
            ORDER BY ${quote(sortField)} ${order === 'ASC' ? 'ASC' : 'DESC'}, id ${order === 'ASC' ? 'ASC' : 'DESC'}
            LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
          params,
        ),
        listTotal(db, table, decl.table, whereSql, params),
      ]);
      return {
        data: rows,
        pagination: { total, totalPages: Math.ceil(total / limit), page, limit, estimated },
      };
    },
  );

  app.get(
    `${base}/:id`,
    { config: { access }, schema: { tags, params: idParams, response: { 200: item, 404: errorResponse } } },
    async (request) => {
      const row = await findOne(db, request, (request.params as { id: number }).id);
      if (!row) throw new AppError(404, NOT_FOUND);
      return row;
    },
  );

  app.post(
    base,
    {
      config: { access },
      preValidation: blanksToNull,
      schema: { tags, body: createBody, response: { 201: item, 400: errorResponse, 409: errorResponse } },
    },
    async (request, reply) => {
      const body = request.body as Record<string, any>;
      const values = await storedValues(request, body);
      crossFieldCheck({ ...body, ...values });
      const cols = Object.keys(values);
      const row = await db.transaction(async (tx) => {
        const { rows } = await tx.query(
          `INSERT INTO ${table} (${cols.map(quote).join(', ')})
           VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING ${selectList}`,
          cols.map((c) => values[c]),
        );
        await logActivity(tx, request, {
          action: 'CREATE',
          table: auditName,
          recordId: rows[0].id,
          newValues: loggedValues(rows[0], body),
          status: 201,
        });
        return rows[0];
      });
      return reply.status(201).send(row);
    },
  );

  app.put(
    `${base}/:id`,
    {
      config: { access },
      preValidation: blanksToNull,
      schema: {
        tags,
        params: idParams,
        body: updateBody,
        response: { 200: item, 400: errorResponse, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request) => {
      const id = (request.params as { id: number }).id;
      const body = request.body as Record<string, any>;
      const values = await storedValues(request, body);
      return db.transaction(async (tx) => {
        const old = await findOne(tx, request, id, true);
        if (!old) throw new AppError(404, NOT_FOUND);
        crossFieldCheck({ ...old, ...body, ...values });
        const cols = Object.keys(values);
        const sets = [...cols.map((c, i) => `${quote(c)} = $${i + 2}`)];
        if ('updated_at' in props) sets.push('updated_at = now()');
        const { rows } = await tx.query(
          `UPDATE ${table} SET ${sets.join(', ')} WHERE id = $1 RETURNING ${selectList}`,
          [id, ...cols.map((c) => values[c])],
        );
        await logActivity(tx, request, {
          action: 'UPDATE',
          table: auditName,
          recordId: id,
          oldValues: redact(old, secrets),
          newValues: loggedValues(rows[0], body),
          status: 200,
          details: cols.some((c) => c.endsWith('_hash')) ? { secretChanged: true } : undefined,
        });
        return rows[0];
      });
    },
  );

  app.delete(
    `${base}/:id`,
    { config: { access }, schema: { tags, params: idParams, response: { 200: item, 404: errorResponse } } },
    async (request) => {
      const id = (request.params as { id: number }).id;
      return db.transaction(async (tx) => {
        const old = await findOne(tx, request, id, true);
        if (!old) throw new AppError(404, NOT_FOUND);
        await tx.query(`DELETE FROM ${table} WHERE id = $1`, [id]);
        await logActivity(tx, request, {
          action: 'DELETE',
          table: auditName,
          recordId: id,
          oldValues: redact(old, secrets),
          status: 200,
        });
        return old;
      });
    },
  );
}
