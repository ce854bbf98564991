import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.js';
import type { Config } from '../config.js';
import {
  dummyHash,
  hashPassword,
  hashToken,
  needsRehash,
  newSessionToken,
  verifyPassword,
} from '../security/passwords.js';
import { normalizeRole } from '../../domain/roles.js';
import { recordFailedLogin } from '../logs/security.js';
import { startChallenge } from './two-factor/challenge.js';
import { twoFactorRequired } from './two-factor/policy.js';

export const LOGIN_FAILED = 'Email atau password salah';
export const LOGIN_BLOCKED =
  'Terlalu banyak percobaan masuk yang gagal. Silakan coba lagi dalam beberapa menit.';
export const ACCOUNT_INACTIVE = 'Akun Anda tidak aktif. Hubungi administrator.';

export const userSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    email: { type: 'string' },
    full_name: { type: 'string' },
    role: { type: 'string' },
    username: { type: 'string' },
  },
};
export const errorSchema = {
  type: 'object',
  properties: {
    error: { type: 'string' },
    message: { type: 'string' },
    // Validation failures name the fields (the 400 would drop them without this).
    errors: { type: 'object', additionalProperties: { type: 'string' } },
  },
};

const loginSchema = {
  tags: ['auth'],
  body: {
    type: 'object',
    required: ['email', 'password'],
    properties: {
      email: { type: 'string', minLength: 1, maxLength: 200 },
      password: { type: 'string', minLength: 1, maxLength: 200 },
    },
  },
  response: {
    200: {
      type: 'object',
      properties: {
        token: { type: 'string' },
        user: userSchema,
        // Two-factor on: no session yet, the code comes to POST /api/auth/2fa/verify with this.
        mfa_required: { type: 'boolean' },
        mfa_token: { type: 'string' },
        // A role that must use two-factor and has not enrolled: the session may only enrol.
        two_factor_setup_required: { type: 'boolean' },
        // A temporary password: the session may only change it.
        password_change_required: { type: 'boolean' },
      },
    },
    400: errorSchema,
    401: errorSchema,
    429: errorSchema,
  },
};

const meSchema = {
  tags: ['auth'],
  response: {
    200: {
      type: 'object',
      properties: {
        ...userSchema.properties,
        effective_role: { type: 'string' },
        medical_facility_id: { type: ['integer', 'null'] },
        menus: { type: 'array', items: { type: 'string' } },
        password_change_required: { type: 'boolean' },
        two_factor: {
          type: 'object',
          properties: {
            enabled: { type: 'boolean' },
            required: { type: 'boolean' },
            setup_required: { type: 'boolean' },
          },
        },
      },
    },
  },
};

/** A web admin as sign-in reads it. */
export interface LoginAdmin {
  id: number;
  username: string;
  email: string;
  full_name: string;
  role: string;
  password_hash: string;
  is_active: boolean;
  two_factor_enabled: boolean;
  /** A temporary password a super admin set: to be changed before anything else. */
  must_change_password: boolean;
}

/** Who is signing in, from where. */
export interface Attempt {
  email: string;
  ip: string;
  ua: string | null;
}

/** Failed attempts for an email (since its last success) and from an IP, in the window. */
export interface Failures {
  by_email: number;
  by_ip: number;
}

export function registerAuthRoutes(app: FastifyInstance, db: Db, config: Config) {
  registerLogin(app, db, config);
  registerLogout(app, db);
  registerMe(app, config);
}

