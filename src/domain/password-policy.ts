/**
 * What a new password of a web admin must be (creating an account, changing one's own): at least
 * MIN_PASSWORD_LENGTH characters, not the account's email (nor its name before the '@'), and not
 * one of the 10,000 most common passwords (the server holds that list; see
 * server/security/password-policy.ts). Shared so the console can name each reason in its language.
 */
export const MIN_PASSWORD_LENGTH = 8;

export type PasswordProblem = 'too_short' | 'is_email' | 'too_common' | 'unchanged';

/** The server's answer for each reason, in Indonesian (the console maps them back to its texts). */
export const PASSWORD_PROBLEM_MESSAGES: Record<PasswordProblem, string> = {
  too_short: `Minimal ${MIN_PASSWORD_LENGTH} karakter`,
  is_email: 'Kata sandi tidak boleh sama dengan email',
  too_common: 'Kata sandi ini terlalu umum dan mudah ditebak. Pilih yang lain.',
  unchanged: 'Kata sandi baru harus berbeda dari kata sandi saat ini',
};

/** The reason a message of the server stands for, when it is one of these. */
export function passwordProblemOf(message: string | undefined): PasswordProblem | null {
  const hit = Object.entries(PASSWORD_PROBLEM_MESSAGES).find(([, m]) => m === message);
  return hit ? (hit[0] as PasswordProblem) : null;
}

/** The checks that need no list: length, and not the email or its name part. */
export function basicPasswordProblem(
  password: string,
  email: string | null | undefined,
): PasswordProblem | null {
  if ([...password].length < MIN_PASSWORD_LENGTH) return 'too_short';
  const typed = password.trim().toLowerCase();
  const address = (email ?? '').trim().toLowerCase();
  if (address && (typed === address || typed === address.split('@')[0])) return 'is_email';
  return null;
}
