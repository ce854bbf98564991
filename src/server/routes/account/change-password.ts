/**
 * Changing one's own password (POST /api/auth/change-password, the call the spec's API
 * configuration lists): the current password must be right, and a wrong one counts toward the
 * account's sign-in lockout like a wrong password at sign-in (while blocked, the call is refused
 * too); the new one follows the password rules of a new account. On success every other session
 * of the admin ends and this one stays; the activity log keeps the change, never a password.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/db.js';
import type { Config } from '../../config.js';
import { logActivity, REDACTED } from '../../plugins/audit.js';
import { AppError } from '../../plugins/errors.js';
import { hashPassword, verifyPassword } from '../../security/passwords.js';
import { passwordProblemMessage } from '../../security/password-policy.js';
import { PASSWORD_PROBLEM_MESSAGES } from '../../../domain/password-policy.js';
import { errorSchema, LOGIN_BLOCKED, recentFailures, recordFailure, type Attempt } from '../auth.js';

export const WRONG_CURRENT_PASSWORD = 'Kata sandi saat ini salah';
export const PASSWORD_CHANGED = 'Kata sandi berhasil diubah';

const schema = {
  tags: ['auth'],
  body: {
    type: 'object',
    required: ['current_password', 'new_password'],
    additionalProperties: false,
    properties: {
      current_password: { type: 'string', minLength: 1, maxLength: 200 },
      // The rules (8 characters at least ...) are checked with the current password, so that one
      // answer names every field that is wrong.
      new_password: { type: 'string', minLength: 1, maxLength: 128 },
    },
  },
  response: {
    200: {
      type: 'object',
      properties: { message: { type: 'string' }, sessions_ended: { type: 'integer' } },
    },
    400: errorSchema,
    429: errorSchema,
  },
};

export function registerChangePassword(app: FastifyInstance, db: Db, config: Config) {
  app.post(
    '/api/auth/change-password',
    { config: { access: 'authenticated', beforePasswordChange: true }, schema },
    async (request, reply) => {
      const admin = request.admin!;
      const body = request.body as { current_password: string; new_password: string };
      const attempt: Attempt = {
        email: admin.email.trim().toLowerCase(),
        ip: request.ip,
        ua: request.headers['user-agent'] ?? null,
      };
      const before = await recentFailures(db, attempt, config.login.windowMinutes);
      if (
        before.by_email >= config.login.maxFailuresPerAccount ||
        before.by_ip >= config.login.maxFailuresPerIp
      ) {
        return reply.status(429).send({ error: LOGIN_BLOCKED, message: LOGIN_BLOCKED });
      }

      const { rows } = await db.query<{ password_hash: string }>(
        'SELECT password_hash FROM web_admins WHERE id = $1',
        [admin.id],
      );
      const currentOk = await verifyPassword(body.current_password, rows[0]?.password_hash ?? '');
      const errors: Record<string, string> = {};
      if (!currentOk) {
        errors.current_password = WRONG_CURRENT_PASSWORD;
        await recordWrongCurrent(db, request, attempt);
        await recordFailure(db, config, attempt, admin.id, before);
      }
      const problem =
        body.new_password === body.current_password
          ? PASSWORD_PROBLEM_MESSAGES.unchanged
          : await passwordProblemMessage(body.new_password, admin.email);
      if (problem) errors.new_password = problem;
      if (Object.keys(errors).length) throw new AppError(400, Object.values(errors).join('; '), errors);

      const hash = await hashPassword(body.new_password);
      const ended = await db.transaction(async (tx) => {
        await tx.query(
          `UPDATE web_admins SET password_hash = $2, must_change_password = false, updated_at = app_now()
            WHERE id = $1`,
          [admin.id, hash],
        );
        const { rowCount } = await tx.query('DELETE FROM sessions WHERE admin_id = $1 AND id <> $2', [
          admin.id,
          admin.sessionId,
        ]);
        await logActivity(tx, request, {
          action: 'UPDATE',
          table: 'web_admins',
          recordId: admin.id,
          oldValues: { password: REDACTED },
          newValues: { password: REDACTED },
          status: 200,
          details: { event: 'password_changed', sessions_ended: rowCount },
        });
        return rowCount;
      });
      return { message: PASSWORD_CHANGED, sessions_ended: ended };
    },
  );
}

/** A wrong current password is a failed sign-in of the account in its login history. */
async function recordWrongCurrent(db: Db, request: FastifyRequest, attempt: Attempt) {
  const admin = request.admin!;
  await db.query(
    `INSERT INTO login_history (admin_id, session_id, email, username, status, failure_reason, ip_address, user_agent)
     VALUES ($1, NULL, $2, $3, 'FAILED', 'wrong current password (change password)', $4, $5)`,
    [admin.id, attempt.email, admin.username, attempt.ip, attempt.ua],
  );
}
