import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/db.js';
import { AppError } from '../plugins/errors.js';
import { quote, type ResourceModel } from './model.js';

export const NOT_FOUND = 'Data tidak ditemukan';

/** The conditions finding record `id` when within the caller's scope (when the table has one). */
function withinReach(scope: ReturnType<ResourceModel['scope']>, id: number) {
  const params: unknown[] = [id];
  const where = ['id = $1'];
  if (scope) {
    params.push(scope.value);
    where.push(`${scope.sql} $2`);
  }
  return { where, params };
}

/**
 * How the engine finds a resource's records for a caller: within their facility scope and,
 * for a child resource, below the parent record of the path, itself within their reach.
 */
export function readOps(db: Queryable, m: ResourceModel) {
  /** A child's parent id, from the path. */
  const parentIdOf = (request: FastifyRequest) =>
    Number((request.params as Record<string, unknown>)[m.parent!.param]);

  /**
   * A child's parent record, when the caller may reach it (else 404). A write holds it (FOR KEY
   * SHARE) so that it cannot be deleted under the child being written.
   */
  async function checkParent(q: Queryable, request: FastifyRequest, lock = false) {
    const p = m.parent;
    if (!p) return;
    const { where, params } = withinReach(p.scope(request), parentIdOf(request));
    const { rows } = await q.query(
      `SELECT id FROM ${p.table} WHERE ${where.join(' AND ')}${lock ? ' FOR KEY SHARE' : ''}`,
      params,
    );
    if (!rows[0]) throw new AppError(404, NOT_FOUND);
  }

  /** The record, when the caller may reach it (its facility scope, its parent); else null. */
  async function findOne(q: Queryable, request: FastifyRequest, id: number, lock = false) {
    await checkParent(q, request, lock);
    const { where, params } = withinReach(m.scope(request), id);
    if (m.parent) {
      params.push(parentIdOf(request));
      where.push(`${quote(m.parent.column)} = $${params.length}`);
    }
    const { rows } = await q.query(
      `SELECT ${m.selectList} FROM ${m.table} WHERE ${where.join(' AND ')}${lock ? ' FOR UPDATE' : ''}`,
      params,
    );
    return rows[0] ? m.present(rows[0]) : null;
  }

  /** Every child of the parent in the path, in the default order (404 when it is out of reach). */
  async function children(request: FastifyRequest) {
    await checkParent(db, request);
    const { field, order } = m.decl.defaultSort;
    const { rows } = await db.query(
      `SELECT ${m.selectList} FROM ${m.table} WHERE ${quote(m.parent!.column)} = $1
        ORDER BY ${quote(field)} ${order === 'ASC' ? 'ASC' : 'DESC'}, id`,
      [parentIdOf(request)],
    );
    return rows.map((row) => m.present(row));
  }

  return { parentIdOf, checkParent, findOne, children };
}
