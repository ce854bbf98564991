/**
 * Time-based one-time codes (RFC 6238, through the otpauth library) with the parameters every
 * authenticator app reads from a QR code: SHA-1, 6 digits, 30-second steps, a 160-bit secret.
 * Time comes from the server's clock (domain/clock.ts), so a server started at a chosen instant
 * and the tests agree with it. Recovery codes: random, shown once, kept as their SHA-256.
 */
import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { now } from '../../domain/clock.js';
import { hashToken } from './passwords.js';

/** The name an authenticator app lists the account under. */
export const TOTP_ISSUER = 'Dinkes Jakarta';
export const RECOVERY_CODE_COUNT = 10;
/** A code of the step before or after the current one is accepted too (clock drift, typing). */
const WINDOW = 1;

const totpOf = (secretBase32: string, label = '') =>
  new TOTP({ issuer: TOTP_ISSUER, label, secret: Secret.fromBase32(secretBase32) });

/** A new shared secret, in base32 as apps take it typed in. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// address a QR code carries (issuer, the admin's email as label, the secret). */
export function otpauthUrl(secretBase32: string, email: string): string {
  return totpOf(secretBase32, email).toString();
}

/** A six-digit code, spaces allowed ('123 456'), as the console sends it. */
export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code.replace(/\s/g, ''));
}

/**
 * The time step whose code this is (the current one, the one before or after), or null. The
 * caller accepts it only if it is later than the last step accepted: a code counts once.
 */
export function totpStep(secretBase32: string, code: string, at = now()): number | null {
  const token = code.replace(/\s/g, '');
  const totp = totpOf(secretBase32);
  const delta = totp.validate({ token, timestamp: at, window: WINDOW });
  return delta === null ? null : totp.counter({ timestamp: at }) + delta;
}

/** Crockford's base32: no I, L, O or U, so a code read aloud or copied by hand is not misread. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** Ten random codes of ten characters (50 bits each), written 'xxxxx-xxxxx'. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A recovery code as typed (any case, dashes or spaces, O for 0, I or L for 1) in its one form. */
export function normalizeRecoveryCode(code: string): string {
  return code
    .toLowerCase()
    .replace(/[^0-9a-z]/g, '')
    .replace(/o/g, '0')
    .replace(/[il]/g, '1');
}

/**
 * What is stored of a recovery code. SHA-256, not Argon2: a code is 50 random bits, not a
 * chosen password, so a slow hash buys nothing against guessing (sign-in attempts are
 * limited anyway), while a plain digest finds and spends the code in one indexed UPDATE
 * instead of up to ten Argon2 checks per attempt.
 */
export function hashRecoveryCode(code: string): string {
  return hashToken(`recovery:${normalizeRecoveryCode(code)}`);
}
