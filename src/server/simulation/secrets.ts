import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { hashToken } from '../security/passwords.js';
import { decryptSecret, encryptSecret } from '../security/secret-box.js';
import { maskSecret } from '../../domain/sandbox.js';

/**
 * How the sandbox keeps its API keys and tokens: a SHA-256 to find a key on each call, an
 * AES-256-GCM copy under the server's secret key for an explicit reveal, and the masked form
 * (first 4 + last 4) for lists. A copy of the database alone gives no key away.
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** The key that opens the sandbox's stored keys and tokens (config.secretKey). */
    sandboxSecretKey: string;
  }
}

export const hashApiKey = (key: string) => hashToken(key);

/** A cryptographic random() in [0, 1) for the generators of src/domain/sandbox.ts. */
export const secureRandom = () => randomInt(0, 2 ** 32) / 2 ** 32;

/** The columns storing a key: masked, hashed, encrypted. */
export function sealedKey(key: string, secretKey: string) {
  return {
    x_api_key: maskSecret(key)!,
    x_api_key_hash: hashApiKey(key),
    x_api_key_encrypted: encryptSecret(key, secretKey),
  };
}

/** The columns storing a token: masked and encrypted (null clears it). */
export function sealedToken(token: string | null, secretKey: string) {
  return {
    token: token == null ? null : maskSecret(token),
    token_encrypted: token == null ? null : encryptSecret(token, secretKey),
  };
}

export function openSecret(stored: string | null | undefined, secretKey: string): string | null {
  if (!stored) return null;
  try {
    return decryptSecret(stored, secretKey);
  } catch {
    return null; // written under another secret key: unreadable, never guessed
  }
}

export const secretKeyOf = (app: FastifyInstance) => app.sandboxSecretKey;
