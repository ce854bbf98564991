import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db, Queryable } from '../db/db.js';
import { facilityScopeOf, normalizeRole, ROLES, type Role } from '../../domain/roles.js';
import { hashToken } from '../security/passwords.js';
import { isApiPath } from '../api-path.js';

/**
 * Who may call a route:
 *  - 'public': anyone (login, the API docs);
 *  - 'authenticated': any signed-in admin (their own profile, logout);
 *  - 'apiKey': a facility's API key, which the facility API (/api/simulation) checks itself;
 *    never an admin session;
 *  - { menus }: a signed-in admin whose role has at least one of these menu paths in the
 *    stored role-to-menu matrix.
 * Every /api route must say which; a route without it is refused to everyone.
 */
export type Access = 'public' | 'authenticated' | 'apiKey' | { menus: string[] };

export interface AdminContext {
  id: number;
  username: string;
  email: string;
  full_name: string;
  /** The stored role as is (may be unknown). */
  role: string;
  /** The role access is computed with: unknown roles are viewers. */
  effectiveRole: Role;
  medical_facility_id: number | null;
  /**
   * The facility whose rows alone this user sees and changes (facilityScopeOf): their own for
   * a medical_facility user (-1 without one), null for every other role.
   */
  facilityScope: number | null;
  sessionId: number;
  /** The session's last use was more than LAST_SEEN_STEP ago: this request moves it forward. */
  seenStale?: boolean;
  /** Where the primary's WAL was after this session's last write ('X/Y'), if it wrote. */
  writeLsn?: string;
  /** Menu paths the role may open, read from the database on this request. */
  menus: string[];
  /** Two-factor sign-in is on for this admin. */
  twoFactorEnabled: boolean;
  /** The session was opened by a password alone for a role that must enrol first. */
  twoFactorPending: boolean;
  /** The password is a temporary one a super admin set: it must be changed before anything else. */
  passwordChangeRequired: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    admin?: AdminContext;
  }
  interface FastifyContextConfig {
    access?: Access;
    /** Open to a session that must still enrol in two-factor sign-in (profile, enrolment, logout). */
    beforeTwoFactor?: boolean;
    /** Open to a session whose temporary password must be changed first (profile, change, logout). */
    beforePasswordChange?: boolean;
    /** Also opened with a single-use ticket in the query instead of the header (GET /api/events). */
    ticket?: boolean;
  }
}

export const UNAUTHORIZED = 'Sesi tidak valid atau telah berakhir. Silakan masuk kembali.';
export const FORBIDDEN = 'Anda tidak memiliki akses ke fitur ini';
export const TWO_FACTOR_SETUP_REQUIRED = 'Aktifkan autentikasi dua faktor terlebih dahulu untuk melanjutkan.';
export const PASSWORD_CHANGE_REQUIRED = 'Ganti password sementara Anda terlebih dahulu untuk melanjutkan.';

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m ? m[1] : null;
}

/** How often a session's last_seen_at may move: at most one write a minute per session. */
export const LAST_SEEN_STEP = "interval '1 minute'";

/** The session check of every request: one statement, prepared once per connection. */
const sessionSql = (
  where: string,
) => `SELECT a.id, a.username, a.email, a.full_name, a.role, a.medical_facility_id, s.id AS session_id,
        s.last_seen_at <= app_now() - ${LAST_SEEN_STEP} AS seen_stale, s.write_lsn::text AS write_lsn,
        a.totp_enabled_at IS NOT NULL AS two_factor_enabled, s.two_factor_pending,
        a.must_change_password,
        ARRAY(SELECT m.menu_path FROM role_menu_access m
            WHERE m.role = CASE WHEN a.role = ANY($2::text[]) THEN a.role ELSE 'viewer' END) AS menus
   FROM sessions s JOIN web_admins a ON a.id = s.admin_id
  WHERE ${where} AND s.expires_at > app_now() AND a.is_active`;
const SESSION_SQL = sessionSql('s.token_hash = $1');
/** The same for sessions by id (the change stream checks its readers' sessions and access). */
const SESSIONS_BY_ID_SQL = sessionSql('s.id = ANY($1::int[])');

type SessionRow = AdminContext & {
  session_id: number;
  seen_stale: boolean;
  write_lsn: string | null;
  two_factor_enabled: boolean;
  two_factor_pending: boolean;
  must_change_password: boolean;
};

