/**
 * The step between a right password and the code: an mfa_token (stored as its SHA-256) that
 * lives MFA_TOKEN_MINUTES by the server's clock, and the login-history row of the password step.
 */
import type { Db, Queryable } from '../../db/db.js';
import type { Attempt, LoginAdmin } from '../auth.js';
import { hashToken, newSessionToken } from '../../security/passwords.js';
import { now } from '../../../domain/clock.js';

export const MFA_TOKEN_MINUTES = 5;

/** A challenge for this admin, whose password was right; answers the mfa_token. */
export async function startChallenge(db: Db, admin: LoginAdmin, attempt: Attempt): Promise<string> {
  const token = newSessionToken();
  const at = now();
  await db.transaction(async (tx) => {
    // Challenges left unanswered go when the same admin signs in again.
    await tx.query('DELETE FROM mfa_challenges WHERE admin_id = $1 AND expires_at <= $2', [
      admin.id,
      new Date(at),
    ]);
    await tx.query(
      `INSERT INTO mfa_challenges (token_hash, admin_id, ip_address, user_agent, expires_at)
       VALUES ($1, $2, $3, $4, $5)`,
      [hashToken(token), admin.id, attempt.ip, attempt.ua, new Date(at + MFA_TOKEN_MINUTES * 60_000)],
    );
    await tx.query(
      `INSERT INTO login_history (admin_id, email, username, status, failure_reason, ip_address, user_agent)
       VALUES ($1, $2, $3, 'MFA_REQUIRED', 'password accepted, code asked', $4, $5)`,
      [admin.id, attempt.email, admin.username, attempt.ip, attempt.ua],
    );
  });
  return token;
}

/** The admin an unexpired mfa_token stands for (with what the second step needs), or null. */
export interface Challenge extends LoginAdmin {
  challenge_id: number;
  challenge_ip: string | null;
  totp_secret: string | null;
  totp_last_step: number | null;
}

export async function findChallenge(q: Queryable, mfaToken: string): Promise<Challenge | null> {
  const { rows } = await q.query<Challenge>(
    `SELECT c.id AS challenge_id, c.ip_address AS challenge_ip, a.id, a.username, a.email, a.full_name,
            a.role, a.password_hash, a.is_active, a.totp_enabled_at IS NOT NULL AS two_factor_enabled,
            a.must_change_password,
            a.totp_secret, a.totp_last_step
       FROM mfa_challenges c JOIN web_admins a ON a.id = c.admin_id
      WHERE c.token_hash = $1 AND c.expires_at > $2`,
    [hashToken(mfaToken), new Date(now())],
  );
  return rows[0] ?? null;
}
