/** Who must sign in with a second factor (REQUIRE_2FA_ROLES), and the demo's exemption. */
import type { Config } from '../../config.js';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts.js';

const DEMO_EMAILS: ReadonlySet<string> = new Set(DEMO_ACCOUNTS.map((a) => a.email));

/**
 * True when this admin's role must use two-factor sign-in. The demo accounts are exempt while
 * DEMO=1, so the demo's published passwords open it at once (they can still enrol by choice).
 */
export function twoFactorRequired(config: Config, admin: { role: string; email: string }): boolean {
  if (!config.twoFactor.requiredRoles.includes(admin.role)) return false;
  return !(config.demo && DEMO_EMAILS.has(admin.email.toLowerCase()));
}