function adminOf(row: SessionRow): AdminContext {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    full_name: row.full_name,
    role: row.role,
    effectiveRole: normalizeRole(row.role),
    medical_facility_id: row.medical_facility_id,
    facilityScope: facilityScopeOf(row),
    sessionId: row.session_id,
    seenStale: row.seen_stale,
    writeLsn: row.write_lsn ?? undefined,
    menus: row.menus ?? [],
    twoFactorEnabled: row.two_factor_enabled,
    twoFactorPending: row.two_factor_pending,
    passwordChangeRequired: row.must_change_password,
  };
}

export async function loadAdmin(db: Db, token: string): Promise<AdminContext | null> {
  const { rows } = await db.query<SessionRow>(SESSION_SQL, [hashToken(token), ROLES as unknown as string[]]);
  return rows[0] ? adminOf(rows[0]) : null;
}

/** The admins of the sessions among these that are still live, by session id. */
export async function loadAdminsBySession(
  db: Queryable,
  sessionIds: number[],
): Promise<Map<number, AdminContext>> {
  if (!sessionIds.length) return new Map();
  const { rows } = await db.query<SessionRow>(SESSIONS_BY_ID_SQL, [sessionIds, ROLES as unknown as string[]]);
  return new Map(rows.map((r) => [r.session_id, adminOf(r)]));
}

/**
 * A route that also takes a single-use ticket (`?ticket=`, POST /api/events/ticket) instead of
 * the header: the ticket is spent whether or not it was still valid.
 */
async function redeemTicket(db: Db, ticket: string): Promise<AdminContext | null> {
  const { rows } = await db.query<{ session_id: number; live: boolean }>(
    'DELETE FROM event_tickets WHERE ticket_hash = $1 RETURNING session_id, expires_at > app_now() AS live',
    [hashToken(ticket)],
  );
  if (!rows[0]?.live) return null;
  return (await loadAdminsBySession(db, [rows[0].session_id])).get(rows[0].session_id) ?? null;
}

/** The session was used now (the condition keeps two racing requests to one write). */
async function markSeen(db: Db, sessionId: number) {
  await db.query(
    `UPDATE sessions SET last_seen_at = app_now()
      WHERE id = $1 AND last_seen_at <= app_now() - ${LAST_SEEN_STEP}`,
    [sessionId],
  );
}

export function registerAccessControl(app: FastifyInstance, db: Db) {
  app.addHook('onRequest', async (request, reply) => {
    const url = request.routeOptions.url;
    if (!url || !isApiPath(url)) return; // the console's static files
    const access = request.routeOptions.config.access;
    if (access === 'public' || access === 'apiKey') return;
    const token = bearer(request);
    const ticket = (request.query as { ticket?: unknown } | undefined)?.ticket;
    const admin = token
      ? await loadAdmin(db, token)
      : request.routeOptions.config.ticket && typeof ticket === 'string' && ticket
        ? await redeemTicket(db, ticket)
        : null;
    if (!admin) return reply.status(401).send({ error: UNAUTHORIZED, message: UNAUTHORIZED });
    request.admin = admin;
    if (admin.seenStale) await markSeen(db, admin.sessionId);
    if (admin.twoFactorPending && !request.routeOptions.config.beforeTwoFactor) {
      return reply.status(403).send({
        error: TWO_FACTOR_SETUP_REQUIRED,
        message: TWO_FACTOR_SETUP_REQUIRED,
        code: 'two_factor_setup_required',
      });
    }
    // A session that must enrol does so first (enrolment is refused nothing here); the change of a
    // temporary password comes after, else a required role given one could do neither.
    const enrolling = admin.twoFactorPending && request.routeOptions.config.beforeTwoFactor;
    if (admin.passwordChangeRequired && !request.routeOptions.config.beforePasswordChange && !enrolling) {
      return reply.status(403).send({
        error: PASSWORD_CHANGE_REQUIRED,
        message: PASSWORD_CHANGE_REQUIRED,
        code: 'password_change_required',
      });
    }
    if (access === 'authenticated') return;
    if (!access || !access.menus.some((m) => admin.menus.includes(m))) {
      return reply.status(403).send({ error: FORBIDDEN, message: FORBIDDEN });
    }
  });
}
