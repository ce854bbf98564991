/**
 * Enrolment in two-factor sign-in, by the signed-in admin: setup (a new secret, pending),
 * enable (the first code proves the app has it; ten recovery codes answered once) and disable
 * (the password and a code). A session that must enrol first may call setup and enable.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/db.js';
import type { Config } from '../../config.js';
import { decryptSecret, encryptSecret } from '../../security/secret-box.js';
import { verifyPassword } from '../../security/passwords.js';
import {
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
  totpStep,
} from '../../security/totp.js';
import { recordTwoFactorEvent } from '../../logs/security.js';
import { CODE_WRONG, recoveryCodesLeft, spendCode } from './codes.js';
import { twoFactorRequired } from './policy.js';
import { codeField, errorSchema } from './schemas.js';
import { countCodeFailure, refuseWhileBlocked } from './lockout.js';

export const ALREADY_ON = 'Autentikasi dua faktor sudah aktif';
export const NOT_ON = 'Autentikasi dua faktor belum aktif';
export const NOT_STARTED = 'Mulai penyiapan autentikasi dua faktor terlebih dahulu';
export const PASSWORD_WRONG = 'Password salah';

const tags = ['auth'];

interface Factor {
  id: number;
  email: string;
  password_hash: string;
  totp_secret: string | null;
  totp_last_step: number | null;
  enabled: boolean;
}

async function factorOf(db: Db, adminId: number): Promise<Factor> {
  const { rows } = await db.query<Factor>(
    `SELECT id, email, password_hash, totp_secret, totp_last_step, totp_enabled_at IS NOT NULL AS enabled
       FROM web_admins WHERE id = $1`,
    [adminId],
  );
  return rows[0];
}

const refuse = (reply: FastifyReply, status: number, message: string, errors?: Record<string, string>) =>
  reply.status(status).send({ error: message, message, ...(errors ? { errors } : {}) });

export function registerEnrolment(app: FastifyInstance, db: Db, config: Config) {
  const options = (body: object | undefined, answer: object, beforeTwoFactor = true) => ({
    config: { access: 'authenticated' as const, beforeTwoFactor, secretBodies: true },
    schema: {
      tags,
      ...(body ? { body } : {}),
      response: { 200: answer, 400: errorSchema, 409: errorSchema, 429: errorSchema },
    },
  });

  app.get(
    '/api/auth/2fa',
    {
      config: { access: 'authenticated', beforeTwoFactor: true },
      schema: {
        tags,
        response: {
          200: {
            type: 'object',
            properties: {
              enabled: { type: 'boolean' },
              required: { type: 'boolean' },
              recovery_codes_left: { type: 'integer' },
            },
          },
        },
      },
    },
    async (request) => {
      const admin = request.admin!;
      return {
        enabled: admin.twoFactorEnabled,
        required: twoFactorRequired(config, admin),
        recovery_codes_left: admin.twoFactorEnabled ? await recoveryCodesLeft(db, admin.id) : 0,
      };
    },
  );

  app.post(
    '/api/auth/2fa/setup',
    options(undefined, {
      type: 'object',
      properties: { secret: { type: 'string' }, otpauth_url: { type: 'string' } },
    }),
    async (request, reply) => {
      const admin = request.admin!;
      if (admin.twoFactorEnabled) return refuse(reply, 409, ALREADY_ON);
      const secret = newTotpSecret();
      // A new setup replaces a pending one: only the last QR code shown works.
      await db.query(
        `UPDATE web_admins SET totp_secret = $2, totp_last_step = NULL WHERE id = $1 AND totp_enabled_at IS NULL`,
        [admin.id, encryptSecret(secret, config.secretKey)],
      );
      return { secret, otpauth_url: otpauthUrl(secret, admin.email) };
    },
  );

  app.post(
    '/api/auth/2fa/enable',
    options(
      { type: 'object', required: ['code'], properties: { code: codeField } },
      { type: 'object', properties: { recovery_codes: { type: 'array', items: { type: 'string' } } } },
    ),
    (request, reply) => enable(db, config, request, reply),
  );

  app.post(
    '/api/auth/2fa/disable',
    options(
      {
        type: 'object',
        required: ['password', 'code'],
        properties: { password: { type: 'string', minLength: 1, maxLength: 200 }, code: codeField },
      },
      { type: 'object', properties: { message: { type: 'string' } } },
      false,
    ),
    (request, reply) => disable(db, config, request, reply),
  );
}

/** The first code from the app turns two-factor on; the session stops being enrol-only. */
async function enable(db: Db, config: Config, request: FastifyRequest, reply: FastifyReply) {
  const admin = request.admin!;
  const { code } = request.body as { code: string };
  const factor = await factorOf(db, admin.id);
  if (factor.enabled) return refuse(reply, 409, ALREADY_ON);
  if (!factor.totp_secret) return refuse(reply, 409, NOT_STARTED);
  const step = totpStep(decryptSecret(factor.totp_secret, config.secretKey), code);
  if (step === null) return refuse(reply, 400, CODE_WRONG, { code: CODE_WRONG });

  const codes = newRecoveryCodes();
  const enabled = await db.transaction(async (tx) => {
    const { rows } = await tx.query(
      `UPDATE web_admins SET totp_enabled_at = app_now(), totp_last_step = $2
        WHERE id = $1 AND totp_enabled_at IS NULL AND totp_secret = $3 RETURNING id`,
      [admin.id, step, factor.totp_secret],
    );
    if (!rows.length) return false; // another setup or enable came first
    await tx.query('DELETE FROM two_factor_recovery_codes WHERE admin_id = $1', [admin.id]);
    await tx.query(
      `INSERT INTO two_factor_recovery_codes (admin_id, code_hash) SELECT $1, unnest($2::text[])`,
      [admin.id, codes.map(hashRecoveryCode)],
    );
    await tx.query('UPDATE sessions SET two_factor_pending = false WHERE id = $1', [admin.sessionId]);
    await recordTwoFactorEvent(tx, {
      type: 'MFA_ENABLED',
      severity: 'LOW',
      description: `Autentikasi dua faktor diaktifkan untuk ${admin.email}`,
      admin,
      ip: request.ip,
    });
    return true;
  });
  if (!enabled) return refuse(reply, 409, NOT_STARTED);
  return { recovery_codes: codes };
}

