import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db, Queryable } from '../db/db.js';
import { AppError } from '../plugins/errors.js';
import { logActivity } from '../plugins/audit.js';
import { MENU_PATHS, defaultMenuPaths } from '../../domain/menu.js';
import { ROLES, type Role } from '../../domain/roles.js';

/**
 * The Menu Role Manager's API (spec part 2 §2 'Menu Role Manager', §4): the role-to-menu
 * matrix stored in role_menu_access, which the access check reads on every request, so a
 * saved change applies to the affected users' next request.
 *  - GET  /api/admin/menu-access                  the matrix, its version and the defaults
 *  - PUT  /api/admin/menu-access                  one role's or every role's menus, with the version read
 *  - POST /api/admin/menu-access/restore-defaults back to src/domain/menu.ts
 */

export type Matrix = Record<Role, string[]>;

/** Menus the super admin role always keeps: without them nobody could repair the matrix. */
export const SUPER_ADMIN_KEEPS = ['/menu-role-manager', '/dashboard'];
export const VERSION_REQUIRED = 'Versi matriks wajib dikirim (If-Match atau version)';
export const MATRIX_CHANGED =
  'Matriks akses menu telah diubah oleh super admin lain sejak Anda memuatnya. Muat ulang matriks terbaru, lalu ulangi perubahan Anda.';
const UNKNOWN_MENU = 'Menu tidak dikenal';
const UNKNOWN_ROLE = 'Peran tidak dikenal';

const access = { menus: ['/menu-role-manager'] };
const TABLE = 'role_menu_access';

const ORDER = new Map(MENU_PATHS.map((p, i) => [p, i]));
const inMenuOrder = (paths: Iterable<string>) =>
  [...new Set(paths)].sort((a, b) => (ORDER.get(a) ?? 1e9) - (ORDER.get(b) ?? 1e9));

export function defaultMatrix(): Matrix {
  return Object.fromEntries(ROLES.map((r) => [r, defaultMenuPaths(r)])) as Matrix;
}

/** A version that changes whenever any role's menus change (a digest of the whole matrix). */
export function matrixVersion(matrix: Matrix): string {
  const canonical = ROLES.map((r) => `${r}:${[...matrix[r]].sort().join(',')}`).join(';');
  return createHash('sha256').update(canonical).digest('hex').slice(0, 16);
}

async function readMatrix(db: Queryable): Promise<Matrix> {
  const { rows } = await db.query<{ role: string; menu_path: string }>(
    `SELECT role, menu_path FROM ${TABLE} WHERE role = ANY($1::text[])`,
    [ROLES as unknown as string[]],
  );
  const matrix = Object.fromEntries(ROLES.map((r) => [r, [] as string[]])) as Matrix;
  for (const row of rows) matrix[row.role as Role].push(row.menu_path);
  for (const r of ROLES) matrix[r] = inMenuOrder(matrix[r]);
  return matrix;
}

/** Unknown roles or menu paths are the caller's mistake: 400 naming them. */
function checkedChanges(body: Record<string, unknown>): Partial<Matrix> {
  const errors: Record<string, string> = {};
  const out: Partial<Matrix> = {};
  for (const [role, paths] of Object.entries(body)) {
    if (!(ROLES as readonly string[]).includes(role)) {
      errors[`matrix.${role}`] = UNKNOWN_ROLE;
      continue;
    }
    const unknown = (paths as string[]).filter((p) => !ORDER.has(p));
    if (unknown.length) errors[`matrix.${role}`] = `${UNKNOWN_MENU}: ${unknown.join(', ')}`;
    else out[role as Role] = inMenuOrder(paths as string[]);
  }
  if (Object.keys(errors).length) throw new AppError(400, 'Matriks akses menu tidak valid', errors);
  return out;
}

/** The guards every stored matrix satisfies: the super admin keeps the manager and the dashboard. */
function guarded(matrix: Matrix): Matrix {
  return { ...matrix, super_admin: inMenuOrder([...matrix.super_admin, ...SUPER_ADMIN_KEEPS]) };
}

