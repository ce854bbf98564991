/**
 * The rules of a new web-admin password (see domain/password-policy.ts), with the list of the
 * 10,000 most common passwords: the head of zxcvbn-ts's frequency-ranked list of leaked
 * passwords, compared without case. The list is read on the first check, not at start.
 */
import {
  basicPasswordProblem,
  PASSWORD_PROBLEM_MESSAGES,
  type PasswordProblem,
} from '../../domain/password-policy.js';

export const COMMON_PASSWORDS_CHECKED = 10_000;

let common: Promise<Set<string>> | undefined;
function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) =>
      new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORDS_CHECKED).map((p) => p.toLowerCase())),
  );
  return common;
}

/** Why this password may not be used by the account of this email, or null when it may. */
export async function passwordProblem(
  password: string,
  email: string | null | undefined,
): Promise<PasswordProblem | null> {
  const basic = basicPasswordProblem(password, email);
  if (basic) return basic;
  return (await commonPasswords()).has(password.toLowerCase()) ? 'too_common' : null;
}

/** The Indonesian message of the problem, or null. */
export async function passwordProblemMessage(password: string, email: string | null | undefined) {
  const problem = await passwordProblem(password, email);
  return problem ? PASSWORD_PROBLEM_MESSAGES[problem] : null;
}
