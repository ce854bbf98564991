/**
 * The backup file: a 4096-byte header (a first line, then JSON padded with spaces) and the body,
 * AES-256-GCM ciphertext and its 16-byte tag. The key comes from BACKUP_PASSPHRASE through
 * scrypt; the header's description of the backup is the cipher's additional data, so a changed
 * header fails to open like a changed body. The header's size and SHA-256 of the body tell a cut
 * or damaged file before any key is derived. The plaintext is the secrets the data needs (a
 * length-prefixed JSON) followed by the database's dump.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes, scrypt } from 'node:crypto';
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pipeline } from 'node:stream/promises';
import { nowDate } from '../../domain/clock.js';

export const FORMAT_VERSION = 1;
const FIRST_LINE = 'DKJ-BACKUP\n';
export const HEADER_BYTES = 4096;
const TAG_BYTES = 16;
/** scrypt at 128 MiB and 2^17 rounds (OWASP's recommendation): about half a second a guess. */
const KDF = { name: 'scrypt', N: 2 ** 17, r: 8, p: 1 } as const;

/** A refusal with a message for the operator; the command prints it and exits 1. */
export class BackupError extends Error {
  name = 'BackupError';
}

export type DatabaseKind = 'pglite' | 'postgres';

/** What the header says, authenticated with the body. */
export interface BackupMeta {
  format: number;
  release: string;
  /** The last migration the database had: its schema version. */
  schema: string;
  database: DatabaseKind;
  created_at: string;
  kdf: { name: string; N: number; r: number; p: number; salt: string };
  cipher: { name: string; iv: string };
}

export interface BackupHeader {
  meta: BackupMeta;
  /** Bytes of the body after the header, and their SHA-256 (hex). */
  size: number;
  sha256: string;
}

/** The secrets a restored database needs: the key its stored secrets are sealed with. */
export interface BackupSecrets {
  secretKey: string;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const RELEASE: string = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version;

function deriveKey(passphrase: string, kdf: BackupMeta['kdf']): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(
      passphrase,
      Buffer.from(kdf.salt, 'base64'),
      32,
      { N: kdf.N, r: kdf.r, p: kdf.p, maxmem: 256 * 2 ** 20 },
      (err, key) => (err ? reject(err) : resolve(key)),
    ),
  );
}

export function requirePassphrase(env: NodeJS.ProcessEnv): string {
  const passphrase = env.BACKUP_PASSPHRASE;
  if (!passphrase)
    throw new BackupError(
      'BACKUP_PASSPHRASE is not set: a backup is always encrypted with it. Set it (and keep it ' +
        'apart from the backups); nothing was written.',
    );
  return passphrase;
}

export interface WriteOptions {
  passphrase: string;
  schema: string;
  database: DatabaseKind;
  secrets: BackupSecrets;
  /** The database's dump, written after the secrets. */
  dump: AsyncIterable<Uint8Array>;
}

/**
 * Writes the backup to a temporary name beside `file` (mode 600) and renames it into place
 * once whole and flushed: `file` is the complete backup or untouched. Returns its header.
 */
