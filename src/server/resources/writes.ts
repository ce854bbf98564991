import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/db.js';
import { AppError, uniqueViolationField } from '../plugins/errors.js';
import { logActivity } from '../plugins/audit.js';
import { quote, type ResourceModel } from './model.js';
import { writeHooksOf } from './hooks.js';
import { NOT_FOUND, readOps } from './reads.js';
import { writeValues } from './write-values.js';

export { NOT_FOUND };
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

/**
 * The writes of one resource. `secretKey` (config.secretKey) encrypts the declaration's
 * `encrypted` fields; a resource without any needs none.
 */
export function writeOps(db: Db, m: ResourceModel, secretKey?: string) {
  const { loggedValues, oldValues, crossFieldCheck, createOnlyCheck, jsonValues, storedValues } = writeValues(
    m,
    secretKey,
  );
  const { parentIdOf, checkParent, findOne, children } = readOps(db, m);
  const hooks = writeHooksOf(m.decl.name);

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
    children,

    async create(request: FastifyRequest) {
      const body = request.body as Record<string, any>;
      const values = await storedValues(request, body);
      crossFieldCheck({ ...body, ...values });
      if (m.parent) values[m.parent.column] = parentIdOf(request);
      return transaction(async (tx) => {
        const ctx = { tx, op: 'create' as const, before: null, values, body, admin: request.admin, request };
        await hooks.lockFirst?.({ tx, op: 'create', id: null });
        await checkParent(tx, request, true);
        await hooks.beforeWrite?.(ctx);
        jsonValues(values);
        const cols = Object.keys(values);
        const { rows } = await tx.query(
          `INSERT INTO ${m.table} (${cols.map(quote).join(', ')})
           VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING ${m.selectList}`,
          cols.map((c) => values[c]),
        );
        const row = m.present(rows[0]);
        await logActivity(tx, request, {
          action: 'CREATE',
          table: m.auditName,
          recordId: row.id,
          newValues: loggedValues(row, body),
          status: 201,
        });
        await hooks.afterWrite?.({ ...ctx, after: row });
        return row;
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
        const row = m.present(rows[0]);
        await logActivity(tx, request, {
          action: 'UPDATE',
          table: m.auditName,
          recordId: id,
          oldValues: oldValues(old),
          newValues: loggedValues(row, body),
          status: 200,
          details: cols.some((c) => /_(hash|encrypted)$/.test(c)) ? { secretChanged: true } : undefined,
        });
        await hooks.afterWrite?.({ ...ctx, after: row });
        return row;
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
