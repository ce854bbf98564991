/**
 * 'Lupa Password?' (spec part 1 §2's sign-in link, made real):
 *  - GET /api/auth/password-reset: whether links are sent by e-mail here (SMTP_URL), else whom
 *    to ask;
 *  - POST /api/auth/password-reset { email }: a single-use link, valid RESET_LINK_MINUTES, to an
 *    active account's address. The answer is the same whether the address is known or not, and
 *    comes before the mail is sent; requests are limited per address and per client address;
 *  - POST /api/auth/password-reset/confirm { token, new_password }: the new password, under the
 *    rules of a new account; the link is spent, and every session of the account ends;
 *  - POST /api/master/web-admins/:id/temporary-password { password }: a super admin sets a
 *    temporary password, which its owner must change at the next sign-in (their sessions end).
 * Only a token's hash is stored; no password or token reaches a log.
 */
import type { FastifyInstance } from 'fastify';
import type { Db, Queryable } from '../../db/db.js';
import type { Config } from '../../config.js';
import { logActivity, REDACTED } from '../../plugins/audit.js';
import { AppError } from '../../plugins/errors.js';
import { FORBIDDEN } from '../../plugins/access.js';
import { hashPassword, hashToken, newSessionToken } from '../../security/passwords.js';
import { passwordProblemMessage } from '../../security/password-policy.js';
import { errorSchema } from '../auth.js';
import { sendMail } from '../../mail.js';

export const RESET_MESSAGES = {
  sent: 'Jika email tersebut terdaftar, tautan untuk mengatur ulang password telah dikirim. Periksa kotak masuk Anda.',
  tooMany: 'Terlalu banyak permintaan atur ulang password. Coba lagi nanti.',
  invalidLink:
    'Tautan atur ulang password tidak valid, sudah dipakai, atau sudah kedaluwarsa. Minta tautan baru.',
  done: 'Password berhasil diatur ulang. Silakan masuk dengan password baru.',
  noEmail:
    'Atur ulang password lewat email belum tersedia. Hubungi super admin untuk mendapatkan password sementara.',
  temporarySet: 'Password sementara disimpan; pengguna wajib menggantinya saat masuk berikutnya.',
  notFound: 'Admin tidak ditemukan',
};

/** The e-mail with the link, in Indonesian and English (the user's language is not known yet). */
export function resetMail(link: string, minutes: number) {
  return {
    subject: 'Atur ulang password / Reset your password',
    text: [
      'Seseorang meminta untuk mengatur ulang password akun Anda di Dashboard Analisis Kesehatan Jakarta.',
      `Buka tautan ini dalam ${minutes} menit untuk memilih password baru (hanya dapat dipakai sekali):`,
      link,
      'Jika bukan Anda yang meminta, abaikan email ini: password Anda tidak berubah.',
      '',
      'Someone asked to reset the password of your account on the Jakarta Health Analysis Dashboard.',
      `Open this link within ${minutes} minutes to choose a new password (it works once):`,
      link,
      'If it was not you, ignore this e-mail: your password stays as it is.',
    ].join('\n'),
  };
}

const message = { type: 'object', properties: { message: { type: 'string' } } };

/** The account's password is `hash` now: every session ends, outstanding links are spent. */
async function replacePassword(tx: Queryable, adminId: number, hash: string, mustChange: boolean) {
  await tx.query(
    `UPDATE web_admins SET password_hash = $2, must_change_password = $3, updated_at = app_now() WHERE id = $1`,
    [adminId, hash, mustChange],
  );
  const { rowCount } = await tx.query('DELETE FROM sessions WHERE admin_id = $1', [adminId]);
  await tx.query('UPDATE password_resets SET used_at = app_now() WHERE admin_id = $1 AND used_at IS NULL', [
    adminId,
  ]);
  return rowCount;
}

export function registerPasswordReset(app: FastifyInstance, db: Db, config: Config) {
  registerResetRequest(app, db, config);
  registerResetConfirm(app, db);
  registerTemporaryPassword(app, db);
}

