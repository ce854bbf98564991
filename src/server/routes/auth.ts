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
import { normalizeRole } from '../../domain/menu.js';
import { recordFailedLogin } from '../logs/security.js';

export const LOGIN_FAILED = 'Email atau password salah';
export const LOGIN_BLOCKED =
  'Terlalu banyak percobaan masuk yang gagal. Silakan coba lagi dalam beberapa menit.';
export const ACCOUNT_INACTIVE = 'Akun Anda tidak aktif. Hubungi administrator.';

const userSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    email: { type: 'string' },
    full_name: { type: 'string' },
    role: { type: 'string' },
    username: { type: 'string' },
  },
};
const errorSchema = {
  type: 'object',
  properties: {
    error: { type: 'string' },
    message: { type: 'string' },
    // Validation failures name the fields (the 400 would drop them without this).
    errors: { type: 'object', additionalProperties: { type: 'string' } },
  },
};

export function registerAuthRoutes(app: FastifyInstance, db: Db, config: Config) {
  const { maxFailuresPerAccount, maxFailuresPerIp, windowMinutes } = config.login;

  /** Failed attempts for this email (since its last success) and from this IP, in the window. */
  async function recentFailures(email: string, ip: string) {
    const { rows } = await db.query<{ by_email: number; by_ip: number }>(
      `SELECT
         (SELECT count(*)::int FROM login_history h
           WHERE lower(h.email) = $1 AND h.status = 'FAILED'
             AND h.login_time > app_now() - make_interval(mins => $3)
             AND h.login_time > coalesce((SELECT max(login_time) FROM login_history s
                                           WHERE lower(s.email) = $1 AND s.status = 'SUCCESS'), '-infinity')
         ) AS by_email,
         (SELECT count(*)::int FROM login_history h
           WHERE h.ip_address = $2 AND h.status = 'FAILED'
             AND h.login_time > app_now() - make_interval(mins => $3)) AS by_ip`,
      [email, ip, windowMinutes],
    );
    return rows[0];
  }

  app.post(
    '/api/auth/login',
    {
      config: { access: 'public' },
      schema: {
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
          200: { type: 'object', properties: { token: { type: 'string' }, user: userSchema } },
          400: errorSchema,
          401: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { password } = request.body as { email: string; password: string };
      const email = (request.body as { email: string }).email.trim().toLowerCase();
      const ip = request.ip;
      const ua = request.headers['user-agent'] ?? null;
      const history = (
        status: string,
        admin: { id: number; username: string } | null,
        reason: string | null,
      ) =>
        db.query(
          `INSERT INTO login_history (admin_id, email, username, status, failure_reason, ip_address, user_agent)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
          [admin?.id ?? null, email, admin?.username ?? null, status, reason, ip, ua],
        );

      const before = await recentFailures(email, ip);
      if (before.by_email >= maxFailuresPerAccount || before.by_ip >= maxFailuresPerIp) {
        await history('BLOCKED', null, 'too many failed attempts');
        return reply.status(429).send({ error: LOGIN_BLOCKED, message: LOGIN_BLOCKED });
      }

      const { rows } = await db.query<{
        id: number;
        username: string;
        email: string;
        full_name: string;
        role: string;
        password_hash: string;
        is_active: boolean;
      }>(
        `SELECT id, username, email, full_name, role, password_hash, is_active FROM web_admins WHERE lower(email) = $1`,
        [email],
      );
      const admin = rows[0];
      // Unknown emails are checked against a dummy hash: same work, same answer.
      const ok = await verifyPassword(password, admin?.password_hash ?? (await dummyHash()));
      if (!admin || !ok) {
        await history('FAILED', admin ?? null, admin ? 'wrong password' : 'unknown email');
        await recordFailedLogin(db, { email, ip, adminId: admin?.id ?? null, failures: before.by_email + 1 });
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
        return reply.status(401).send({ error: LOGIN_FAILED, message: LOGIN_FAILED });
      }
      if (!admin.is_active) {
        await history('FAILED', admin, 'inactive account');
        return reply.status(401).send({ error: ACCOUNT_INACTIVE, message: ACCOUNT_INACTIVE });
      }

      // A hash made with older parameters is replaced now, while the password is at hand.
      const upgradedHash = needsRehash(admin.password_hash) ? await hashPassword(password) : null;
      const token = newSessionToken();
      const session = await db.transaction(async (tx) => {
        if (upgradedHash) {
          await tx.query('UPDATE web_admins SET password_hash = $2 WHERE id = $1 AND password_hash = $3', [
            admin.id,
            upgradedHash,
            admin.password_hash,
          ]);
        }
        // Expired sessions are dropped here rather than by a timer: no process keeps state.
        await tx.query('DELETE FROM sessions WHERE admin_id = $1 AND expires_at <= app_now()', [admin.id]);
        const { rows: s } = await tx.query<{ id: number }>(
          `INSERT INTO sessions (token_hash, admin_id, ip_address, user_agent, expires_at)
           VALUES ($1, $2, $3, $4, app_now() + make_interval(hours => $5)) RETURNING id`,
          [hashToken(token), admin.id, ip, ua, config.sessionTtlHours],
        );
        await tx.query('UPDATE web_admins SET last_login = app_now() WHERE id = $1', [admin.id]);
        await tx.query(
          `INSERT INTO login_history (admin_id, session_id, email, username, status, ip_address, user_agent)
           VALUES ($1, $2, $3, $4, 'SUCCESS', $5, $6)`,
          [admin.id, s[0].id, email, admin.username, ip, ua],
        );
        return s[0];
      });
      request.log.info({ adminId: admin.id, sessionId: session.id }, 'login');
      return {
        token,
        user: {
          id: admin.id,
          email: admin.email,
          full_name: admin.full_name,
          role: admin.role,
          username: admin.username,
        },
      };
    },
  );

  app.post(
    '/api/auth/logout',
    { config: { access: 'authenticated' }, schema: { tags: ['auth'] } },
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

  app.get(
    '/api/auth/me',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['auth'],
        response: {
          200: {
            type: 'object',
            properties: {
              ...userSchema.properties,
              effective_role: { type: 'string' },
              medical_facility_id: { type: ['integer', 'null'] },
              menus: { type: 'array', items: { type: 'string' } },
            },
          },
        },
      },
    },
    async (request) => {
      const a = request.admin!;
      return {
        id: a.id,
        email: a.email,
        full_name: a.full_name,
        username: a.username,
        role: a.role,
        effective_role: normalizeRole(a.role),
        medical_facility_id: a.medical_facility_id,
        menus: a.menus,
      };
    },
  );
}
