/**
 * `npm run backup -- <file>` and `npm run restore -- <file> [--force]`, with the environment of
 * `npm start` (DATA_DIR or DATABASE_URL, SECRET_KEY or <DATA_DIR>/secrets.json) and
 * BACKUP_PASSPHRASE. A refusal prints why and exits 1, having written nothing.
 */
import path from 'node:path';
import { loadConfig } from '../config.js';
import { BackupError, requirePassphrase } from './format.js';
import { existingSecretKey, makeBackup } from './backup.js';
import { restoreBackup } from './restore.js';

const USAGE = 'Usage: npm run backup -- <file>   |   npm run restore -- <file> [--force]';

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  const force = rest.includes('--force');
  const files = rest.filter((a) => a !== '--force');
  if (
    files.length !== 1 ||
    (command !== 'backup' && command !== 'restore') ||
    (force && command === 'backup')
  )
    throw new BackupError(USAGE);
  const file = path.resolve(files[0]);
  if (command === 'restore') return restoreBackup(file, process.env, { force });

  const dataDir = path.resolve(process.env.DATA_DIR ?? 'data');
  requirePassphrase(process.env); // before anything is read or written
  const config = loadConfig(process.env, { secretKey: existingSecretKey(process.env, dataDir) });
  const started = performance.now();
  const header = await makeBackup(file, config, process.env);
  const mb = (header.size / 2 ** 20).toFixed(1);
  console.log(
    `Backup written: ${file} (${mb} MB, ${header.meta.database === 'pglite' ? 'embedded database' : 'PostgreSQL'}, ` +
      `schema ${header.meta.schema}, ${Math.round(performance.now() - started)} ms).`,
  );
}

try {
  await main(process.argv.slice(2));
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(err.message);
  process.exit(1);
}