function requestedVersion(request: FastifyRequest, bodyVersion: unknown): string | null {
  const header = request.headers['if-match'];
  const raw = typeof header === 'string' && header.trim() ? header : bodyVersion;
  if (typeof raw !== 'string' || !raw.trim()) return null;
  return raw
    .trim()
    .replace(/^W\//, '')
    .replace(/^"(.*)"$/, '$1');
}

const matrixSchema = {
  type: 'object',
  properties: Object.fromEntries(
    ROLES.map((r) => [r, { type: 'array', items: { type: 'string' }, maxItems: 200 }]),
  ),
  required: [...ROLES],
};

const matrixAnswer = {
  type: 'object',
  properties: {
    version: { type: 'string' },
    matrix: matrixSchema,
    defaults: matrixSchema,
    locked: { type: 'object', properties: { super_admin: { type: 'array', items: { type: 'string' } } } },
  },
};

function answer(matrix: Matrix) {
  const version = matrixVersion(matrix);
  return { version, matrix, defaults: defaultMatrix(), locked: { super_admin: SUPER_ADMIN_KEEPS } };
}

/**
 * Writes the new matrix in one transaction: the table is locked, so two saves never interleave,
 * the version the caller read is compared with the stored one (412 with the current matrix when
 * they differ), the rows of the changed roles are replaced, and the activity log gets the old
 * and the new matrix.
 */
async function saveMatrix(
  db: Db,
  request: FastifyRequest,
  changes: Partial<Matrix>,
  version: string | null,
  action: 'update' | 'restore_defaults',
) {
  return db.transaction(async (tx) => {
    await tx.query(`LOCK TABLE ${TABLE} IN SHARE ROW EXCLUSIVE MODE`);
    const before = await readMatrix(tx);
    if (version !== null && version !== matrixVersion(before)) {
      const err = new AppError(412, MATRIX_CHANGED);
      err.extra = answer(before);
      throw err;
    }
    const after = guarded({ ...before, ...changes });
    const roles = ROLES.filter((r) => after[r].join() !== before[r].join());
    for (const role of roles) {
      await tx.query(`DELETE FROM ${TABLE} WHERE role = $1`, [role]);
      await tx.query(`INSERT INTO ${TABLE} (role, menu_path) SELECT $1, unnest($2::text[])`, [
        role,
        after[role],
      ]);
    }
    await logActivity(tx, request, {
      action: 'UPDATE',
      table: TABLE,
      recordId: roles.length === 1 ? roles[0] : 'matrix',
      oldValues: { matrix: before },
      newValues: { matrix: after },
      status: 200,
      details: { action, changed_roles: roles },
    });
    return after;
  });
}

export function registerMenuAccessRoutes(app: FastifyInstance, db: Db) {
  const tags = ['admin/menu-access'];

  app.get(
    '/api/admin/menu-access',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The role-to-menu matrix, its version and the defaults',
        response: { 200: matrixAnswer },
      },
    },
    async (_request, reply) => {
      const body = answer(await readMatrix(db));
      reply.header('etag', `"${body.version}"`);
      return body;
    },
  );

  app.put(
    '/api/admin/menu-access',
    {
      config: { access },
      schema: {
        tags,
        summary:
          "Saves one role's or every role's menus; refused with 412 when the matrix changed since it was read",
        headers: { type: 'object', properties: { 'if-match': { type: 'string' } } },
        body: {
          type: 'object',
          properties: {
            version: { type: 'string', maxLength: 100 },
            role: { type: 'string', maxLength: 50 },
            menus: { type: 'array', items: { type: 'string', maxLength: 200 }, maxItems: 200 },
            matrix: {
              type: 'object',
              maxProperties: 20,
              additionalProperties: {
                type: 'array',
                items: { type: 'string', maxLength: 200 },
                maxItems: 200,
              },
            },
          },
        },
        response: { 200: matrixAnswer },
      },
    },
    async (request, reply) => {
      const body = request.body as {
        version?: string;
        role?: string;
        menus?: string[];
        matrix?: Record<string, string[]>;
      };
      const version = requestedVersion(request, body.version);
      if (version === null) throw new AppError(428, VERSION_REQUIRED, { version: VERSION_REQUIRED });
      let raw: Record<string, string[]>;
      if (body.matrix) raw = body.matrix;
      else if (body.role && body.menus) raw = { [body.role]: body.menus };
      else {
        const message = 'Kirim matrix, atau role beserta menus';
        throw new AppError(400, message, { matrix: message });
      }
      const after = await saveMatrix(db, request, checkedChanges(raw), version, 'update');
      const out = answer(after);
      reply.header('etag', `"${out.version}"`);
      return out;
    },
  );

  app.post(
    '/api/admin/menu-access/restore-defaults',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Restores the default menus of every role (or of the roles named) from the menu tree',
        headers: { type: 'object', properties: { 'if-match': { type: 'string' } } },
        body: {
          type: ['object', 'null'],
          properties: {
            version: { type: 'string', maxLength: 100 },
            roles: { type: 'array', items: { type: 'string', enum: [...ROLES] }, maxItems: 5 },
          },
        },
        response: { 200: matrixAnswer },
      },
    },
    async (request, reply) => {
      const body = (request.body ?? {}) as { version?: string; roles?: Role[] };
      const defaults = defaultMatrix();
      const roles = body.roles?.length ? body.roles : [...ROLES];
      const changes = Object.fromEntries(roles.map((r) => [r, defaults[r]])) as Partial<Matrix>;
      const after = await saveMatrix(
        db,
        request,
        changes,
        requestedVersion(request, body.version),
        'restore_defaults',
      );
      const out = answer(after);
      reply.header('etag', `"${out.version}"`);
      return out;
    },
  );
}