/** The sign-in's row in the login history (a password step, a code step, a refusal). */
export function recordLoginHistory(
  db: Db,
  attempt: Attempt,
  status: 'FAILED' | 'BLOCKED' | 'MFA_REQUIRED',
  admin: { id: number; username: string } | null,
  reason: string | null,
) {
  return db.query(
    `INSERT INTO login_history (admin_id, email, username, status, failure_reason, ip_address, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [admin?.id ?? null, attempt.email, admin?.username ?? null, status, reason, attempt.ip, attempt.ua],
  );
}

/** The answer of a sign-in that opened a session. */
export function signedIn(token: string, admin: LoginAdmin, twoFactorPending = false) {
  return {
    token,
    user: {
      id: admin.id,
      email: admin.email,
      full_name: admin.full_name,
      role: admin.role,
      username: admin.username,
    },
    ...(twoFactorPending ? { two_factor_setup_required: true } : {}),
    ...(admin.must_change_password ? { password_change_required: true } : {}),
  };
}

/**
 * Sign-in: blocked while an account or an address has too many recent failures; an unknown
 * email, a wrong password and an inactive account are refused and kept in the login history.
 * With two-factor on, a right password opens no session but a challenge for the code.
 */
function registerLogin(app: FastifyInstance, db: Db, config: Config) {
  const { maxFailuresPerAccount, maxFailuresPerIp } = config.login;

  app.post(
    '/api/auth/login',
    { config: { access: 'public' }, schema: loginSchema },
    async (request, reply) => {
      const { password } = request.body as { email: string; password: string };
      const attempt: Attempt = {
        email: (request.body as { email: string }).email.trim().toLowerCase(),
        ip: request.ip,
        ua: request.headers['user-agent'] ?? null,
      };
      const history = (
        status: 'FAILED' | 'BLOCKED',
        admin: { id: number; username: string } | null,
        reason: string | null,
      ) => recordLoginHistory(db, attempt, status, admin, reason);

      const before = await recentFailures(db, attempt, config.login.windowMinutes);
      if (before.by_email >= maxFailuresPerAccount || before.by_ip >= maxFailuresPerIp) {
        await history('BLOCKED', null, 'too many failed attempts');
        return reply.status(429).send({ error: LOGIN_BLOCKED, message: LOGIN_BLOCKED });
      }

      const { rows } = await db.query<LoginAdmin>(
        `SELECT id, username, email, full_name, role, password_hash, is_active, must_change_password,
                totp_enabled_at IS NOT NULL AS two_factor_enabled
           FROM web_admins WHERE lower(email) = $1`,
        [attempt.email],
      );
      const admin = rows[0];
      // Unknown emails are checked against a dummy hash: same work, same answer.
      const ok = await verifyPassword(password, admin?.password_hash ?? (await dummyHash()));
      if (!admin || !ok) {
        await history('FAILED', admin ?? null, admin ? 'wrong password' : 'unknown email');
        await recordFailure(db, config, attempt, admin?.id ?? null, before);
        return reply.status(401).send({ error: LOGIN_FAILED, message: LOGIN_FAILED });
      }
      if (!admin.is_active) {
        await history('FAILED', admin, 'inactive account');
        return reply.status(401).send({ error: ACCOUNT_INACTIVE, message: ACCOUNT_INACTIVE });
      }

      await upgradeHash(db, admin, password);
      if (admin.two_factor_enabled) {
        const mfaToken = await startChallenge(db, admin, attempt);
        request.log.info({ adminId: admin.id }, 'login: code asked');
        return { mfa_required: true, mfa_token: mfaToken };
      }
      const pending = twoFactorRequired(config, admin);
      const { token, session } = await openSession(db, config, admin, attempt, pending);
      request.log.info({ adminId: admin.id, sessionId: session.id }, 'login');
      return signedIn(token, admin, pending);
    },
  );
}

/**
 * Failed attempts for this email (since its last success) and from this IP, in the window. A
 * success before the window changes nothing, so every part reads only the window's months of
 * the partitioned login history.
 */
export async function recentFailures(
  db: Db,
  { email, ip }: Attempt,
  windowMinutes: number,
): Promise<Failures> {
  const { rows } = await db.query<Failures>(
    `SELECT
         (SELECT count(*)::int FROM login_history h
           WHERE lower(h.email) = $1 AND h.status = 'FAILED'
             AND h.login_time > app_now() - make_interval(mins => $3)
             AND h.login_time > coalesce((SELECT max(login_time) FROM login_history s
                                           WHERE lower(s.email) = $1 AND s.status = 'SUCCESS'
                                             AND s.login_time > app_now() - make_interval(mins => $3)), '-infinity')
         ) AS by_email,
         (SELECT count(*)::int FROM login_history h
           WHERE h.ip_address = $2 AND h.status = 'FAILED'
             AND h.login_time > app_now() - make_interval(mins => $3)) AS by_ip`,
    [email, ip, windowMinutes],
  );
  return rows[0];
}

/**
 * The security log of a failed sign-in, and a brute-force event when this failure is the one
 * that blocks the account or the address.
 */
export async function recordFailure(
  db: Db,
  config: Config,
  attempt: Attempt,
  adminId: number | null,
  before: Failures,
  step: 'password' | 'code' = 'password',
) {
  const { maxFailuresPerAccount, maxFailuresPerIp, windowMinutes } = config.login;
  const { email, ip } = attempt;
  await recordFailedLogin(db, { email, ip, adminId, failures: before.by_email + 1, step });
  if (before.by_email + 1 >= maxFailuresPerAccount || before.by_ip + 1 >= maxFailuresPerIp) {
    await db.query(
      `INSERT INTO security_events (event_type, severity, description, email, ip_address)
             VALUES ('BRUTE_FORCE', 'HIGH', $1, $2, $3)`,
      [
        `Login diblokir sementara setelah ${before.by_email + 1} percobaan gagal untuk ${email} (${before.by_ip + 1} dari IP ini) dalam ${windowMinutes} menit`,
        email,
        ip,
      ],
    );
  }
}

/** A hash made with older parameters is replaced while the right password is at hand. */
async function upgradeHash(db: Db, admin: LoginAdmin, password: string) {
  if (!needsRehash(admin.password_hash)) return;
  await db.query('UPDATE web_admins SET password_hash = $2 WHERE id = $1 AND password_hash = $3', [
    admin.id,
    await hashPassword(password),
    admin.password_hash,
  ]);
}

/**
 * A new session for an admin who proved who they are (a password, and a code when two-factor
 * is on), kept in the login history. `twoFactorPending`: the session may only enrol.
 */
export async function openSession(
  db: Db,
  config: Config,
  admin: LoginAdmin,
  attempt: Attempt,
  twoFactorPending = false,
) {
  const { email, ip, ua } = attempt;
  const token = newSessionToken();
  const session = await db.transaction(async (tx) => {
    // Expired sessions are dropped here rather than by a timer: no process keeps state.
    await tx.query('DELETE FROM sessions WHERE admin_id = $1 AND expires_at <= app_now()', [admin.id]);
    const { rows: s } = await tx.query<{ id: number }>(
      `INSERT INTO sessions (token_hash, admin_id, ip_address, user_agent, expires_at, two_factor_pending)
           VALUES ($1, $2, $3, $4, app_now() + make_interval(hours => $5), $6) RETURNING id`,
      [hashToken(token), admin.id, ip, ua, config.sessionTtlHours, twoFactorPending],
    );
    await tx.query('UPDATE web_admins SET last_login = app_now() WHERE id = $1', [admin.id]);
    await tx.query(
      `INSERT INTO login_history (admin_id, session_id, email, username, status, ip_address, user_agent)
           VALUES ($1, $2, $3, $4, 'SUCCESS', $5, $6)`,
      [admin.id, s[0].id, email, admin.username, ip, ua],
    );
    return s[0];
  });
  return { token, session };
}

/** Sign-out ends the session and notes its length in the login history. */
function registerLogout(app: FastifyInstance, db: Db) {
  app.post(
    '/api/auth/logout',
    {
      config: { access: 'authenticated', beforeTwoFactor: true, beforePasswordChange: true },
      schema: { tags: ['auth'] },
    },
    async (request) => {
      const admin = request.admin!;
      await db.transaction(async (tx) => {
        await tx.query('DELETE FROM sessions WHERE id = $1', [admin.sessionId]);
        await tx.query(
          `UPDATE login_history SET logout_time = app_now(),
                  session_duration_minutes = floor(extract(epoch FROM app_now() - login_time) / 60)::int
            WHERE session_id = $1 AND status = 'SUCCESS'`,
          [admin.sessionId],
        );
      });
      return { message: 'Berhasil keluar' };
    },
  );
}

/** The signed-in admin, with the role the menus follow and the menus they may open. */
function registerMe(app: FastifyInstance, config: Config) {
  const options = {
    config: { access: 'authenticated' as const, beforeTwoFactor: true, beforePasswordChange: true },
    schema: meSchema,
  };
  app.get('/api/auth/me', options, async (request) => {
    const a = request.admin!;
    return {
      id: a.id,
      email: a.email,
      full_name: a.full_name,
      username: a.username,
      role: a.role,
      effective_role: normalizeRole(a.role),
      medical_facility_id: a.medical_facility_id,
      // A session that must enrol or change its temporary password first reaches no screen.
      menus: a.twoFactorPending || a.passwordChangeRequired ? [] : a.menus,
      password_change_required: a.passwordChangeRequired,
      two_factor: {
        enabled: a.twoFactorEnabled,
        required: twoFactorRequired(config, a),
        setup_required: a.twoFactorPending,
      },
    };
  });
}
