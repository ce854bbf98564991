/** A code of the second step, checked and spent: a TOTP code of a later step, or an unused recovery code. */
import type { Queryable } from '../../db/db.js';
import { decryptSecret } from '../../security/secret-box.js';
import { hashRecoveryCode, isTotpCode, totpStep } from '../../security/totp.js';

export const CODE_WRONG = 'Kode autentikasi salah';

/** An admin's second factor as stored. */
export interface StoredFactor {
  id: number;
  totp_secret: string | null;
  totp_last_step: number | null;
}

/**
 * Spends the code if it is good: a six-digit code of the current step (or the one before or
 * after) later than the last accepted step, else a recovery code not used before. Answers
 * which kind it was, or null. Each is spent in one conditional UPDATE, so two requests with
 * the same code cannot both pass.
 */
export async function spendCode(
  q: Queryable,
  secretKey: string,
  factor: StoredFactor,
  code: string,
): Promise<'totp' | 'recovery' | null> {
  if (isTotpCode(code)) {
    if (!factor.totp_secret) return null;
    const step = totpStep(decryptSecret(factor.totp_secret, secretKey), code);
    if (step === null) return null;
    const { rows } = await q.query(
      `UPDATE web_admins SET totp_last_step = $2
        WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING id`,
      [factor.id, step],
    );
    return rows.length ? 'totp' : null;
  }
  const { rows } = await q.query(
    `UPDATE two_factor_recovery_codes SET used_at = app_now()
      WHERE admin_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING id`,
    [factor.id, hashRecoveryCode(code)],
  );
  return rows.length ? 'recovery' : null;
}

/** Recovery codes of this admin not used yet. */
export async function recoveryCodesLeft(q: Queryable, adminId: number): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM two_factor_recovery_codes WHERE admin_id = $1 AND used_at IS NULL',
    [adminId],
  );
  return rows[0].n;
}
