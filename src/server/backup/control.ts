/**
 * The embedded database is opened by one process only, so `npm run backup` asks the running
 * server for its snapshot. The server answers on a Unix socket beside its data (mode 600: only
 * its own user reaches it; never a network port), and only a caller that shows a token derived
 * from the server's secret key.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { chmodSync, existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { Db } from '../db/db.js';
import { BackupError } from './format.js';

/**
 * Where the server of `dataDir` listens: beside the directory (not in it: the snapshot copies
 * the directory's files), or, when that path is too long for a socket (~100 bytes), in a
 * directory of this user's own under the system's temporary directory.
 */
export function controlSocketPath(dataDir: string): string {
  const beside = path.join(path.dirname(dataDir), `.${path.basename(dataDir)}.control.sock`);
  if (beside.length < 100) return beside;
  const own = path.join(os.tmpdir(), `dkj-${process.getuid?.() ?? 'user'}`);
  mkdirSync(own, { recursive: true, mode: 0o700 });
  if (process.getuid && statSync(own).uid !== process.getuid())
    throw new Error(`${own} belongs to another user`);
  return path.join(own, `${createHash('sha1').update(dataDir).digest('hex').slice(0, 16)}.sock`);
}

const tokenOf = (secretKey: string) =>
  createHmac('sha256', Buffer.from(secretKey, 'hex')).update('dkj-backup-control').digest('hex');

/** The database's last migration: the schema version a backup records. */
export async function schemaVersion(db: Pick<Db, 'query'>): Promise<string> {
  const { rows } = await db.query<{ name: string | null }>('SELECT max(name) AS name FROM schema_migrations');
  if (!rows[0]?.name) throw new BackupError('The database has no schema yet: there is nothing to back up.');
  return rows[0].name;
}

/** A snapshot of the embedded database: its schema version and its cluster's files, gzipped. */
export async function pgliteSnapshot(db: Db): Promise<{ schema: string; dump: Readable }> {
  const schema = await schemaVersion(db);
  const blob = await db.dumpDataDir!();
  // Compressed after the snapshot, so that statements wait only for the copy (the fastest level
  // made the demo city's backup 60 % bigger and no faster).
  const dump = Readable.fromWeb(blob.stream() as any).pipe(createGzip());
  return { schema, dump };
}

/** Serves snapshots to `npm run backup` while this server runs; returns how to stop. */
export async function serveControl(dataDir: string, secretKey: string, db: Db): Promise<() => Promise<void>> {
  const socket = controlSocketPath(dataDir);
  // A socket left by a server that did not stop cleanly.
  if (existsSync(socket)) rmSync(socket, { force: true });
  const expected = Buffer.from(tokenOf(secretKey));
  const server = http.createServer((req, res) => {
    const given = Buffer.from(String(req.headers['x-backup-token'] ?? ''));
    if (req.method !== 'POST' || req.url !== '/backup') return void res.writeHead(404).end();
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return void res.writeHead(403).end('wrong token');
    pgliteSnapshot(db).then(
      ({ schema, dump }) => {
        res.writeHead(200, { 'content-type': 'application/gzip', 'x-schema-version': schema });
        dump.pipe(res);
      },
      (err: Error) => res.writeHead(500).end(err.message),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => resolve());
  });
  chmodSync(socket, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
}

/**
 * Asks the server running on `dataDir` for a snapshot. Undefined when no server answers there
 * (none runs: the caller may open the data directory itself).
 */
export function requestSnapshot(
  dataDir: string,
  secretKey: string,
): Promise<{ schema: string; dump: Readable } | undefined> {
  const socketPath = controlSocketPath(dataDir);
  if (!existsSync(socketPath)) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { socketPath, path: '/backup', method: 'POST', headers: { 'x-backup-token': tokenOf(secretKey) } },
      (res) => {
        if (res.statusCode === 200)
          return resolve({ schema: String(res.headers['x-schema-version']), dump: res });
        res.resume();
        reject(
          new BackupError(
            res.statusCode === 403
              ? 'The running server refused: its secret key differs from this environment\'s (run the backup with the same SECRET_KEY / DATA_DIR as "npm start").'
              : `The running server could not make a snapshot (HTTP ${res.statusCode}).`,
          ),
        );
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => {
      // A socket left behind by a server that stopped without removing it.
      if (err.code === 'ECONNREFUSED' || err.code === 'ENOENT') resolve(undefined);
      else reject(err);
    });
    req.end();
  });
}
