import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets the platform must use later (a connection's x_password): AES-256-GCM with the
 * server's secret key (config.secretKey, 64 hex characters). Stored as
 * 'v1:<iv>:<tag>:<ciphertext>' in base64; a changed or foreign value fails to open.
 */
const PREFIX = 'v1';

function keyOf(secretKeyHex: string): Buffer {
  const key = Buffer.from(secretKeyHex, 'hex');
  if (key.length !== 32) throw new Error('SECRET_KEY must be 64 hex characters');
  return key;
}

export function encryptSecret(plain: string, secretKeyHex: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secretKeyHex), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [
    PREFIX,
    iv.toString('base64'),
    cipher.getAuthTag().toString('base64'),
    data.toString('base64'),
  ].join(':');
}

export function decryptSecret(stored: string, secretKeyHex: string): string {
  const [prefix, iv, tag, data] = stored.split(':');
  if (prefix !== PREFIX || !iv || !tag || data === undefined) throw new Error('not an encrypted secret');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secretKeyHex), Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
}