export async function writeBackupFile(file: string, options: WriteOptions): Promise<BackupHeader> {
  const meta: BackupMeta = {
    format: FORMAT_VERSION,
    release: RELEASE,
    schema: options.schema,
    database: options.database,
    created_at: nowDate().toISOString(),
    kdf: { ...KDF, salt: randomBytes(16).toString('base64') },
    cipher: { name: 'aes-256-gcm', iv: randomBytes(12).toString('base64') },
  };
  const key = await deriveKey(options.passphrase, meta.kdf);
  const cipher = createCipheriv('aes-256-gcm', key, Buffer.from(meta.cipher.iv, 'base64'));
  cipher.setAAD(Buffer.from(JSON.stringify(meta)));
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.partial`);
  const fh = await open(temp, 'wx', 0o600);
  try {
    const hash = createHash('sha256');
    let size = 0;
    let at = HEADER_BYTES;
    const put = async (data: Buffer) => {
      if (!data.length) return;
      hash.update(data);
      size += data.length;
      await fh.write(data, 0, data.length, at);
      at += data.length;
    };
    const secrets = Buffer.from(JSON.stringify(options.secrets));
    const length = Buffer.alloc(4);
    length.writeUInt32BE(secrets.length);
    await put(cipher.update(Buffer.concat([length, secrets])));
    for await (const chunk of options.dump) await put(cipher.update(chunk));
    await put(cipher.final());
    await put(cipher.getAuthTag());
    const header: BackupHeader = { meta, size, sha256: hash.digest('hex') };
    await fh.write(encodeHeader(header), 0, HEADER_BYTES, 0);
    await fh.sync();
    await fh.close();
    await rename(temp, file);
    return header;
  } catch (err) {
    await fh.close().catch(() => undefined);
    await rm(temp, { force: true });
    throw err;
  }
}

function encodeHeader(header: BackupHeader): Buffer {
  const text = FIRST_LINE + JSON.stringify(header);
  if (Buffer.byteLength(text) > HEADER_BYTES - 1) throw new Error('backup header too long');
  const block = Buffer.alloc(HEADER_BYTES, ' ');
  block.write(text);
  block[HEADER_BYTES - 1] = 0x0a;
  return block;
}

/** Reads and checks the header and the body's size; refuses a file that is not a whole backup. */
export async function readHeader(file: string): Promise<BackupHeader> {
  const size = await stat(file).then(
    (s) => s.size,
    () => {
      throw new BackupError(`${file}: no such file.`);
    },
  );
  const fh = await open(file, 'r');
  const block = Buffer.alloc(HEADER_BYTES);
  try {
    await fh.read(block, 0, HEADER_BYTES, 0);
  } finally {
    await fh.close();
  }
  const text = block.toString('utf8');
  if (!text.startsWith(FIRST_LINE)) throw new BackupError(`${file} is not a backup of this console.`);
  let header: BackupHeader;
  try {
    header = JSON.parse(text.slice(FIRST_LINE.length).trimEnd());
  } catch {
    throw new BackupError(`${file}: its header is damaged; the file cannot be restored.`);
  }
  if (header.meta?.format !== FORMAT_VERSION)
    throw new BackupError(
      `${file} has backup format ${header.meta?.format}; this release reads format ${FORMAT_VERSION}. Restore it with the release that wrote it (${header.meta?.release}).`,
    );
  const body = size - HEADER_BYTES;
  if (body < header.size)
    throw new BackupError(
      `${file} is cut short: ${body} of its ${header.size} bytes are there (an interrupted copy?). Nothing was restored.`,
    );
  if (body > header.size)
    throw new BackupError(
      `${file} has ${body - header.size} bytes more than it was written with: it was altered.`,
    );
  return header;
}

/** Compares the body with the header's checksum. */
export async function verifyChecksum(file: string, header: BackupHeader): Promise<void> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file, { start: HEADER_BYTES }), hash);
  if (hash.digest('hex') !== header.sha256)
    throw new BackupError(
      `${file} does not match its checksum: it was damaged or altered after it was written. Nothing was restored.`,
    );
}

/**
 * Decrypts the body into `out` (mode 600). A wrong passphrase (or a header changed to match a
 * changed body) fails the cipher's tag check: `out` is then removed and the error says so.
 */
export async function decryptTo(file: string, header: BackupHeader, passphrase: string, out: string) {
  const key = await deriveKey(passphrase, header.meta.kdf);
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(header.meta.cipher.iv, 'base64'));
  decipher.setAAD(Buffer.from(JSON.stringify(header.meta)));
  const end = HEADER_BYTES + header.size - TAG_BYTES;
  const tag = Buffer.alloc(TAG_BYTES);
  const fh = await open(file, 'r');
  try {
    await fh.read(tag, 0, TAG_BYTES, end);
  } finally {
    await fh.close();
  }
  decipher.setAuthTag(tag);
  try {
    await pipeline(
      createReadStream(file, { start: HEADER_BYTES, end: end - 1 }),
      decipher,
      createWriteStream(out, { mode: 0o600, flags: 'wx' }),
    );
  } catch (err) {
    await rm(out, { force: true });
    if (/auth/i.test((err as Error).message))
      throw new BackupError(
        'The passphrase does not open this backup (BACKUP_PASSPHRASE differs from the one it was written with). Nothing was restored.',
      );
    throw err;
  }
}

/** The secrets and where the dump starts in a decrypted body. */
export async function readPlain(plainFile: string): Promise<{ secrets: BackupSecrets; dumpAt: number }> {
  const fh = await open(plainFile, 'r');
  try {
    const length = Buffer.alloc(4);
    await fh.read(length, 0, 4, 0);
    const n = length.readUInt32BE();
    const json = Buffer.alloc(n);
    await fh.read(json, 0, n, 4);
    return { secrets: JSON.parse(json.toString('utf8')), dumpAt: 4 + n };
  } finally {
    await fh.close();
  }
}
