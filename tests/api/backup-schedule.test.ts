/**
 * Scheduled backups of the embedded database (BACKUP_DIR): one every BACKUP_EVERY_HOURS by the
 * project's clock, the newest BACKUP_KEEP kept, each a restorable backup; /api/health and the
 * system log report the last one, a failure, and a last backup older than two periods.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDb } from '../../src/server/db/db';
import { restoreBackup } from '../../src/server/backup/restore';
import { startTestApp, type TestApp } from './helper';

const HOUR = 3_600_000;
const T0 = Date.parse('2030-03-01T00:00:00Z');
const PASSPHRASE = 'kata sandi cadangan terjadwal';

describe('scheduled backups (PGlite)', () => {
  let t: TestApp;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dkj-scheduled-'));
  const at = (ms: number) => vi.setSystemTime(T0 + ms);
  const files = () => readdirSync(dir).sort();
  const health = async () => (await t.request(null, { method: 'GET', url: '/api/health' })).json().backup;
  const logged = async () => {
    await t.app.logs.flush();
    const { rows } = await t.db.query<{ level: string; message: string }>(
      `SELECT level, message FROM system_logs WHERE category = 'DATABASE' AND message LIKE 'Cadangan%' ORDER BY id`,
    );
    return rows.map((r) => `${r.level} ${r.message}`);
  };

  beforeAll(async () => {
    t = await startTestApp('pglite', { patients: 5, config: { backup: { dir, everyHours: 1, keep: 2 } } });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.stubEnv('BACKUP_PASSPHRASE', PASSPHRASE);
    at(0);
  });
  afterAll(async () => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes one on start and every period after, keeping the newest BACKUP_KEEP', async () => {
    await t.app.backups!.start();
    expect(files()).toEqual(['dkj-backup-20300301T000000Z.dkjb']);
    expect(await health()).toEqual({ last_at: '2030-03-01T00:00:00.000Z', warning: null });
    at(HOUR / 2);
    await t.app.backups!.runDue();
    expect(files()).toHaveLength(1);
    for (const h of [1, 2]) {
      at(h * HOUR);
      await t.app.backups!.runDue();
    }
    expect(files()).toEqual(['dkj-backup-20300301T010000Z.dkjb', 'dkj-backup-20300301T020000Z.dkjb']);
    expect(await health()).toEqual({ last_at: '2030-03-01T02:00:00.000Z', warning: null });
    expect(await logged()).toEqual(
      ['0000', '0100', '0200'].map(
        (hm) => `INFO Cadangan basis data dibuat: dkj-backup-20300301T${hm}00Z.dkjb`,
      ),
    );
  });

  it('a kept backup restores the database it was taken of', async () => {
    const target = mkdtempSync(path.join(os.tmpdir(), 'dkj-scheduled-restore-'));
    try {
      await restoreBackup(
        path.join(dir, files().at(-1)!),
        { DATA_DIR: target, BACKUP_PASSPHRASE: PASSPHRASE },
        {
          say: () => undefined,
        },
      );
      const db = await openDb({ dataDir: target });
      const count = 'SELECT count(*)::int AS n FROM patients';
      try {
        expect((await db.query(count)).rows).toEqual((await t.db.query(count)).rows);
      } finally {
        await db.close();
      }
    } finally {
      rmSync(target, { recursive: true, force: true });
    }
  }, 60_000);

  it('reports a failed backup, then one older than two periods, until a backup succeeds again', async () => {
    vi.stubEnv('BACKUP_PASSPHRASE', '');
    at(3 * HOUR);
    await t.app.backups!.runDue();
    expect(files()).toHaveLength(2);
    expect(await health()).toEqual({ last_at: '2030-03-01T02:00:00.000Z', warning: 'failed' });
    expect((await logged()).at(-1)).toMatch(/^ERROR Cadangan basis data gagal: BACKUP_PASSPHRASE is not set/);

    at(4 * HOUR + 60_000);
    await t.app.backups!.runDue();
    expect(await health()).toEqual({ last_at: '2030-03-01T02:00:00.000Z', warning: 'stale' });
    expect((await logged()).at(-1)).toBe(
      'WARNING Cadangan basis data terakhir 2030-03-01T02:00:00.000Z lebih tua dari dua periode (2 jam)',
    );

    vi.stubEnv('BACKUP_PASSPHRASE', PASSPHRASE);
    at(4 * HOUR + 120_000);
    await t.app.backups!.runDue();
    expect(await health()).toEqual({ last_at: '2030-03-01T04:02:00.000Z', warning: null });
    expect(files()).toEqual(['dkj-backup-20300301T020000Z.dkjb', 'dkj-backup-20300301T040200Z.dkjb']);
  });
});
