/** Security events the sign-in writes itself, in step with its login-history row. */
import type { Queryable } from '../db/db.js';

/** From this many failures in a row on one account, a failed sign-in is MEDIUM rather than LOW. */
const MEDIUM_FROM = 3;

/**
 * A wrong password or unknown email, or a wrong code at the second step: a FAILED_LOGIN event
 * (the block itself is BRUTE_FORCE).
 */
export async function recordFailedLogin(
  q: Queryable,
  e: { email: string; ip: string; adminId: number | null; failures: number; step?: 'password' | 'code' },
) {
  const what = e.step === 'code' ? 'Kode autentikasi salah' : 'Percobaan masuk gagal';
  await q.query(
    `INSERT INTO security_events (event_type, severity, description, email, ip_address, admin_id, details)
     VALUES ('FAILED_LOGIN', $1, $2, $3, $4, $5, $6)`,
    [
      e.failures >= MEDIUM_FROM ? 'MEDIUM' : 'LOW',
      `${what} untuk ${e.email} dari ${e.ip} (${e.failures} berturut-turut)`,
      e.email,
      e.ip,
      e.adminId,
      JSON.stringify({ consecutive_failures: e.failures, step: e.step ?? 'password' }),
    ],
  );
}

/** A security event of two-factor sign-in (enrolled, switched off, a recovery code spent). */
export async function recordTwoFactorEvent(
  q: Queryable,
  e: {
    type: 'MFA_ENABLED' | 'MFA_DISABLED' | 'RECOVERY_CODE_USED';
    severity: 'LOW' | 'MEDIUM';
    description: string;
    admin: { id: number; email: string };
    ip: string;
    details?: Record<string, unknown>;
  },
) {
  await q.query(
    `INSERT INTO security_events (event_type, severity, description, email, ip_address, admin_id, details)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      e.type,
      e.severity,
      e.description,
      e.admin.email,
      e.ip,
      e.admin.id,
      e.details ? JSON.stringify(e.details) : null,
    ],
  );
}