/** Whether links are e-mailed here, and the request for one. */
function registerResetRequest(app: FastifyInstance, db: Db, config: Config) {
  const reset = config.passwordReset;

  app.get(
    '/api/auth/password-reset',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'How a forgotten password is reset here: by an e-mailed link, or by asking a super admin',
        response: {
          200: {
            type: 'object',
            properties: { email: { type: 'boolean' }, message: { type: 'string' } },
          },
        },
      },
    },
    async () => ({ email: Boolean(reset.smtpUrl), message: reset.smtpUrl ? '' : RESET_MESSAGES.noEmail }),
  );

  app.post(
    '/api/auth/password-reset',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sends a single-use reset link to the address if an active account has it',
        body: {
          type: 'object',
          required: ['email'],
          additionalProperties: false,
          properties: { email: { type: 'string', format: 'email', maxLength: 254 } },
        },
        response: { 202: message, 400: errorSchema, 429: errorSchema, 503: errorSchema },
      },
    },
    async (request, reply) => {
      if (!reset.smtpUrl) throw new AppError(503, RESET_MESSAGES.noEmail);
      const email = (request.body as { email: string }).email.trim().toLowerCase();
      const { rows: counts } = await db.query<{ by_email: number; by_ip: number }>(
        `SELECT (SELECT count(*)::int FROM password_resets
                  WHERE email = $1 AND requested_at > app_now() - make_interval(mins => $3)) AS by_email,
                (SELECT count(*)::int FROM password_resets
                  WHERE ip_address = $2 AND requested_at > app_now() - make_interval(mins => $3)) AS by_ip`,
        [email, request.ip, config.login.windowMinutes],
      );
      if (counts[0].by_email >= reset.maxPerEmail || counts[0].by_ip >= reset.maxPerIp)
        return reply.status(429).send({ error: RESET_MESSAGES.tooMany, message: RESET_MESSAGES.tooMany });

      const { rows } = await db.query<{ id: number; email: string }>(
        'SELECT id, email FROM web_admins WHERE lower(email) = $1 AND is_active',
        [email],
      );
      const admin = rows[0];
      const token = admin ? newSessionToken() : null;
      await db.query(
        `INSERT INTO password_resets (email, admin_id, token_hash, ip_address, expires_at)
         VALUES ($1, $2, $3, $4, app_now() + make_interval(mins => $5))`,
        [email, admin?.id ?? null, token && hashToken(token), request.ip, reset.linkMinutes],
      );
      if (admin && token) {
        // Sent after the answer: a known address is not told apart by the time it takes.
        const link = `${reset.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        sendMail(reset, { to: admin.email, ...resetMail(link, reset.linkMinutes) }).catch((err: Error) =>
          request.log.error({ adminId: admin.id, err: err.message }, 'password reset: mail not sent'),
        );
      }
      return reply.status(202).send({ message: RESET_MESSAGES.sent });
    },
  );
}

/** A new password set with a link's token: the link is spent, every session ends. */
function registerResetConfirm(app: FastifyInstance, db: Db) {
  app.post(
    '/api/auth/password-reset/confirm',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sets a new password with a reset link; the link is spent and every session ends',
        body: {
          type: 'object',
          required: ['token', 'new_password'],
          additionalProperties: false,
          properties: {
            token: { type: 'string', minLength: 1, maxLength: 200 },
            new_password: { type: 'string', minLength: 1, maxLength: 128 },
          },
        },
        response: { 200: message, 400: errorSchema },
      },
    },
    async (request) => {
      const body = request.body as { token: string; new_password: string };
      const invalid = () =>
        new AppError(400, RESET_MESSAGES.invalidLink, { token: RESET_MESSAGES.invalidLink });
      const { rows } = await db.query<{ id: number; admin_id: number; email: string }>(
        `SELECT r.id, r.admin_id, a.email FROM password_resets r JOIN web_admins a ON a.id = r.admin_id
          WHERE r.token_hash = $1 AND r.used_at IS NULL AND r.expires_at > app_now() AND a.is_active`,
        [hashToken(body.token)],
      );
      const found = rows[0];
      if (!found) throw invalid();
      const problem = await passwordProblemMessage(body.new_password, found.email);
      if (problem) throw new AppError(400, problem, { new_password: problem });
      const hash = await hashPassword(body.new_password);
      await db.transaction(async (tx) => {
        // Spent by the first of two racing requests only.
        const spent = await tx.query(
          'UPDATE password_resets SET used_at = app_now() WHERE id = $1 AND used_at IS NULL',
          [found.id],
        );
        if (!spent.rowCount) throw invalid();
        const ended = await replacePassword(tx, found.admin_id, hash, false);
        await logActivity(tx, request, {
          action: 'UPDATE',
          table: 'web_admins',
          recordId: found.admin_id,
          oldValues: { password: REDACTED },
          newValues: { password: REDACTED },
          status: 200,
          details: { event: 'password_reset', sessions_ended: ended },
        });
      });
      return { message: RESET_MESSAGES.done };
    },
  );
}

/** A super admin's temporary password for an admin, to be changed at the next sign-in. */
function registerTemporaryPassword(app: FastifyInstance, db: Db) {
  app.post(
    '/api/master/web-admins/:id/temporary-password',
    {
      config: { access: { menus: ['/master/web-admins'] } },
      schema: {
        tags: ['master/web-admins'],
        summary: "A super admin sets an admin's temporary password, to be changed at the next sign-in",
        params: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'integer', minimum: 1 } },
        },
        body: {
          type: 'object',
          required: ['password'],
          additionalProperties: false,
          properties: { password: { type: 'string', minLength: 1, maxLength: 128, writeOnly: true } },
        },
        response: { 200: message, 400: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      if (request.admin!.effectiveRole !== 'super_admin') throw new AppError(403, FORBIDDEN);
      const { id } = request.params as { id: number };
      const { password } = request.body as { password: string };
      const { rows } = await db.query<{ email: string }>('SELECT email FROM web_admins WHERE id = $1', [id]);
      if (!rows[0]) throw new AppError(404, RESET_MESSAGES.notFound);
      const problem = await passwordProblemMessage(password, rows[0].email);
      if (problem) throw new AppError(400, problem, { password: problem });
      const hash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const ended = await replacePassword(tx, id, hash, true);
        await logActivity(tx, request, {
          action: 'UPDATE',
          table: 'web_admins',
          recordId: id,
          oldValues: { password: REDACTED },
          newValues: { password: REDACTED, must_change_password: true },
          status: 200,
          details: { event: 'temporary_password', sessions_ended: ended },
        });
      });
      return { message: RESET_MESSAGES.temporarySet };
    },
  );
}
