import type { FastifyRequest } from 'fastify';
import type { Db, Queryable, Tx } from '../db/db.js';
import { AppError, uniqueViolationField } from '../plugins/errors.js';
import { summarizeFieldErrors } from '../../domain/validation.js';
import { logActivity, redact, REDACTED } from '../plugins/audit.js';
import { hashPassword } from '../security/passwords.js';
import { quote, type ResourceModel } from './model.js';
import { writeHooksOf } from './hooks.js';
import { baseType, CREATE_ONLY_MESSAGE } from '../../domain/resource.js';

export const NOT_FOUND = 'Data tidak ditemukan';
export const STALE_VERSION =
  'Data ini telah diubah oleh pengguna lain sejak Anda membukanya. Periksa perubahan terbaru sebelum menyimpan.';

/** A refused write on an old version: 412 with the record as it is now. */
export class StaleVersionError extends AppError {
  constructor(current: Record<string, unknown>) {
    super(412, STALE_VERSION);
    this.extra = { current };
  }
}

/**
 * The version a write was based on: `If-Match` ("v", W/"v", a list, or * for any), else the
 * body's `version` (for clients that cannot set headers). Undefined: an unconditional write.
 */
export function expectedVersions(request: FastifyRequest): string[] | '*' | undefined {
  const header = request.headers['if-match'];
  if (typeof header === 'string' && header.trim()) {
    if (header.trim() === '*') return '*';
    return header
      .split(',')
      .map((t) =>
        t
          .trim()
          .replace(/^W\//, '')
          .replace(/^"(.*)"$/, '$1'),
      )
      .filter(Boolean);
  }
  const v = (request.body as { version?: unknown } | undefined)?.version;
  return typeof v === 'string' && v ? [v] : undefined;
}

function checkVersion(request: FastifyRequest, current: Record<string, any>) {
  const expected = expectedVersions(request);
  if (expected === undefined || expected === '*') return;
  if (!expected.includes(current.version)) throw new StaleVersionError(current);
}

export function writeOps(db: Db, m: ResourceModel) {
  /**
   * The values a write logs: the stored row with secrets redacted, plus '[REDACTED]' for each
   * secret the body set (write-only fields are not in the row, so the log would not show them).
   */
  const loggedValues = (row: Record<string, any>, body: Record<string, any>) => {
    const out = redact(row, m.secrets)!;
    delete out.version;
    for (const k of m.secrets) if (body[k] != null && body[k] !== '') out[k] = REDACTED;
    return out;
  };
  const oldValues = (row: Record<string, any>) => {
    const out = redact(row, m.secrets)!;
    delete out.version;
    return out;
  };

  const crossFieldCheck = (record: Record<string, any>) => {
    const errors = m.decl.validate?.(record) ?? {};
    if (Object.keys(errors).length) throw new AppError(400, summarizeFieldErrors(errors), errors);
  };

  /** An update may not change a createOnly field (sending its stored value is fine). */
  const createOnlyCheck = (old: Record<string, any>, body: Record<string, any>) => {
    const same = (a: unknown, b: unknown) => (a == null && b == null) || String(a) === String(b);
    const errors: Record<string, string> = {};
    for (const k of m.decl.createOnly ?? []) {
      if (k in body && !same(old[k], body[k])) errors[k] = CREATE_ONLY_MESSAGE;
    }
    if (Object.keys(errors).length) throw new AppError(400, summarizeFieldErrors(errors), errors);
  };

  const hooks = writeHooksOf(m.decl.name);

  /** Object and array fields go to their jsonb columns as JSON (a driver would send an array as a PostgreSQL array). */
  const jsonFields = Object.entries(m.props)
    .filter(([, p]) => ['object', 'array'].includes(baseType(p)) || p.$ref !== undefined)
    .map(([k]) => k);
  const jsonValues = (values: Record<string, any>) => {
    for (const k of jsonFields)
      if (values[k] != null && typeof values[k] !== 'string') values[k] = JSON.stringify(values[k]);
  };

  async function findOne(q: Queryable, request: FastifyRequest, id: number, lock = false) {
    const params: unknown[] = [id];
    let where = 'id = $1';
    const s = m.scope(request);
    if (s) {
      params.push(s.value);
      where += ` AND ${s.sql} $2`;
    }
    const { rows } = await q.query(
      `SELECT ${m.selectList} FROM ${m.table} WHERE ${where}${lock ? ' FOR UPDATE' : ''}`,
      params,
    );
    return rows[0] ?? null;
  }

  /** Column values to store: hashed secrets hashed, forced facility for facility users. */
  async function storedValues(request: FastifyRequest, body: Record<string, any>) {
    const values: Record<string, any> = {};
    for (const k of m.writable) {
      if (!(k in body)) continue;
      if (m.hashed.includes(k)) {
        if (body[k] == null || body[k] === '') continue;
        values[`${k}_hash`] = await hashPassword(String(body[k]));
      } else {
        values[k] = body[k];
      }
    }
    const s = m.scope(request);
    if (s && m.decl.facilityColumn) values[m.decl.facilityColumn] = request.admin!.medical_facility_id;
    return values;
  }

  /**
   * A write's transaction; a duplicate of a value the declaration names a message for answers
   * 409 with that message on the field (uniqueMessages), however the duplicate came about.
   */
  const transaction = <T>(work: (tx: Tx) => Promise<T>): Promise<T> =>
    db.transaction(work).catch((err: unknown) => {
      const field = uniqueViolationField(err);
      const message = field ? m.decl.uniqueMessages?.[field] : undefined;
      throw field && message ? new AppError(409, message, { [field]: message }) : err;
    });

  return {
    findOne,

    async create(request: FastifyRequest) {
      const body = request.body as Record<string, any>;
      const values = await storedValues(request, body);
      crossFieldCheck({ ...body, ...values });
      return transaction(async (tx) => {
        const ctx = { tx, op: 'create' as const, before: null, values, body, admin: request.admin, request };
        await hooks.lockFirst?.({ tx, op: 'create', id: null });
        await hooks.beforeWrite?.(ctx);
        jsonValues(values);
        const cols = Object.keys(values);
        const { rows } = await tx.query(
          `INSERT INTO ${m.table} (${cols.map(quote).join(', ')})
           VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING ${m.selectList}`,
          cols.map((c) => values[c]),
        );
        await logActivity(tx, request, {
          action: 'CREATE',
          table: m.auditName,
          recordId: rows[0].id,
          newValues: loggedValues(rows[0], body),
          status: 201,
        });
        await hooks.afterWrite?.({ ...ctx, after: rows[0] });
        return rows[0];
      });
    },

    /** PUT (the whole record) and PATCH (some fields): only on the version the caller saw. */
    async update(request: FastifyRequest, id: number) {
      const body = request.body as Record<string, any>;
      const values = await storedValues(request, body);
      return transaction(async (tx) => {
        await hooks.lockFirst?.({ tx, op: 'update', id });
        const old = await findOne(tx, request, id, true);
        if (!old) throw new AppError(404, NOT_FOUND);
        checkVersion(request, old);
        createOnlyCheck(old, body);
        crossFieldCheck({ ...old, ...body, ...values });
        const ctx = { tx, op: 'update' as const, before: old, values, body, admin: request.admin, request };
        await hooks.beforeWrite?.(ctx);
        jsonValues(values);
        const cols = Object.keys(values);
        const sets = cols.map((c, i) => `${quote(c)} = $${i + 2}`);
        if ('updated_at' in m.props) sets.push('updated_at = app_now()');
        if (!sets.length) sets.push('id = id'); // still a new version, as the caller asked
        const { rows } = await tx.query(
          `UPDATE ${m.table} SET ${sets.join(', ')} WHERE id = $1 RETURNING ${m.selectList}`,
          [id, ...cols.map((c) => values[c])],
        );
        await logActivity(tx, request, {
          action: 'UPDATE',
          table: m.auditName,
          recordId: id,
          oldValues: oldValues(old),
          newValues: loggedValues(rows[0], body),
          status: 200,
          details: cols.some((c) => c.endsWith('_hash')) ? { secretChanged: true } : undefined,
        });
        await hooks.afterWrite?.({ ...ctx, after: rows[0] });
        return rows[0];
      });
    },

    async remove(request: FastifyRequest, id: number) {
      return db.transaction(async (tx) => {
        await hooks.lockFirst?.({ tx, op: 'delete', id });
        const old = await findOne(tx, request, id, true);
        if (!old) throw new AppError(404, NOT_FOUND);
        checkVersion(request, old);
        const ctx = {
          tx,
          op: 'delete' as const,
          before: old,
          values: {},
          body: {},
          admin: request.admin,
          request,
        };
        await hooks.beforeWrite?.(ctx);
        await tx.query(`DELETE FROM ${m.table} WHERE id = $1`, [id]);
        await logActivity(tx, request, {
          action: 'DELETE',
          table: m.auditName,
          recordId: id,
          oldValues: oldValues(old),
          status: 200,
        });
        await hooks.afterWrite?.({ ...ctx, after: null });
        return old;
      });
    },
  };
}