/**
 * The password and a code (or a recovery code) turn two-factor off. Wrong ones count toward
 * the account's lockout as at sign-in: a stolen session cannot try codes without end.
 */
async function disable(db: Db, config: Config, request: FastifyRequest, reply: FastifyReply) {
  const admin = request.admin!;
  const { password, code } = request.body as { password: string; code: string };
  const attempt = {
    email: admin.email.toLowerCase(),
    ip: request.ip,
    ua: request.headers['user-agent'] ?? null,
  };
  const factor = await factorOf(db, admin.id);
  if (!factor.enabled) return refuse(reply, 409, NOT_ON);
  const before = await refuseWhileBlocked(db, config, attempt, reply);
  if (!before) return reply;

  const errors: Record<string, string> = {};
  if (!(await verifyPassword(password, factor.password_hash))) errors.password = PASSWORD_WRONG;
  // A code is spent only with the right password, so a wrong password wastes no code.
  else if (!(await spendCode(db, config.secretKey, factor, code))) errors.code = CODE_WRONG;
  if (errors.password || errors.code) {
    await countCodeFailure(
      db,
      config,
      attempt,
      admin,
      before,
      errors.password ? 'wrong password (2fa disable)' : 'wrong code (2fa disable)',
    );
    return refuse(reply, 400, errors.password ?? errors.code, errors);
  }

  await db.transaction(async (tx) => {
    await tx.query(
      'UPDATE web_admins SET totp_secret = NULL, totp_enabled_at = NULL, totp_last_step = NULL WHERE id = $1',
      [admin.id],
    );
    await tx.query('DELETE FROM two_factor_recovery_codes WHERE admin_id = $1', [admin.id]);
    await tx.query('DELETE FROM mfa_challenges WHERE admin_id = $1', [admin.id]);
    await recordTwoFactorEvent(tx, {
      type: 'MFA_DISABLED',
      severity: 'MEDIUM',
      description: `Autentikasi dua faktor dinonaktifkan untuk ${admin.email}`,
      admin,
      ip: request.ip,
    });
  });
  return { message: 'Autentikasi dua faktor dinonaktifkan' };
}
