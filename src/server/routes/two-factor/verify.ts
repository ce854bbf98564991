/**
 * The second step of a two-factor sign-in: the mfa_token of the password step and a code (the
 * current one, the one before or after, or an unused recovery code) open the session.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/db.js';
import type { Config } from '../../config.js';
import { ACCOUNT_INACTIVE, openSession, signedIn } from '../auth.js';
import { findChallenge } from './challenge.js';
import { recordTwoFactorEvent } from '../../logs/security.js';
import { CODE_WRONG, recoveryCodesLeft, spendCode } from './codes.js';
import { countCodeFailure, refuseWhileBlocked } from './lockout.js';
import { codeField, errorSchema, userSchema } from './schemas.js';

export const MFA_EXPIRED = 'Sesi verifikasi telah berakhir. Silakan masuk kembali.';

const verifySchema = {
  tags: ['auth'],
  body: {
    type: 'object',
    required: ['mfa_token', 'code'],
    properties: { mfa_token: { type: 'string', minLength: 1, maxLength: 200 }, code: codeField },
  },
  response: {
    200: {
      type: 'object',
      properties: {
        token: { type: 'string' },
        user: userSchema,
        // After a recovery code: how many are left, so the console can say it.
        recovery_codes_left: { type: 'integer' },
        // A temporary password: the session may only change it (as the password step says).
        password_change_required: { type: 'boolean' },
      },
    },
    400: errorSchema,
    401: errorSchema,
    429: errorSchema,
  },
};

/** Thrown inside the transaction to undo it: the challenge stays for another try. */
class WrongCode extends Error {}

export function registerVerify(app: FastifyInstance, db: Db, config: Config) {
  app.post(
    '/api/auth/2fa/verify',
    { config: { access: 'public', secretBodies: true }, schema: verifySchema },
    (request, reply) => verify(db, config, request, reply),
  );
}

async function verify(db: Db, config: Config, request: FastifyRequest, reply: FastifyReply) {
  const { mfa_token: mfaToken, code } = request.body as { mfa_token: string; code: string };
  const refuse = (status: number, message: string) => reply.status(status).send({ error: message, message });
  const challenge = await findChallenge(db, mfaToken);
  if (!challenge) return refuse(401, MFA_EXPIRED);
  const attempt = {
    email: challenge.email.toLowerCase(),
    ip: request.ip,
    ua: request.headers['user-agent'] ?? null,
  };
  const drop = () => db.query('DELETE FROM mfa_challenges WHERE id = $1', [challenge.challenge_id]);
  if (!challenge.is_active || !challenge.two_factor_enabled) {
    await drop();
    return refuse(401, challenge.is_active ? MFA_EXPIRED : ACCOUNT_INACTIVE);
  }
  const before = await refuseWhileBlocked(db, config, attempt, reply);
  if (!before) {
    await drop(); // after the block, sign in again from the password
    return reply;
  }

  let kind: 'totp' | 'recovery' | null;
  try {
    // The challenge is taken and the code spent together: two answers to one challenge, or
    // one code sent twice, cannot both sign in.
    kind = await db.transaction(async (tx) => {
      const taken = await tx.query('DELETE FROM mfa_challenges WHERE id = $1 RETURNING id', [
        challenge.challenge_id,
      ]);
      if (!taken.rows.length) return null;
      const spent = await spendCode(tx, config.secretKey, challenge, code);
      if (!spent) throw new WrongCode();
      return spent;
    });
  } catch (err) {
    if (!(err instanceof WrongCode)) throw err;
    await countCodeFailure(db, config, attempt, challenge, before, 'wrong code');
    return reply.status(401).send({ error: CODE_WRONG, message: CODE_WRONG, errors: { code: CODE_WRONG } });
  }
  if (!kind) return refuse(401, MFA_EXPIRED);

  let left: number | undefined;
  if (kind === 'recovery') {
    left = await recoveryCodesLeft(db, challenge.id);
    await recordTwoFactorEvent(db, {
      type: 'RECOVERY_CODE_USED',
      severity: 'MEDIUM',
      description: `Kode pemulihan dipakai untuk masuk sebagai ${challenge.email} (${left} tersisa)`,
      admin: challenge,
      ip: request.ip,
      details: { recovery_codes_left: left },
    });
  }
  const { token, session } = await openSession(db, config, challenge, attempt);
  request.log.info({ adminId: challenge.id, sessionId: session.id, factor: kind }, 'login');
  return { ...signedIn(token, challenge), ...(left === undefined ? {} : { recovery_codes_left: left }) };
}
