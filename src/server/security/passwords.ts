import { randomBytes, scrypt as scryptCb, timingSafeEqual, createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { hash as argon2Hash, verify as argon2Verify, parseOptions } from '@node-rs/argon2';

const scrypt = promisify(scryptCb) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

export { MIN_PASSWORD_LENGTH } from '../../domain/password-policy.js';

/**
 * Argon2id with OWASP's password-storage parameters: 19 MiB, 2 iterations, 1 lane.
 * The hash runs on libuv's thread pool, so sign-ins do not block the event loop.
 */
const ARGON2ID = 2; // Algorithm.Argon2id (a const enum in the binding's types)
export const ARGON2_PARAMS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** PHC string: $argon2id$v=19$m=19456,t=2,p=1$salt$hash */
export async function hashPassword(password: string): Promise<string> {
  return argon2Hash(password, { algorithm: ARGON2ID, ...ARGON2_PARAMS });
}

/** Hashes written before Argon2id: scrypt$N$r$p$salt$hash (base64 parts). */
async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, n, r, p, salt, hash] = stored.split('$');
  const N = Number(n);
  if (!salt || !hash || !(N >= 2 && N <= 2 ** 20)) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N,
    r: Number(r),
    p: Number(p),
    maxmem: 256 * 1024 * 1024,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('scrypt$')) return verifyScrypt(password, stored);
  if (!stored.startsWith('$argon2')) return false;
  try {
    return await argon2Verify(stored, password);
  } catch {
    return false; // a malformed stored hash matches nothing
  }
}

/** True when a stored hash was made with other (older or weaker) parameters than today's. */
export function needsRehash(stored: string): boolean {
  if (!stored.startsWith('$argon2id$')) return true;
  try {
    const o = parseOptions(stored);
    return (
      o.memoryCost !== ARGON2_PARAMS.memoryCost ||
      o.timeCost !== ARGON2_PARAMS.timeCost ||
      o.parallelism !== ARGON2_PARAMS.parallelism
    );
  } catch {
    return true;
  }
}

let dummy: Promise<string> | undefined;
/**
 * A hash of a random secret, made once with today's parameters: checked for unknown emails
 * so that they cost the same work (and answer the same) as a wrong password.
 */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(32).toString('base64'));
  return dummy;
}

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
